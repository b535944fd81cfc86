/** Restoring a backup: the migrations and tables checked, then every table replaced in one transaction. */
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { BackupError, checkManifest, ident, INSERT_BATCH_CHARS, INSERT_BATCH_ROWS, qualified, SCHEMA, tablesInDependencyOrder, type BackupManifest } from './format';
import { importUploadFiles, membershipAfterRestore, teamsAfterRestore, teamsBeforeRestore } from './older';
import { extractBackup } from './read';

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
export async function restoreBackup(
  pool: pg.Pool,
  options: {
    file: string;
    workDir: string;
    /** Checks the manifest before the database is touched (throw to refuse). */
    checkManifest?: (manifest: BackupManifest) => void;
    /** Runs in the restore's transaction before any table is replaced (throw to refuse: nothing changes). */
    beforeReplace?: (client: pg.PoolClient) => Promise<void>;
    /**
     * Writes every row under this club, which stays (a club file brought into an install's club, ADR 065):
     * its name becomes the file's club's. Without it the backup's clubs replace the database's, except a
     * backup from before clubs (migration 0042), whose rows all go to the database's one club.
     */
    intoClub?: string;
  },
) {
  if (!existsSync(options.file)) throw new BackupError(`No such backup file: ${options.file}`);
  const workDir = path.resolve(options.workDir);
  await fs.mkdir(workDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(workDir, '.restore-')); // 0700
  try {
    await extractBackup(options.file, staging);
    const manifest = checkManifest(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8').catch(() => undefined), options.file);
    options.checkManifest?.(manifest);
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

    const counts = await restoreTables(pool, manifest, path.join(staging, 'tables'), {
      beforeReplace: options.beforeReplace,
      intoClub: options.intoClub,
      beforeCommit: async (client) => {
        if (manifest.format_version === 1) await importUploadFiles(client, stagedUploads, files);
      },
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
      count > applied.length,
    );
  }
  return { older };
}

/**
 * Checks the migrations and tables, then replaces every table's rows in one transaction; `beforeReplace`
 * runs in it first, `beforeCommit` last.
 */
async function restoreTables(
  pool: pg.Pool,
  manifest: BackupManifest,
  tablesDir: string,
  hooks: { beforeReplace?: (client: pg.PoolClient) => Promise<void>; beforeCommit: (client: pg.PoolClient) => Promise<void>; intoClub?: string },
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
    await hooks.beforeReplace?.(client);
    const oneClub = manifest.one_club === true || (older && !('clubs' in manifest.tables));
    // Replacing one club's rows among others' is not built: the tables are emptied whole (ADR 065).
    const club = oneClub || hooks.intoClub ? await theOneClub(client, hooks.intoClub) : undefined;
    if (club) await client.query(`SELECT set_config('app.club_id', $1, true)`, [club]);
    // Into a club (a club file): the install's own tables (clubs, its secrets) stay as they are.
    const clubbed = new Set(
      (await client.query<{ name: string }>(`SELECT c.relname AS name FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND a.attname = 'club_id' AND NOT a.attisdropped`, [SCHEMA])).rows.map((r) => r.name),
    );
    const installStays = (t: string) => (club !== undefined && t === 'clubs') || ((hooks.intoClub !== undefined || manifest.one_club === true) && !clubbed.has(t));
    const replaced = order.filter((t) => !installStays(t));
    await client.query(`TRUNCATE ${replaced.map(qualified).join(', ')} RESTART IDENTITY CASCADE`);
    // A backup from before teams (migration 0005): its rows move in as that migration moved them.
    const beforeTeams = older && !('teams' in manifest.tables);
    // Made once the clubs are back (the first table in dependency order): teams belong to a club (ADR 065).
    let seniorId: string | undefined;
    const counts: Record<string, number> = {};
    for (const table of order) {
      const { rows: columns } = await client.query<{ name: string }>(
        `SELECT a.attname AS name FROM pg_attribute a
          WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY a.attnum`,
        [qualified(table)],
      );
      const rowsFile = path.join(tablesDir, `${table}.jsonl`);
      if (club && table === 'clubs') {
        await renameClub(client, club, rowsFile);
        if (beforeTeams) seniorId = await teamsBeforeRestore(client);
        continue;
      }
      if (installStays(table)) continue;
      const underClub = club !== undefined && columns.some((c) => c.name === 'club_id');
      if (existsSync(rowsFile)) {
        let list: string | undefined;
        for await (const batch of lineBatches(rowsFile, { rows: INSERT_BATCH_ROWS, chars: INSERT_BATCH_CHARS })) {
          // The columns the backup has (all of them, unless a later migration added some). Under a
          // club, the file's club id gives way to the column's default: the club set above.
          list ??= columns
            .filter((c) => Object.hasOwn(JSON.parse(batch[0]) as object, c.name) && !(underClub && c.name === 'club_id'))
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
      if (beforeTeams && table === 'clubs') seniorId = await teamsBeforeRestore(client);
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
    await hooks.beforeCommit(client);
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

/** The database's one club (a club file or a backup from before clubs goes to it); refused when there are several. */
async function theOneClub(client: pg.PoolClient, expected?: string) {
  const { rows } = await client.query<{ id: string }>('SELECT id FROM clubs ORDER BY created_at, id LIMIT 2');
  if (rows.length === 1 && expected !== undefined && rows[0].id !== expected) throw new BackupError('The club to restore into is not this database’s club');
  if (rows.length !== 1) throw new BackupError(`A club file or a backup from before clubs can only be restored into a database with one club (this one has ${rows.length === 0 ? 'none' : 'several'})`);
  return rows[0].id;
}

/** The club keeps its id and address; its name becomes the one in the file (when the file has clubs). */
async function renameClub(client: pg.PoolClient, club: string, rowsFile: string) {
  if (!existsSync(rowsFile)) return;
  const first = (await fs.readFile(rowsFile, 'utf8')).split('\n').find((line) => line.trim());
  const name = first ? (JSON.parse(first) as { name?: unknown }).name : undefined;
  if (typeof name === 'string' && name.trim()) await client.query('UPDATE clubs SET name = $2 WHERE id = $1', [club, name]);
}
