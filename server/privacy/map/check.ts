/**
 * The data map's checks against the database (issue 34): pure functions over the tables and
 * columns PostgreSQL reports, so map.test.ts can run them on the migrated database and on a
 * throwaway table, and each failure says what to do.
 */
import { getTableName } from 'drizzle-orm';
import type { MappedTable } from '../types';
import { aboutColumn, sqlName } from './index';

export interface DbColumn {
  name: string;
  /** PostgreSQL's name of its type: "uuid", "_uuid" (uuid[]), "text" … */
  type: string;
  /** The table a foreign key on this column (alone, or with club_id before it) points at, if any. */
  references: string | null;
}

export interface DbTable {
  name: string;
  columns: DbColumn[];
}

const WHERE = 'the data map (server/privacy/map)';

/** The tenant column (ADR 065): the club's id, on every tenant table, classified `other` without listing it. */
export const CLUB_COLUMN = 'club_id';

/** Reads every table of the public schema with its columns and each column's foreign key (alone, or after club_id). */
export async function readDbTables(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<DbTable[]> {
  const rows = await query(`
    select c.relname as table_name, a.attname as column_name, t.typname as type_name,
           (select min(fr.relname) from pg_constraint k join pg_class fr on fr.oid = k.confrelid
             where k.conrelid = c.oid and k.contype = 'f'
               and (k.conkey = array[a.attnum]
                    -- a key between tenant tables is (club_id, column) (ADR 065): it is the column's
                    or (k.conkey[2] = a.attnum and cardinality(k.conkey) = 2
                        and k.conkey[1] = (select ca.attnum from pg_attribute ca where ca.attrelid = c.oid and ca.attname = 'club_id')))) as references_table
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_type t on t.oid = a.atttypid
     where n.nspname = 'public' and c.relkind in ('r', 'p')
     order by c.relname, a.attnum`);
  const tables = new Map<string, DbTable>();
  for (const row of rows) {
    const name = String(row.table_name);
    const table = tables.get(name) ?? { name, columns: [] };
    table.columns.push({ name: String(row.column_name), type: String(row.type_name), references: (row.references_table as string | null) ?? null });
    tables.set(name, table);
  }
  return [...tables.values()];
}

/** Whether a column names a person: a key to users or players, or named like one. */
export function namesAPerson(column: DbColumn): boolean {
  if (column.references === 'users' || column.references === 'players') return true;
  if (/^(.+_)?(player|user)_id$/.test(column.name)) return true;
  return column.type === '_uuid' && /player_ids$/.test(column.name);
}

function personColumnWords(column: DbColumn): string {
  return column.references ? `a ${column.name} column (a reference to ${column.references})` : `a ${column.name} column`;
}

/** Tables with a column naming a person that the map does not cover: no entry, or the column not in its `about`. */
export function unmappedReferences(dbTables: readonly DbTable[], map: readonly MappedTable[]): string[] {
  const entries = new Map(map.map((e) => [sqlName(e.table), e]));
  const problems: string[] = [];
  for (const table of dbTables) {
    const people = table.columns.filter(namesAPerson);
    if (people.length === 0) continue;
    const entry = entries.get(table.name);
    if (!entry) {
      problems.push(
        `Table ${table.name} has ${personColumnWords(people[0]!)} but no entry in ${WHERE}: say whose data it is, its export section and what erasure does.`,
      );
      continue;
    }
    const covered = new Set(entry.about.map((a) => aboutColumn(a).name));
    for (const column of people.filter((c) => !covered.has(c.name))) {
      problems.push(
        `Table ${table.name} has ${personColumnWords(column)} that its entry in ${WHERE} does not list in \`about\`: add it (with \`by: true\` if it only says who did something to someone else's row).`,
      );
    }
  }
  return problems;
}

/** Tables of the database without an entry, and entries naming no table of the database. */
export function unmappedTables(dbTables: readonly DbTable[], map: readonly MappedTable[]): string[] {
  const inDb = new Set(dbTables.map((t) => t.name));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of map) {
    const name = sqlName(entry.table);
    if (seen.has(name)) problems.push(`Table ${name} has more than one entry in ${WHERE}: keep one.`);
    seen.add(name);
    if (!inDb.has(name)) problems.push(`${WHERE} has an entry for table ${name}, which the database does not have: remove it.`);
  }
  for (const name of inDb) {
    if (!seen.has(name)) {
      problems.push(
        `Table ${name} has no entry in ${WHERE}: add one, with \`about: []\` and \`section: null\` if its rows name nobody, else whose data it is, its export section and what erasure does.`,
      );
    }
  }
  return problems;
}

/** Columns not classified (in neither or both of `personal` and `other`), and classified columns the table does not have. */
export function unclassifiedColumns(dbTables: readonly DbTable[], map: readonly MappedTable[]): string[] {
  const problems: string[] = [];
  for (const entry of map) {
    const name = sqlName(entry.table);
    const table = dbTables.find((t) => t.name === name);
    if (!table) continue;
    const actual = new Set(table.columns.map((c) => c.name));
    const personal = new Set(entry.personal);
    // The club a row belongs to (ADR 065) is on every tenant table and describes no person: `other` everywhere.
    const other = new Set([...entry.other, ...(actual.has(CLUB_COLUMN) ? [CLUB_COLUMN] : [])]);
    for (const column of actual) {
      if (!personal.has(column) && !other.has(column)) {
        problems.push(`Column ${name}.${column} is not classified in ${WHERE}: list it in \`personal\` if it identifies or describes a person, else in \`other\`.`);
      } else if (personal.has(column) && other.has(column)) {
        problems.push(`Column ${name}.${column} is in both \`personal\` and \`other\` in ${WHERE}: keep one.`);
      }
    }
    for (const column of [...personal, ...other]) {
      if (!actual.has(column)) problems.push(`${WHERE} classifies ${name}.${column}, which the table does not have: remove it.`);
    }
  }
  return problems;
}

/** Entries that say too little (a person's table without a section or an erasure) or name columns that are not there. */
export function incompleteEntries(dbTables: readonly DbTable[], map: readonly MappedTable[]): string[] {
  const problems: string[] = [];
  for (const entry of map) {
    const name = sqlName(entry.table);
    const columns = new Set(dbTables.find((t) => t.name === name)?.columns.map((c) => c.name) ?? []);
    if (entry.about.length > 0 && (!entry.section || !entry.erase)) {
      problems.push(`Table ${name}'s entry in ${WHERE} says whose data it is but not ${entry.section ? 'what erasure does (`erase`)' : 'its export section (`section`)'}.`);
    }
    if (entry.about.length === 0 && (entry.section || entry.erase)) {
      problems.push(`Table ${name}'s entry in ${WHERE} has a section or an erasure but no \`about\`: say which column names the person.`);
    }
    for (const about of entry.about.map(aboutColumn)) {
      const owner = getTableName(about.column.table);
      if (owner !== name) problems.push(`Table ${name}'s \`about\` in ${WHERE} names ${owner}.${about.name}, a column of another table: name one of its own.`);
      if (!entry.personal.includes(about.name)) problems.push(`Column ${name}.${about.name} names a person (\`about\`) but is not in \`personal\` in ${WHERE}.`);
    }
    for (const [list, names] of [
      ['mentions', entry.mentions ?? []],
      ['redact', entry.redact ?? []],
    ] as const) {
      for (const column of names) {
        if (!columns.has(column)) problems.push(`\`${list}\` of table ${name} in ${WHERE} names ${column}, which the table does not have.`);
      }
    }
  }
  return problems;
}
