#!/usr/bin/env node
// npm run bench:hosting (and the end of npm run bench): 1,000 clubs on one install (issue 36 point 7,
// ADR 065), each holding the sample club's content, beside one club in the same run. Needs the
// production build (`npm run build`). In one temporary DATA_DIR (its own embedded PostgreSQL):
//  1. One club: the production server started as `npm start` runs it (no HOSTING_DOMAIN), the sample
//     club loaded (/initialize), started again and timed from process start to /api/health ok; cached
//     public pages (/, /fixtures, a news article, /shop, at random) and the admin's signed-in pages
//     (/, /news) loaded; peak memory (node + PostgreSQL RSS, as scripts/bench.mjs measures it).
//  2. 1,000 clubs: the server stopped, the club renamed c0001 and copied into c0002 … c1000
//     (tests/support/clone-clubs.ts: one INSERT … SELECT per tenant table), ANALYZE.
//  3. The server started with HOSTING_DOMAIN (timed the same way); the same pages requested with
//     `Host: {slug}.{HOSTING_DOMAIN}`: on one club's host, across a random mix of clubs, across all
//     of them; signed-in pages across clubs, signed in as each sampled club's admin; peak memory.
// Writes its section into bench/results.json (`hosting`) and bench/results.md; exits 1 when a target
// is missed. BENCH_DURATION, BENCH_CONNECTIONS, BENCH_SIGNED_IN_CONNECTIONS as for scripts/bench.mjs;
// BENCH_HOSTING_CLUBS, BENCH_HOSTING_MIX_CLUBS, BENCH_HOSTING_SIGNED_IN_CLUBS change the counts.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { spawnAsNpmStart } from '../tests/support/npm-start.ts';
import { freePort, round, sleep, startMemorySampler, waitForHealth } from './lib/bench-common.mjs';
import { HOSTING_TARGETS } from './lib/hosting-targets.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const DOMAIN = 'clubs.bench.test';
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SIGNED_IN_CONNECTIONS = Number(process.env.BENCH_SIGNED_IN_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CLUBS = Number(process.env.BENCH_HOSTING_CLUBS ?? HOSTING_TARGETS.clubs);
/** Clubs in the cached pages' random mix (the target's row); the row across every club is beside it. */
const MIX_CLUBS = Math.min(CLUBS, Number(process.env.BENCH_HOSTING_MIX_CLUBS ?? 100));
/** Clubs whose admin signs in for the signed-in pages (each a login: a password hash to check). */
const SIGNED_IN_CLUBS = Math.min(CLUBS, Number(process.env.BENCH_HOSTING_SIGNED_IN_CLUBS ?? 50));
/** The admin's name in the sample club (server/services/setup.ts): a signed-in page shows it. */
const ADMIN_NAME = 'Club Administrator';

const serverFile = path.join(root, 'build', 'server', 'main.js');
if (!existsSync(serverFile)) {
  console.error('No production build found: run `npm run build` first, then `npm run bench:hosting`.');
  process.exit(1);
}
const load = (file) => tsImport(path.join(root, file), import.meta.url);

const cleanups = [];
async function cleanup() {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch(() => undefined);
}
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

/** A request to the server with a Host header of our choosing (fetch refuses to set one). */
function call(port, { method = 'GET', path: urlPath, host, body, cookie, encoding = 'identity' }) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { host, 'accept-encoding': encoding };
  if (payload) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  if (cookie) headers.cookie = cookie;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: HOST, port, method, path: urlPath, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function callOk(port, request) {
  const res = await call(port, request);
  if (res.status >= 300) throw new Error(`${request.method ?? 'GET'} ${request.path} on ${request.host} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.text ? JSON.parse(res.text) : null;
}

/** Runs fn over items, `concurrency` at a time. */
async function each(items, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

/** n distinct numbers of 1..count at random. */
function sample(count, n) {
  const all = Array.from({ length: count }, (_, i) => i + 1);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, n);
}

/** The load: scripts/lib/bench-mix.mjs in a process of its own, each request a random one of targets. */
async function mix(port, targets, connections) {
  const file = path.join(os.tmpdir(), `bench-mix-${randomBytes(6).toString('hex')}.json`);
  await fs.writeFile(file, JSON.stringify({ url: `http://${HOST}:${port}`, connections, duration: DURATION_S, targets, acceptEncoding: ACCEPT_ENCODING }));
  try {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'lib', 'bench-mix.mjs'), file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const guard = setTimeout(() => child.kill('SIGKILL'), (DURATION_S + 60) * 1000);
    const code = await new Promise((resolve) => child.once('exit', resolve));
    clearTimeout(guard);
    if (code !== 0) throw new Error(`the load generator exited with ${code}: ${err.slice(0, 500)}`);
    return JSON.parse(out);
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** One measured row: the load, its latency, the cache's answers and the memory during it. */
async function measure(port, memory, row, targets, connections) {
  memory.takePhase();
  const loadBefore = round(os.loadavg()[0]);
  const r = await mix(port, targets, connections);
  const result = {
    ...row,
    connections,
    clubs: new Set(targets.map((t) => t.host)).size,
    requests_per_second: round(r.requests.average, 1),
    latency_p50_ms: r.latency.p50,
    latency_p99_ms: r.latency.p99,
    latency_max_ms: r.latency.max,
    requests_total: r.requests.total,
    non_2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    x_cache: r.x_cache,
    load_average_1m_before: loadBefore,
    peak_memory_during: memory.takePhase(),
  };
  const cache = Object.entries(result.x_cache)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  console.log(`${row.name}: ${Math.round(result.requests_per_second)} req/s, p50 ${result.latency_p50_ms} ms, p99 ${result.latency_p99_ms} ms (X-Cache: ${cache})`);
  return result;
}

const host = (n) => `${benchSlugOf(n)}.${DOMAIN}`;
let benchSlugOf;

async function main() {
  const { cloneClub, benchSlug } = await load('tests/support/clone-clubs.ts');
  benchSlugOf = benchSlug;
  const port = await freePort(HOST);
  const base = `http://${HOST}:${port}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'club-bench-hosting-'));
  await fs.chmod(dataDir, 0o755); // the embedded PostgreSQL runs as `postgres` when we are root
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const adminPassword = randomBytes(12).toString('hex');

  /** The production server as `npm start` runs it; its start-up time is from spawn to /api/health ok. */
  async function startServer(hostingDomain) {
    const started = performance.now();
    const server = spawnAsNpmStart({
      entry: serverFile,
      cwd: root,
      port,
      host: HOST,
      dataDir,
      adminPassword,
      logLevel: 'warn',
      env: { DATABASE_URL: '', HOSTING_DOMAIN: hostingDomain ?? '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const memory = startMemorySampler(server.pid, dataDir);
    const stop = async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (server.exitCode === null) server.kill('SIGKILL');
    };
    cleanups.push(stop, async () => void (await memory.stop()));
    await waitForHealth(base, server, 300_000, 20);
    return { stop, memory, startupMs: Math.round(performance.now() - started) };
  }

  // The sample club: the pages the load asks for (a news article's id is the same in every copy).
  const PAGES = ['/', '/fixtures', null, '/shop'];
  const SIGNED_IN_PAGES = ['/', '/news'];
  const signIn = async (n) => {
    const login = await callOk(port, { method: 'POST', path: '/api/auth/login', host: host(n), body: { username: 'admin', password: adminPassword } });
    return `club_session=${login.access_token}`;
  };
  const warm = (targets) => each(targets, 4, (t) => call(port, { ...t, encoding: ACCEPT_ENCODING }));
  /** A page signed in is the admin's, made for them (not the public copy). */
  const signedInProbe = async (t) => {
    const res = await call(port, t);
    return { status: res.status, x_cache: res.headers['x-cache'] ?? null, admin_named: res.text.includes(ADMIN_NAME) };
  };

  // ---- 1. one club (no HOSTING_DOMAIN) ----
  let server = await startServer();
  await callOk(port, { method: 'POST', path: '/api/admin/initialize-database', host: host(1), body: {} });
  await server.stop();
  server = await startServer();
  const one = { startup_ms: server.startupMs };
  console.log(`one club: started in ${one.startup_ms} ms`);
  const news = await callOk(port, { path: '/api/news', host: host(1) });
  if (!news.length) throw new Error('no published news after initialization');
  PAGES[2] = `/news/${news[0].id}`;
  const pagesOf = (n) => PAGES.map((p) => ({ host: host(n), path: p }));
  const oneCookie = await signIn(1);
  const oneSignedIn = SIGNED_IN_PAGES.map((p) => ({ host: host(1), path: p, cookie: oneCookie }));
  await warm([...pagesOf(1), ...pagesOf(1), ...oneSignedIn, ...oneSignedIn]);
  one.pages = await measure(port, server.memory, { id: 'one_pages', name: 'One club: cached pages' }, pagesOf(1), CONNECTIONS);
  one.signed_in = await measure(port, server.memory, { id: 'one_signed_in', name: "One club: signed-in pages (the admin's)" }, oneSignedIn, SIGNED_IN_CONNECTIONS);
  one.signed_in.probe = await signedInProbe(oneSignedIn[0]);
  one.news_count = news.length;
  const onePeak = await server.memory.stop();
  await server.stop();

  // ---- 2. 1,000 clubs: the one club copied ----
  const { openDatabase } = await load('server/db/client.ts');
  const copyStarted = performance.now();
  const database = await openDatabase({ dataDir, hostingDomain: DOMAIN, maintenance: true });
  let cloned;
  let databaseMb;
  try {
    const client = await database.pool.connect();
    try {
      const { rows } = await client.query(`UPDATE clubs SET slug = $1, name = 'Club ' || $1 RETURNING id`, [benchSlug(1)]);
      if (rows.length !== 1) throw new Error(`expected one club, found ${rows.length}`);
      const slugs = Array.from({ length: CLUBS - 1 }, (_, i) => benchSlug(i + 2));
      cloned = await cloneClub(client, { sourceClubId: rows[0].id, slugs });
      const analyzeStarted = performance.now();
      await client.query('ANALYZE');
      cloned.analyze_ms = Math.round(performance.now() - analyzeStarted);
      databaseMb = round((await client.query('SELECT pg_database_size(current_database())::float8 AS b')).rows[0].b / 1024 ** 2, 1);
    } finally {
      client.release();
    }
  } finally {
    await database.close();
  }
  const copy = {
    clubs: CLUBS,
    tables: cloned.tables.length,
    rows: cloned.rows,
    copy_ms: cloned.ms,
    analyze_ms: cloned.analyze_ms,
    total_ms: Math.round(performance.now() - copyStarted),
    database_mb: databaseMb,
  };
  console.log(`${CLUBS} clubs made: ${copy.rows} rows in ${copy.tables} tables copied in ${copy.copy_ms} ms, ANALYZE ${copy.analyze_ms} ms (database ${copy.database_mb} MB)`);

  // ---- 3. the same server with HOSTING_DOMAIN, 1,000 clubs ----
  server = await startServer(DOMAIN);
  const many = { startup_ms: server.startupMs };
  console.log(`${CLUBS} clubs: started in ${many.startup_ms} ms`);
  // Hosting is on, and each club sees its own rows only (row-level security in force).
  // (The API, not a page: an unknown host's pages may become the host's landing page, issue 36 point 4.)
  const unknown = await call(port, { path: '/api/news', host: `nowhere.${DOMAIN}` });
  const last = await callOk(port, { path: '/api/news', host: host(CLUBS) });
  many.sealed = { unknown_host_status: unknown.status, news_in_last_club: last.length, news_in_one_club: one.news_count };

  const mixClubs = sample(CLUBS, MIX_CLUBS);
  const mixTargets = mixClubs.flatMap(pagesOf);
  const allTargets = Array.from({ length: CLUBS }, (_, i) => i + 1).flatMap(pagesOf);
  const signedInClubs = sample(CLUBS, SIGNED_IN_CLUBS);
  const loginsStarted = performance.now();
  const cookies = new Map();
  // One at a time, as the one club's admin signed in: each sign-in's scrypt holds 32 MB while it runs,
  // so sign-ins at once would add to the peak what the one club's never had (the first run did: 4 at
  // once, +100 MB).
  await each(signedInClubs, 1, async (n) => cookies.set(n, await signIn(n)));
  many.logins = { clubs: SIGNED_IN_CLUBS, ms: Math.round(performance.now() - loginsStarted) };
  const signedInTargets = signedInClubs.flatMap((n) => SIGNED_IN_PAGES.map((p) => ({ host: host(n), path: p, cookie: cookies.get(n) })));
  const warmStarted = performance.now();
  await warm([...pagesOf(1), ...pagesOf(1), ...mixTargets, ...signedInTargets]);
  many.warm_up_ms = Math.round(performance.now() - warmStarted);

  many.one_host = await measure(port, server.memory, { id: 'hosted_one_host', name: `${CLUBS} clubs hosted: cached pages on one club's host` }, pagesOf(1), CONNECTIONS);
  many.pages = await measure(
    port,
    server.memory,
    { id: 'hosted_pages_mix', name: `${CLUBS} clubs hosted: cached pages across ${MIX_CLUBS} clubs at random` },
    mixTargets,
    CONNECTIONS,
  );
  many.pages_all = await measure(
    port,
    server.memory,
    { id: 'hosted_pages_all', name: `${CLUBS} clubs hosted: pages across all ${CLUBS} clubs at random (no warm-up beyond the mix's)` },
    allTargets,
    CONNECTIONS,
  );
  many.signed_in = await measure(
    port,
    server.memory,
    { id: 'hosted_signed_in', name: `${CLUBS} clubs hosted: signed-in pages across ${SIGNED_IN_CLUBS} clubs (each club's admin)` },
    signedInTargets,
    SIGNED_IN_CONNECTIONS,
  );
  many.signed_in.probe = await signedInProbe(signedInTargets[signedInTargets.length - 1]);
  const manyPeak = await server.memory.stop();
  await server.stop();

  const mb = (kb) => round(kb / 1024, 1);
  const memory = {
    one_club: { peak_rss_mb: mb(onePeak.rssKb), node_mb: mb(onePeak.nodeKb), postgres_mb: mb(onePeak.postgresKb), postgres_processes: onePeak.postgresProcesses, peak_pss_mb: mb(onePeak.pssKb) },
    clubs: { peak_rss_mb: mb(manyPeak.rssKb), node_mb: mb(manyPeak.nodeKb), postgres_mb: mb(manyPeak.postgresKb), postgres_processes: manyPeak.postgresProcesses, peak_pss_mb: mb(manyPeak.pssKb) },
  };
  const report = { one, copy, many, memory };
  report.checks = checks(report);
  await record(report);
  for (const c of report.checks) console.log(`${c.met === null ? 'report' : c.met ? 'met   ' : 'MISSED'} ${c.target} (${c.value})`);
  if (report.checks.some((c) => c.met === false)) process.exitCode = 1;
}

function checks({ one, many, memory }) {
  const T = HOSTING_TARGETS;
  const pageRatio = many.pages.requests_per_second / one.pages.requests_per_second;
  const memoryRatio = memory.clubs.peak_rss_mb / memory.one_club.peak_rss_mb;
  const loaded = [one.pages, one.signed_in, many.one_host, many.pages, many.pages_all, many.signed_in];
  return [
    {
      target: `Cached pages across ${MIX_CLUBS} of ${CLUBS} clubs at random: req/s >= ${T.pageRatio * 100} % of one club's (one-club install, same pages, same run)`,
      value: `${Math.round(pageRatio * 100)} % (${many.pages.requests_per_second} vs ${one.pages.requests_per_second} req/s)`,
      met: pageRatio >= T.pageRatio,
    },
    {
      target: `Signed-in pages across ${SIGNED_IN_CLUBS} clubs (each club's admin): p99 < ${T.signedInP99Ms} ms`,
      value: `${many.signed_in.latency_p99_ms} ms (p50 ${many.signed_in.latency_p50_ms} ms; one club: p99 ${one.signed_in.latency_p99_ms} ms, p50 ${one.signed_in.latency_p50_ms} ms)`,
      met: many.signed_in.latency_p99_ms < T.signedInP99Ms,
    },
    {
      target: `Peak memory with ${CLUBS} clubs (node + PostgreSQL, RSS summed) <= ${T.memoryRatio} x one club's`,
      value: `${round(memoryRatio, 2)} x (${memory.clubs.peak_rss_mb} MB vs ${memory.one_club.peak_rss_mb} MB)`,
      met: memoryRatio <= T.memoryRatio,
    },
    {
      target: `Start-up with ${CLUBS} clubs (process start to /api/health ok): reported`,
      value: `${many.startup_ms} ms (one club: ${one.startup_ms} ms)`,
      met: null,
    },
    {
      target: "Signed-in pages are made for the admin (not the public copy), on one club and across clubs",
      value: `one club: X-Cache ${one.signed_in.probe.x_cache ?? '-'}, named ${one.signed_in.probe.admin_named ? 'yes' : 'no'}; across: X-Cache ${many.signed_in.probe.x_cache ?? '-'}, named ${many.signed_in.probe.admin_named ? 'yes' : 'no'}`,
      met: [one.signed_in.probe, many.signed_in.probe].every((p) => p.status === 200 && p.admin_named && p.x_cache !== 'HIT'),
    },
    {
      target: "Hosting on and each club sealed: an unknown host's GET /api/news answers 404; a club lists its own news only (as many as the one club had)",
      value: `unknown host ${many.sealed.unknown_host_status}; news ${many.sealed.news_in_last_club} (one club: ${many.sealed.news_in_one_club})`,
      met: many.sealed.unknown_host_status === 404 && many.sealed.news_in_last_club === many.sealed.news_in_one_club,
    },
    ...loaded.map((r) => ({ target: `${r.name}: every answer 200`, value: `${r.non_2xx + r.errors + r.timeouts} not`, met: r.non_2xx + r.errors + r.timeouts === 0 })),
  ];
}

/** Puts the section into bench/results.json (`hosting`) and bench/results.md, replacing an earlier one. */
async function record(report) {
  const cpus = os.cpus();
  report.measured_at = new Date().toISOString();
  report.machine = { cpu_model: cpus[0]?.model ?? 'unknown', cores: cpus.length, memory_gb: round(os.totalmem() / 1024 ** 3, 1), node: process.version };
  report.settings = { clubs: CLUBS, mix_clubs: MIX_CLUBS, signed_in_clubs: SIGNED_IN_CLUBS, connections: CONNECTIONS, signed_in_connections: SIGNED_IN_CONNECTIONS, duration_s: DURATION_S, hosting_domain: DOMAIN };
  const jsonFile = path.join(root, 'bench', 'results.json');
  const json = JSON.parse(await fs.readFile(jsonFile, 'utf8').catch(() => '{}'));
  json.hosting = report;
  await fs.writeFile(jsonFile, `${JSON.stringify(json, null, 2)}\n`);
  const mdFile = path.join(root, 'bench', 'results.md');
  const md = await fs.readFile(mdFile, 'utf8').catch(() => '# Benchmark results\n');
  const heading = '## Hosting: many clubs on one install';
  const at = md.indexOf(heading);
  const next = at < 0 ? -1 : md.indexOf('\n## ', at + heading.length);
  const section = markdown(report, heading);
  await fs.writeFile(mdFile, at < 0 ? `${md.trimEnd()}\n\n${section}` : `${md.slice(0, at)}${section}${next < 0 ? '' : md.slice(next + 1)}`);
  console.log('wrote the hosting section of bench/results.json and bench/results.md');
}

function markdown(r, heading) {
  const { one, copy, many, memory } = r;
  const cache = (x) =>
    Object.entries(x)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  const row = (x, vs) =>
    `| ${x.name} | ${x.clubs} | ${x.connections} | ${x.requests_per_second} | ${vs ? `${Math.round((x.requests_per_second / vs.requests_per_second) * 100)} %` : ''} | ${x.latency_p50_ms} | ${x.latency_p99_ms} | ${x.non_2xx} | ${cache(x.x_cache)} | ${x.peak_memory_during.rss_mb} | ${x.load_average_1m_before} |`;
  return [
    heading,
    '',
    `Run ${r.measured_at} by \`npm run bench:hosting\` (also the end of \`npm run bench\`) on ${r.machine.cpu_model}, ${r.machine.cores} cores, ${r.machine.memory_gb} GB (Node ${r.machine.node}); the cores are shared with other work (see the load averages), and the load generator runs on them too.`,
    `One data directory: one club (the sample club, no \`HOSTING_DOMAIN\`) measured first; then ${copy.clubs} clubs (the club copied into c0002 … c${String(copy.clubs).padStart(4, '0')}: ${copy.rows} rows in ${copy.tables} tables in ${copy.copy_ms} ms, ANALYZE ${copy.analyze_ms} ms, ${copy.total_ms} ms with the database's start and stop; database ${copy.database_mb} MB) with \`HOSTING_DOMAIN=${r.settings.hosting_domain}\`, each request's \`Host\` \`{slug}.${r.settings.hosting_domain}\`. Each row ${r.settings.duration_s} s; cached pages: /, /fixtures, a news article, /shop at random, anonymous, after a warm-up; signed-in: / and /news with the admin's session cookie (${many.logins.clubs} sign-ins took ${many.logins.ms} ms).`,
    '',
    '| Row | clubs | connections | req/s | vs one club | p50 ms | p99 ms | non-2xx | X-Cache | peak MB during | load avg before |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    row(one.pages),
    row(one.signed_in),
    row(many.one_host, one.pages),
    row(many.pages, one.pages),
    row(many.pages_all, one.pages),
    row(many.signed_in, one.signed_in),
    '',
    `Start-up (process start to \`/api/health\` ok, the embedded PostgreSQL's start included): one club ${one.startup_ms} ms, ${copy.clubs} clubs ${many.startup_ms} ms.`,
    `Peak memory (node + PostgreSQL, RSS summed over processes, sampled every 200 ms from the process start to the end of the last row, sign-ins one at a time; the rows' own peaks are in the table): one club **${memory.one_club.peak_rss_mb} MB** (node ${memory.one_club.node_mb} + ${memory.one_club.postgres_processes} PostgreSQL processes ${memory.one_club.postgres_mb}; PSS ${memory.one_club.peak_pss_mb}); ${copy.clubs} clubs **${memory.clubs.peak_rss_mb} MB** (node ${memory.clubs.node_mb} + ${memory.clubs.postgres_processes} PostgreSQL processes ${memory.clubs.postgres_mb}; PSS ${memory.clubs.peak_pss_mb}).`,
    '',
    '| Target (issue 36) | Value | Met |',
    '|---|---:|---|',
    ...r.checks.map((c) => `| ${c.target} | ${c.value} | ${c.met === null ? 'reported' : c.met ? 'yes' : '**no**'} |`),
    '',
  ].join('\n');
}

try {
  await main();
} catch (error) {
  console.error(`bench:hosting failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
