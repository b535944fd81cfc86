import { describe, expect, it } from 'vitest';
import { loader as homeLoader } from '../app/routes/public/home';
import { loader as robotsLoader } from '../app/routes/public/robots';
import { loader as sitemapLoader } from '../app/routes/public/sitemap';
import { createTestContext } from '../tests/support/api';
import { createApp, MISDIRECTED_REQUEST, type PageHandler } from './app';
import { createPublicCache } from './cache';

const PUBLIC_URL = 'https://club.example.org';
const t = await createTestContext({ publicUrl: PUBLIC_URL }, { cache: true });
await t.initialize();

type LoaderArgs = { request: Request; context: unknown; params: Record<string, string> };
const asArgs = (request: Request, context: unknown) => ({ request, context, params: {} }) as LoaderArgs as never;

/** A request as a stranger sends it: the URL and the Host header name their host, not ours. */
const fromEvil = (path: string, init: RequestInit = {}) =>
  new Request(`http://evil.example${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), host: 'evil.example' } });

describe('links from our own address (issue 30, finding 9)', () => {
  it('the sitemap, robots.txt and the pages\' canonical and og:* origin come from PUBLIC_URL, whatever the Host', async () => {
    const context = { services: t.services, user: null };
    const sitemap = await (await sitemapLoader(asArgs(fromEvil('/sitemap.xml'), context))).text();
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    expect(sitemap).not.toContain('evil.example');
    const robots = await robotsLoader(asArgs(fromEvil('/robots.txt'), context)).text();
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    expect((await homeLoader(asArgs(fromEvil('/'), context))).origin).toBe(PUBLIC_URL);
  });

  it('a stranger\'s Host cannot put evil.example into a cached page: the next visitor gets our links', async () => {
    // The sitemap page, rendered by its real loader, behind the real public cache.
    const pages: PageHandler = async (request, context) => sitemapLoader(asArgs(request, context));
    const cache = createPublicCache({ databaseDown: () => false });
    const app = createApp({ services: t.services, cache, pages });
    const first = await app.request(fromEvil('/sitemap.xml'));
    expect(await first.text()).not.toContain('evil.example');
    const next = await app.request('http://club.example.org/sitemap.xml', { headers: { host: 'club.example.org' } });
    expect(next.headers.get('x-cache')).toBe('HIT');
    const body = await next.text();
    expect(body).not.toContain('evil.example');
    expect(body).toContain(`<loc>${PUBLIC_URL}/news/`);
  });

  it('calendar feeds (cached too) and the private calendar link use PUBLIC_URL, whatever the Host', async () => {
    const club = await t.app.request(fromEvil('/calendar/club.ics'));
    expect(club.status).toBe(200);
    const feed = await club.text();
    expect(feed).toContain(`${PUBLIC_URL}/fixtures/`);
    expect(feed).not.toContain('evil.example');
    const again = await t.app.request('/calendar/club.ics');
    expect(await again.text()).not.toContain('evil.example');

    const player = await t.signedIn('player');
    const link = await t.app.request(fromEvil('/api/calendar/token', { method: 'POST', headers: { authorization: `Bearer ${player.token}` } }));
    expect(link.status).toBe(201);
    const { url, webcal_url } = (await link.json()) as { url: string; webcal_url: string };
    expect(url.startsWith(`${PUBLIC_URL}/calendar/me/`)).toBe(true);
    expect(webcal_url.startsWith('webcal://club.example.org/calendar/me/')).toBe(true);
  });

  it('with PUBLIC_URL set, a request for another host answers 421 with a plain message, before the cache; ours and this machine\'s names are served', async () => {
    const cache = createPublicCache({ databaseDown: () => false });
    const app = createApp({ services: t.services, cache, servedHost: 'club.example.org' });
    const refused = await app.request(fromEvil('/api/news'));
    expect(refused.status).toBe(421);
    expect(await refused.text()).toBe(MISDIRECTED_REQUEST);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const viaProxyHost = await app.request('http://club.example.org/api/news', { headers: { host: 'Club.Example.org:443' } });
    expect(viaProxyHost.status).toBe(200);
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect((await app.request(`http://${host}/api/news`, { headers: { host } })).status).toBe(200);
    }
    // The load balancer's health check may use any name.
    expect((await app.request(fromEvil('/api/health'))).status).toBe(200);
    // Behind the proxy, the host the visitor asked for is the proxy's X-Forwarded-Host.
    const proxied = createApp({ services: t.services, servedHost: 'club.example.org', trustProxy: true });
    const forwarded = await proxied.request('http://10.0.0.2:3000/api/news', { headers: { host: '10.0.0.2:3000', 'x-forwarded-host': 'evil.example' } });
    expect(forwarded.status).toBe(421);
  });
});
