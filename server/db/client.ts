import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { log } from '../log';
import { projectRoot } from '../paths';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { readAppRole } from '../tenancy/app-role';
import { readInstallClub, type Club } from '../tenancy/install-club';
import { createPool, type DatabaseBounds } from './pool';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction or the database itself: services accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** The single club of an install without HOSTING_DOMAIN: every connection's club outside a request's (ADR 065). */
  installClub?: Club;
  embedded?: EmbeddedPostgres;
  close(): Promise<void>;
}

export const EMBEDDED_DATABASE_NAME = 'club';

const migrationsFolder = path.join(projectRoot(), 'drizzle');

export function createDb(pool: pg.Pool): Db {
  return drizzle(pool, { schema });
}

/** Applies committed migrations; an advisory lock keeps several app processes from racing. */
export async function runMigrations(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727274)');
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    client.release();
  }
}

async function ensureDatabaseExists(connection: pg.ClientConfig, name: string) {
  const client = new pg.Client({ ...connection, database: 'postgres' });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

export interface AppPoolOptions {
  max: number;
  bounds?: DatabaseBounds;
  /** Set: hosting is on, and connections get their club from the request (no install club). */
  hostingDomain?: string;
  /** A backup or restore (the whole database): the single club if there is one, never a refusal. */
  maintenance?: boolean;
}

/**
 * The app's pool on a migrated database: reads the install's single club first (refusing a
 * database of several clubs without HOSTING_DOMAIN, server/tenancy/install-club.ts), so that every
 * connection handed out has a club. With HOSTING_DOMAIN (not for maintenance) every connection
 * works as club_app, so row-level security holds it; a role that would skip the policies is
 * refused (server/tenancy/app-role.ts). The app and the API tests make their pool here.
 */
export async function openAppPool(connection: pg.PoolConfig, options: AppPoolOptions): Promise<{ pool: pg.Pool; installClub?: Club; role?: string }> {
  // Bounded as the app's connections are: a start-up that cannot reach the database says so.
  const reader = new pg.Client({ ...connection, connectionTimeoutMillis: options.bounds?.connectionTimeoutMs, query_timeout: options.bounds?.queryTimeoutMs });
  reader.on('error', () => undefined); // its failure shows through connect() or query()
  await reader.connect();
  let installClub: Club | undefined;
  let role: string | undefined;
  try {
    installClub = await readInstallClub(reader, { hostingDomain: options.hostingDomain, maintenance: options.maintenance });
    // A backup or a restore keeps the owner's role: it works on every club's rows.
    role = options.maintenance ? undefined : await readAppRole(reader, { hostingDomain: options.hostingDomain });
  } finally {
    await reader.end().catch(() => undefined);
  }
  const pool = createPool(connection, { max: options.max, bounds: options.bounds, installClubId: installClub?.id, role });
  return { pool, installClub, role };
}

/**
 * Opens DATABASE_URL when given, otherwise starts the embedded server in dataDir. With `bounds` (the
 * app) every wait on the database is bounded (server/db/pool.ts); scripts (backups) go without.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  bounds?: DatabaseBounds;
  hostingDomain?: string;
  maintenance?: boolean;
}): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let connection: pg.PoolConfig;
  if (options.databaseUrl) {
    connection = { connectionString: options.databaseUrl };
  } else {
    embedded = await startEmbeddedPostgres(options.dataDir, { poolSize: options.poolSize });
    await ensureDatabaseExists(embedded.connection, EMBEDDED_DATABASE_NAME);
    connection = { ...embedded.connection, database: EMBEDDED_DATABASE_NAME };
  }
  // Migrations run on a connection of their own, without the app's timeouts (a migration may take long).
  const migrator = new pg.Pool({ ...connection, max: 1 });
  migrator.on('error', () => undefined); // an idle connection lost before end(): nothing to do
  try {
    await runMigrations(migrator);
  } catch (error) {
    await migrator.end().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
  await migrator.end();
  let opened: Awaited<ReturnType<typeof openAppPool>>;
  try {
    opened = await openAppPool(connection, { max: options.poolSize ?? 10, bounds: options.bounds, hostingDomain: options.hostingDomain, maintenance: options.maintenance });
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
  const { pool, installClub } = opened;
  let closing = false;
  pool.on('error', (error) => {
    // pool.end() resolves before its idle connections' sockets have closed, so stopping the embedded
    // server right after may still terminate one ("administrator command"): expected while closing.
    if (!closing) log.warn('Idle database connection lost', { error: error.message });
  });
  return {
    db: createDb(pool),
    pool,
    installClub,
    embedded,
    async close() {
      closing = true;
      await pool.end().catch(() => undefined);
      await embedded?.stop();
    },
  };
}
