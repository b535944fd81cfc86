/**
 * README's Caddy configuration for a hosted install (issue 36, point 5) is docs/caddy/Caddyfile,
 * word for word (`caddy validate --config docs/caddy/Caddyfile --adapter caddyfile` accepts that
 * file), and it asks the app's own certificate check before any on-demand certificate.
 */
import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../tests/support/api';
import { DOMAIN_CHECK_PATH } from './tenancy/host';

const readme = await fs.readFile(new URL('../README.md', import.meta.url), 'utf8');
const caddyfile = await fs.readFile(new URL('../docs/caddy/Caddyfile', import.meta.url), 'utf8');
const HOSTING_DOMAIN = 'clubs.example.org';

/** The ```caddy blocks of the README. */
const caddyBlocks = [...readme.matchAll(/```caddy\n([\s\S]*?)```/g)].map((m) => m[1]);

describe('README: Caddy in front of a hosted install', () => {
  it('shows docs/caddy/Caddyfile exactly, once', () => {
    expect(caddyBlocks).toEqual([caddyfile]);
  });

  it('asks the app’s certificate check (on_demand_tls ask) and turns on-demand TLS on for the clubs’ addresses and own domains', () => {
    expect(caddyfile).toContain(`ask http://127.0.0.1:3000${DOMAIN_CHECK_PATH}`);
    for (const site of [`*.${HOSTING_DOMAIN} {`, 'https:// {']) {
      const block = caddyfile.slice(caddyfile.indexOf(`\n${site}`));
      expect(block.slice(0, block.indexOf('\n}')), site).toMatch(/tls \{\n\t\ton_demand\n\t\}\n\treverse_proxy 127\.0\.0\.1:3000/);
    }
    expect(caddyfile).toContain(`\n${HOSTING_DOMAIN} {\n\treverse_proxy 127.0.0.1:3000\n}`);
  });

  it('says how the app is started behind it (the hosting domain, this machine only, the proxy trusted)', () => {
    expect(readme).toContain(`HOSTING_DOMAIN=${HOSTING_DOMAIN}\nHOST=127.0.0.1 PORT=3000 TRUST_PROXY=1`);
  });

  it('the address Caddy asks answers 200 for a club’s address on a hosted install like the README’s', async () => {
    const t = await createTestContext({}, { hostingDomain: HOSTING_DOMAIN });
    const ask = (domain: string) => t.json(`${DOMAIN_CHECK_PATH}?domain=${domain}`, { headers: { host: '127.0.0.1:3000' } });
    expect((await ask(`club.${HOSTING_DOMAIN}`)).status).toBe(200);
    expect((await ask(`nobody.${HOSTING_DOMAIN}`)).status).toBe(404);
  });
});
