/**
 * Many clubs with one club's content, fast (the 1,000-club bench, issue 36 point 7): every tenant
 * table's rows of a source club are copied under each new club's id with one INSERT … SELECT per
 * table, in dependency order (a table after the tables its keys point to). Ids repeat across clubs,
 * which the composite keys allow (ADR 065: every key leads with club_id), so every reference inside a
 * copy stays valid by construction. Runs on the owner's connection (row-level security is skipped by
 * the superuser), never through the app.
 */
import type pg from 'pg';
import { ident, qualified, tablesInDependencyOrder } from '../../server/db/backup/format';

/** `c0001`, `c0002`, …: the bench's club slugs (hosts `c0001.{HOSTING_DOMAIN}`). */
export const benchSlug = (n: number) => `c${String(n).padStart(4, '0')}`;

export interface CloneOptions {
  /** The club whose rows are copied. */
  sourceClubId: string;
  /** One new club per slug (named `Club {slug}` in the clubs table). */
  slugs: string[];
  /**
   * Skip triggers and foreign-key checks while copying (`session_replication_role = replica`,
   * superuser only): the copy is valid by construction, and the per-row triggers (content_changed's
   * version bump and NOTIFY) would only repeat for every row. False: every check runs (the test).
   */
  fast?: boolean;
}

export interface Cloned {
  clubs: { id: string; slug: string }[];
  /** Tables copied, in the order they were copied. */
  tables: string[];
  /** Rows inserted over all tables (the clubs rows not counted). */
  rows: number;
  ms: number;
}

type Client = Pick<pg.PoolClient, 'query'>;

/** The tenant tables (a club_id column) in dependency order; tables left out of backups (content_version) last. */
async function tenantTables(client: Client) {
  const order = await tablesInDependencyOrder(client as pg.PoolClient);
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'club_id' AND NOT a.attisdropped
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
  );
  const tenant = new Set(rows.map((r) => r.name));
  return [...order.filter((t) => tenant.has(t)), ...[...tenant].filter((t) => !order.includes(t)).sort()];
}

/** A table's columns an INSERT may name (no generated ones), club_id left out. */
async function copiedColumns(client: Client, table: string) {
  const { rows } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' AND attname <> 'club_id'
      ORDER BY attnum`,
    [qualified(table)],
  );
  return rows.map((r) => r.name);
}

/** Makes the clubs and copies the source club's rows into each, in one transaction. */
export async function cloneClub(client: Client, options: CloneOptions): Promise<Cloned> {
  const started = performance.now();
  await client.query('BEGIN');
  try {
    if (options.fast !== false) await client.query('SET LOCAL session_replication_role = replica');
    const { rows: clubs } = await client.query<{ id: string; slug: string }>(
      `INSERT INTO clubs (slug, name) SELECT s, 'Club ' || s FROM unnest($1::text[]) AS s RETURNING id, slug`,
      [options.slugs],
    );
    const ids = clubs.map((c) => c.id);
    const tables = await tenantTables(client);
    let rows = 0;
    for (const table of tables) {
      const columns = (await copiedColumns(client, table)).map(ident);
      const list = columns.map((c) => `t.${c}`).join(', ');
      const result = await client.query(
        `INSERT INTO ${qualified(table)} (club_id${columns.length ? `, ${columns.join(', ')}` : ''}) OVERRIDING SYSTEM VALUE
         SELECT n.id${columns.length ? `, ${list}` : ''} FROM ${qualified(table)} t CROSS JOIN unnest($1::uuid[]) AS n(id)
          WHERE t.club_id = $2`,
        [ids, options.sourceClubId],
      );
      rows += result.rowCount ?? 0;
    }
    await client.query('COMMIT');
    return { clubs, tables, rows, ms: Math.round(performance.now() - started) };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
