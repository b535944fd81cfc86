import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../../server/db/client';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../server/db/embedded';
import { setLogLevel } from '../../server/log';

export const TEMPLATE_DB = 'club_test_template';

/**
 * One PostgreSQL for the whole API test run: the embedded server (or TEST_DATABASE_URL's), with a
 * migrated template database. Each test file clones the template (CREATE DATABASE … TEMPLATE), which
 * takes milliseconds, so every file starts from a fresh, empty database.
 */
export default async function setup(project: TestProject) {
  setLogLevel('warn');
  let embedded: EmbeddedPostgres | undefined;
  let dir: string | undefined;
  let admin: pg.ClientConfig;
  if (process.env.TEST_DATABASE_URL) {
    admin = { connectionString: process.env.TEST_DATABASE_URL };
  } else {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'club-api-tests-'));
    await fs.chmod(dir, 0o755);
    // Many test files at once, each with its own pool: as many connections as before ADR 024.
    embedded = await startEmbeddedPostgres(dir, { maxConnections: 100 });
    admin = { ...embedded.connection, database: 'postgres' };
  }

  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await client.end();

  const pool = new pg.Pool({ ...admin, ...databaseOf(admin, TEMPLATE_DB) });
  await runMigrations(pool);
  await pool.end();

  project.provide('pgAdmin', JSON.stringify(admin));
  return async () => {
    await embedded?.stop();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  };
}

/** The same server, another database. */
export function databaseOf(admin: pg.ClientConfig, database: string): pg.ClientConfig {
  if (admin.connectionString) {
    const url = new URL(admin.connectionString);
    url.pathname = `/${database}`;
    return { connectionString: url.toString() };
  }
  return { ...admin, database };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdmin: string;
  }
}
