import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import * as tar from 'tar';
import { EMBEDDED_DATABASE_NAME, openDatabase } from './client';
import { findRunningServer } from './embedded';
import { moveUploadFilesIntoDatabase } from './upload-files';

/**
 * Backups made by the app itself (see docs/decisions/008-backups.md): one consistent snapshot of
 * every table of the public schema (a REPEATABLE READ, READ ONLY transaction), one JSON line per
 * row, in a .tar.gz with a manifest. Uploaded files are rows too (upload_contents, a bytea column:
 * docs/decisions/013-uploads-in-the-database.md). Restoring checks the manifest against the
 * database's applied migrations, then replaces every table in one transaction.
 *
 * Nothing is held in memory whole: a backup streams each table (a cursor, FETCH_ROWS at a time, one
 * row at a time for a table with a bytea column: a file of up to 10 MB is one row) into a private
 * staging folder beside the destination, which the tar package then packs; a restore extracts the
 * archive into a private staging folder in DATA_DIR (refusing any entry that is not a plain file or
 * folder inside it) and reads the tables from there line by line, in batches bounded in rows and size.
 *
 * Format 1 (before uploads moved into the database) kept the files in an uploads/ folder of the
 * archive; such a backup still restores: its files are stored into upload_contents.
 */

export const BACKUP_FORMAT = 'club-site-backup';
export const BACKUP_FORMAT_VERSION = 2;
/** Versions this app restores: 1 had an uploads/ folder of files, 2 has them in upload_contents. */
const READABLE_FORMAT_VERSIONS = [1, 2];
const SCHEMA = 'public';
const INSERT_BATCH_ROWS = 500;
/** A batch of restored rows also stops at this much JSON (a row is never split). */
const INSERT_BATCH_CHARS = 16 * 1024 * 1024;
/** Rows read per FETCH from a table's cursor while backing up. */
const FETCH_ROWS = 1000;
/** What the archive holds, in this order. */
const ARCHIVE_LAYOUT = ['manifest.json', 'tables'];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  created_at: string;
  /** The migrations applied to the database the backup was taken from. */
  migrations: { count: number; last_hash: string | null };
  /** Row count of every table, in restore order (a table after the tables it refers to). */
  tables: Record<string, number>;
  /** The uploaded files (format 2: rows of upload_contents; format 1: files under uploads/). */
  uploads: { files: number; bytes: number };
  postgres_version: string;
}

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
 * Writes a backup of the database, uploaded files included, to `file` (a .tar.gz, readable only by
 * its owner): one snapshot, so every upload row comes with its bytes.
 */
export async function createBackup(pool: pg.Pool, options: { file: string }): Promise<BackupManifest> {
  const createdAt = new Date();
  const target = path.resolve(options.file);
  await fs.mkdir(path.dirname(target), { recursive: true });
  // Beside the destination (where there is room for the backup), readable only by us (mkdtemp: 0700).
  const staging = await fs.mkdtemp(path.join(path.dirname(target), '.club-backup-'));
  const partial = `${target}.partial`;
  try {
    await fs.mkdir(path.join(staging, 'tables'));
    const snapshot = await writeTables(pool, path.join(staging, 'tables'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      created_at: createdAt.toISOString(),
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      uploads: snapshot.uploads,
      postgres_version: snapshot.version,
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
 * Writes every table to `<dir>/<table>.jsonl` from one snapshot, a page of rows at a time (a row at
 * a time where a bytea column may hold a whole file).
 */
async function writeTables(pool: pg.Pool, dir: string) {
  const tables: Record<string, number> = {};
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const migrations = await appliedMigrations(client);
    const version = (await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0].v;
    const { rows: binary } = await client.query<{ name: string }>(
      `SELECT DISTINCT c.relname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = $1 AND a.atttypid = 'bytea'::regtype AND a.attnum > 0 AND NOT a.attisdropped`,
      [SCHEMA],
    );
    const uploads = (
      await client.query<{ files: number; bytes: number }>(
        `SELECT count(*)::int AS files, COALESCE(sum(octet_length(bytes)), 0)::bigint::float8 AS bytes FROM upload_contents`,
      )
    ).rows[0];
    for (const table of await tablesInDependencyOrder(client)) {
      tables[table] = 0;
      const pageRows = binary.some((b) => b.name === table) ? 1 : FETCH_ROWS;
      const lines = async function* () {
        await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${qualified(table)} t`);
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

export class BackupError extends Error {}

function checkManifest(raw: string | undefined, file: string): BackupManifest {
  if (raw === undefined) throw new BackupError(`${file} has no manifest.json: it is not a backup made by npm run db:backup`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(raw) as BackupManifest;
  } catch {
    throw new BackupError(`${file} has a manifest.json that is not JSON: it is not a backup made by npm run db:backup`);
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupError(`${file} is not a club site backup (format "${manifest?.format}")`);
  if (!READABLE_FORMAT_VERSIONS.includes(manifest.format_version)) {
    throw new BackupError(
      `${file} has backup format version ${manifest.format_version}; this version of the app reads versions ${READABLE_FORMAT_VERSIONS.join(' and ')}`,
    );
  }
  return manifest;
}

const unreadable = (file: string, error: unknown) =>
  new BackupError(`${file} is not a readable .tar.gz backup (${(error as Error).message})`);

/** Reads and checks a backup file's manifest, without extracting anything. */
export async function readBackup(file: string) {
  if (!existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  let raw: string | undefined;
  try {
    await tar.list({
      file,
      strict: true,
      filter: (name) => name.replace(/^(\.\/)+/, '') === 'manifest.json',
      onReadEntry: (entry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => (raw = Buffer.concat(chunks).toString('utf8')));
      },
    });
  } catch (error) {
    throw unreadable(file, error);
  }
  return { manifest: checkManifest(raw, file) };
}

/** Regular files and folders, by a relative path that stays inside: all a backup ever holds. */
const SAFE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

function unsafeEntry(name: string, type: string) {
  if (!SAFE_TYPES.has(type)) return `a ${type} entry, not a file or folder`;
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  if (name.split(/[\\/]/).includes('..')) return "a path with '..'";
  return null;
}

/**
 * Extracts a backup into `dir`. An archive with anything else than plain files and folders
 * under relative paths (absolute paths, `..`, links, devices) is refused: such entries are never
 * written, and the restore stops before touching the database. So is a damaged one.
 */
async function extractBackup(file: string, dir: string) {
  const refused: string[] = [];
  const warnings: string[] = [];
  try {
    // Not `strict`: a damaged entry is a warning, so extraction still runs to its end (nothing
    // left writing into the staging folder while it is removed), and any warning fails it below.
    await tar.extract({
      file,
      cwd: dir,
      preserveOwner: false, // files belong to whoever restores, even as root
      onwarn: (code, message) => warnings.push(`${code}: ${message}`),
      filter: (name, entry) => {
        const problem = unsafeEntry(name, 'type' in entry ? entry.type : 'Unsupported');
        if (problem) refused.push(`${name} (${problem})`);
        return !problem;
      },
    });
  } catch (error) {
    throw unreadable(file, error);
  }
  if (refused.length > 0) {
    throw new BackupError(
      `${file} is refused: it holds entries no backup made by npm run db:backup has: ${refused.slice(0, 5).join(', ')}${refused.length > 5 ? ', …' : ''}`,
    );
  }
  if (warnings.length > 0) throw unreadable(file, new Error(warnings.slice(0, 3).join('; ')));
}

/**
 * A JSON-lines file's lines (split on \n only: JSON escapes every other line break), in batches of
 * at most `rows` lines and, past the first line, `chars` characters. A long line (a file of up to
 * 10 MB, hex-encoded) is gathered in pieces, never re-split as it grows.
 */
async function* lineBatches(file: string, limits: { rows: number; chars: number }) {
  let batch: string[] = [];
  let batchChars = 0;
  let pieces: string[] = [];
  const take = function* (line: string) {
    if (batch.length > 0 && (batch.length === limits.rows || batchChars + line.length > limits.chars)) {
      yield batch;
      batch = [];
      batchChars = 0;
    }
    batch.push(line);
    batchChars += line.length;
  };
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1024 * 1024 })) {
    let from = 0;
    for (let at = chunk.indexOf('\n'); at >= 0; at = chunk.indexOf('\n', from)) {
      pieces.push(chunk.slice(from, at));
      const line = pieces.join('');
      pieces = [];
      from = at + 1;
      if (line) yield* take(line);
    }
    if (from < chunk.length) pieces.push(chunk.slice(from));
  }
  const last = pieces.join('');
  if (last) yield* take(last);
  if (batch.length > 0) yield batch;
}

/**
 * Replaces the database's content (uploaded files included) with the backup's, in one transaction:
 * on any error nothing changes. The archive is unpacked into a private folder made in `workDir`
 * (DATA_DIR) and removed after. Returns the manifest and the restored row counts.
 */
export async function restoreBackup(pool: pg.Pool, options: { file: string; workDir: string }) {
  if (!existsSync(options.file)) throw new BackupError(`No such backup file: ${options.file}`);
  const workDir = path.resolve(options.workDir);
  await fs.mkdir(workDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(workDir, '.restore-')); // 0700
  try {
    await extractBackup(options.file, staging);
    const manifest = checkManifest(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8').catch(() => undefined), options.file);
    const stagedUploads = path.join(staging, 'uploads');
    const files = await listFiles(stagedUploads);
    if (manifest.format_version === 1) {
      let bytes = 0;
      for (const name of files) bytes += (await fs.stat(path.join(stagedUploads, name))).size;
      if (files.length !== manifest.uploads?.files || bytes !== manifest.uploads?.bytes) {
        throw new BackupError(
          `The backup holds ${files.length} uploaded files (${bytes} bytes); the manifest says ${manifest.uploads?.files} (${manifest.uploads?.bytes} bytes)`,
        );
      }
    } else if (files.length > 0) {
      throw new BackupError(`${options.file} holds an uploads/ folder, which a format ${manifest.format_version} backup never has`);
    }

    const counts = await restoreTables(pool, manifest, path.join(staging, 'tables'), async (client) => {
      if (manifest.format_version === 1) await importUploadFiles(client, stagedUploads, files);
    });
    return { manifest, counts };
  } finally {
    // Retries: after a damaged archive's error, the last file being extracted may still be closing.
    await fs.rm(staging, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

/**
 * The database's applied migrations must be the backup's, or the backup's followed by later ones
 * (a backup from before an upgrade). Then the backup's tables must all exist here (the same set
 * when the migrations are the same); columns a later migration added take their defaults.
 */
async function checkMigrations(client: pg.PoolClient, manifest: BackupManifest) {
  const exists = await client.query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  const applied: string[] = exists.rows[0].present
    ? (await client.query<{ hash: string }>(`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id`)).rows.map((r) => r.hash)
    : [];
  const { count, last_hash: lastHash } = manifest.migrations;
  const same = applied.length === count && (applied.at(-1) ?? null) === lastHash;
  const older = count > 0 && count < applied.length && applied[count - 1] === lastHash;
  if (!same && !older) {
    throw new BackupError(
      `The backup was taken from a database with ${count} migrations applied; this database has ${applied.length} ` +
        `${applied.length === count ? '(but a different last migration)' : count > applied.length ? '(an older version of the app)' : '(but not the backup\'s)'}. ` +
        'Restore it with the version of the app that made it (same drizzle/ folder) or a later one.',
    );
  }
  return { older };
}

/**
 * Checks the migrations and tables, then replaces every table's rows in one transaction; `beforeCommit`
 * runs in it last.
 */
async function restoreTables(
  pool: pg.Pool,
  manifest: BackupManifest,
  tablesDir: string,
  beforeCommit: (client: pg.PoolClient) => Promise<void>,
) {
  const client = await pool.connect();
  try {
    const { older } = await checkMigrations(client, manifest);
    const order = await tablesInDependencyOrder(client);
    const missing = Object.keys(manifest.tables).filter((t) => !order.includes(t));
    const extra = older ? [] : order.filter((t) => !(t in manifest.tables));
    if (missing.length || extra.length) {
      throw new BackupError(`The backup's tables do not match this database's (missing here: ${missing.join(', ') || 'none'}; not in the backup: ${extra.join(', ') || 'none'})`);
    }

    await client.query('BEGIN');
    await client.query(`TRUNCATE ${order.map(qualified).join(', ')} RESTART IDENTITY CASCADE`);
    // A backup from before teams (migration 0005): its rows move in as that migration moved them.
    const beforeTeams = older && !('teams' in manifest.tables);
    const seniorId = beforeTeams ? await teamsBeforeRestore(client) : undefined;
    const counts: Record<string, number> = {};
    for (const table of order) {
      const { rows: columns } = await client.query<{ name: string }>(
        `SELECT a.attname AS name FROM pg_attribute a
          WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum`,
        [qualified(table)],
      );
      const rowsFile = path.join(tablesDir, `${table}.jsonl`);
      if (existsSync(rowsFile)) {
        let list: string | undefined;
        for await (const batch of lineBatches(rowsFile, { rows: INSERT_BATCH_ROWS, chars: INSERT_BATCH_CHARS })) {
          // The columns the backup has (all of them, unless a later migration added some).
          list ??= columns
            .filter((c) => Object.hasOwn(JSON.parse(batch[0]) as object, c.name))
            .map((c) => ident(c.name))
            .join(', ');
          if (seniorId && table === 'fixtures') {
            // Fixtures from before teams have no team_id: they are the Senior team's.
            await client.query(
              `INSERT INTO fixtures (${list}, team_id) SELECT ${list}, $2::uuid FROM json_populate_recordset(NULL::${qualified(table)}, $1::json)`,
              [`[${batch.join(',')}]`, seniorId],
            );
            continue;
          }
          await client.query(
            `INSERT INTO ${qualified(table)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${qualified(table)}, $1::json)`,
            [`[${batch.join(',')}]`],
          );
        }
      }
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${qualified(table)}`);
      counts[table] = rows[0].n;
      const expected = manifest.tables[table] ?? (beforeTeams && table === 'teams' ? counts[table] : 0); // a table the backup predates starts empty
      if (counts[table] !== expected) {
        throw new BackupError(`Restoring ${table} gave ${counts[table]} rows; the manifest says ${expected}`);
      }
    }
    if (beforeTeams) await teamsAfterRestore(client);
    // A backup from before membership (migration 0012): its people move in as that migration moved them.
    const beforeMembership = older && !('team_staff' in manifest.tables);
    if (beforeMembership) await membershipAfterRestore(client);
    if (beforeTeams || beforeMembership) {
      for (const table of ['player_teams', 'training_slots', 'team_staff', 'club_roles']) {
        counts[table] = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${qualified(table)}`)).rows[0].n;
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
    await beforeCommit(client);
    counts.upload_contents = (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM upload_contents`)).rows[0].n;
    await client.query('COMMIT');
    return counts;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Restoring a backup taken before teams existed: Senior and Vets first (the fixtures, which have no
 * team_id in the backup, load as Senior's), as drizzle/0005_teams_and_training.sql does. Senior's id.
 */
async function teamsBeforeRestore(client: pg.PoolClient): Promise<string> {
  const { rows } = await client.query<{ id: string; slug: string }>(
    `INSERT INTO teams (name, slug, sort_order) VALUES ('Senior', 'senior', 1), ('Vets', 'vets', 2) RETURNING id, slug`,
  );
  return rows.find((r) => r.slug === 'senior')!.id;
}

/** …then players join Vets or Senior by team_type, and both teams get the Tuesday and Thursday training slots (docs/architecture.md, decision 14). */
async function teamsAfterRestore(client: pg.PoolClient) {
  await client.query(
    `INSERT INTO player_teams (player_id, team_id)
       SELECT p.id, t.id FROM players p JOIN teams t ON t.slug = CASE WHEN p.team_type = 'Vets' THEN 'vets' ELSE 'senior' END`,
  );
  await client.query(
    `INSERT INTO training_slots (team_id, weekday, start_time, end_time, place)
       SELECT t.id, d.weekday, '19:00', '21:00', 'Main training ground' FROM teams t CROSS JOIN (VALUES (2), (4)) AS d(weekday)`,
  );
}

/**
 * …and a backup from before membership (drizzle/0012_membership_and_roles.sql) gets what that
 * migration gave the rows it found: team spells dated from when the player was added, the staff as
 * team staff (not players), the admin's club role, and its accounts activated and mailable.
 */
async function membershipAfterRestore(client: pg.PoolClient) {
  await client.query(
    `UPDATE player_teams pt SET joined_on = (p.created_at at time zone 'Europe/London')::date FROM players p WHERE p.id = pt.player_id`,
  );
  await client.query(
    `INSERT INTO team_staff (player_id, team_id, role)
       SELECT pt.player_id, pt.team_id, 'coach' FROM player_teams pt JOIN players p ON p.id = pt.player_id WHERE p.team_type = 'Staff'
       ON CONFLICT DO NOTHING`,
  );
  await client.query(`DELETE FROM player_teams pt USING players p WHERE p.id = pt.player_id AND p.team_type = 'Staff'`);
  await client.query(`INSERT INTO club_roles (user_id, role) SELECT id, 'admin' FROM users WHERE role = 'admin' ON CONFLICT DO NOTHING`);
  await client.query(`UPDATE users SET activated_at = created_at WHERE activated_at IS NULL`);
  await client.query(`UPDATE users SET email_confirmed_at = created_at WHERE email_confirmed_at IS NULL AND email NOT ILIKE '%.invalid'`);
}

/**
 * A format 1 backup's files (uploads/<stored name>) into upload_contents, one at a time, for the
 * upload rows just restored; a file no row names (an upload removed before the backup) is left out.
 */
async function importUploadFiles(client: pg.PoolClient, dir: string, files: string[]) {
  for (const name of files) {
    if (name.includes('/')) continue; // the app never made sub-folders
    await client.query(
      `INSERT INTO upload_contents (upload_id, bytes) SELECT id, $2 FROM uploads WHERE stored_name = $1 ON CONFLICT (upload_id) DO NOTHING`,
      [name, await fs.readFile(path.join(dir, name))],
    );
  }
}

/**
 * Connects to the app's database for a backup or restore, the way the app does: DATABASE_URL, or
 * the embedded server in DATA_DIR. When the app is running on DATA_DIR, a backup goes through its
 * socket (a snapshot does not disturb it) and a restore is refused (the running app would keep
 * serving what it has cached). Otherwise the embedded server is started for the job and stopped after.
 * Before a backup, files still under DATA_DIR/uploads from before the uploads moved into the
 * database are moved in (as the app's start does), so the backup has them.
 */
export async function openForMaintenance(
  config: { databaseUrl?: string; dataDir: string },
  purpose: 'backup' | 'restore',
): Promise<{ pool: pg.Pool; dataDir: string; via: string; close(): Promise<void> }> {
  const connection = await connectForMaintenance(config, purpose);
  if (purpose === 'backup') {
    try {
      await moveUploadFilesIntoDatabase(connection.pool, config.dataDir);
    } catch (error) {
      await connection.close();
      throw error;
    }
  }
  return { ...connection, dataDir: config.dataDir };
}

async function connectForMaintenance(
  config: { databaseUrl?: string; dataDir: string },
  purpose: 'backup' | 'restore',
): Promise<{ pool: pg.Pool; via: string; close(): Promise<void> }> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
    return { pool, via: 'DATABASE_URL', close: () => pool.end() };
  }
  const running = await findRunningServer(config.dataDir);
  if (running?.appPid) {
    if (purpose === 'restore') {
      throw new BackupError(
        `The app is running on ${config.dataDir} (process ${running.appPid}). Stop it first, then run npm run db:restore again.`,
      );
    }
    const pool = new pg.Pool({ host: running.socketDir, port: running.port, user: running.user, database: EMBEDDED_DATABASE_NAME, max: 2 });
    return { pool, via: `the running app's database (socket in ${running.socketDir})`, close: () => pool.end() };
  }
  if (purpose === 'backup' && !existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${config.dataDir} to back up (set DATA_DIR to the app's data directory).`);
  }
  // Starts the embedded server (recovering one left running by a crash) and applies migrations,
  // as the app's start does; a restore into a new DATA_DIR creates the database first.
  const database = await openDatabase({ dataDir: config.dataDir, poolSize: 2 });
  return { pool: database.pool, via: `the embedded database in ${config.dataDir}`, close: () => database.close() };
}
