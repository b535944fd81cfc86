/** Writing a backup: one snapshot of every table, streamed to JSON lines, packed with its manifest in a .tar.gz. */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import * as tar from 'tar';
import {
  appliedMigrations,
  ARCHIVE_LAYOUT,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  FETCH_ROWS,
  ident,
  qualified,
  SCHEMA,
  tablesInDependencyOrder,
  type BackupManifest,
} from './format';

/** `club-20261122-053800.tar.gz` for a backup taken at that (UTC) time. */
export function backupFileName(now = new Date()) {
  const stamp = now.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-');
  return `club-${stamp}.tar.gz`;
}

/**
 * Writes a backup of the database, uploaded files included, to `file` (a .tar.gz, readable only by
 * its owner): one snapshot, so every upload row comes with its bytes.
 */
export async function createBackup(
  pool: pg.Pool,
  options: {
    file: string;
    leaveEmpty?: readonly string[];
    /**
     * One club's rows only, without their club ids, and of the clubs table only its name (a club file,
     * ADR 065/066): the same club gives the same file on any install, whatever its id there.
     */
    club?: string;
  },
): Promise<BackupManifest> {
  const createdAt = new Date();
  const target = path.resolve(options.file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Beside the destination (where there is room for the backup), readable only by us (mkdtemp: 0700).
  const staging = await fs.mkdtemp(path.join(path.dirname(target), '.club-backup-'));
  const partial = `${target}.partial`;
  try {
    await fs.mkdir(path.join(staging, 'tables'));
    const snapshot = await writeTables(pool, path.join(staging, 'tables'), options.leaveEmpty ?? [], options.club);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: createdAt.toISOString(),
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      uploads: snapshot.uploads,
      postgres_version: snapshot.version,
      ...(options.club ? { one_club: true } : {}),
    };
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });

    await fs.rm(partial, { force: true }); // a leftover would keep its mode: start afresh
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true, mode: 0o600 }, ARCHIVE_LAYOUT);
    await fs.rename(partial, target); // never leave a half-written file under the final name
    return manifest;
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Each table's rows in primary-key order (or, without one, in the order of the whole row's text), so
 * that the same data always gives the same file (the club file's round trip, issue 36).
 */
async function rowOrders(client: pg.PoolClient) {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY k.ord) AS columns
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord)
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE n.nspname = $1 AND i.indisprimary GROUP BY c.relname`,
    [SCHEMA],
  );
  const orders = new Map(rows.map((r) => [r.name, r.columns.map((column) => `t.${ident(column)}`).join(', ')]));
  return (table: string) => orders.get(table) ?? 't::text';
}

/**
 * Writes every table to `<dir>/<table>.jsonl` from one snapshot, a page of rows at a time (a row at
 * a time where a bytea column may hold a whole file). The tables in `leaveEmpty` are written empty.
 */
async function writeTables(pool: pg.Pool, dir: string, leaveEmpty: readonly string[], club: string | undefined) {
  const tables: Record<string, number> = {};
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    // Times written the same whatever the server's time zone: the same rows give the same file on any install.
    await client.query(`SET LOCAL TimeZone = 'UTC'`);
    const orderOf = await rowOrders(client);
    const migrations = await appliedMigrations(client);
    const version = (await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0].v;
    const { rows: binary } = await client.query<{ name: string }>(
      `SELECT DISTINCT c.relname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND a.atttypid = 'bytea'::regtype AND a.attnum > 0 AND NOT a.attisdropped`,
      [SCHEMA],
    );
    const uploads = (
      await client.query<{ files: number; bytes: number }>(
        `SELECT count(*)::int AS files, COALESCE(sum(octet_length(bytes)), 0)::bigint::float8 AS bytes FROM upload_contents${club ? ' WHERE club_id = $1' : ''}`,
        club ? [club] : [],
      )
    ).rows[0];
    const clubbed = await tablesWithClubId(client);
    for (const table of await tablesInDependencyOrder(client)) {
      tables[table] = 0;
      const pageRows = binary.some((b) => b.name === table) ? 1 : FETCH_ROWS;
      const lines = async function* () {
        if (leaveEmpty.includes(table)) return;
        await client.query(declareRows(table, orderOf(table), club ? (clubbed.has(table) ? 'rows' : table === 'clubs' ? 'club' : 'none') : 'all', club));
        for (;;) {
          const { rows } = await client.query<{ r: string }>(`FETCH ${pageRows} FROM backup_rows`);
          if (rows.length === 0) break;
          tables[table] += rows.length;
          yield rows.map((row) => `${row.r}\n`).join('');
        }
        await client.query('CLOSE backup_rows');
      };
      await pipeline(Readable.from(lines()), createWriteStream(path.join(dir, `${table}.jsonl`), { flags: 'wx', mode: 0o600 }));
    }
    await client.query('COMMIT');
    return { migrations, version, tables, uploads };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The tables that belong to a club (ADR 065): those with a club_id column. */
async function tablesWithClubId(client: pg.PoolClient) {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind = 'r' AND a.attname = 'club_id' AND NOT a.attisdropped`,
    [SCHEMA],
  );
  return new Set(rows.map((r) => r.name));
}

/**
 * The cursor over a table's rows: all of them (a backup), one club's without the club id (`rows`),
 * the club's name (`club`), or none (a table of the install's, in a club file).
 */
function declareRows(table: string, order: string, which: 'all' | 'rows' | 'club' | 'none', club = '') {
  // DECLARE takes no parameters: the club's id is written in, once checked to be a uuid.
  if (which !== 'all' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(club)) throw new Error(`Not a club id: ${club}`);
  const from = `FROM ${qualified(table)} t`;
  const select = {
    all: `SELECT row_to_json(t)::text AS r ${from}`,
    rows: `SELECT (to_jsonb(t) - 'club_id')::text AS r ${from} WHERE t.club_id = '${club}'::uuid`,
    club: `SELECT json_build_object('name', t.name)::text AS r ${from} WHERE t.id = '${club}'::uuid`,
    none: `SELECT NULL::text AS r ${from} WHERE false`,
  }[which];
  return `DECLARE backup_rows NO SCROLL CURSOR FOR ${select} ORDER BY ${order}`;
}
