import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually, notificationsArrived } from '../../tests/support/wait';
import { createTestContext, TEST_ADMIN_PASSWORD } from '../../tests/support/api';
import { PAGE_HEADER_SLOT, PAGE_NONCE_SLOT } from '../../shared/page-template';
import { createContentMemo, createPublicCache, listenForContentChanges } from '../cache';
import { createDb } from '../db/client';
import { APP_DATABASE_BOUNDS, createPool } from '../db/pool';
import { createServices } from '../services';

// Process A: the test context (its app, memo, public cache and listener).
const t = await createTestContext({}, { cache: true });
await t.initialize();
const { token: adminToken } = await t.signedIn('admin');
const { token: memberToken } = await t.signedIn('player');

// Process B: a second app process on the same database, with its own pool, memo, cache and listener.
const poolB = createPool({ ...t.pool.options }, { max: 5, bounds: APP_DATABASE_BOUNDS, installClubId: t.installClub?.id });
poolB.on('error', () => undefined);
const memoB = createContentMemo();
const servicesB = createServices(createDb(poolB), { adminUsername: 'admin', adminPassword: TEST_ADMIN_PASSWORD, memo: memoB });
const cacheB = createPublicCache({ memo: memoB });
const listenerB = listenForContentChanges(cacheB, () => new pg.Client(t.pool.options));
await listenerB.ready;
afterAll(async () => {
  await listenerB.stop();
  await poolB.end();
});

/** Connections taken from A's pool: one per query outside a transaction. */
let checkouts = 0;
t.pool.on('acquire', () => checkouts++);
async function countCheckouts(run: () => Promise<unknown>) {
  const before = checkouts;
  await run();
  return checkouts - before;
}


const settingsInput = (club_email: string) => ({ whatsapp_number: '447700900123', club_email, sales_email: '', club_address: '1 Pitch Lane' });

beforeEach(async () => {
  expect(await notificationsArrived(t.cache!)).toBe(true);
});

describe('content memo', () => {
  it('answers a signed-in read of public data with one query: the session', async () => {
    // Warm: the session and the sponsors.
    expect((await t.json('/api/sponsors', { token: memberToken })).status).toBe(200);
    const queries = await countCheckouts(async () => {
      const res = await t.json('/api/sponsors', { token: memberToken });
      expect(res.status).toBe(200);
      expect(res.body.length).toBeGreaterThan(0);
    });
    expect(queries).toBe(1);
    // Settings and teams (the root loader and /fixtures read them on every page) cost nothing either.
    await Promise.all([t.services.settings.get(), t.services.teams.list()]);
    expect(await countCheckouts(() => Promise.all([t.services.settings.get(), t.services.teams.list()]))).toBe(0);
  });

  it('shares one query between concurrent reads of the same data', async () => {
    t.memo!.clear();
    expect(await countCheckouts(() => Promise.all(Array.from({ length: 10 }, () => t.services.news.listPublished({ limit: 3 }))))).toBe(1);
  });

  it('reads a write made in this process at once', async () => {
    await t.services.settings.get();
    const saved = await t.json('/api/settings', { method: 'PUT', token: adminToken, body: settingsInput('here@example.org') });
    expect(saved.status).toBe(200);
    expect((await t.services.settings.get()).club_email).toBe('here@example.org');
  });

  it('reads a write made by another process once its notification arrives', async () => {
    expect((await servicesB.settings.get()).club_email).not.toBe('there@example.org');
    const teamsBefore = (await servicesB.teams.list()).length;
    expect(memoB.enabled).toBe(true);

    // Process A writes; B's memo is cleared by the content_changed notification.
    expect((await t.json('/api/settings', { method: 'PUT', token: adminToken, body: settingsInput('there@example.org') })).status).toBe(200);
    const team = await t.json('/api/teams', { method: 'POST', token: adminToken, body: { name: 'Memo Vets' } });
    expect(team.status).toBe(201);

    expect(await eventually(async () => (await servicesB.settings.get()).club_email === 'there@example.org', 5000)).toBe(true);
    expect(await eventually(async () => (await servicesB.teams.list()).length === teamsBefore + 1, 5000)).toBe(true);
  });

  it('keeps nothing while the LISTEN connection is down, and memoizes again once it is back', async () => {
    await t.services.teams.list();
    expect(await countCheckouts(() => t.services.teams.list())).toBe(0);

    await t.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    );
    expect(await eventually(async () => !t.memo!.enabled, 5000)).toBe(true);
    expect(await countCheckouts(() => t.services.teams.list())).toBe(1);
    expect(await countCheckouts(() => t.services.teams.list())).toBe(1);

    expect(await eventually(async () => t.memo!.enabled && memoB.enabled, 15_000)).toBe(true);
    await t.services.teams.list();
    expect(await countCheckouts(() => t.services.teams.list())).toBe(0);
  }, 20_000);

  it('does not keep a result read across a clear, nor a failed read', async () => {
    const memo = createContentMemo({ enabled: true });
    let loads = 0;
    let finish: (value: string) => void = () => undefined;
    const first = memo.read('k', () => {
      loads++;
      return new Promise<string>((resolve) => (finish = resolve));
    });
    memo.clear(); // a write committed while the read was in flight
    finish('before the write');
    expect(await first).toBe('before the write');
    expect(await memo.read('k', async () => (loads++, 'after the write'))).toBe('after the write');
    expect(loads).toBe(2);

    await expect(memo.read('e', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await memo.read('e', async () => 'back')).toBe('back');
  });

  it('serves an entry no longer than its lifetime', async () => {
    const memo = createContentMemo({ enabled: true, ttlMs: 30 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await memo.read('k', load)).toBe(1);
    expect(await memo.read('k', load)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await memo.read('k', load)).toBe(2);
  });
});

describe('content memo: rendered page content', () => {
  it('keeps rendered page content (ADR 028) by the same rules: cleared with the memo, nothing rendered across a change, nothing while off', () => {
    const memo = createContentMemo({ enabled: true });
    const page = { html: '<h1>News</h1>', imagePreloads: [{ href: '/images/a.svg' }] };
    memo.fragments.set('/news', page, memo.fragments.generation());
    expect(memo.fragments.get('/news')).toEqual(page);
    expect(memo.fragments.get('/news?page=2')).toBeUndefined();

    // A render that started before a change is not kept after it.
    const startedAt = memo.fragments.generation();
    memo.clear();
    expect(memo.fragments.get('/news')).toBeUndefined();
    memo.fragments.set('/news', { html: '<h1>Old news</h1>', imagePreloads: [] }, startedAt);
    expect(memo.fragments.get('/news')).toBeUndefined();

    // Off (no listener): nothing kept, nothing given.
    memo.fragments.set('/news', page, memo.fragments.generation());
    memo.setEnabled(false);
    expect(memo.fragments.get('/news')).toBeUndefined();
    memo.fragments.set('/news', page, memo.fragments.generation());
    memo.setEnabled(true);
    expect(memo.fragments.get('/news')).toBeUndefined();

    // At most PUBLIC_CACHE_TTL_MS old, and a bounded number of them.
    const shortLived = createContentMemo({ enabled: true, ttlMs: -1 });
    shortLived.fragments.set('/news', page, shortLived.fragments.generation());
    expect(shortLived.fragments.get('/news')).toBeUndefined();
    const few = createContentMemo({ enabled: true, maxFragments: 2 });
    for (const path of ['/a', '/b', '/c']) few.fragments.set(path, page, few.fragments.generation());
    expect(['/a', '/b', '/c'].map((path) => few.fragments.get(path) !== undefined)).toEqual([false, true, true]);
  });

  it("answers a member's page from the whole page kept, only with a header rendered for their name and role at that path", () => {
    const memo = createContentMemo({ enabled: true });
    const ann = { full_name: 'Ann Member', role: 'player' };
    const template = `<html><body>${PAGE_HEADER_SLOT}<main>News</main><script nonce="${PAGE_NONCE_SLOT}"></script></body></html>`;
    const kept = (member: typeof ann | null, header: string) => ({ path: '/news', template, header, member, headers: { 'content-type': 'text/html' } });
    // Kept from an anonymous render: no member header yet, so nothing to answer with.
    memo.fragments.keepPage('/news', kept(null, '<header>Sign in</header>'), memo.fragments.generation());
    expect(memo.fragments.memberPage('/news', ann, 'n1')).toBeUndefined();
    memo.fragments.keepPage('/news', kept(ann, '<header>Ann Member</header>'), memo.fragments.generation());
    expect(memo.fragments.memberPage('/news', ann, 'n1')).toEqual({
      html: '<html><body><header>Ann Member</header><main>News</main><script nonce="n1"></script></body></html>',
      headers: { 'content-type': 'text/html' },
    });
    // Another name or role, or another URL: never Ann's header.
    expect(memo.fragments.memberPage('/news', { full_name: 'Bob Member', role: 'player' }, 'n1')).toBeUndefined();
    expect(memo.fragments.memberPage('/news', { full_name: 'Ann Member', role: 'staff' }, 'n1')).toBeUndefined();
    expect(memo.fragments.memberPage('/news?page=2', ann, 'n1')).toBeUndefined();

    // The same rules as the contents: nothing rendered across a change, cleared with the memo, nothing while off.
    const startedAt = memo.fragments.generation();
    memo.clear();
    expect(memo.fragments.memberPage('/news', ann, 'n1')).toBeUndefined();
    memo.fragments.keepPage('/news', kept(ann, '<header>Ann Member</header>'), startedAt);
    expect(memo.fragments.memberPage('/news', ann, 'n1')).toBeUndefined();
    memo.fragments.keepPage('/news', kept(ann, '<header>Ann Member</header>'), memo.fragments.generation());
    memo.setEnabled(false);
    expect(memo.fragments.memberPage('/news', ann, 'n1')).toBeUndefined();
    memo.setEnabled(true);
    expect(memo.fragments.memberPage('/news', ann, 'n1')).toBeUndefined();
    const shortLived = createContentMemo({ enabled: true, ttlMs: -1 });
    shortLived.fragments.keepPage('/news', kept(ann, '<header>Ann Member</header>'), shortLived.fragments.generation());
    expect(shortLived.fragments.memberPage('/news', ann, 'n1')).toBeUndefined();
  });
});
