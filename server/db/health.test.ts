import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabaseHealth, dedicatedConnectionCheck, HEALTH_CHECK_BOUND_MS, withinBound, type DatabaseHealth } from './health';
import { APP_DATABASE_BOUNDS, createPool } from './pool';

const admin = JSON.parse(inject('pgAdmin')) as pg.ClientConfig;
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** As server/main.ts makes them: the check bounds connect and query itself. */
const boundedClient = () => new pg.Client({ ...admin });

function appPool(max: number) {
  const pool = createPool(admin, { max, bounds: APP_DATABASE_BOUNDS });
  pool.on('error', () => undefined);
  cleanups.push(() => pool.end().catch(() => undefined));
  return pool;
}

function healthWith(check: () => Promise<unknown>): DatabaseHealth {
  const health = createDatabaseHealth(check, check);
  cleanups.push(() => health.stop());
  return health;
}

function dedicated() {
  const check = dedicatedConnectionCheck(boundedClient);
  cleanups.push(() => check.close());
  return check;
}

describe('the health check (server/db/health.ts)', () => {
  it('does not queue behind real work: with every pool connection busy and 200 requests waiting, it answers ok at once', async () => {
    const pool = appPool(1);
    const held = await pool.connect();
    const waiting = Array.from({ length: 200 }, () => pool.query('select 1').catch((error: unknown) => error));
    expect(pool.waitingCount).toBe(200);
    try {
      const health = healthWith(dedicated().run);
      const startedAt = performance.now();
      const answers = await Promise.all(Array.from({ length: 50 }, () => health.check()));
      const tookMs = performance.now() - startedAt;
      console.log(`[health] 50 checks with the pool busy and 200 waiting: ${Math.round(tookMs)} ms`);
      expect(answers).toEqual(Array(50).fill(true));
      expect(tookMs).toBeLessThan(HEALTH_CHECK_BOUND_MS);
      expect(health.isDown).toBe(false);
      // The real work is still waiting, untouched.
      expect(pool.waitingCount).toBe(200);

      // Through the pool, as before ADR 032, the same check waited behind the real work and
      // answered "unavailable" (marking a healthy database down).
      const viaPool = healthWith(() => pool.query('select 1'));
      expect(await viaPool.check()).toBe(false);
      expect(viaPool.isDown).toBe(true);
    } finally {
      held.release();
      await Promise.all(waiting);
    }
  });

  it('concurrent callers share one check: 400 at once cost one query, and the connection is kept for the next', async () => {
    let clients = 0;
    let queries = 0;
    const check = dedicatedConnectionCheck(() => {
      clients++;
      const client = boundedClient();
      const query = client.query.bind(client) as (text: string) => Promise<unknown>;
      (client as unknown as { query: (text: string) => Promise<unknown> }).query = (text: string) => {
        queries++;
        return query(text);
      };
      return client;
    });
    cleanups.push(() => check.close());
    const health = healthWith(check.run);
    const answers = await Promise.all(Array.from({ length: 400 }, () => health.check()));
    expect(answers).toEqual(Array(400).fill(true));
    expect(queries).toBe(1);
    expect(await health.check()).toBe(true);
    expect(queries).toBe(2);
    expect(clients).toBe(1);
  });

  it('still detects an outage within its bound: a check that gets no answer fails every caller within 700 ms and marks the database down', async () => {
    const health = healthWith(() => new Promise(() => undefined));
    const startedAt = performance.now();
    const answers = await Promise.all(Array.from({ length: 100 }, () => health.check()));
    const tookMs = performance.now() - startedAt;
    expect(answers).toEqual(Array(100).fill(false));
    expect(tookMs).toBeGreaterThanOrEqual(HEALTH_CHECK_BOUND_MS - 20);
    expect(tookMs).toBeLessThan(HEALTH_CHECK_BOUND_MS + 500);
    expect(health.isDown).toBe(true);
    // While down it answers at once.
    const again = performance.now();
    expect(await health.check()).toBe(false);
    expect(performance.now() - again).toBeLessThan(50);
  });

  it('a dedicated connection that failed is replaced: the next check opens a new one', async () => {
    const opened: pg.Client[] = [];
    const check = dedicatedConnectionCheck(() => {
      const client = boundedClient();
      opened.push(client);
      return client;
    });
    cleanups.push(() => check.close());
    await check.run();
    const pid = (opened[0] as unknown as { processID: number }).processID;
    expect(pid).toBeGreaterThan(0);
    // Its connection killed from outside, as a database restart would.
    const killer = new pg.Client(admin);
    await killer.connect();
    await killer.query('SELECT pg_terminate_backend($1)', [pid]);
    await killer.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await expect(withinBound(check.run(), 2_000)).resolves.toBeUndefined();
    expect(opened).toHaveLength(2);
  });

  it('an answer that arrived while the event loop was busy past the bound is taken, not counted as a timeout', async () => {
    const client = new pg.Client(admin);
    await client.connect();
    cleanups.push(() => client.end().catch(() => undefined));
    const answer = withinBound(client.query<{ one: number }>('select 1 as one'), 50);
    // A burst of page renders keeps the loop busy: the answer arrives, and the bound passes, meanwhile.
    const busyUntil = performance.now() + 300;
    while (performance.now() < busyUntil) {
      // busy
    }
    await expect(answer.then((r) => r.rows[0].one)).resolves.toBe(1);
    // A bound with no answer still rejects.
    await expect(withinBound(new Promise(() => undefined), 50)).rejects.toThrow(/No answer within 50 ms/);
  });
});
