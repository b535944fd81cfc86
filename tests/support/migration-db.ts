import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { databaseOf } from './pg-global-setup';

const DRIZZLE = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * An empty database of its own (dropped after the file's tests) for testing one migration on data
 * an older version left: `upTo(name)` applies every migration before the one whose file is named
 * `NNNN_<name>.sql`, `apply(name)` then applies it, as the migrator would, statement by statement.
 */
export async function migrationDatabase() {
  const admin = JSON.parse(inject('pgAdmin')) as pg.ClientConfig;
  const name = `club_migration_${randomBytes(6).toString('hex')}`;
  const setup = new pg.Client(admin);
  await setup.connect();
  await setup.query(`CREATE DATABASE ${name}`);
  await setup.end();
  const client = new pg.Client({ ...admin, ...databaseOf(admin, name) });
  await client.connect();

  afterAll(async () => {
    await client.end();
    const c = new pg.Client(admin);
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  const files = (await fs.readdir(DRIZZLE)).filter((f) => f.endsWith('.sql')).sort();
  const fileOf = (migration: string) => {
    const file = files.find((f) => f.slice(5) === `${migration}.sql`);
    if (!file) throw new Error(`No migration named ${migration} in drizzle/`);
    return file;
  };
  async function run(file: string) {
    const text = await fs.readFile(path.join(DRIZZLE, file), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await client.query(statement);
  }

  return {
    client,
    async upTo(migration: string) {
      for (const file of files.slice(0, files.indexOf(fileOf(migration)))) await run(file);
    },
    apply: (migration: string) => run(fileOf(migration)),
  };
}
