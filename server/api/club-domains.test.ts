/**
 * A club's own web addresses (issue 36, point 5): a club admin adds a domain, publishes its DNS
 * records, "Check now" verifies it by its TXT record (an injected resolver: no network), and the
 * verified domain then serves that club (server/tenancy/host.ts) and gets a yes from Caddy's
 * certificate check, GET /api/hosting/domain-check. Two clubs on one hosted install.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { hostedClubs } from '../../tests/support/club-domains';
import { CHECK_SAYS, CLUBS_CHANGED, DOMAIN_ADDED_ALREADY, DOMAIN_TAKEN, TOO_MANY_DOMAINS } from '../services/club-domains';
import { DOMAIN_PROBLEMS, MAX_DOMAINS_PER_CLUB, UNVERIFIED_CLAIM_DAYS } from '../../shared/club-domains';
import { createApp } from '../app';
import { createDb, openAppPool } from '../db/client';
import { createServices } from '../services';
import { createClubResolver } from '../tenancy/host';

const { HOSTING_DOMAIN, t, dns, dnsError, resolveTxt, ashdown, beacon, ashdownAdmin, beaconAdmin, call, add, check, remove, domainCheck, pageOn, verified } =
  await hostedClubs();

describe('a club admin adds a domain and sees the DNS records to publish', () => {
  it('adds it lower-cased, without its trailing dot, not verified, with a CNAME to the club’s address and a TXT record holding its code', async () => {
    const res = await add(ashdown, ashdownAdmin, ' WWW.Ashdown-Rovers.org. ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ domain: 'www.ashdown-rovers.org', verified: false, verified_at: null });
    const token = res.body.records[1].value as string;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.records).toEqual([
      { type: 'CNAME', name: 'www.ashdown-rovers.org', value: 'ashdown.clubs.test' },
      { type: 'TXT', name: '_clubsite-verify.www.ashdown-rovers.org', value: token },
    ]);
    const list = await call(ashdown.host, '/api/club-domains', { token: ashdownAdmin });
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body).toMatchObject({ address: 'ashdown.clubs.test', most: MAX_DOMAINS_PER_CLUB });
    expect(list.body.domains).toEqual([res.body]);
  });

  it('an international name is kept in the form browsers send (xn--)', async () => {
    const res = await add(ashdown, ashdownAdmin, 'Café-Rovers.org');
    expect(res.body.domain).toMatch(/^xn--caf-rovers-[a-z0-9]+\.org$/);
    expect(res.body.domain).toBe(new URL('http://café-rovers.org').hostname);
    expect((await remove(ashdown, ashdownAdmin, res.body.domain)).status).toBe(200);
  });

  it('refuses with 422 and a clear sentence whatever is not a domain the club could own', async () => {
    const cases: [string, string][] = [
      ['', DOMAIN_PROBLEMS.empty],
      ['   ', DOMAIN_PROBLEMS.empty],
      ['https://www.ashdown.org', DOMAIN_PROBLEMS.scheme],
      ['www.ashdown.org/news', DOMAIN_PROBLEMS.path],
      ['www.ashdown.org?x=1', DOMAIN_PROBLEMS.path],
      ['www.ashdown.org:8443', DOMAIN_PROBLEMS.port],
      ['192.168.1.10', DOMAIN_PROBLEMS.ip],
      ['[2001:db8::1]', DOMAIN_PROBLEMS.ip],
      ['2001:db8::1', DOMAIN_PROBLEMS.ip],
      ['ash down.org', DOMAIN_PROBLEMS.characters],
      ['admin@ashdown.org', DOMAIN_PROBLEMS.characters],
      ['ash_down.org', DOMAIN_PROBLEMS.characters],
      ['-ashdown.org', DOMAIN_PROBLEMS.characters],
      [`${'a'.repeat(64)}.org`, DOMAIN_PROBLEMS.tooLong],
      [`${'abcdefghij.'.repeat(23)}org`, DOMAIN_PROBLEMS.tooLong],
      ['localhost', DOMAIN_PROBLEMS.notPublic],
      ['ashdown', DOMAIN_PROBLEMS.notPublic],
      ['ashdown.local', DOMAIN_PROBLEMS.notPublic],
      ['beacon.clubs.test', DOMAIN_PROBLEMS.hostingDomain(HOSTING_DOMAIN)],
      ['CLUBS.test', DOMAIN_PROBLEMS.hostingDomain(HOSTING_DOMAIN)],
      ['www.ashdown.clubs.test', DOMAIN_PROBLEMS.hostingDomain(HOSTING_DOMAIN)],
    ];
    for (const [typed, problem] of cases) {
      const res = await add(ashdown, ashdownAdmin, typed);
      expect(res.status, typed).toBe(422);
      expect(res.body, typed).toEqual({ detail: problem, errors: [{ field: 'domain', message: problem }] });
    }
    for (const body of [{}, { domain: 42 }, { domain: 'x'.repeat(301) }]) {
      const res = await call(ashdown.host, '/api/club-domains', { body, token: ashdownAdmin });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await call(ashdown.host, '/api/club-domains', { token: ashdownAdmin })).body.domains.map((d: { domain: string }) => d.domain)).toEqual([
      'www.ashdown-rovers.org',
    ]);
  });

  it('one club per domain: the same club twice, or another club, gets 409 that names nothing of the other club', async () => {
    const again = await add(ashdown, ashdownAdmin, 'www.ashdown-rovers.org');
    expect(again).toMatchObject({ status: 409, body: { detail: DOMAIN_ADDED_ALREADY } });
    const theirs = await add(beacon, beaconAdmin, 'WWW.ashdown-rovers.org');
    expect(theirs).toMatchObject({ status: 409, body: { detail: DOMAIN_TAKEN } });
    expect(JSON.stringify(theirs.body)).not.toMatch(/ashdown rovers|ashdown\.clubs|ashdown_admin/i);
    // …and Beacon's admin never sees it.
    const list = await call(beacon.host, '/api/club-domains', { token: beaconAdmin });
    expect(list.body).toEqual({ address: 'beacon.clubs.test', most: MAX_DOMAINS_PER_CLUB, domains: [] });
  });

  it(`a domain added by another club and left unverified for ${UNVERIFIED_CLAIM_DAYS} days is free again`, async () => {
    expect((await add(ashdown, ashdownAdmin, 'squatted.org')).status).toBe(201);
    expect((await add(beacon, beaconAdmin, 'squatted.org')).status).toBe(409);
    await t.db.execute(sql`update club_domains set created_at = now() - make_interval(days => ${UNVERIFIED_CLAIM_DAYS + 1}) where domain = 'squatted.org'`);
    expect((await add(beacon, beaconAdmin, 'squatted.org')).status).toBe(201);
    const ours = await call(ashdown.host, '/api/club-domains', { token: ashdownAdmin });
    expect(ours.body.domains.map((d: { domain: string }) => d.domain)).not.toContain('squatted.org');
    expect((await remove(beacon, beaconAdmin, 'squatted.org')).status).toBe(200);
  });

  it(`a club has at most ${MAX_DOMAINS_PER_CLUB} domains (409), and may add another once it removes one`, async () => {
    for (let i = 1; i < MAX_DOMAINS_PER_CLUB; i++) expect((await add(ashdown, ashdownAdmin, `spare${i}.ashdown-rovers.org`)).status).toBe(201);
    expect(await add(ashdown, ashdownAdmin, 'one-too-many.org')).toMatchObject({ status: 409, body: { detail: TOO_MANY_DOMAINS } });
    expect((await remove(ashdown, ashdownAdmin, 'spare1.ashdown-rovers.org')).status).toBe(200);
    expect((await add(ashdown, ashdownAdmin, 'one-too-many.org')).status).toBe(201);
    for (const domain of ['one-too-many.org', ...[2, 3, 4].map((i) => `spare${i}.ashdown-rovers.org`)])
      expect((await remove(ashdown, ashdownAdmin, domain)).status).toBe(200);
  });
});

describe('"Check now" verifies the domain by its TXT record', () => {
  const domain = 'www.ashdown-rovers.org';
  const record = `_clubsite-verify.${domain}`;
  let token: string;

  it('no TXT record yet (or DNS not answering): not verified, and it says so; the domain serves nothing', async () => {
    token = (await call(ashdown.host, '/api/club-domains', { token: ashdownAdmin })).body.domains[0].records[1].value;
    const missing = await check(ashdown, ashdownAdmin, domain);
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ detail: CHECK_SAYS.missing(domain), domain: { domain, verified: false, verified_at: null } });
    dns.set(record, dnsError('ENODATA'));
    expect((await check(ashdown, ashdownAdmin, domain)).body.detail).toBe(CHECK_SAYS.missing(domain));
    dns.set(record, dnsError('ETIMEOUT'));
    expect((await check(ashdown, ashdownAdmin, domain)).body.detail).toBe(CHECK_SAYS.noAnswer(domain));
    dns.set(record, []);
    expect((await check(ashdown, ashdownAdmin, domain)).body.detail).toBe(CHECK_SAYS.missing(domain));
    expect(await pageOn(domain)).toEqual({ status: 404, body: { landing_page: true } });
    expect((await domainCheck(domain)).status).toBe(404);
  });

  it('a TXT record with another code: not verified, and it says the code is wrong', async () => {
    dns.set(record, [['v=spf1 -all'], ['0123456789abcdef0123456789abcdef']]);
    const wrong = await check(ashdown, ashdownAdmin, domain);
    expect(wrong.body).toMatchObject({ detail: CHECK_SAYS.wrong(domain), domain: { verified: false } });
    expect((await domainCheck(domain)).status).toBe(404);
  });

  it('the right code (even split in chunks, among other records): verified, and the domain serves the club at once', async () => {
    // Asked (and remembered as no club) just before: the verification makes the memory forget.
    expect((await pageOn(domain)).status).toBe(404);
    dns.set(record, [['google-site-verification=x'], [token.slice(0, 10), token.slice(10)]]);
    const ok = await check(ashdown, ashdownAdmin, domain.toUpperCase());
    expect(ok.status).toBe(200);
    expect(ok.body.detail).toBe(CHECK_SAYS.verified(domain));
    expect(ok.body.domain).toMatchObject({ domain, verified: true });
    expect(Date.parse(ok.body.domain.verified_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(await pageOn(domain)).toEqual({ status: 200, body: { club: ashdown.id } });
    expect((await domainCheck(domain)).status).toBe(200);
  });

  it('a verified domain stays verified when checked again, whatever DNS says now', async () => {
    dns.delete(record);
    const again = await check(ashdown, ashdownAdmin, domain);
    expect(again.body).toMatchObject({ detail: CHECK_SAYS.verified(domain), domain: { verified: true } });
  });

  it('checking a domain the club has not added answers 404', async () => {
    expect(await check(ashdown, ashdownAdmin, 'never-added.org')).toMatchObject({ status: 404 });
  });
});

describe('a verified domain serves its own club, never another', () => {
  const domain = 'www.ashdown-rovers.org';

  it('pages and the API on the domain run in its club (any case, a port, a trailing dot)', async () => {
    for (const host of [domain, 'WWW.Ashdown-Rovers.ORG', `${domain}:443`, `${domain}.`]) {
      expect(await pageOn(host), host).toEqual({ status: 200, body: { club: ashdown.id } });
    }
    const list = await call(domain, '/api/club-domains', { token: ashdownAdmin });
    expect(list.status).toBe(200);
    expect(list.body.address).toBe('ashdown.clubs.test');
    expect((await call(domain, '/api/teams')).status).toBe(200);
  });

  it('Beacon’s admin can neither see, check nor remove it from Beacon’s host; it still serves Ashdown', async () => {
    expect((await call(beacon.host, '/api/club-domains', { token: beaconAdmin })).body.domains).toEqual([]);
    expect(await check(beacon, beaconAdmin, domain)).toMatchObject({ status: 404 });
    expect(await remove(beacon, beaconAdmin, domain)).toMatchObject({ status: 404 });
    expect(await add(beacon, beaconAdmin, domain)).toMatchObject({ status: 409, body: { detail: DOMAIN_TAKEN } });
    expect(await pageOn(domain)).toEqual({ status: 200, body: { club: ashdown.id } });
  });

  it('with row-level security in force (the app as club_app), Beacon’s sign-in gets nothing of Ashdown’s on Ashdown’s domain', async () => {
    const { pool } = await openAppPool(
      { ...(t.pool as pg.Pool & { options: pg.PoolConfig }).options, options: '-c role=club_app' },
      { max: 4, hostingDomain: HOSTING_DOMAIN },
    );
    pool.on('error', () => undefined);
    afterAll(() => pool.end());
    const db = createDb(pool);
    const services = createServices(db, { adminUsername: 'admin', resolveTxt, hostingDomain: HOSTING_DOMAIN });
    const app = createApp({ services, clubs: createClubResolver({ db, hostingDomain: HOSTING_DOMAIN }) });
    const { rows } = await pool.query<{ role: string }>('select current_user as role');
    expect(rows[0]!.role).toBe('club_app');
    const as = async (token: string, host: string) => {
      const res = await app.request('/api/club-domains', { headers: { host, authorization: `Bearer ${token}` } });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await as(ashdownAdmin, domain)).toMatchObject({ status: 200, body: { address: 'ashdown.clubs.test' } });
    const stranger = await as(beaconAdmin, domain);
    expect(stranger.status).toBe(401);
    expect(JSON.stringify(stranger.body)).not.toContain(domain);
    expect((await as(beaconAdmin, beacon.host)).body).toMatchObject({ address: 'beacon.clubs.test', domains: [] });
  });
});

describe('removing a domain', () => {
  it('stops it serving the club at once: pages, the API and the certificate check', async () => {
    await verified(beacon, beaconAdmin, 'www.beacon-athletic.org');
    expect(await pageOn('www.beacon-athletic.org')).toEqual({ status: 200, body: { club: beacon.id } });
    const removed = await remove(beacon, beaconAdmin, 'WWW.beacon-athletic.org');
    expect(removed).toMatchObject({ status: 200, body: { detail: 'www.beacon-athletic.org is removed: it no longer shows your club’s site.' } });
    expect(await pageOn('www.beacon-athletic.org')).toEqual({ status: 404, body: { landing_page: true } });
    expect((await call('www.beacon-athletic.org', '/api/teams')).status).toBe(404);
    expect((await domainCheck('www.beacon-athletic.org')).status).toBe(404);
    expect((await call(beacon.host, '/api/club-domains', { token: beaconAdmin })).body.domains).toEqual([]);
    expect(await remove(beacon, beaconAdmin, 'www.beacon-athletic.org')).toMatchObject({ status: 404 });
  });

  it('verifying and removing tell the other app processes on clubs_changed (NOTIFY, with the club’s id)', async () => {
    const listener = new pg.Client((t.pool as pg.Pool & { options: pg.ClientConfig }).options);
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => n.channel === CLUBS_CHANGED && heard.push(n.payload ?? ''));
    await listener.query(`LISTEN ${CLUBS_CHANGED}`);
    try {
      await verified(beacon, beaconAdmin, 'told.beacon-athletic.org');
      await remove(beacon, beaconAdmin, 'told.beacon-athletic.org');
      await expect.poll(() => heard).toEqual([beacon.id, beacon.id]);
    } finally {
      await listener.end();
    }
  });

  it('once removed, another club may add and verify it', async () => {
    await verified(ashdown, ashdownAdmin, 'www.beacon-athletic.org');
    expect(await pageOn('www.beacon-athletic.org')).toEqual({ status: 200, body: { club: ashdown.id } });
    expect((await remove(ashdown, ashdownAdmin, 'www.beacon-athletic.org')).status).toBe(200);
  });
});
