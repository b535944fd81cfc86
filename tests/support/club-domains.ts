/**
 * Two clubs on one hosted install (HOSTING_DOMAIN=clubs.test), with their admins signed in on their
 * own hosts and a DNS of the test's own (no network): the setting of the club-domains tests
 * (server/api/club-domains.test.ts, server/api/hosting-domain-check.test.ts).
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createApp, type PageHandler } from '../../server/app';
import type { Db } from '../../server/db/client';
import { clubRoles } from '../../server/db/schema';
import { currentClubId, withClub } from '../../server/tenancy/context';
import { createTestContext } from './api';
import { insertLogin } from './logins';

export async function hostedClubs() {
  const HOSTING_DOMAIN = 'clubs.test';

  /** What DNS holds, by record name: the resolver "Check now" uses (an Error: the lookup fails so). */
  const dns = new Map<string, string[][] | Error>();
  const dnsError = (code: string) => Object.assign(new Error(`queryTxt ${code}`), { code });
  async function resolveTxt(name: string) {
    const held = dns.get(name);
    if (held instanceof Error) throw held;
    if (!held) throw dnsError('ENOTFOUND');
    return held;
  }

  const t = await createTestContext({ resolveTxt }, { hostingDomain: HOSTING_DOMAIN });

  const PASSWORD = 'correct horse battery';
  const hostOf = (slug: string) => `${slug}.${HOSTING_DOMAIN}`;

  async function newClub(db: Db, slug: string, name: string) {
    const { rows } = await db.execute<{ id: string }>(sql`insert into clubs (slug, name) values (${slug}, ${name}) returning id`);
    return rows[0]!.id;
  }

  /** A login of the club's (with the admin club role for `admin`), signed in on the club's host. */
  async function signIn(club: { id: string; host: string }, username: string, role: 'admin' | 'secretary' | 'player') {
    await withClub(club.id, async () => {
      const user = await insertLogin(t.db, {
        username,
        password: PASSWORD,
        full_name: `Test ${username}`,
        role: role === 'admin' ? 'admin' : role === 'secretary' ? 'staff' : 'player',
      });
      if (role !== 'player') await t.db.insert(clubRoles).values({ user_id: user.id, role });
    });
    const login = await t.json('/api/auth/login', { body: { username, password: PASSWORD }, headers: { host: club.host } });
    if (login.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(login.body)}`);
    return login.body.access_token as string;
  }

  const ashdown = { id: await newClub(t.db, 'ashdown', 'Ashdown Rovers'), host: hostOf('ashdown') };
  const beacon = { id: await newClub(t.db, 'beacon', 'Beacon Athletic'), host: hostOf('beacon') };
  const ashdownAdmin = await signIn(ashdown, 'ashdown_admin', 'admin');
  const ashdownSecretary = await signIn(ashdown, 'ashdown_secretary', 'secretary');
  const ashdownPlayer = await signIn(ashdown, 'ashdown_player', 'player');
  const beaconAdmin = await signIn(beacon, 'beacon_admin', 'admin');

  /** An API call on a club's host (or any host) as one of its people. */
  const call = (host: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}) => t.json(path, { ...init, headers: { host } });
  const add = (club: { host: string }, token: string, domain: string) => call(club.host, '/api/club-domains', { body: { domain }, token });
  const check = (club: { host: string }, token: string, domain: string) =>
    call(club.host, `/api/club-domains/${encodeURIComponent(domain)}/check`, { method: 'POST', token });
  const remove = (club: { host: string }, token: string, domain: string) =>
    call(club.host, `/api/club-domains/${encodeURIComponent(domain)}`, { method: 'DELETE', token });
  const domainCheck = (domain: string | undefined, host = '127.0.0.1:3000') =>
    t.json(`/api/hosting/domain-check${domain === undefined ? '' : `?domain=${encodeURIComponent(domain)}`}`, { headers: { host } });

  /** A page (as React Router's loaders would run): the club its request runs in. */
  const probePage: PageHandler = async () => Response.json({ club: currentClubId() ?? null });
  const pages = createApp({ services: t.services, clubs: t.clubs, pages: probePage });
  const pageOn = async (host: string) => {
    const res = await pages.request('/', { headers: { host } });
    // A host with no club gets the host's landing page (HTML), never a club's.
    if (res.headers.get('content-type')?.includes('text/html')) return { status: res.status, body: { landing_page: (await res.text()).includes('<!doctype') } };
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  /** Adds the domain for the club and publishes its right TXT record, then checks it: verified. */
  async function verified(club: { host: string }, token: string, domain: string) {
    const added = await add(club, token, domain);
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    dns.set(`_clubsite-verify.${domain}`, [[added.body.records[1].value]]);
    const checked = await check(club, token, domain);
    expect(checked.body.domain.verified).toBe(true);
    return added.body;
  }

  return {
    HOSTING_DOMAIN,
    t,
    dns,
    dnsError,
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
    check,
    remove,
    domainCheck,
    pageOn,
    verified,
  };
}
