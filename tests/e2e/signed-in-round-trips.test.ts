import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { createContentMemo, createPublicCache, listenForContentChanges } from '../../server/cache';
import { openDatabase } from '../../server/db/client';
import { APP_DATABASE_BOUNDS } from '../../server/db/pool';
import { productionPages } from '../../server/pages';
import { createServices } from '../../server/services';

// The production build's pages in this process, on an embedded database of their own, so every
// query a signed-in page makes can be counted (ADR 024: a signed-in page at database speed).
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'club-round-trips-'));
await fs.chmod(dataDir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
const database = await openDatabase({ dataDir, poolSize: 3, bounds: APP_DATABASE_BOUNDS });
const memo = createContentMemo();
const services = createServices(database.db, { adminUsername: 'admin', adminPassword: 'round-trips-password', memo });
const cache = createPublicCache({ memo });
const listener = listenForContentChanges(cache, () => new pg.Client({ ...database.pool.options }));
await listener.ready;
const { pages, staticFiles } = await productionPages();
const app = createApp({ services, pages, staticFiles, cache });
afterAll(async () => {
  await listener.stop();
  services.health.stop();
  await database.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Queries sent: each takes a connection from the pool (none of these pages opens a transaction). */
let queries = 0;
database.pool.on('acquire', () => queries++);

const post = (url: string, body: unknown) => app.request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
expect((await post('/api/admin/initialize-database', {})).status).toBe(200);
const login = await post('/api/auth/login', { username: 'admin', password: 'round-trips-password' });
const cookie = `club_session=${((await login.json()) as { access_token: string }).access_token}`;

async function queriesFor(url: string) {
  const before = queries;
  const res = await app.request(url, { headers: { cookie, 'accept-encoding': 'gzip' } });
  expect(res.status, url).toBe(200);
  expect(res.headers.get('x-cache'), url).toBe('MISS'); // rendered for this user, never the public copy
  expect(await res.text()).not.toBe('');
  return queries - before;
}

describe('a signed-in page', () => {
  it('costs one database round trip (its session) once the public data is in the memo', async () => {
    // Without the memo (as before ADR 024): the session, the settings, and each list of the page.
    memo.setEnabled(false);
    const homeBefore = await queriesFor('/');
    const newsBefore = await queriesFor('/news');
    memo.setEnabled(true);

    await queriesFor('/');
    await queriesFor('/news');
    const homeAfter = await queriesFor('/');
    const newsAfter = await queriesFor('/news');
    console.log(`queries per signed-in request: / ${homeBefore} -> ${homeAfter}, /news ${newsBefore} -> ${newsAfter}`);
    expect(homeBefore).toBeGreaterThanOrEqual(6);
    expect(newsBefore).toBeGreaterThanOrEqual(3);
    expect(homeAfter).toBe(1);
    expect(newsAfter).toBe(1);
  });

  it('shows a write at once, and is back to one query once the memo is filled again', async () => {
    await queriesFor('/news');
    const clearsBefore = cache.stats.clears;
    const saved = await app.request('/api/settings', {
      method: 'PUT',
      headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json' },
      body: JSON.stringify({ whatsapp_number: '447700900123', club_email: 'memo-check@example.org', sales_email: '', club_address: '1 Pitch Lane' }),
    });
    expect(saved.status).toBe(200);
    // This process cleared the memo at once (its own write): the next page shows the change.
    expect(cache.stats.clears).toBeGreaterThan(clearsBefore);
    const res = await app.request('/news', { headers: { cookie } });
    expect(await res.text()).toContain('memo-check@example.org');
    // The write's notification clears it once more; then the page is back to one query.
    const until = Date.now() + 5_000;
    while (cache.stats.clears < clearsBefore + 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cache.stats.clears).toBeGreaterThanOrEqual(clearsBefore + 2);
    await queriesFor('/news');
    expect(await queriesFor('/news')).toBe(1);
  });
});
