/**
 * Which club a request is for (ADR 065, stage 2): from its host, and the whole request (API and
 * pages) run in that club's context, so its connections have the club in `app.club_id`.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { createApp, type PageHandler } from '../app';
import type { Db } from '../db/client';
import { currentClubId } from './context';
import { createClubResolver, NO_CLUB_AT_THIS_ADDRESS } from './host';
import { SUSPENDED_DETAIL, SUSPENDED_TITLE } from './suspended';

const HOSTING_DOMAIN = 'clubs.test';
const single = await createTestContext({}, { hostingDomain: null });
const hosted = await createTestContext({}, { hostingDomain: HOSTING_DOMAIN });

/** A page (as React Router's loaders would run): what the request's context and connection say its club is. */
const probePage =
  (db: Db): PageHandler =>
  async () => {
    const { rows } = await db.execute<{ club: string | null }>(sql`select current_setting('app.club_id', true) as club`);
    return Response.json({ context: currentClubId() ?? null, connection: rows[0]!.club });
  };

async function clubRow(db: Db, slug: string, name: string, status: 'active' | 'suspended' = 'active') {
  const { rows } = await db.execute<{ id: string }>(sql`insert into clubs (slug, name, status) values (${slug}, ${name}, ${status}) returning id`);
  return rows[0]!.id;
}

const ashdownId = await clubRow(hosted.db, 'ashdown', 'Ashdown Rovers');
const sleepyId = await clubRow(hosted.db, 'sleepy', 'Sleepy Hollow FC', 'suspended');
const hostedInstallId = (await hosted.db.execute<{ id: string }>(sql`select id from clubs where slug = 'club'`)).rows[0]!.id;

const singleApp = createApp({ services: single.services, clubs: single.clubs, pages: probePage(single.db) });
const hostedApp = createApp({ services: hosted.services, clubs: hosted.clubs, pages: probePage(hosted.db) });
const get = async (app: typeof singleApp, path: string, host: string, headers: Record<string, string> = {}) => {
  const res = await app.request(path, { headers: { host, ...headers } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('without HOSTING_DOMAIN: the one club on every host, as today', () => {
  it('reads its one club at start (migration 0042: slug club, named Club while the settings name none)', () => {
    expect(single.installClub).toMatchObject({ slug: 'club', name: 'Club', status: 'active' });
  });

  it('any host is the club: pages run in its context, their connections have it', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1', 'www.example.org', 'ashdown.clubs.test', 'anything-at-all']) {
      expect(await get(singleApp, '/', host), host).toEqual({ status: 200, body: { context: single.installClub!.id, connection: single.installClub!.id } });
    }
  });

  it('the API answers on any host as before', async () => {
    for (const host of ['localhost', 'club.example.org']) {
      const res = await single.app.request('/api/teams', { headers: { host } });
      expect(res.status, host).toBe(200);
    }
    expect((await single.json('/api/health')).status).toBe(200);
  });

  it('a request with no Host header at all is the club too', async () => {
    const res = await singleApp.request('http://10.0.0.1/');
    expect(await res.json()).toEqual({ context: single.installClub!.id, connection: single.installClub!.id });
  });
});

describe(`with HOSTING_DOMAIN=${HOSTING_DOMAIN}: {slug}.${HOSTING_DOMAIN} is that club, anything else no club`, () => {
  it('has no install club: work outside a request has no club', () => {
    expect(hosted.installClub).toBeUndefined();
  });

  it('a club\'s host runs the request in that club, pages and API alike', async () => {
    expect(await get(hostedApp, '/', `ashdown.${HOSTING_DOMAIN}`)).toEqual({ status: 200, body: { context: ashdownId, connection: ashdownId } });
    expect(await get(hostedApp, '/', `club.${HOSTING_DOMAIN}`)).toEqual({ status: 200, body: { context: hostedInstallId, connection: hostedInstallId } });
    expect((await hosted.app.request('/api/teams', { headers: { host: `ashdown.${HOSTING_DOMAIN}` } })).status).toBe(200);
  });

  it('the host is read as a name: any case, with a port, with a trailing dot', async () => {
    for (const host of [`ASHDOWN.Clubs.Test`, `ashdown.${HOSTING_DOMAIN}:8443`, `ashdown.${HOSTING_DOMAIN}.`]) {
      expect((await get(hostedApp, '/', host)).body, host).toEqual({ context: ashdownId, connection: ashdownId });
    }
  });

  it('an unknown slug, a deeper name or a stranger\'s host answers 404: "No club at this address" on the API, the host\'s landing page on pages', async () => {
    for (const host of [`nowhere.${HOSTING_DOMAIN}`, `www.ashdown.${HOSTING_DOMAIN}`, 'ashdown.example.org', 'localhost', `-bad-.${HOSTING_DOMAIN}`]) {
      for (const path of ['/api/teams', '/api/auth/login']) {
        const res = await hostedApp.request(path, { headers: { host } });
        expect(res.status, `${host}${path}`).toBe(404);
        expect(await res.json()).toEqual({ detail: NO_CLUB_AT_THIS_ADDRESS });
        expect(res.headers.get('cache-control')).toBe('no-store');
      }
      const page = await hostedApp.request('/', { headers: { host } });
      expect(page.status, host).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('There is no club at this address');
      expect(page.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('the hosting domain itself is the host\'s own site: its landing page, and no club\'s API', async () => {
    const home = await hostedApp.request('/', { headers: { host: HOSTING_DOMAIN } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Sign in');
    const res = await hostedApp.request('/api/teams', { headers: { host: HOSTING_DOMAIN } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: NO_CLUB_AT_THIS_ADDRESS });
  });

  it('the health check answers on any host (the load balancer\'s probe names no club)', async () => {
    expect((await hostedApp.request('/api/health', { headers: { host: '10.0.0.5' } })).status).toBe(200);
  });

  it('X-Forwarded-Host names the club only behind a trusted proxy', async () => {
    const proxied = createApp({ services: hosted.services, clubs: hosted.clubs, pages: probePage(hosted.db), trustProxy: true });
    expect((await get(proxied, '/', '127.0.0.1', { 'x-forwarded-host': `ashdown.${HOSTING_DOMAIN}` })).body).toEqual({ context: ashdownId, connection: ashdownId });
    expect((await get(hostedApp, '/', `club.${HOSTING_DOMAIN}`, { 'x-forwarded-host': `ashdown.${HOSTING_DOMAIN}` })).body).toEqual({
      context: hostedInstallId,
      connection: hostedInstallId,
    });
  });

  it('many requests to two clubs at once each run in their own club', async () => {
    const hosts = Array.from({ length: 60 }, (_, i) => (i % 2 ? `ashdown.${HOSTING_DOMAIN}` : `club.${HOSTING_DOMAIN}`));
    const answers = await Promise.all(hosts.map((host) => get(hostedApp, '/', host)));
    answers.forEach((answer, i) => {
      const id = i % 2 ? ashdownId : hostedInstallId;
      expect(answer.body).toEqual({ context: id, connection: id });
    });
  });

  it('a suspended club still resolves, with its status', async () => {
    expect(await hosted.clubs.clubForHost(`sleepy.${HOSTING_DOMAIN}`)).toMatchObject({ id: sleepyId, status: 'suspended' });
  });

  it('a suspended club\'s host shows the suspension notice (503), never its pages; its API answers 503 {detail}; health still answers', async () => {
    for (const path of ['/', '/news', '/login', '/favicon.ico']) {
      const res = await hostedApp.request(path, { headers: { host: `sleepy.${HOSTING_DOMAIN}` } });
      expect(res.status, path).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain(`<h1>${SUSPENDED_TITLE}</h1>`);
      expect(html).toContain('Sleepy Hollow FC');
      expect(html).not.toContain(sleepyId); // the probe page never ran
    }
    for (const path of ['/api/teams', '/api/auth/login', '/api/settings']) {
      const res = await hostedApp.request(path, { headers: { host: `sleepy.${HOSTING_DOMAIN}` } });
      expect(res.status, path).toBe(503);
      expect(await res.json()).toEqual({ detail: SUSPENDED_DETAIL });
    }
    expect((await hostedApp.request('/api/health', { headers: { host: `sleepy.${HOSTING_DOMAIN}` } })).status).toBe(200);
    // Another club on the same install answers as ever.
    expect(await get(hostedApp, '/', `ashdown.${HOSTING_DOMAIN}`)).toEqual({ status: 200, body: { context: ashdownId, connection: ashdownId } });
  });

  it('suspended, then resumed (the resolver told to forget): the notice, then the club\'s pages again', async () => {
    const id = await clubRow(hosted.db, 'paused', 'Paused FC');
    const host = `paused.${HOSTING_DOMAIN}`;
    expect(await get(hostedApp, '/', host)).toEqual({ status: 200, body: { context: id, connection: id } });
    await hosted.db.execute(sql`update clubs set status = 'suspended' where id = ${id}`);
    hosted.clubs.forget();
    expect((await hostedApp.request('/', { headers: { host } })).status).toBe(503);
    await hosted.db.execute(sql`update clubs set status = 'active' where id = ${id}`);
    hosted.clubs.forget();
    expect(await get(hostedApp, '/', host)).toEqual({ status: 200, body: { context: id, connection: id } });
  });
});

describe('the host → club memory (LRU)', () => {
  it('looks a host up once, then answers from memory until told to forget (a club renamed, created, suspended)', async () => {
    const resolver = createClubResolver({ db: hosted.db, hostingDomain: HOSTING_DOMAIN });
    const id = await clubRow(hosted.db, 'renamed-later', 'Renamed Later FC');
    expect((await resolver.clubForHost(`renamed-later.${HOSTING_DOMAIN}`))?.id).toBe(id);
    expect(await resolver.clubForHost(`arrives-later.${HOSTING_DOMAIN}`)).toBeNull();
    await hosted.db.execute(sql`update clubs set slug = 'arrives-later' where id = ${id}`);
    expect((await resolver.clubForHost(`renamed-later.${HOSTING_DOMAIN}`))?.id).toBe(id); // remembered
    expect(await resolver.clubForHost(`arrives-later.${HOSTING_DOMAIN}`)).toBeNull(); // remembered too (for UNKNOWN_HOST_TTL_MS)
    resolver.forget();
    expect(await resolver.clubForHost(`renamed-later.${HOSTING_DOMAIN}`)).toBeNull();
    expect((await resolver.clubForHost(`arrives-later.${HOSTING_DOMAIN}`))?.id).toBe(id);
  });

  it('holds a bounded number of hosts, dropping the least recently used', async () => {
    const resolver = createClubResolver({ db: hosted.db, hostingDomain: HOSTING_DOMAIN, maxHosts: 2 });
    const id = await clubRow(hosted.db, 'bounded', 'Bounded FC');
    expect((await resolver.clubForHost(`bounded.${HOSTING_DOMAIN}`))?.id).toBe(id);
    await resolver.clubForHost(`x1.${HOSTING_DOMAIN}`);
    await resolver.clubForHost(`x2.${HOSTING_DOMAIN}`);
    await hosted.db.execute(sql`update clubs set status = 'suspended' where id = ${id}`);
    // bounded.… was dropped (least recently used of three), so it is read afresh.
    expect((await resolver.clubForHost(`bounded.${HOSTING_DOMAIN}`))?.status).toBe('suspended');
  });

  it('hosts outside the hosting domain that are no club\'s own domain never push a club\'s host out of memory', async () => {
    const resolver = createClubResolver({ db: hosted.db, hostingDomain: HOSTING_DOMAIN, maxHosts: 1 });
    const id = await clubRow(hosted.db, 'kept', 'Kept FC');
    expect((await resolver.clubForHost(`kept.${HOSTING_DOMAIN}`))?.id).toBe(id);
    for (let i = 0; i < 20; i++) expect(await resolver.clubForHost(`stranger-${i}.example.org`)).toBeNull();
    await hosted.db.execute(sql`update clubs set name = 'Kept Still FC' where id = ${id}`);
    expect((await resolver.clubForHost(`kept.${HOSTING_DOMAIN}`))?.name).toBe('Kept FC'); // still the remembered one
  });
});
