/**
 * The erasure's plan (issue 34), built only from the data map: for every mapped table, the rows
 * about the subjects and what happens to them, as SQL that can either count (the preview) or
 * write (the erasure). Both run the same steps in the same order, so they cannot differ.
 *
 * Order: names in other people's texts first (`mentions`), then the rows kept under a pseudonym or
 * detached, then the deletions, children before the tables they refer to (foreign-key safe).
 */
import { and, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { About, ExportSection, MappedTable, RetentionBasis } from '../../privacy/types';
import type { ErasureSubjects } from './erasure-subject';
import { patternsFor, replacedValue, type TextPattern } from './erasure-texts';

export type StepKind = 'mentions' | 'pseudonymised' | 'detached' | 'deleted';

export interface ErasureStep {
  table: string;
  section: ExportSection | null;
  kind: StepKind;
  /** Why the rows stay (pseudonymised, detached). */
  reason: string | null;
  keep: RetentionBasis | null;
  /** SELECT count(*) of the rows the step changes. */
  count: SQL;
  /** The UPDATE or DELETE itself. */
  apply: SQL;
  /** SELECT max(date) of the kept rows (for "kept until"), when the table has a date. */
  latestDate: SQL | null;
}

type AboutKey = 'player' | 'user' | 'email' | 'playerInArray' | 'userInArray';
const ABOUT_KEYS: AboutKey[] = ['player', 'user', 'email', 'playerInArray', 'userInArray'];

function columnOf(about: About): { key: AboutKey; column: AnyPgColumn; by: boolean } {
  const record = about as unknown as Record<string, AnyPgColumn | boolean | undefined>;
  const key = ABOUT_KEYS.find((k) => record[k] !== undefined);
  if (!key) throw new Error('A data-map entry names no column');
  return { key, column: record[key] as AnyPgColumn, by: record.by === true };
}

const uuidArray = (ids: string[]) => sql`ARRAY[${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}]::uuid[]`;

/** The rows where this column names one of the subjects. */
function matches(key: AboutKey, column: AnyPgColumn, s: ErasureSubjects): SQL {
  switch (key) {
    case 'player':
      return inArray(column, s.playerIds.length ? s.playerIds : [NONE]);
    case 'user':
      return inArray(column, s.userIds.length ? s.userIds : [NONE]);
    case 'email':
      return s.emails.length ? sql`lower(${column}) IN (${sql.join(s.emails.map((e) => sql`${e}`), sql`, `)})` : sql`false`;
    case 'playerInArray':
      return s.playerIds.length ? sql`${column} && ${uuidArray(s.playerIds)}` : sql`false`;
    case 'userInArray':
      return s.userIds.length ? sql`${column} && ${uuidArray(s.userIds)}` : sql`false`;
  }
}
const NONE = '00000000-0000-0000-0000-000000000000';

/** The value a column about a subject takes when the row stays: null, the pseudonym, or the array without them. */
function cleared(key: AboutKey, column: AnyPgColumn, s: ErasureSubjects, pseudonym: string): SQL | null {
  const name = sql.identifier(column.name);
  if (key === 'playerInArray' || key === 'userInArray') {
    const ids = key === 'playerInArray' ? s.playerIds : s.userIds;
    return sql`ARRAY(SELECT x FROM unnest(${name}) AS x WHERE NOT (x = ANY(${uuidArray(ids)})))`;
  }
  const hit = matches(key, column, s);
  if (!column.notNull) return sql`CASE WHEN ${hit} THEN NULL ELSE ${name} END`;
  if (key === 'email') return sql`CASE WHEN ${hit} THEN ${pseudonym}::text ELSE ${name} END`;
  return null; // a required link cannot be cleared: the map must say delete
}

const TEXT_TYPES = new Set(['text', 'text[]', 'jsonb', 'json']);
const isTextColumn = (column: AnyPgColumn) => TEXT_TYPES.has(column.getSQLType());

function columnsByName(table: PgTable) {
  return new Map(getTableConfig(table).columns.map((c) => [c.name, c as AnyPgColumn]));
}

/** SET clauses replacing the subjects' names in the given columns. */
function nameSets(table: PgTable, names: readonly string[], patterns: TextPattern[], pseudonym: string, skip: Set<string>) {
  const columns = columnsByName(table);
  return names
    .filter((n) => !skip.has(n))
    .map((n) => columns.get(n))
    .filter((c): c is AnyPgColumn => c !== undefined && isTextColumn(c))
    .map((c) => ({ column: c, value: replacedValue(c, patterns, pseudonym) }));
}

const DATE_COLUMNS = ['occurred_on', 'due_date', 'posted_on', 'ordered_at', 'created_at'];

function latestDateOf(table: PgTable, where: SQL): SQL | null {
  const columns = columnsByName(table);
  const name = DATE_COLUMNS.find((n) => columns.has(n));
  return name ? sql`SELECT max(${sql.identifier(name)})::date::text AS latest FROM ${table} WHERE ${where}` : null;
}

/** Tables whose rows refer to other tables come first, so nothing is left pointing at a deleted row. */
export function foreignKeySafe(entries: readonly MappedTable[]): MappedTable[] {
  const byTable = new Map(entries.map((e) => [e.table, e]));
  const done = new Set<PgTable>();
  const order: MappedTable[] = [];
  const visit = (entry: MappedTable, path: Set<PgTable>) => {
    if (done.has(entry.table) || path.has(entry.table)) return;
    path.add(entry.table);
    // Every table referring to this one is deleted first.
    for (const other of entries) {
      const refers = getTableConfig(other.table).foreignKeys.some((fk) => fk.reference().foreignTable === entry.table);
      if (refers && other.table !== entry.table) visit(byTable.get(other.table)!, path);
    }
    done.add(entry.table);
    order.push(entry);
  };
  for (const entry of entries) visit(entry, new Set());
  return order;
}

/** Every step of erasing the subjects, in the order they run. */
export function planErasure(map: readonly MappedTable[], subjects: ErasureSubjects, pseudonym: string): ErasureStep[] {
  const patterns = patternsFor(subjects);
  const steps: ErasureStep[] = [];
  const own = (entry: MappedTable) => entry.about.map(columnOf).filter((a) => !a.by);
  const ownHit = (entry: MappedTable) => {
    const hits = own(entry).map((a) => matches(a.key, a.column, subjects));
    return hits.length ? or(...hits)! : sql`false`;
  };
  // Null-safe: a row whose links are null is not deleted here (NOT NULL would hide it from the other steps).
  const deletedHere = (entry: MappedTable) => (entry.erase?.do === 'delete' ? sql`coalesce((${ownHit(entry)}), false)` : sql`false`);
  const base = (entry: MappedTable) => ({ table: getTableConfig(entry.table).name, section: entry.section });

  for (const entry of map) {
    if (!entry.mentions?.length || patterns.length === 0) continue;
    const sets = nameSets(entry.table, entry.mentions, patterns, pseudonym, new Set());
    if (!sets.length) continue;
    const where = and(not(deletedHere(entry)), or(...sets.map((s) => sql`${s.value} IS DISTINCT FROM ${sql.identifier(s.column.name)}`)))!;
    steps.push(update(entry, base(entry), 'mentions', null, null, sets, where));
  }
  for (const entry of map) {
    const erase = entry.erase;
    if (!erase || erase.do === 'delete' || own(entry).length === 0) continue;
    const where = ownHit(entry);
    const sets = [
      ...own(entry).flatMap((a) => {
        const value = cleared(a.key, a.column, subjects, pseudonym);
        return value ? [{ column: a.column, value }] : [];
      }),
      ...personalCleared(entry, pseudonym),
      ...nameSets(entry.table, [...entry.personal, ...(entry.mentions ?? [])], patterns, pseudonym, new Set(own(entry).map((a) => a.column.name))),
    ];
    if (sets.length === 0) continue;
    const kind = erase.do === 'pseudonymise' ? 'pseudonymised' : 'detached';
    const step = update(entry, base(entry), kind, erase.do === 'pseudonymise' ? erase.keep.reason : erase.reason, erase.do === 'pseudonymise' ? erase.keep : null, dedupe(sets), where);
    steps.push(erase.do === 'pseudonymise' ? { ...step, latestDate: latestDateOf(entry.table, where) } : step);
  }
  for (const entry of map) {
    const by = entry.about.map(columnOf).filter((a) => a.by);
    if (by.length === 0) continue;
    const where = and(not(deletedHere(entry)), or(...by.map((a) => matches(a.key, a.column, subjects))))!;
    const sets = by.flatMap((a) => {
      const value = cleared(a.key, a.column, subjects, pseudonym);
      return value ? [{ column: a.column, value }] : [];
    });
    if (sets.length) steps.push(update(entry, base(entry), 'detached', 'Someone else\u2019s record: who did it becomes the pseudonym', null, sets, where));
  }
  for (const entry of foreignKeySafe(map.filter((e) => e.erase?.do === 'delete' && own(e).length > 0))) {
    const where = ownHit(entry);
    steps.push({
      ...base(entry),
      kind: 'deleted',
      reason: null,
      keep: null,
      count: sql`SELECT count(*)::int AS n FROM ${entry.table} WHERE ${where}`,
      apply: sql`DELETE FROM ${entry.table} WHERE ${where}`,
      latestDate: null,
    });
  }
  return steps;
}

/** Who did something (created_by_name, decided_by_name, by_name): someone else's name, kept (the subject's own is replaced). */
const WHO_DID_IT = /(^|_)by(_name)?$/;

/**
 * In the subject's own kept row, what describes them goes: each personal column that is not a link
 * (cleared above), not held back from the export (`redact`: tokens) and not who did it becomes
 * null, or the pseudonym when it must have a text.
 */
function personalCleared(entry: MappedTable, pseudonym: string) {
  const columns = columnsByName(entry.table);
  const links = new Set(entry.about.map((a) => columnOf(a).column.name));
  const held = new Set(entry.redact ?? []);
  return entry.personal
    .filter((name) => !links.has(name) && !held.has(name) && !WHO_DID_IT.test(name))
    .map((name) => columns.get(name))
    .filter((c): c is AnyPgColumn => c !== undefined && (!c.notNull || c.getSQLType() === 'text'))
    .map((c) => ({ column: c, value: c.notNull ? sql`${pseudonym}::text` : sql`NULL` }));
}

function dedupe(sets: { column: AnyPgColumn; value: SQL }[]) {
  const seen = new Set<string>();
  return sets.filter((s) => (seen.has(s.column.name) ? false : (seen.add(s.column.name), true)));
}

function update(
  entry: MappedTable,
  base: { table: string; section: ExportSection | null },
  kind: StepKind,
  reason: string | null,
  keep: RetentionBasis | null,
  sets: { column: AnyPgColumn; value: SQL }[],
  where: SQL,
): ErasureStep {
  const assignments = sql.join(
    sets.map((s) => sql`${sql.identifier(s.column.name)} = ${s.value}`),
    sql`, `,
  );
  return {
    ...base,
    kind,
    reason,
    keep,
    count: sql`SELECT count(*)::int AS n FROM ${entry.table} WHERE ${where}`,
    apply: sql`UPDATE ${entry.table} SET ${assignments} WHERE ${where}`,
    latestDate: null,
  };
}
