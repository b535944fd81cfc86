/**
 * Everything per club (issue 36 point 3, ADR 065): on a hosted install with two clubs on two hosts,
 * the public cache and the memoised reads are kept per club in one LRU with one byte bound, a write
 * in one club clears only its pages (content_changed names the club), rate limits count per club
 * and address, and a change to a club's row clears every process's host → club memory.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { eventually, notificationsArrived } from '../../tests/support/wait';
import { club } from '../../shared/club';
import { createApp, type PageHandler } from '../app';
import { createPublicCache, listenForContentChanges } from '../cache';
import { changedClub } from '../content-listener';
import { createDb } from '../db/client';
import { APP_DATABASE_BOUNDS, createPool } from '../db/pool';
import { news, privacyNoticeVersions, settings } from '../db/schema';
import { checkedNoticeVersion } from '../services/privacy-notice';
import { UNKNOWN_NOTICE_VERSION } from '../../shared/privacy-notice';
import { withClub, currentClubId } from './context';
import { createClubResolver } from './host';

const HOSTING_DOMAIN = 'clubs.test';
const LIMITS = { registration: 2, join_us: 2, forgot_password: 2, order: 2 };
const t = await createTestContext({ anonymousWriteLimits: LIMITS }, { hostingDomain: HOSTING_DOMAIN, cache: true, trustProxy: true, asClubApp: true });
const cache = t.cache!;

async function clubRow(slug: string, name: string) {
  const { rows } = await t.db.execute<{ id: string }>(sql`insert into clubs (slug, name) values (${slug}, ${name}) returning id`);
  return rows[0]!.id;
}
const A = (await t.db.execute<{ id: string }>(sql`select id from clubs where slug = 'club'`)).rows[0]!.id;
const B = await clubRow('ashdown', 'Ashdown Rovers');
const HOST_A = `club.${HOSTING_DOMAIN}`;
const HOST_B = `ashdown.${HOSTING_DOMAIN}`;

/** Each club's own name (its settings) and its own published news article. */
async function content(clubId: string, name: string, headline: string) {
  await withClub(clubId, async () => {
    await t.db.insert(settings).values({ id: 1, club_name: name }).onConflictDoUpdate({ target: settings.club_id, set: { club_name: name } });
    await t.db.insert(news).values({ title: headline, content: `News of ${name}`, is_published: true });
  });
}
await content(A, 'Riverside Rovers', 'Riverside win the cup');
await content(B, 'Ashdown Rovers', 'Ashdown sign a keeper');

/** A page, as React Router's would render it: the club's name (the memoised identity read, and club()), after an await. */
const PAD = 'x'.repeat(4000);
const probePage: PageHandler = async () => {
  const identity = await t.services.identity.get();
  // Other requests (other clubs') run meanwhile: what this one reads next must still be its own club's.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
  return new Response(`<h1>${identity.club_name}</h1><p>${club().club_name}</p><p>${currentClubId()}</p><!--${PAD}-->`, {
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
};
const app = createApp({ services: t.services, clubs: t.clubs, cache, trustProxy: true, pages: probePage });

async function get(path: string, host: string, via = app) {
  const res = await via.request(path, { headers: { host } });
  return { status: res.status, text: await res.text(), cache: res.headers.get('x-cache') };
}
async function post(path: string, body: unknown, host: string, address: string) {
  const res = await app.request(path, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { detail?: string } };
}

const OWN: Record<string, readonly [string, string]> = { [HOST_A]: ['Riverside Rovers', 'Riverside win the cup'], [HOST_B]: ['Ashdown Rovers', 'Ashdown sign a keeper'] };
const OTHER: Record<string, readonly [string, string]> = { [HOST_A]: OWN[HOST_B]!, [HOST_B]: OWN[HOST_A]! };

describe("a club's cached pages are never served on another club's host", () => {
  for (const order of [
    [HOST_A, HOST_B],
    [HOST_B, HOST_A],
  ]) {
    it(`the same paths fetched on ${order[0]} first, then on ${order[1]}: each shows its own club, from the cache the second time`, async () => {
      expect(await notificationsArrived(cache)).toBe(true);
      cache.clear();
      for (const path of ['/', '/api/news']) {
        const what = path === '/' ? 0 : 1;
        for (const round of ['MISS', 'HIT']) {
          for (const host of order) {
            const answer = await get(path, host);
            expect(answer.status, `${host}${path}`).toBe(200);
            expect(answer.cache, `${host}${path} ${round}`).toBe(round);
            expect(answer.text).toContain(OWN[host][what]);
            expect(answer.text).not.toContain(OTHER[host][what]);
          }
        }
      }
      expect(cache.entriesOf(A)).toBe(2);
      expect(cache.entriesOf(B)).toBe(2);
    });
  }

  it("60 requests at once on both hosts: each page names its own club (the identity read and club() alike)", async () => {
    const hosts = Array.from({ length: 60 }, (_, i) => (i % 2 ? HOST_B : HOST_A));
    const answers = await Promise.all(hosts.map((host, i) => get(`/?n=${i % 7}`, host)));
    answers.forEach((answer, i) => {
      const [name] = OWN[hosts[i]!];
      expect(answer.text).toContain(`<h1>${name}</h1><p>${name}</p><p>${i % 2 ? B : A}</p>`);
    });
  });
});

describe('a write in one club clears only its pages', () => {
  it("a write made in this process on A's host clears A's pages at once and leaves B's cached", async () => {
    expect(await notificationsArrived(cache)).toBe(true);
    for (const host of [HOST_A, HOST_B]) {
      await get('/api/news', host);
      expect((await get('/api/news', host)).cache).toBe('HIT');
    }
    const joinUs = { full_name: 'Sam Keeper', email: 'sam@example.com', phone_number: '07700 900456', message: 'Sundays.', interest_types: ['player'] };
    expect((await post('/api/join-us', joinUs, HOST_A, '198.51.100.200')).status).toBe(201);
    expect(cache.entriesOf(A)).toBe(0);
    expect((await get('/api/news', HOST_B)).cache).toBe('HIT');
    expect((await get('/api/news', HOST_A)).cache).toBe('MISS');
  });

  it("a content write in A by another process (content_changed names A) clears A's pages everywhere and leaves B's", async () => {
    expect(await notificationsArrived(cache)).toBe(true);
    for (const host of [HOST_A, HOST_B]) {
      await get('/api/news', host);
      expect((await get('/api/news', host)).cache).toBe('HIT');
    }
    const other = new pg.Client(t.pool.options);
    await other.connect();
    await other.query('UPDATE news SET title = $1 WHERE club_id = $2', ['Riverside lose the final', A]);
    await other.end();
    expect(await eventually(async () => (await get('/api/news', HOST_A)).text.includes('Riverside lose the final'))).toBe(true);
    const b = await get('/api/news', HOST_B);
    expect(b.cache).toBe('HIT');
    expect(b.text).toContain('Ashdown sign a keeper');
    // (A Drizzle query runs when awaited: awaited inside the club's context.)
    await withClub(A, async () => await t.db.update(news).set({ title: 'Riverside win the cup' }).where(eq(news.club_id, A)));
  });

  it('content_changed says `<club id>:<version>`, once per club and transaction; a TRUNCATE says nothing (every club)', async () => {
    const listener = new pg.Client(t.pool.options);
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query('LISTEN content_changed');
    const writer = new pg.Client(t.pool.options);
    await writer.connect();
    const versionsBefore = (await writer.query<{ club_id: string; version: number }>('SELECT club_id, version FROM content_version')).rows;
    await writer.query('BEGIN');
    await writer.query("UPDATE news SET content = content || '.'");
    await writer.query("UPDATE sponsors SET name = name || ''");
    await writer.query('COMMIT');
    const versions = (await writer.query<{ club_id: string; version: number }>('SELECT club_id, version FROM content_version')).rows;
    expect(await eventually(async () => heard.length >= 2)).toBe(true);
    const version = (id: string) => versions.find((v) => v.club_id === id)!.version;
    for (const id of [A, B]) expect(version(id)).toBe(versionsBefore.find((v) => v.club_id === id)!.version + 1); // once per club, two tables written
    expect(heard.sort()).toEqual([`${A}:${version(A)}`, `${B}:${version(B)}`].sort());
    expect(heard.map(changedClub).sort()).toEqual([A, B].sort());
    heard.length = 0;
    await writer.query('BEGIN');
    await writer.query('CREATE TEMP TABLE kept AS SELECT * FROM sponsors');
    await writer.query('TRUNCATE sponsors');
    await writer.query('INSERT INTO sponsors SELECT * FROM kept');
    await writer.query('COMMIT');
    await writer.end();
    expect(await eventually(async () => heard.length >= 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['']); // every club; the rows put back in the same transaction say nothing more
    expect(changedClub('')).toBeUndefined();
    expect(changedClub('17')).toBeUndefined(); // an older database's payload: everything is cleared
    await listener.end();
  });
});

describe('one LRU, one byte bound, across clubs', () => {
  it('many clubs\' pages: the bytes stay under the bound, the least recently used pages go first, whichever club', async () => {
    // Each page is about 4,100 bytes (+512 counted for its keys and headers): 5 fit, 6 do not.
    const maxBytes = 25_000;
    const small = createPublicCache({ maxBytes, maxEntries: 1000, enabled: true });
    const smallApp = createApp({ services: t.services, clubs: t.clubs, cache: small, pages: probePage });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await clubRow(`bound-${i}`, `Bound ${i} FC`));
    const host = (i: number) => `bound-${i}.${HOSTING_DOMAIN}`;
    for (let i = 0; i < 12; i++) {
      expect((await get('/', host(i), smallApp)).cache).toBe('MISS');
      expect(small.bytes).toBeLessThanOrEqual(maxBytes);
      if (i === 4) expect((await get('/', host(0), smallApp)).cache).toBe('HIT'); // club 0 used again: now recent
      if (i === 8) {
        // Clubs 1 to 4 went first; club 0, used again after them, outlived them.
        expect([0, 1, 2, 3, 4].map((k) => small.entriesOf(ids[k]!))).toEqual([1, 0, 0, 0, 0]);
      }
    }
    expect(small.size).toBe(5);
    expect(ids.map((id) => small.entriesOf(id))).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
    const answer = await get('/', host(11), smallApp);
    expect(answer.cache).toBe('HIT');
    expect(answer.text).toContain('<p>' + ids[11] + '</p>');
    expect((await get('/', host(1), smallApp)).cache).toBe('MISS');
  });
});

describe('rate limits count per club and address', () => {
  it('an address over its limit in club A is not limited in club B', async () => {
    const address = '203.0.113.77';
    let i = 0;
    const ask = (host: string) => post('/api/auth/forgot-password', { email: `someone${++i}@example.com` }, host, address);
    for (let n = 0; n < LIMITS.forgot_password; n++) expect((await ask(HOST_A)).status).toBeLessThan(300);
    const refused = await ask(HOST_A);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Too many password requests from your connection/);
    for (let n = 0; n < LIMITS.forgot_password; n++) expect((await ask(HOST_B)).status).toBeLessThan(300);
    expect((await ask(HOST_B)).status).toBe(429);
  });
});

describe('memoised reads outside the content memo are per club too', () => {
  it("a privacy notice version known published in club A is not taken as published in club B", async () => {
    await withClub(A, async () => await t.db.insert(privacyNoticeVersions).values({ version: 7, markdown: 'A', html: '<p>A</p>' }));
    expect(await withClub(A, () => checkedNoticeVersion(t.db, 7))).toBe(7); // now known in memory for A
    await expect(withClub(B, () => checkedNoticeVersion(t.db, 7))).rejects.toMatchObject({ detail: UNKNOWN_NOTICE_VERSION });
  });
});

describe("a club's change clears every process's host → club memory (clubs_changed)", () => {
  // A second app process on the same database: its own pool, resolver, cache and listener.
  const poolB = createPool({ ...t.pool.options }, { max: 3, bounds: APP_DATABASE_BOUNDS });
  poolB.on('error', () => undefined);
  const resolverB = createClubResolver({ db: createDb(poolB), hostingDomain: HOSTING_DOMAIN });
  const listenerB = listenForContentChanges(createPublicCache(), () => new pg.Client(t.pool.options), { clubs: resolverB });
  afterAll(async () => {
    await listenerB.stop();
    await poolB.end();
  });

  it('a club created, suspended, renamed or deleted in one process shows in the other at once, not after its memory expires', async () => {
    await listenerB.ready;
    const later = `later.${HOSTING_DOMAIN}`;
    expect(await resolverB.clubForHost(later)).toBeNull(); // remembered as no club (for 30 s)
    expect(await resolverB.clubForHost(HOST_B)).toMatchObject({ id: B, status: 'active' }); // remembered until forgotten

    const id = await clubRow('later', 'Later FC'); // process A (the test context's pool)
    expect(await eventually(async () => (await resolverB.clubForHost(later))?.id === id)).toBe(true);

    await t.db.execute(sql`update clubs set status = 'suspended' where id = ${B}`);
    expect(await eventually(async () => (await resolverB.clubForHost(HOST_B))?.status === 'suspended')).toBe(true);
    await t.db.execute(sql`update clubs set status = 'active' where id = ${B}`);

    await t.db.execute(sql`update clubs set slug = 'later-renamed' where id = ${id}`);
    expect(await eventually(async () => (await resolverB.clubForHost(later)) === null)).toBe(true);
    expect((await resolverB.clubForHost(`later-renamed.${HOSTING_DOMAIN}`))?.id).toBe(id);

    await t.db.execute(sql`delete from clubs where id = ${id}`);
    expect(await eventually(async () => (await resolverB.clubForHost(`later-renamed.${HOSTING_DOMAIN}`)) === null)).toBe(true);
  });
});
