import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { TEMPLATE_DB, databaseOf } from '../../tests/support/pg-global-setup';

/**
 * ADR 065, "every row belongs to a club": read the catalogue of a migrated database and list every
 * tenant table that lacks its club. A table is tenant-owned unless it is one of the install's own:
 * - clubs, club_domains: the clubs themselves (Citus reference tables);
 * - app_secrets: the install's keys (e.g. the one that signs unsubscribe links), one set for all clubs.
 * Drizzle's own migrations table lives in the `drizzle` schema, outside public.
 */
export const INSTALL_TABLES = ['clubs', 'club_domains', 'app_secrets', 'operators', 'operator_sessions'];

const admin = JSON.parse(inject('pgAdmin')) as pg.ClientConfig;
const name = `club_schema_${randomBytes(6).toString('hex')}`;
let client: pg.Client;

beforeAll(async () => {
  const setup = new pg.Client(admin);
  await setup.connect();
  await setup.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await setup.end();
  client = new pg.Client({ ...admin, ...databaseOf(admin, name) });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  const c = new pg.Client(admin);
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
});

interface TableRow {
  table: string;
  oid: number;
  rls: boolean;
  forced: boolean;
  club_attnum: number | null;
  club_type: string | null;
  club_not_null: boolean | null;
}

async function tenantTables(): Promise<TableRow[]> {
  const { rows } = await client.query<TableRow>(
    `
    SELECT c.relname AS "table", c.oid::int AS oid, c.relrowsecurity AS rls, c.relforcerowsecurity AS forced,
           a.attnum::int AS club_attnum, format_type(a.atttypid, a.atttypmod) AS club_type, a.attnotnull AS club_not_null
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'club_id' AND NOT a.attisdropped
     WHERE c.relkind IN ('r', 'p') AND c.relname <> ALL($1::text[])
     ORDER BY c.relname`,
    [INSTALL_TABLES],
  );
  return rows;
}

/** What each tenant table lacks, one line per missing piece ("players: primary key (id) lacks club_id"). */
async function missingPieces(): Promise<string[]> {
  const tables = await tenantTables();
  const tenantOids = new Set(tables.map((t) => t.oid));
  const missing: string[] = [];
  const { rows: constraints } = await client.query<{
    table_oid: number;
    name: string;
    type: string;
    conkey: number[];
    confkey: number[] | null;
    confrelid: number;
    ref_table: string | null;
    cols: string;
    ref_club_attnum: number | null;
  }>(`
    SELECT con.conrelid::int AS table_oid, con.conname AS name, con.contype AS type, con.conkey::int[] AS conkey, con.confkey::int[] AS confkey,
           con.confrelid::int AS confrelid, ref.relname AS ref_table,
           (SELECT string_agg(a.attname, ', ' ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
              JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum) AS cols,
           (SELECT a.attnum::int FROM pg_attribute a WHERE a.attrelid = con.confrelid AND a.attname = 'club_id') AS ref_club_attnum
      FROM pg_constraint con
      LEFT JOIN pg_class ref ON ref.oid = con.confrelid
     WHERE con.contype IN ('p', 'f')`);
  const { rows: uniques } = await client.query<{ table_oid: number; name: string; indkey: number[]; is_primary: boolean }>(`
    SELECT i.indrelid::int AS table_oid, ic.relname AS name, string_to_array(i.indkey::text, ' ')::int[] AS indkey, i.indisprimary AS is_primary
      FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
     WHERE i.indisunique`);
  const { rows: policies } = await client.query<{ tablename: string; qual: string | null; with_check: string | null; cmd: string }>(`
    SELECT tablename, qual, with_check, cmd FROM pg_policies WHERE schemaname = 'public'`);

  for (const t of tables) {
    const where = t.table;
    if (t.club_attnum === null) {
      missing.push(`${where}: no club_id column`);
    } else {
      if (t.club_type !== 'uuid') missing.push(`${where}: club_id is ${t.club_type}, not uuid`);
      if (!t.club_not_null) missing.push(`${where}: club_id may be null`);
    }
    const own = constraints.filter((c) => c.table_oid === t.oid);
    if (!own.some((c) => c.type === 'f' && c.ref_table === 'clubs' && c.conkey.length === 1 && c.conkey[0] === t.club_attnum)) {
      missing.push(`${where}: club_id does not reference clubs`);
    }
    const pk = own.find((c) => c.type === 'p');
    if (!pk) missing.push(`${where}: no primary key`);
    else if (t.club_attnum === null || !pk.conkey.includes(t.club_attnum)) missing.push(`${where}: primary key (${pk.cols}) lacks club_id`);
    for (const u of uniques.filter((i) => i.table_oid === t.oid && !i.is_primary)) {
      if (t.club_attnum === null || !u.indkey.includes(t.club_attnum)) missing.push(`${where}: unique index ${u.name} lacks club_id`);
    }
    for (const fk of own.filter((c) => c.type === 'f' && tenantOids.has(c.confrelid))) {
      // The club column must be on both sides, matched to each other: (club_id, x) REFERENCES t (club_id, id).
      const at = t.club_attnum === null ? -1 : fk.conkey.indexOf(t.club_attnum);
      if (at < 0 || fk.confkey?.[at] !== fk.ref_club_attnum) missing.push(`${where}: foreign key ${fk.name} (${fk.cols}) -> ${fk.ref_table} lacks club_id`);
    }
    if (!t.rls) missing.push(`${where}: row-level security not enabled`);
    if (!t.forced) missing.push(`${where}: row-level security not forced`);
    // As PostgreSQL prints it back, without brackets and spaces: club_id = [nullif(]current_setting('app.club_id', true)[, '')]::uuid.
    const clubPolicy = (text: string | null) =>
      text !== null && /^club_id=(nullif)?current_setting'app\.club_id'::text,true(,''::text)?::uuid$/i.test(text.replace(/[\s()]/g, ''));
    if (!policies.some((p) => p.tablename === t.table && p.cmd === 'ALL' && clubPolicy(p.qual) && clubPolicy(p.with_check))) {
      missing.push(`${where}: no policy on current_setting('app.club_id', true)`);
    }
  }
  return missing;
}

describe('every row belongs to a club (ADR 065): the catalogue of a migrated database', () => {
  it('lists the tenant tables (the public schema less the install tables)', async () => {
    const tables = await tenantTables();
    expect(tables.length).toBeGreaterThan(40);
    expect(tables.map((t) => t.table)).toContain('players');
  });

  it('every tenant table has club_id uuid not null referencing clubs, keys that include it, and row-level security on app.club_id', async () => {
    const missing = await missingPieces();
    if (missing.length) console.log(`[tenancy-schema] ${missing.length} missing:\n  ${missing.join('\n  ')}`);
    expect(missing).toEqual([]);
  });
});
