import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { databaseUnavailableError, isDatabaseOutage, isDatabaseUnavailable } from '../../shared/errors';
import { APP_DATABASE_BOUNDS, createPool, DatabaseDownError, failWaitingRequests, PoolBusyError, type DatabaseBounds } from './pool';

const admin = JSON.parse(inject('pgAdmin')) as pg.ClientConfig;
const pools: pg.Pool[] = [];
afterAll(async () => {
  for (const pool of pools) await pool.end().catch(() => undefined);
});

function poolWith(bounds: Partial<DatabaseBounds>, max = 1) {
  const pool = createPool(admin, { max, bounds: { ...APP_DATABASE_BOUNDS, ...bounds } });
  pool.on('error', () => undefined);
  pools.push(pool);
  return pool;
}

async function terminate(pid: number) {
  const client = new pg.Client(admin);
  await client.connect();
  await client.query('SELECT pg_terminate_backend($1)', [pid]);
  await client.end();
}

const until = async (check: () => boolean, ms = 2_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('the app pool (server/db/pool.ts)', () => {
  it('serves a burst far beyond the old cap of 200 waiting requests (ADR 032): 1,000 queries at once on 2 connections, every one answered', async () => {
    const pool = poolWith({}, 2);
    const startedAt = Date.now();
    const answers = await Promise.allSettled(Array.from({ length: 1_000 }, (_, i) => pool.query<{ n: number }>('select $1::int as n', [i])));
    const tookMs = Date.now() - startedAt;
    console.log(`[pool] 1,000 queries at once on 2 connections: answered in ${tookMs} ms`);
    expect(answers.filter((a) => a.status === 'rejected').map((a) => String((a as PromiseRejectedResult).reason))).toEqual([]);
    expect(answers.map((a) => (a as PromiseFulfilledResult<pg.QueryResult<{ n: number }>>).value.rows[0].n)).toEqual(Array.from({ length: 1_000 }, (_, i) => i));
    // Well within the wait bound: a queue that moves is not refused.
    expect(tookMs).toBeLessThan(APP_DATABASE_BOUNDS.connectionTimeoutMs);
  });

  it('the wait is bounded by time, not by a count: 300 requests wait while the connection is held, and all are served once it comes free within the bound', async () => {
    const pool = poolWith({ connectionTimeoutMs: 2_000 }, 1);
    const held = await pool.connect();
    const waiting = Array.from({ length: 300 }, () => pool.query('select 1 as one'));
    expect(pool.waitingCount).toBe(300);
    await new Promise((resolve) => setTimeout(resolve, 300));
    held.release();
    const answers = await Promise.allSettled(waiting);
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
  });

  it('a queue that moves is not refused: each request waits far beyond the 300 ms bound in all, and all are served, since the pool hands out a connection every 50 ms', async () => {
    const pool = poolWith({ connectionTimeoutMs: 300, maxQueueWaitMs: 10_000 }, 1);
    const startedAt = performance.now();
    const answers = await Promise.allSettled(Array.from({ length: 30 }, () => pool.query('select pg_sleep(0.05)')));
    const tookMs = performance.now() - startedAt;
    expect(answers.filter((a) => a.status === 'rejected').map((a) => String((a as PromiseRejectedResult).reason))).toEqual([]);
    expect(tookMs).toBeGreaterThan(1_000);
  });

  it('…but a request waits maxQueueWaitMs at most in all: then it is refused as a 503', async () => {
    const pool = poolWith({ connectionTimeoutMs: 300, maxQueueWaitMs: 600 }, 1);
    const startedAt = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        pool.query('select pg_sleep(0.05)').then(
          () => ({ ok: true, ms: performance.now() - startedAt }),
          (error: unknown) => ({ ok: false, ms: performance.now() - startedAt, error }),
        ),
      ),
    );
    const refused = answers.filter((a) => !a.ok);
    expect(answers.filter((a) => a.ok).length).toBeGreaterThan(3);
    expect(refused.length).toBeGreaterThan(3);
    for (const a of refused) {
      expect(a.ms).toBeGreaterThanOrEqual(590);
      expect(a.ms).toBeLessThan(1_500);
      expect(databaseUnavailableError((a as { error: unknown }).error)?.status).toBe(503);
    }
  });

  it('keeps a safety cap on the queue (far above any burst by default); beyond it a request is refused at once as a 503 with Retry-After', async () => {
    expect(APP_DATABASE_BOUNDS.maxWaiting).toBeGreaterThanOrEqual(10 * 400);
    const pool = poolWith({ maxWaiting: 2 });
    const held = await pool.connect();
    const waiting = [pool.query('select 1'), pool.query('select 1')];
    const startedAt = Date.now();
    const refused = await pool.query('select 1').catch((error: unknown) => error);
    expect(Date.now() - startedAt).toBeLessThan(100);
    expect(refused).toBeInstanceOf(PoolBusyError);
    const answer = databaseUnavailableError(refused);
    expect(answer?.status).toBe(503);
    expect(answer?.extra.retryAfterSeconds).toBeGreaterThan(0);
    // Through Drizzle (a page's loader) the refusal comes wrapped, as DrizzleQueryError's cause: still a 503.
    const wrapped = await drizzle(pool)
      .execute(sql`select 1`)
      .catch((error: unknown) => error);
    expect(wrapped).not.toBeInstanceOf(PoolBusyError);
    expect((wrapped as Error).cause).toBeInstanceOf(PoolBusyError);
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(databaseUnavailableError(wrapped)?.status).toBe(503);
    held.release();
    await Promise.all(waiting);
  });
});

describe('the app pool (server/db/pool.ts): the database down, killed connections and timeouts', () => {
  it('when the database is found down, every request still waiting for a connection answers 503 at once, and the pool carries on', async () => {
    const pool = poolWith({ connectionTimeoutMs: 2_000 }, 1);
    const held = await pool.connect();
    const startedAt = Date.now();
    const waiting = Array.from({ length: 50 }, () => pool.query('select 1').catch((error: unknown) => error));
    const viaDrizzle = drizzle(pool)
      .execute(sql`select 1`)
      .catch((error: unknown) => error);
    expect(failWaitingRequests(pool)).toBe(51);
    const errors = [...(await Promise.all(waiting)), await viaDrizzle];
    expect(Date.now() - startedAt).toBeLessThan(500);
    expect(errors[0]).toBeInstanceOf(DatabaseDownError);
    for (const error of errors) {
      expect(isDatabaseOutage(error)).toBe(true);
      expect(databaseUnavailableError(error)?.status).toBe(503);
    }
    held.release();
    expect((await pool.query('select 4 as four')).rows[0].four).toBe(4);
    expect(failWaitingRequests(pool)).toBe(0);
  });

  it('bounds the wait for a connection, and that answer is a 503 too, for every request waiting', async () => {
    const pool = poolWith({ connectionTimeoutMs: 300 });
    const held = await pool.connect();
    const startedAt = Date.now();
    const errors = await Promise.all(Array.from({ length: 300 }, () => pool.query('select 1').catch((e: unknown) => e)));
    const waited = Date.now() - startedAt;
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(1_500);
    for (const error of errors) expect(databaseUnavailableError(error)?.status).toBe(503);
    held.release();
  });

  it('survives a checked-out connection killed between two queries, and gives its slot back without a release', async () => {
    const pool = poolWith({}, 2);
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await terminate(rows[0].pid);
    // With nobody listening, pg's `error` event on this client would have ended the process here.
    await until(() => pool.totalCount === 0);
    client.release(); // a second release is harmless
    expect((await pool.query('select 1 as one')).rows[0].one).toBe(1);
  });

  it('a transaction whose connection is killed before BEGIN (drizzle then never releases) does not cost the pool its slot', async () => {
    const pool = poolWith({ connectionTimeoutMs: 1_000 }, 1);
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await terminate(rows[0].pid);
    const begin = await client.query('BEGIN').catch((error: unknown) => error);
    expect(databaseUnavailableError(begin)?.status).toBe(503);
    // No release() here, as in drizzle-orm 0.45's transaction(): the pool must still have its one slot.
    expect((await pool.query('select 2 as two')).rows[0].two).toBe(2);
  });

  it('a query the server does not answer in time fails after the client bound, and its connection is discarded', async () => {
    const pool = poolWith({ queryTimeoutMs: 300, statementTimeoutMs: 10_000 }, 1);
    const client = await pool.connect();
    const startedAt = Date.now();
    const error = await client.query('select pg_sleep(2)').catch((e: unknown) => e);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(databaseUnavailableError(error)?.status).toBe(503);
    client.release();
    await until(() => pool.totalCount === 0);
    expect((await pool.query('select 3 as three')).rows[0].three).toBe(3);
  });

  it('PostgreSQL cancels a statement past statement_timeout, and that answers 503', async () => {
    const pool = poolWith({ statementTimeoutMs: 200, queryTimeoutMs: 2_000 }, 1);
    const slow = await pool.query('select pg_sleep(1)').catch((e: unknown) => e);
    expect((slow as { code?: string }).code).toBe('57014');
    expect(databaseUnavailableError(slow)?.status).toBe(503);
  });
});
