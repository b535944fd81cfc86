import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUnavailableError } from '../services/errors';
import { APP_DATABASE_BOUNDS, createPool, PoolBusyError, type DatabaseBounds } from './pool';

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
  it('refuses at once, as a 503 with Retry-After, a request beyond its bounded queue', async () => {
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
    held.release();
    await Promise.all(waiting);
  });

  it('bounds the wait for a connection, and that answer is a 503 too', async () => {
    const pool = poolWith({ connectionTimeoutMs: 300 });
    const held = await pool.connect();
    const startedAt = Date.now();
    const error = await pool.query('select 1').catch((e: unknown) => e);
    const waited = Date.now() - startedAt;
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(1_000);
    expect(databaseUnavailableError(error)?.status).toBe(503);
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
