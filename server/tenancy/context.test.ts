/**
 * The current club (ADR 065, stage 2) against real PostgreSQL: each connection the pool hands out
 * has the club of the work that asked for it in `app.club_id`, set only when it differs.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { databaseUnavailableError } from '../../shared/errors';
import { APP_DATABASE_BOUNDS, createPool, failWaitingRequests, type DatabaseBounds } from '../db/pool';
import { CLUB_SETTING } from './connection-club';
import { currentClubId, withClub } from './context';

const admin = JSON.parse(inject('pgAdmin')) as pg.ClientConfig;
const pools: pg.Pool[] = [];
afterAll(async () => {
  for (const pool of pools) await pool.end().catch(() => undefined);
});

const INSTALL_CLUB = randomUUID();
const CLUB_A = randomUUID();
const CLUB_B = randomUUID();

/** The app's pool (bounded) with `max` connections, counting the statements that set a club. */
function appPool(options: { max?: number; installClubId?: string; bounds?: Partial<DatabaseBounds> } = {}) {
  const pool = createPool(admin, { max: options.max ?? 1, bounds: { ...APP_DATABASE_BOUNDS, ...options.bounds }, installClubId: options.installClubId });
  pool.on('error', () => undefined);
  pools.push(pool);
  const counted = { clubStatements: 0 };
  pool.on('connect', (client) => {
    const query = client.query;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      if (typeof args[0] === 'string' && args[0].includes('set_config')) counted.clubStatements++;
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof client.query;
  });
  return Object.assign(pool, { counted });
}

const settingOf = async (pool: pg.Pool) =>
  (await pool.query<{ club: string | null }>(`select current_setting('${CLUB_SETTING}', true) as club`)).rows[0].club;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withClub and currentClubId (server/tenancy/context.ts)', () => {
  it('holds the club across awaits, timers and nested work, and none outside', async () => {
    expect(currentClubId()).toBeUndefined();
    const seen = await withClub(CLUB_A, async () => {
      const before = currentClubId();
      await pause(5);
      const afterTimer = await new Promise<string | undefined>((resolve) => setTimeout(() => resolve(currentClubId()), 1));
      const nested = await withClub(CLUB_B, async () => currentClubId());
      return [before, afterTimer, nested, currentClubId()];
    });
    expect(seen).toEqual([CLUB_A, CLUB_A, CLUB_B, CLUB_A]);
    expect(currentClubId()).toBeUndefined();
  });
});

describe('the pool gives every connection the current club (server/db/pool.ts, server/tenancy/connection-club.ts)', () => {
  it('two concurrent contexts on a pool of ONE connection each see their own app.club_id, query after query', async () => {
    const pool = appPool({ max: 1, installClubId: INSTALL_CLUB });
    const run = (club: string) =>
      withClub(club, async () => {
        const seen: (string | null)[] = [];
        for (let i = 0; i < 20; i++) {
          seen.push(await settingOf(pool));
          if (i % 3 === 0) await pause(1); // the other club takes the connection meanwhile
        }
        return seen;
      });
    const [a, b] = await Promise.all([run(CLUB_A), run(CLUB_B)]);
    expect(a).toEqual(Array(20).fill(CLUB_A));
    expect(b).toEqual(Array(20).fill(CLUB_B));
    expect(pool.totalCount).toBe(1);
    // The connection changed club many times: each change cost one statement, no more.
    expect(pool.counted.clubStatements).toBeGreaterThan(2);
    expect(pool.counted.clubStatements).toBeLessThanOrEqual(40);
  });

  it('…and in transactions (Drizzle, as the services use them), interleaved on the one connection', async () => {
    const pool = appPool({ max: 1, installClubId: INSTALL_CLUB });
    const db = drizzle(pool);
    const run = (club: string) =>
      withClub(club, () =>
        db.transaction(async (tx) => {
          const first = (await tx.execute<{ club: string }>(sql`select current_setting('app.club_id') as club`)).rows[0].club;
          await pause(2);
          const second = (await tx.execute<{ club: string }>(sql`select current_setting('app.club_id') as club`)).rows[0].club;
          return [first, second];
        }),
      );
    const answers = await Promise.all([run(CLUB_A), run(CLUB_B), run(CLUB_A), run(CLUB_B)]);
    expect(answers).toEqual([
      [CLUB_A, CLUB_A],
      [CLUB_B, CLUB_B],
      [CLUB_A, CLUB_A],
      [CLUB_B, CLUB_B],
    ]);
  });

  it('follows the context across awaits: the club a request asked with, not the one of whoever released the connection', async () => {
    const pool = appPool({ max: 1, installClubId: INSTALL_CLUB });
    const held = await withClub(CLUB_A, () => pool.connect());
    // Queued in club B while club A holds the only connection; A releases it from its own context.
    const waiting = withClub(CLUB_B, async () => {
      await pause(1);
      return settingOf(pool);
    });
    await pause(20);
    await withClub(CLUB_A, async () => held.release());
    expect(await waiting).toBe(CLUB_B);
  });

  it('outside any context a connection has the install\'s single club (jobs, start-up work)', async () => {
    const pool = appPool({ max: 1, installClubId: INSTALL_CLUB });
    expect(await settingOf(pool)).toBe(INSTALL_CLUB);
    expect(await withClub(CLUB_A, () => settingOf(pool))).toBe(CLUB_A);
    // Back outside: the connection that had club A gets the install's club again.
    expect(await settingOf(pool)).toBe(INSTALL_CLUB);
  });

  it('a pool without the app\'s bounds (scripts) gives the club the same way', async () => {
    const pool = createPool(admin, { max: 1, installClubId: INSTALL_CLUB });
    pool.on('error', () => undefined);
    pools.push(pool);
    expect(await settingOf(pool)).toBe(INSTALL_CLUB);
    const [a, b] = await Promise.all([withClub(CLUB_A, () => settingOf(pool)), withClub(CLUB_B, () => settingOf(pool))]);
    expect([a, b]).toEqual([CLUB_A, CLUB_B]);
    const client = await withClub(CLUB_A, () => pool.connect());
    expect((await client.query(`select current_setting('${CLUB_SETTING}') as club`)).rows[0].club).toBe(CLUB_A);
    client.release();
  });

  it('a single-club install pays one statement per new connection, not per checkout', async () => {
    const pool = appPool({ max: 2, installClubId: INSTALL_CLUB });
    await Promise.all(Array.from({ length: 200 }, () => pool.query('select 1')));
    const db = drizzle(pool);
    for (let i = 0; i < 20; i++) await db.transaction(async (tx) => tx.execute(sql`select 1`));
    expect(pool.counted.clubStatements).toBe(pool.totalCount);
    expect(pool.counted.clubStatements).toBeLessThanOrEqual(2);
  });

  it('with hosting on (no install club), work outside any club gets a connection with no club, even one that served a club before', async () => {
    const pool = appPool({ max: 1 });
    expect(await settingOf(pool)).toBeNull(); // a new connection: never set, no statement
    expect(pool.counted.clubStatements).toBe(0);
    expect(await withClub(CLUB_A, () => settingOf(pool))).toBe(CLUB_A);
    expect(await settingOf(pool)).toBe(''); // club A's connection, its club taken away
    expect(pool.counted.clubStatements).toBe(2);
  });

});

describe('what the club step costs', () => {
  it('the cost, measured: 1,000 queries at once on 2 connections, one club (single-club install) and two clubs alternating (the worst case)', async () => {
    const timed = async (pool: pg.Pool, clubOf: (i: number) => string | undefined) => {
      const startedAt = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 1_000 }, (_, i) => {
          const club = clubOf(i);
          return club ? withClub(club, () => pool.query('select 1')) : pool.query('select 1');
        }),
      );
      expect(answers).toHaveLength(1_000);
      return Math.round(performance.now() - startedAt);
    };
    const none = appPool({ max: 2 });
    const single = appPool({ max: 2, installClubId: INSTALL_CLUB });
    const alternating = appPool({ max: 2, installClubId: INSTALL_CLUB });
    // Warm each pool's connections first, so start-up is not what is timed.
    for (const pool of [none, single, alternating]) await Promise.all([pool.query('select 1'), pool.query('select 1')]);
    // Best of three rounds each, interleaved, so the machine's other load weighs on all alike.
    const best = { none: Infinity, single: Infinity, alternating: Infinity };
    for (let round = 0; round < 3; round++) {
      best.none = Math.min(best.none, await timed(none, () => undefined));
      best.single = Math.min(best.single, await timed(single, () => undefined));
      best.alternating = Math.min(best.alternating, await timed(alternating, (i) => (i % 2 ? CLUB_A : CLUB_B)));
    }
    const { none: noClubMs, single: singleMs, alternating: alternatingMs } = best;
    console.log(
      `[club] 1,000 queries at once on 2 connections: no club ${noClubMs} ms; the install's club ${singleMs} ms (${single.counted.clubStatements} set_config); two clubs alternating ${alternatingMs} ms (${alternating.counted.clubStatements} set_config)`,
    );
    expect(single.counted.clubStatements).toBe(2); // once per connection, in all three rounds
    // Bounded as ADR 032's burst is: well within the wait bound even when every checkout changes club.
    expect(alternatingMs).toBeLessThan(APP_DATABASE_BOUNDS.connectionTimeoutMs);
  });
});

describe('the club step keeps ADR 011\'s bounds (nothing waits unbounded)', () => {
  it('requests queued in a club still answer 503 at once when the database is found down, and the pool carries on', async () => {
    const pool = appPool({ max: 1, installClubId: INSTALL_CLUB, bounds: { connectionTimeoutMs: 2_000 } });
    const held = await pool.connect();
    const waiting = withClub(CLUB_A, () => Promise.all(Array.from({ length: 20 }, () => pool.query('select 1').catch((error: unknown) => error))));
    await pause(5);
    expect(failWaitingRequests(pool)).toBe(20);
    for (const error of await waiting) expect(databaseUnavailableError(error)?.status).toBe(503);
    held.release();
    expect(await withClub(CLUB_B, () => settingOf(pool))).toBe(CLUB_B);
  });

  it('requests queued in a club are refused after the wait bound (503), as without a club', async () => {
    const pool = appPool({ max: 1, installClubId: INSTALL_CLUB, bounds: { connectionTimeoutMs: 300 } });
    const held = await pool.connect();
    const startedAt = performance.now();
    const errors = await withClub(CLUB_A, () => Promise.all(Array.from({ length: 50 }, () => pool.query('select 1').catch((error: unknown) => error))));
    const waited = performance.now() - startedAt;
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(1_500);
    for (const error of errors) expect(databaseUnavailableError(error)?.status).toBe(503);
    held.release();
  });

  it('a connection that fails to take its club is dropped, the caller gets a 503, and the slot comes back', async () => {
    const pool = appPool({ max: 1, installClubId: INSTALL_CLUB });
    const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    // Killed while idle in the pool: the next checkout in another club must set it, and fails or
    // gets a fresh connection (pg-pool drops an idle client whose connection ends), never hangs.
    const killer = new pg.Client(admin);
    await killer.connect();
    await killer.query('select pg_terminate_backend($1)', [rows[0].pid]);
    await killer.end();
    const first = await withClub(CLUB_A, () => settingOf(pool)).catch((error: unknown) => error);
    if (first instanceof Error) expect(databaseUnavailableError(first)?.status).toBe(503);
    else expect(first).toBe(CLUB_A);
    expect(await withClub(CLUB_A, () => settingOf(pool))).toBe(CLUB_A);
    expect(pool.totalCount).toBe(1);
  });
});
