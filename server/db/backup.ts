import { createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import pg from 'pg';
import { EMBEDDED_DATABASE_NAME, openDatabase } from './client';
import { findRunningServer } from './embedded';

/**
 * Backups made by the app itself (see docs/decisions/008-backups.md): one consistent snapshot of
 * every table of the public schema (a REPEATABLE READ, READ ONLY transaction), one JSON line per
 * row, plus the uploaded files, in a .tar.gz with a manifest. Restoring checks the manifest
 * against the database's applied migrations, then replaces every table in one transaction.
 */

export const BACKUP_FORMAT = 'club-site-backup';
export const BACKUP_FORMAT_VERSION = 1;
const SCHEMA = 'public';
const INSERT_BATCH_ROWS = 500;
const gunzipAsync = promisify(gunzip);

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  /** The migrations applied to the database the backup was taken from. */
  migrations: { count: number; last_hash: string | null };
  /** Row count of every table, in restore order (a table after the tables it refers to). */
  tables: Record<string, number>;
  uploads: { files: number; bytes: number };
  postgres_version: string;
}

// ---------------------------------------------------------------------------------------------
// A minimal POSIX tar (ustar) writer and reader: regular files only, which is all a backup holds.

function tarHeader(name: string, size: number, mtime: Date) {
  const header = Buffer.alloc(512, 0);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`Path too long for the archive: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  const put = (value: string, offset: number, length: number) => header.write(value, offset, length, 'utf8');
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, '0') + '\0';
  put(base, 0, 100);
  put(octal(0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12);
  put('        ', 148, 8); // checksum placeholder: spaces while summing
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  put(prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  put(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return header;
}

function* tarEntries(files: Iterable<{ name: string; data: Buffer }>, mtime: Date) {
  for (const file of files) {
    yield tarHeader(file.name, file.data.length, mtime);
    yield file.data;
    const padding = (512 - (file.data.length % 512)) % 512;
    if (padding) yield Buffer.alloc(padding, 0);
  }
  yield Buffer.alloc(1024, 0); // two empty blocks end the archive
}

async function readTarGz(file: string) {
  const archive = await gunzipAsync(await fs.readFile(file));
  const entries = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const text = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const prefix = text(345, 155);
    const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
    const type = text(156, 1) || '0';
    offset += 512;
    if (type === '0') entries.set(name, archive.subarray(offset, offset + size));
    offset += Math.ceil(size / 512) * 512;
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (table: string) => `${ident(SCHEMA)}.${ident(table)}`;

/**
 * Tables that are not data: content_version is the page cache's change signal, kept by triggers
 * (a restore bumps it by itself).
 */
export const NOT_BACKED_UP = ['content_version'];

/** The schema's tables, each after the tables its foreign keys point to. */
async function tablesInDependencyOrder(client: pg.PoolClient) {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition AND c.relname <> ALL($2::text[])
      ORDER BY c.relname`,
    [SCHEMA, NOT_BACKED_UP],
  );
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent
       FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND n.nspname = $1 AND c.oid <> p.oid`,
    [SCHEMA],
  );
  const ordered: string[] = [];
  const remaining = new Set(tables.map((t) => t.name));
  while (remaining.size > 0) {
    const ready = [...remaining].filter((t) => !edges.some((e) => e.child === t && remaining.has(e.parent)));
    if (ready.length === 0) throw new Error(`Foreign keys form a cycle between: ${[...remaining].join(', ')}`);
    for (const t of ready) {
      ordered.push(t);
      remaining.delete(t);
    }
  }
  return ordered;
}

async function appliedMigrations(client: pg.PoolClient) {
  const exists = await client.query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!exists.rows[0].present) return { count: 0, last_hash: null };
  const { rows } = await client.query<{ count: number; last_hash: string | null }>(
    `SELECT count(*)::int AS count, (SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at DESC, id DESC LIMIT 1) AS last_hash
       FROM drizzle.__drizzle_migrations`,
  );
  return rows[0];
}

async function listFiles(root: string, dir = root): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await listFiles(root, full)));
    else if (entry.isFile()) found.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return found.sort();
}

/** `club-20261122-053800.tar.gz` for a backup taken at that (UTC) time. */
export function backupFileName(now = new Date()) {
  const stamp = now.toISOString().replace(/\.\d+Z$/, '').replace(/[-:]/g, '').replace('T', '-');
  return `club-${stamp}.tar.gz`;
}

/**
 * Writes a backup of the database and of the files under uploadsDir to `file` (a .tar.gz).
 * The database part is one snapshot; files are read after it, so a file uploaded during the
 * backup may be included without its row (harmless: unused files are swept hourly).
 */
export async function createBackup(pool: pg.Pool, options: { file: string; uploadsDir: string }): Promise<BackupManifest> {
  const createdAt = new Date();
  const entries: { name: string; data: Buffer }[] = [];
  const tables: Record<string, number> = {};
  const client = await pool.connect();
  let migrations: BackupManifest['migrations'];
  let version: string;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    migrations = await appliedMigrations(client);
    version = (await client.query<{ v: string }>('SHOW server_version')).rows[0].v;
    for (const table of await tablesInDependencyOrder(client)) {
      const { rows } = await client.query<{ r: string }>(`SELECT row_to_json(t)::text AS r FROM ${qualified(table)} t`);
      tables[table] = rows.length;
      entries.push({ name: `tables/${table}.jsonl`, data: Buffer.from(rows.map((row) => `${row.r}\n`).join(''), 'utf8') });
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }

  let bytes = 0;
  const files = await listFiles(options.uploadsDir);
  for (const name of files) {
    const data = await fs.readFile(path.join(options.uploadsDir, name));
    bytes += data.length;
    entries.push({ name: `uploads/${name}`, data });
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    created_at: createdAt.toISOString(),
    migrations,
    tables,
    uploads: { files: files.length, bytes },
    postgres_version: version,
  };
  entries.unshift({ name: 'manifest.json', data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8') });

  await fs.mkdir(path.dirname(path.resolve(options.file)), { recursive: true });
  const partial = `${options.file}.partial`;
  await pipeline(Readable.from(tarEntries(entries, createdAt)), createGzip({ level: 6 }), createWriteStream(partial, { mode: 0o600 }));
  await fs.rename(partial, options.file); // never leave a half-written file under the final name
  return manifest;
}

export class BackupError extends Error {}

/** Reads and checks a backup file's manifest (and returns its entries). */
export async function readBackup(file: string) {
  if (!existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  let entries: Map<string, Buffer>;
  try {
    entries = await readTarGz(file);
  } catch (error) {
    throw new BackupError(`${file} is not a readable .tar.gz backup (${(error as Error).message})`);
  }
  const raw = entries.get('manifest.json');
  if (!raw) throw new BackupError(`${file} has no manifest.json: it is not a backup made by npm run db:backup`);
  const manifest = JSON.parse(raw.toString('utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a club site backup (format "${manifest.format}")`);
  if (manifest.format_version !== BACKUP_FORMAT_VERSION) {
    throw new BackupError(`${file} has backup format version ${manifest.format_version}; this version of the app reads version ${BACKUP_FORMAT_VERSION}`);
  }
  return { manifest, entries };
}

/**
 * Replaces the database's content and the files under uploadsDir with the backup's. The database
 * part is one transaction: on any error nothing changes. Returns the restored row counts.
 */
export async function restoreBackup(pool: pg.Pool, options: { file: string; uploadsDir: string }) {
  const { manifest, entries } = await readBackup(options.file);
  const client = await pool.connect();
  try {
    const migrations = await appliedMigrations(client);
    if (migrations.count !== manifest.migrations.count || migrations.last_hash !== manifest.migrations.last_hash) {
      throw new BackupError(
        `The backup was taken from a database with ${manifest.migrations.count} migrations applied; this database has ${migrations.count} ` +
          `${migrations.count === manifest.migrations.count ? '(but a different last migration)' : ''}. ` +
          'Restore it with the version of the app that made it (same drizzle/ folder).',
      );
    }
    const order = await tablesInDependencyOrder(client);
    const missing = Object.keys(manifest.tables).filter((t) => !order.includes(t));
    const extra = order.filter((t) => !(t in manifest.tables));
    if (missing.length || extra.length) {
      throw new BackupError(`The backup's tables do not match this database's (missing here: ${missing.join(', ') || 'none'}; not in the backup: ${extra.join(', ') || 'none'})`);
    }

    await client.query('BEGIN');
    await client.query(`TRUNCATE ${order.map(qualified).join(', ')} RESTART IDENTITY CASCADE`);
    const counts: Record<string, number> = {};
    for (const table of order) {
      const { rows: columns } = await client.query<{ name: string }>(
        `SELECT a.attname AS name FROM pg_attribute a
          WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum`,
        [qualified(table)],
      );
      const list = columns.map((c) => ident(c.name)).join(', ');
      const lines = (entries.get(`tables/${table}.jsonl`) ?? Buffer.alloc(0)).toString('utf8').split('\n').filter(Boolean);
      for (let i = 0; i < lines.length; i += INSERT_BATCH_ROWS) {
        const batch = `[${lines.slice(i, i + INSERT_BATCH_ROWS).join(',')}]`;
        await client.query(
          `INSERT INTO ${qualified(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${qualified(table)}, $1::json)`,
          [batch],
        );
      }
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${qualified(table)}`);
      counts[table] = rows[0].n;
      if (counts[table] !== manifest.tables[table]) {
        throw new BackupError(`Restoring ${table} gave ${counts[table]} rows; the manifest says ${manifest.tables[table]}`);
      }
    }
    // Sequences (serial and identity columns) continue after the restored values.
    await client.query(`
      DO $$ DECLARE s record; BEGIN
        FOR s IN SELECT seq.oid::regclass AS seq, tbl.oid::regclass AS tbl, a.attname AS col
                   FROM pg_depend d
                   JOIN pg_class seq ON seq.oid = d.objid AND seq.relkind = 'S'
                   JOIN pg_class tbl ON tbl.oid = d.refobjid
                   JOIN pg_namespace n ON n.oid = tbl.relnamespace AND n.nspname = '${SCHEMA}'
                   JOIN pg_attribute a ON a.attrelid = tbl.oid AND a.attnum = d.refobjsubid
        LOOP
          EXECUTE format('SELECT setval(%s, COALESCE((SELECT max(%I) FROM %s), 0) + 1, false)', quote_literal(s.seq::text), s.col, s.tbl);
        END LOOP;
      END $$`);
    await client.query('COMMIT');

    await replaceUploads(options.uploadsDir, entries);
    return { manifest, counts };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Puts the backup's files in place of the uploads folder's (written beside it, then swapped). */
async function replaceUploads(uploadsDir: string, entries: Map<string, Buffer>) {
  const staging = `${uploadsDir}.restoring`;
  const previous = `${uploadsDir}.previous`;
  await fs.rm(staging, { recursive: true, force: true });
  await fs.mkdir(staging, { recursive: true });
  for (const [name, data] of entries) {
    if (!name.startsWith('uploads/')) continue;
    const relative = name.slice('uploads/'.length);
    const target = path.resolve(staging, relative);
    if (!target.startsWith(`${path.resolve(staging)}${path.sep}`)) throw new BackupError(`Unsafe file name in the backup: ${name}`);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, data);
  }
  await fs.rm(previous, { recursive: true, force: true });
  if (existsSync(uploadsDir)) await fs.rename(uploadsDir, previous);
  await fs.rename(staging, uploadsDir);
  await fs.rm(previous, { recursive: true, force: true });
}

/**
 * Connects to the app's database for a backup or restore, the way the app does: DATABASE_URL, or
 * the embedded server in DATA_DIR. When the app is running on DATA_DIR, a backup goes through its
 * socket (a snapshot does not disturb it) and a restore is refused (the running app would keep
 * serving what it has cached). Otherwise the embedded server is started for the job and stopped after.
 */
export async function openForMaintenance(
  config: { databaseUrl?: string; dataDir: string },
  purpose: 'backup' | 'restore',
): Promise<{ pool: pg.Pool; uploadsDir: string; via: string; close(): Promise<void> }> {
  const uploadsDir = path.join(config.dataDir, 'uploads');
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
    return { pool, uploadsDir, via: 'DATABASE_URL', close: () => pool.end() };
  }
  const running = await findRunningServer(config.dataDir);
  if (running?.appPid) {
    if (purpose === 'restore') {
      throw new BackupError(
        `The app is running on ${config.dataDir} (process ${running.appPid}). Stop it first, then run npm run db:restore again.`,
      );
    }
    const pool = new pg.Pool({ host: running.socketDir, port: running.port, user: running.user, database: EMBEDDED_DATABASE_NAME, max: 2 });
    return { pool, uploadsDir, via: `the running app's database (socket in ${running.socketDir})`, close: () => pool.end() };
  }
  if (purpose === 'backup' && !existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${config.dataDir} to back up (set DATA_DIR to the app's data directory).`);
  }
  // Starts the embedded server (recovering one left running by a crash) and applies migrations,
  // as the app's start does; a restore into a new DATA_DIR creates the database first.
  const database = await openDatabase({ dataDir: config.dataDir, poolSize: 2 });
  return { pool: database.pool, uploadsDir, via: `the embedded database in ${config.dataDir}`, close: () => database.close() };
}
