import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../shared/auth';
import { hashPassword } from '../../server/auth/passwords';
import { CLUSTER_DATABASE, startCluster, type Cluster } from '../support/cluster';
import { initializeDatabase, type RunningServer } from '../support/server';
import { inTheClub } from '../support/the-club';

/**
 * A match-day rush (ADR 032). A fixture link dropped into WhatsApp groups sends hundreds of
 * uncached requests at once. Two app processes (the production build, default settings: 2
 * connections each) share one PostgreSQL that this test runs itself, as tests/e2e/database-faults
 * does. A burst is served, not refused; a database that does not answer gives 503s with
 * Retry-After (or stale copies), never a 500.
 */

/** Every request of a burst has this long to be answered (the acceptance bound of ADR 032). */
const ANSWER_BOUND_MS = 30_000;
let cluster: Cluster;
let servers: RunningServer[];
let memberToken: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const clusterPids = () => cluster.pids();

type Kind = 'health' | 'me' | 'shop';

interface Answer {
  kind: Kind;
  status: number;
  ms: number;
  retryAfter: string | undefined;
  cache: string | undefined;
  body: string;
}

/**
 * Sends every request at once, each on a connection of its own: Node's http.Agent with no socket
 * limit never queues a request, so the server really sees them all together (the peak of
 * connections open at once is measured and returned). Every request is bounded: one not answered
 * within `boundMs` is destroyed and counted as status 0.
 */
async function burst(requests: { kind: Kind; url: string; headers?: Record<string, string> }[], boundMs = ANSWER_BOUND_MS) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity, maxTotalSockets: Infinity });
  let open = 0;
  let peakOpen = 0;
  const startedAt = performance.now();
  try {
    const answers = await Promise.all(
      requests.map(
        ({ kind, url, headers }) =>
          new Promise<Answer>((resolve) => {
            const sentAt = performance.now();
            const done = (status: number, res?: http.IncomingMessage, body = '') =>
              resolve({
                kind,
                status,
                ms: performance.now() - sentAt,
                retryAfter: res?.headers['retry-after'] as string | undefined,
                cache: res?.headers['x-cache'] as string | undefined,
                body,
              });
            const req = http.get(url, { agent, headers, timeout: boundMs }, (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => done(res.statusCode ?? 0, res, Buffer.concat(chunks).toString('utf8')));
              res.on('error', (error) => done(0, undefined, String(error)));
            });
            req.on('socket', (socket) => {
              open++;
              peakOpen = Math.max(peakOpen, open);
              socket.once('close', () => open--);
            });
            const bound = setTimeout(() => req.destroy(new Error(`no answer within ${boundMs} ms`)), boundMs);
            req.on('close', () => clearTimeout(bound));
            req.on('timeout', () => req.destroy(new Error(`no answer within ${boundMs} ms`)));
            req.on('error', (error) => done(0, undefined, String(error)));
          }),
      ),
    );
    return { answers, totalMs: performance.now() - startedAt, peakOpen };
  } finally {
    agent.destroy();
  }
}

/** The burst of ADR 032, spread over both processes: 400 health checks, 200 signed-in /api/auth/me, 200 distinct /shop renders. */
function matchDayRush(tag: string) {
  const requests: { kind: Kind; url: string; headers?: Record<string, string> }[] = [];
  const at = (i: number) => servers[i % servers.length].baseURL;
  for (let i = 0; i < 200; i++) {
    requests.push({ kind: 'health', url: `${at(i)}/api/health` });
    requests.push({ kind: 'me', url: `${at(i)}/api/auth/me`, headers: { cookie: `${SESSION_COOKIE}=${memberToken}` } });
    requests.push({ kind: 'health', url: `${at(i + 1)}/api/health` });
    requests.push({ kind: 'shop', url: `${at(i + 1)}/shop?n=${tag}-${i}` });
  }
  return requests;
}

const countBy = <T,>(list: T[], key: (item: T) => string | number) =>
  list.reduce<Record<string, number>>((acc, item) => ({ ...acc, [key(item)]: (acc[key(item)] ?? 0) + 1 }), {});
const slowest = (list: Answer[]) => Math.round(Math.max(0, ...list.map((x) => x.ms)));
const median = (list: Answer[]) => Math.round(list.map((x) => x.ms).sort((p, q) => p - q)[Math.floor(list.length / 2)] ?? 0);
const figures = (answers: Answer[]) =>
  (['health', 'me', 'shop'] as Kind[])
    .map((kind) => {
      const of = answers.filter((x) => x.kind === kind);
      return `${kind} ${JSON.stringify(countBy(of, (x) => x.status))} median ${median(of)} ms, slowest ${slowest(of)} ms`;
    })
    .join('; ');

/** How often each process took the database for down (its log), e.g. "outages logged 0, 0". */
const outagesLogged = () => `outages logged ${servers.map((s) => s.output().split('The database is not answering').length - 1).join(', ')}`;

/** The processes' warnings and errors, to say why when an assertion fails. */
const warnings = () =>
  servers
    .flatMap((s, i) => s.output().split('\n').filter((line) => /\[(warn|error)\]/.test(line)).map((line) => `process ${i}: ${line.slice(0, 400)}`))
    .slice(-20)
    .join('\n');

const expectBothAlive = () => cluster.expectAllAlive();

beforeAll(async () => {
  // Default settings: DATABASE_POOL_SIZE unset (2 connections per process).
  cluster = await startCluster('club-burst');
  servers = cluster.servers;
  await initializeDatabase(servers[0].baseURL);

  const username = `rush_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ ...cluster.postgres.connection, database: CLUSTER_DATABASE });
  await client.connect();
  await inTheClub(client);
  await client.query(`INSERT INTO users (username, email, full_name, role, password_hash) VALUES ($1, $2, 'Rush Member', 'player', $3)`, [
    username,
    `${username}@example.com`,
    await hashPassword('a good password'),
  ]);
  await client.end();
  const login = await fetch(`${servers[0].baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'a good password' }),
    signal: AbortSignal.timeout(10_000),
  });
  expect(login.status).toBe(200);
  memberToken = ((await login.json()) as { access_token: string }).access_token;
}, 180_000);

afterAll(() => cluster?.stop(), 60_000);

describe('a match-day rush on two app processes with default settings (ADR 032)', () => {
  it('800 uncached requests at once (400 health, 200 signed-in /api/auth/me, 200 distinct /shop renders): every answer 200 within 30 s', async () => {
    const { answers, totalMs, peakOpen } = await burst(matchDayRush('rush'));
    console.log(`[faults] burst of ${answers.length} (peak ${peakOpen} connections open): answered in ${Math.round(totalMs)} ms; ${figures(answers)}; ${outagesLogged()}`);
    expect(answers).toHaveLength(800);
    // The client really held hundreds of connections open together (no agent queueing them).
    expect(peakOpen).toBeGreaterThan(400);
    expect(countBy(answers, (x) => x.status), warnings()).toEqual({ 200: 800 });
    expect(totalMs).toBeLessThan(ANSWER_BOUND_MS);
    // Each answer is what was asked for: the member, and a rendered shop page.
    expect(answers.filter((x) => x.kind === 'me').every((x) => (JSON.parse(x.body) as { role?: string }).role === 'player')).toBe(true);
    expect(answers.filter((x) => x.kind === 'shop').every((x) => x.body.startsWith('<!DOCTYPE html>') && x.body.includes('Club Shop'))).toBe(true);
    expect(answers.filter((x) => x.kind === 'health').every((x) => JSON.parse(x.body).status === 'ok')).toBe(true);
    expectBothAlive();
    // A rush is not an outage: neither process took the database for down.
    for (const server of servers) expect(server.output()).not.toMatch(/\[error\]|Unhandled error|PoolBusyError|The database is not answering/);
  }, 90_000);

  it('the same burst while the database is frozen (SIGSTOP): every answer within the bound, 503 with Retry-After or a cached page, never a 500; all recover within 1 s of SIGCONT', async () => {
    // A copy to serve stale: /shop itself, rendered and stored on each process (same request headers as the burst's).
    const warm = await burst(servers.flatMap((s) => [{ kind: 'shop' as Kind, url: `${s.baseURL}/shop` }, { kind: 'shop' as Kind, url: `${s.baseURL}/shop` }]));
    expect(warm.answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
    const requests = [...matchDayRush('frozen'), ...servers.map((s) => ({ kind: 'shop' as Kind, url: `${s.baseURL}/shop` }))];
    const pids = await clusterPids();
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    let result: Awaited<ReturnType<typeof burst>>;
    try {
      result = await burst(requests);
    } finally {
      for (const pid of pids.slice().reverse()) process.kill(pid, 'SIGCONT');
    }
    const thawedAt = performance.now();
    const { answers, totalMs, peakOpen } = result;
    console.log(`[faults] burst of ${answers.length} on a frozen database (peak ${peakOpen} connections open): answered in ${Math.round(totalMs)} ms; ${figures(answers)}; ${outagesLogged()}`);

    expect(answers.filter((x) => x.status !== 200 && x.status !== 503).map((x) => `${x.kind} ${x.status} ${x.body.slice(0, 200)}`)).toEqual([]);
    for (const x of answers) {
      if (x.status === 503) expect(Number(x.retryAfter), x.kind).toBeGreaterThan(0);
      else expect(x.kind === 'shop' && ['HIT', 'STALE'].includes(x.cache ?? ''), `${x.kind} answered ${x.status} from a frozen database`).toBe(true);
    }
    // Bounded: health by its 700 ms check, a request waiting for a connection until the database is
    // found down (or 2.5 s without a connection handed out), one whose query was sent by the 3.5 s
    // query bound. Measured at the client, an answer also includes the time 800 connections take to
    // be accepted and read on two loaded cores (alone: about 1.3 s for health, 3.7 s for the rest;
    // beside another test file's processes: up to 9 and 12 s), hence the generous margins.
    expect(slowest(answers.filter((x) => x.kind === 'health'))).toBeLessThan(15_000);
    expect(slowest(answers)).toBeLessThan(20_000);
    for (const x of answers.filter((x) => x.kind === 'health')) expect(JSON.parse(x.body).status).toBe('unavailable');
    // The stored /shop is served from the cache; the uncached renders get the outage page.
    expect(answers.filter((x) => x.kind === 'shop' && x.status === 200).length).toBeGreaterThan(0);
    const page = answers.find((x) => x.kind === 'shop' && x.status === 503);
    expect(page?.body).toContain("We'll be back in a moment");

    // Both recover by themselves within a second.
    const recoveredIn = await (async () => {
      for (;;) {
        const checks = await Promise.all(servers.map((s) => fetch(`${s.baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.status, () => 0)));
        if (checks.every((s) => s === 200)) return performance.now() - thawedAt;
        if (performance.now() - thawedAt > 5_000) throw new Error(`not healthy 5 s after SIGCONT: ${checks.join(', ')}`);
        await sleep(25);
      }
    })();
    console.log(`[faults] after the frozen burst: both healthy ${Math.round(recoveredIn)} ms after SIGCONT`);
    expect(recoveredIn).toBeLessThan(1_000);
    expectBothAlive();
  }, 120_000);
});
