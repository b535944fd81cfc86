import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import pg from 'pg';
import { createApp } from './app';
import { loadKeptIdentity } from './services/club-identity';
import { createContentMemo, createPublicCache, HOSTED_CACHE_MAX_ENTRIES, listenForContentChanges } from './cache';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { dedicatedConnectionCheck, HEALTH_CHECK_BOUND_MS } from './db/health';
import { APP_DATABASE_BOUNDS, failWaitingRequests } from './db/pool';
import { startJobs } from './jobs';
import { createHttpServer } from './http';
import { moveUploadFilesIntoDatabase } from './db/upload-files';
import { log, setLogLevel } from './log';
import { developmentPages, productionPages } from './pages';
import { createServices, serviceOptionsFrom } from './services';
import { createClubResolver } from './tenancy/host';

/**
 * SIGINT/SIGTERM are caught from the first moment: a signal during start-up (while the embedded
 * database starts or migrations run) stops everything cleanly once the database is up, instead of
 * killing Node and leaving PostgreSQL orphaned.
 */
let stopRequested: string | undefined;
let stopRunning: ((signal: string) => void) | undefined;
function requestStop(signal: string) {
  if (stopRequested) return;
  stopRequested = signal;
  if (stopRunning) stopRunning(signal);
  else log.info(`${signal} received during start-up: stopping as soon as the database is up`);
}
process.on('SIGINT', () => requestStop('SIGINT'));
process.on('SIGTERM', () => requestStop('SIGTERM'));

/** The process: configuration, database, HTTP server, and a clean shutdown. */
async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  setLogLevel(config.logLevel);
  // The club's name and colours from the last run, for the outage page until the database answers (issue 33).
  loadKeptIdentity(config.dataDir);

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    bounds: APP_DATABASE_BOUNDS,
    // Without it the database must hold exactly one club, every connection's club (jobs included);
    // a database of several refuses to start here, with the reason (server/tenancy/install-club.ts).
    hostingDomain: config.hostingDomain,
  });
  if (stopRequested) {
    await database.close();
    log.info('Stopped cleanly');
    process.exit(0);
  }
  // Files uploaded before the uploads moved into the database: copied in once, before serving.
  await moveUploadFilesIntoDatabase(database.pool, config.dataDir);
  // A connection of its own, outside the pool, whose start-up and queries are bounded: for the
  // outage probe (the pool's connections may be stuck on a frozen server) and for LISTEN.
  const dedicatedClient = () => {
    const client = new pg.Client({ ...database.pool.options, connectionTimeoutMillis: HEALTH_CHECK_BOUND_MS, query_timeout: HEALTH_CHECK_BOUND_MS });
    client.on('error', () => undefined); // its user sees the failure through connect() or query()
    return client;
  };
  // GET /api/health and the outage probe ask on a connection of their own, kept open: never queued
  // behind real work in the pool (a burst of pages), concurrent checks share one query, and a
  // busy machine is not taken for an outage for want of a new connection (server/db/health.ts).
  // Its connect and query are bounded by the check itself (not pg's timers, see withinBound).
  const healthCheck = dedicatedConnectionCheck(() => {
    const client = new pg.Client({ ...database.pool.options, connectionTimeoutMillis: 0, query_timeout: 0 });
    client.on('error', () => undefined);
    return client;
  });
  // The public reads every page makes (settings, teams, public lists) come from memory between
  // content changes, for signed-in pages too; the memo follows the public cache (same invalidation).
  const memo = config.env === 'production' ? createContentMemo() : undefined;
  const services = createServices(database.db, { ...serviceOptionsFrom(config), probeDatabase: healthCheck.run, checkDatabase: healthCheck.run, memo });
  // Requests queued for a connection when the database is found down answer 503 at once, as the
  // requests after them do, instead of each waiting out the connection bound.
  services.health.onDown(() => {
    const failed = failWaitingRequests(database.pool);
    if (failed > 0) log.info(`${failed} requests waiting for a database connection answered 503 at once`);
  });
  // The host's operator (issue 36): made or brought in step with OPERATOR_USERNAME/OPERATOR_PASSWORD.
  await services.operators.ensureOperator();

  // Anonymous public reads come from memory; every content write (any process) clears it. While the
  // database is down, visitors get the last copies (stale-if-error).
  // Each request's club from its host, and the request run in that club's context (ADR 065).
  const clubs = createClubResolver({ db: database.db, hostingDomain: config.hostingDomain, installClub: database.installClub });
  // With hosting, one LRU holds every club's pages: its byte bound (PUBLIC_CACHE_MAX_BYTES) is the
  // bound, not a count of pages sized for one club.
  const cache = createPublicCache({ databaseDown: () => services.health.isDown, memo, maxEntries: config.hostingDomain ? HOSTED_CACHE_MAX_ENTRIES : undefined });
  // Any process's content write clears its club's pages here; a club's change clears the hosts.
  const contentListener = listenForContentChanges(cache, dedicatedClient, { clubs });
  await contentListener.ready;
  // With hosting on, every club's host is served and an unknown host answers 404 (clubOfHost), so
  // PUBLIC_URL's single host is not the only one allowed.
  const servedHost = config.hostingDomain ? undefined : config.servedHost;

  let server: http.Server;
  if (config.env === 'production') {
    const { pages, clientDir, staticFiles } = await productionPages();
    const app = createApp({ services, trustProxy: config.trustProxy, servedHost, clubs, pages, clientDir, staticFiles, cache, fragments: memo?.fragments });
    server = createHttpServer(getRequestListener(app.fetch));
  } else {
    const { pages, vite } = await developmentPages();
    // No cache in development: code changes show at once.
    const app = createApp({ services, trustProxy: config.trustProxy, servedHost, clubs, pages, clientDir: 'public' });
    const listener = getRequestListener(app.fetch);
    server = createHttpServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
  }
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(
    `Club site listening on http://localhost:${port} (${config.env}, Node.js ${process.version}, ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL in ${config.dataDir}`}) in ${Math.round(performance.now() - startedAt)} ms`,
  );

  // Scheduled work (server/jobs/): the outbox worker, availability reminders, clean-ups.
  const jobs = startJobs({ db: database.db, services, config });
  // A club not set up yet: the owner's setup code for /initialize, as the last start-up line (ADR 029).
  // A hosted install has no club of its own here (each club's first admin comes from the operator).
  if (!config.hostingDomain) await services.setup.announceSetupCode().catch((error) => log.warn('Could not read the setup code', { error: String(error) }));

  const shutdown = async (signal: string) => {
    log.info(`${signal} received: finishing requests, then stopping the database`);
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
    });
    // The mail being sent finishes (its wait is bounded), the rest of the batch goes back to the
    // queue; periodic runs under way get a few seconds.
    await jobs.stop();
    await contentListener.stop();
    services.health.stop();
    await healthCheck.close();
    await database.close();
    log.info('Stopped cleanly');
    process.exit(0);
  };
  stopRunning = (signal) => void shutdown(signal);
  if (stopRequested) stopRunning(stopRequested);
}

main().catch((error) => {
  log.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
