/** The backup format: its version, the manifest and its check, and the catalogue reads a backup and a restore share. */
import type pg from 'pg';

export const BACKUP_FORMAT = 'club-site-backup';
export const BACKUP_FORMAT_VERSION = 2;
/** Versions this app restores: 1 had an uploads/ folder of files, 2 has them in upload_contents. */
export const READABLE_FORMAT_VERSIONS = [1, 2];
export const SCHEMA = 'public';
export const INSERT_BATCH_ROWS = 500;
/** A batch of restored rows also stops at this much JSON (a row is never split). */
export const INSERT_BATCH_CHARS = 16 * 1024 * 1024;
/** Rows read per FETCH from a table's cursor while backing up. */
export const FETCH_ROWS = 1000;
/** What the archive holds, in this order. */
export const ARCHIVE_LAYOUT = ['manifest.json', 'tables'];

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
  /** A club file: one club's rows without their club ids (restored into a club, ADR 065). */
  one_club?: boolean;
}

export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (table: string) => `${ident(SCHEMA)}.${ident(table)}`;

/**
 * Tables that are not data: content_version is the page cache's change signal, kept by triggers
 * (a restore bumps it by itself).
 */
export const NOT_BACKED_UP = ['content_version'];

/** The schema's tables, each after the tables its foreign keys point to. */
export async function tablesInDependencyOrder(client: pg.PoolClient) {
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

export async function appliedMigrations(client: pg.PoolClient) {
  const exists = await client.query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  if (!exists.rows[0].present) return { count: 0, last_hash: null };
  const { rows } = await client.query<{ count: number; last_hash: string | null }>(
    `SELECT count(*)::int AS count, (SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at DESC, id DESC LIMIT 1) AS last_hash
       FROM drizzle.__drizzle_migrations`,
  );
  return rows[0];
}

/** A backup refused; `newerApp` when a newer version of the app made it (its format or its migrations). */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly newerApp = false,
  ) {
    super(message);
  }
}

export function checkManifest(raw: string | undefined, file: string): BackupManifest {
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
      Number(manifest.format_version) > BACKUP_FORMAT_VERSION,
    );
  }
  return manifest;
}

export const unreadable = (file: string, error: unknown) =>
  new BackupError(`${file} is not a readable .tar.gz backup (${(error as Error).message})`);
