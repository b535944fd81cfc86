/**
 * Caddy's certificate check, GET /api/hosting/domain-check (issue 36, point 5), and who may manage a
 * club's own domains, on a hosted install with two clubs (and on a single-club install).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { hostedClubs } from '../../tests/support/club-domains';
import { ONLY_ADMINS_MANAGE_DOMAINS, OWN_DOMAINS_NEED_HOSTING } from '../services/club-domains';
import { NOT_SERVED_HERE } from './club-domains';

const {
  HOSTING_DOMAIN,
  t,
  resolveTxt,
  ashdown,
  beacon,
  ashdownAdmin,
  ashdownSecretary,
  ashdownPlayer,
  beaconAdmin,
  newClub,
  call,
  add,
  domainCheck,
  verified,
} = await hostedClubs();
const single = await createTestContext({ resolveTxt });

beforeAll(async () => {
  await verified(ashdown, ashdownAdmin, 'www.ashdown-rovers.org');
});

describe('GET /api/hosting/domain-check (Caddy’s on_demand_tls ask)', () => {
  it('200 for a club’s address and for a verified domain, asked on any host, without signing in', async () => {
    for (const host of ['127.0.0.1:3000', 'localhost', HOSTING_DOMAIN, beacon.host, 'anything.example.org']) {
      for (const domain of ['ashdown.clubs.test', 'BEACON.clubs.test.', 'club.clubs.test', 'www.ashdown-rovers.org']) {
        const res = await domainCheck(domain, host);
        expect(res.status, `${domain} on ${host}`).toBe(200);
        expect(res.body).toEqual({ domain: domain.toLowerCase().replace(/\.$/, '') });
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
    }
  });

  it('a suspended club’s address gets its certificate too (its notice is served over HTTPS)', async () => {
    await newClub(t.db, 'sleepy', 'Sleepy FC');
    await t.db.execute(sql`update clubs set status = 'suspended' where slug = 'sleepy'`);
    expect((await domainCheck('sleepy.clubs.test')).status).toBe(200);
  });

  it('404 for an unverified or unknown domain, an unknown slug, the hosting domain itself, and anything malformed: never a 5xx', async () => {
    expect((await add(beacon, beaconAdmin, 'beacon-athletic.org')).status).toBe(201);
    const no = [
      'beacon-athletic.org', // added, not verified
      'unknown-club.org',
      'nowhere.clubs.test',
      'www.ashdown.clubs.test',
      HOSTING_DOMAIN,
      'localhost',
      '127.0.0.1',
      '[::1]',
      '',
      'http://www.ashdown-rovers.org',
      'www.ashdown-rovers.org/path',
      'www.ashdown-rovers.org:443',
      'ash down.org',
      '%00',
      '..',
      'a'.repeat(400),
      `${'a'.repeat(64)}.org`,
      '-bad-.clubs.test',
    ];
    for (const domain of no) {
      const res = await domainCheck(domain);
      expect(res.status, domain).toBe(404);
      expect(res.body).toEqual({ detail: NOT_SERVED_HERE });
    }
    expect((await domainCheck(undefined)).status).toBe(404);
    const twice = await t.json('/api/hosting/domain-check?domain=ashdown.clubs.test&domain=x', { headers: { host: 'localhost' } });
    expect(twice.status).toBeLessThan(500);
  });

  it('a single-club install says no to every name (its Caddy configuration names its one address)', async () => {
    for (const domain of ['club.clubs.test', 'localhost', 'www.ashdown-rovers.org']) {
      const res = await single.json(`/api/hosting/domain-check?domain=${domain}`, { headers: { host: 'localhost' } });
      expect(res.status, domain).toBe(404);
    }
  });
});

describe('who may manage the club’s domains', () => {
  const ops = [
    ['GET', '/api/club-domains', undefined],
    ['POST', '/api/club-domains', { domain: 'someone-elses.org' }],
    ['POST', '/api/club-domains/www.ashdown-rovers.org/check', undefined],
    ['DELETE', '/api/club-domains/www.ashdown-rovers.org', undefined],
  ] as const;

  it('a visitor gets 401; the secretary and a player 403, and nothing changes', async () => {
    const before = (await t.db.execute(sql`select domain, verified_at from club_domains order by domain`)).rows;
    for (const [method, path, body] of ops) {
      expect((await call(ashdown.host, path, { method, body })).status, `visitor ${method} ${path}`).toBe(401);
      for (const token of [ashdownSecretary, ashdownPlayer]) {
        const res = await call(ashdown.host, path, { method, body, token });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.detail).toBe(ONLY_ADMINS_MANAGE_DOMAINS);
      }
    }
    expect((await t.db.execute(sql`select domain, verified_at from club_domains order by domain`)).rows).toEqual(before);
  });

  it('a single-club install: the admin gets 404 saying own addresses are for hosted installs; others are refused first', async () => {
    const admin = await single.signedIn('admin');
    const player = await single.signedIn('player');
    for (const [method, path, body] of ops) {
      const res = await single.json(path, { method, body, token: admin.token });
      expect(res, `${method} ${path}`).toMatchObject({ status: 404, body: { detail: OWN_DOMAINS_NEED_HOSTING } });
      expect((await single.json(path, { method, body })).status).toBe(401);
      expect((await single.json(path, { method, body, token: player.token })).status).toBe(403);
    }
  });
});
