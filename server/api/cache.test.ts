import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventually, notificationsArrived } from '../../tests/support/wait';
import { createTestContext } from '../../tests/support/api';
import { isPublicPath, responseEncoding } from '../cache';
import { SESSION_COOKIE } from '../../shared/auth';

const t = await createTestContext({}, { cache: true });
await t.initialize();
const { token: adminToken } = await t.signedIn('admin');

const cacheOf = (res: { headers: Headers }) => res.headers.get('x-cache');


// Every test starts once the previous one's writes have been notified (or a late notification
// would empty the cache between a warming read and the HIT it expects).
beforeEach(async () => {
  expect(await notificationsArrived(t.cache!)).toBe(true);
});

describe('public cache', () => {
  it('answers a second anonymous request from the cache', async () => {
    t.cache!.clear();
    const first = await t.json('/api/news');
    expect(first.status).toBe(200);
    expect(cacheOf(first)).toBe('MISS');
    const second = await t.json('/api/news');
    expect(cacheOf(second)).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
  });

  it('keeps one entry per encoding and replays the compressed answer', async () => {
    const gzipHeaders = { 'accept-encoding': 'gzip, deflate, br' };
    await t.app.request('/api/fixtures', { headers: gzipHeaders });
    const hit = await t.app.request('/api/fixtures', { headers: gzipHeaders });
    expect(hit.headers.get('x-cache')).toBe('HIT');
    expect(hit.headers.get('content-encoding')).toBe('gzip');
    const fixtures = JSON.parse(gunzipSync(Buffer.from(await hit.arrayBuffer())).toString('utf8'));
    expect(Array.isArray(fixtures)).toBe(true);
    // The same path without compression is a separate entry, never gzip bytes.
    const plain = await t.app.request('/api/fixtures');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(fixtures);
  });

  it('shows an admin edit of a news article on the next anonymous read', async () => {
    const [article] = (await t.json('/api/news')).body;
    const article1 = await t.json(`/api/news/${article.id}`);
    expect(cacheOf(await t.json(`/api/news/${article.id}`))).toBe('HIT');

    const edited = await t.json(`/api/news/${article.id}`, {
      method: 'PUT',
      token: adminToken,
      body: { title: 'Cache test: new headline', content: article1.body.content, summary: article1.body.summary, image_url: article1.body.image_url, is_published: true },
    });
    expect(edited.status).toBe(200);

    const after = await t.json(`/api/news/${article.id}`);
    expect(cacheOf(after)).toBe('MISS');
    expect(after.body.title).toBe('Cache test: new headline');
    expect((await t.json('/api/news')).body.find((a: { id: string }) => a.id === article.id).title).toBe('Cache test: new headline');
  });

  it('shows a new team, a new training slot and recorded attendance on the next anonymous read', async () => {
    const teams = (await t.json('/api/teams')).body as Array<{ id: string; name: string }>;
    expect(cacheOf(await t.json('/api/teams'))).toBe('HIT');
    expect((await t.json('/api/teams', { token: adminToken, body: { name: 'Cache Test XI' } })).status).toBe(201);
    expect(await eventually(async () => (await t.json('/api/teams')).body.length === teams.length + 1)).toBe(true);
    // A write may be notified more than once (one per table it touches): let them all arrive first.
    expect(await notificationsArrived(t.cache!)).toBe(true);

    const senior = teams.find((x) => x.name === 'Senior')!.id;
    await t.json(`/api/teams/${senior}/training-slots`);
    expect(cacheOf(await t.json(`/api/teams/${senior}/training-slots`))).toBe('HIT');
    expect((await t.json(`/api/teams/${senior}/training-slots`, { token: adminToken, body: { weekday: 7, start_time: '09:00', end_time: '10:00', place: 'Park' } })).status).toBe(201);
    expect(await eventually(async () => (await t.json(`/api/teams/${senior}/training-slots`)).body.length === 3)).toBe(true);

    // A player's public stats: training attendance follows the recorded sessions.
    const { playerId } = await t.signedIn('player');
    expect(await notificationsArrived(t.cache!)).toBe(true);
    expect((await t.json(`/api/players/${playerId}/stats`)).body.training_attendance).toBeNull();
    expect(cacheOf(await t.json(`/api/players/${playerId}/stats`))).toBe('HIT');
    const sessions = (await t.json(`/api/training-sessions?team_id=${senior}&from=${new Date(Date.now() - 14 * 86400000).toISOString().slice(0, 10)}`, { token: adminToken })).body as Array<{ id: string; starts_at: string }>;
    const past = sessions.find((s) => new Date(s.starts_at) < new Date())!;
    expect((await t.json(`/api/training-sessions/${past.id}/attendance`, { method: 'PUT', token: adminToken, body: { present: [playerId] } })).status).toBe(200);
    expect(await eventually(async () => (await t.json(`/api/players/${playerId}/stats`)).body.training_attendance === 100)).toBe(true);

    expect(await notificationsArrived(t.cache!)).toBe(true);
  });

  it('never answers a signed-in request from the cache, by token or by cookie', async () => {
    await t.json('/api/products');
    expect(cacheOf(await t.json('/api/products'))).toBe('HIT');
    const byToken = await t.json('/api/products', { token: adminToken });
    expect(byToken.status).toBe(200);
    expect(cacheOf(byToken)).toBe('MISS');
    const byCookie = await t.json('/api/products', { headers: { cookie: `${SESSION_COOKIE}=${adminToken}` } });
    expect(byCookie.status).toBe(200);
    expect(cacheOf(byCookie)).toBe('MISS');
    // …and what they got was not stored for anonymous visitors either: still the anonymous entry.
    expect(cacheOf(await t.json('/api/products'))).toBe('HIT');
  });

  it("shows an order's stock change on the product read", async () => {
    const [product] = (await t.json('/api/products')).body.filter((p: { stock: number }) => p.stock > 2);
    const before = await t.json(`/api/products/${product.id}`);
    expect(cacheOf(await t.json(`/api/products/${product.id}`))).toBe('HIT');

    const order = await t.json('/api/orders', {
      body: {
        product_id: product.id,
        quantity: 2,
        size: product.sizes[0] ?? null,
        customer_name: 'Cache Tester',
        customer_email: 'cache@example.com',
        customer_phone: '07700 900123',
      },
    });
    expect(order.status).toBe(201);

    const after = await t.json(`/api/products/${product.id}`);
    expect(cacheOf(after)).toBe('MISS');
    expect(after.body.stock).toBe(before.body.stock - 2);
  });
});

describe('public cache: writes by other processes, the LISTEN connection, what is cached', () => {
  it('drops the cache when another process writes (content_changed notification)', async () => {
    expect(await notificationsArrived(t.cache!)).toBe(true);
    const [sponsor] = (await t.json('/api/sponsors')).body;
    expect(cacheOf(await t.json('/api/sponsors'))).toBe('HIT');
    const version = async () => (await t.pool.query('SELECT version FROM content_version WHERE id = 1')).rows[0].version as number;
    const versionBefore = await version();

    // Another app process: its own connection, not this app's request path.
    const other = new pg.Client(t.pool.options);
    await other.connect();
    await other.query('UPDATE sponsors SET name = $1 WHERE id = $2', ['Renamed Elsewhere Ltd', sponsor.id]);
    await other.end();

    expect(await version()).toBe(versionBefore + 1);
    const seen = await eventually(async () => {
      const res = await t.json('/api/sponsors');
      return res.body.some((s: { name: string }) => s.name === 'Renamed Elsewhere Ltd');
    });
    expect(seen).toBe(true);
  });

  it('bumps content_version once per transaction however many rows change', async () => {
    const version = async () => (await t.pool.query('SELECT version FROM content_version WHERE id = 1')).rows[0].version as number;
    const before = await version();
    await t.pool.query("UPDATE fixtures SET venue = venue || ''");
    expect(await version()).toBe(before + 1);
    await t.pool.query('SELECT 1 FROM fixtures');
    expect(await version()).toBe(before + 1);
  });

  it('passes everything through while the LISTEN connection is down, and caches again once it is back', async () => {
    await t.json('/api/squad');
    expect(cacheOf(await t.json('/api/squad'))).toBe('HIT');

    await t.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    );
    expect(await eventually(async () => !t.cache!.enabled)).toBe(true);
    expect(cacheOf(await t.json('/api/squad'))).toBe('MISS');
    expect(cacheOf(await t.json('/api/squad'))).toBe('MISS');

    expect(await eventually(async () => t.cache!.enabled, 15_000)).toBe(true);
    await t.json('/api/squad');
    expect(cacheOf(await t.json('/api/squad'))).toBe('HIT');
  }, 20_000);

  it('stores only 200 answers of public reads', async () => {
    await t.json('/api/news/00000000-0000-4000-8000-000000000000');
    const missing = await t.json('/api/news/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(cacheOf(missing)).toBe('MISS');
    // Not a public read: never marked, never stored.
    const orders = await t.json('/api/orders', { token: adminToken });
    expect(cacheOf(orders)).toBeNull();
  });

  it('knows which paths are public reads and which encoding compress() sends', () => {
    for (const path of ['/', '/squad', '/player/abc', '/fixtures', '/news', '/news/abc', '/about', '/sponsors', '/shop', '/shop/product/abc', '/join-us', '/sitemap.xml', '/robots.txt', '/news.data', '/_root.data', '/api/fixtures', '/api/news', '/api/news/abc', '/api/sponsors', '/api/squad', '/api/squad/abc', '/api/products', '/api/products/abc', '/api/players/abc/stats', '/api/teams', '/api/teams/abc/training-slots']) {
      expect(isPublicPath(path), path).toBe(true);
    }
    for (const path of ['/admin', '/portal', '/login', '/api/orders', '/api/admin/news', '/api/players/me', '/api/health', '/assets/x.js', '/news/a/b', '/api/training-sessions', '/api/teams/abc']) {
      expect(isPublicPath(path), path).toBe(false);
    }
    expect(responseEncoding(undefined)).toBe('identity');
    expect(responseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(responseEncoding('br')).toBe('br');
    expect(responseEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(responseEncoding('zstd')).toBe('identity');
    expect(responseEncoding('deflate, gzip;q=0.5')).toBe('deflate');
    expect(responseEncoding('*')).toBe('br');
  });
});
