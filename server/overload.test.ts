import { afterAll, describe, expect, it } from 'vitest';
import { handleError as handlePageError } from '../app/entry.server';
import { SESSION_COOKIE } from '../shared/auth';
import { createTestContext } from '../tests/support/api';
import { createApp, type PageHandler } from './app';
import { createDb } from './db/client';
import { APP_DATABASE_BOUNDS, createPool } from './db/pool';
import { OUTAGE_TITLE } from './outage-page';
import { createServices } from './services';

/**
 * ADR 032: a database too busy to give a request a connection answers 503 with Retry-After on
 * every path (pages, their session lookup, calendar feeds, uploads, the API), never 500. The app
 * here runs on a pool of one connection, held, whose queue (capped at one) is full: every request
 * that needs the database meets PoolBusyError at once.
 */
const t = await createTestContext();
const member = await t.signedIn('player');

const pool = createPool(t.pool.options, { max: 1, bounds: { ...APP_DATABASE_BOUNDS, maxWaiting: 1, connectionTimeoutMs: 60_000, maxQueueWaitMs: 60_000 }, installClubId: t.installClub?.id });
pool.on('error', () => undefined);
const services = createServices(createDb(pool), { adminUsername: 'admin' });
/** As React Router does with a loader's error: app/entry.server.tsx's handleError, then the error boundary's 500. */
const pages: PageHandler = async (request, context) => {
  try {
    const products = await context.services.products.list({});
    return new Response(`<p>${products.length} products</p>`, { headers: { 'content-type': 'text/html' } });
  } catch (error) {
    handlePageError(error, { request, context, params: {} } as unknown as Parameters<typeof handlePageError>[1]);
    return new Response('<h1>Something went wrong</h1>', { status: 500, headers: { 'content-type': 'text/html' } });
  }
};
const app = createApp({ services, pages });
const held = await pool.connect();
const parked = pool.query('select 1');
afterAll(async () => {
  held.release();
  await parked;
  services.health.stop();
  await pool.end();
});

const cookie = { cookie: `${SESSION_COOKIE}=${member.token}` };

describe('a database too busy to give a connection (ADR 032)', () => {
  it('a page whose loader met it (wrapped by Drizzle) answers the 503 outage page with Retry-After, not 500', async () => {
    const res = await app.request('/shop?n=1');
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.text()).toContain(OUTAGE_TITLE);
    // Busy is not an outage: the database is not marked down for it.
    expect(services.health.isDown).toBe(false);
  });

  it("a page's session lookup (signed in), a calendar feed and an uploaded image answer the same outage page", async () => {
    for (const [path, headers] of [
      ['/news', cookie],
      ['/calendar/club.ics', {}],
      ['/calendar/teams/senior.ics', {}],
      ['/uploads/0123456789abcdef.png', {}],
    ] as const) {
      const res = await app.request(path, { headers });
      expect(res.status, path).toBe(503);
      expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0);
      expect(await res.text(), path).toContain(OUTAGE_TITLE);
    }
  });

  it('the API answers 503 {"detail"} with Retry-After, signed in or not', async () => {
    for (const [path, headers] of [
      ['/api/auth/me', cookie],
      ['/api/products', {}],
      ['/api/fixtures', {}],
    ] as const) {
      const res = await app.request(path, { headers });
      expect(res.status, path).toBe(503);
      expect(Number(res.headers.get('retry-after')), path).toBeGreaterThan(0);
      expect((await res.json()) as { detail: string }, path).toEqual({ detail: expect.stringMatching(/busy/) });
    }
  });
});
