/**
 * The rows of one mapped table that are about the download's subjects, as the download shows them
 * (issue 34): every column by its SQL name except the map's `redact` columns and secrets, and the
 * columns that name people (ids, lists of ids) kept only where they name a subject, and other
 * people's names taken out of the text: a team sheet keeps their own line, feedback does not name the coach.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { aboutColumn } from '../../privacy/map';
import { rowsAbout } from '../../privacy/subject';
import type { MappedTable } from '../../privacy/types';
import type { ExportSubject } from './export-subjects';

/** At most this many rows of one table go into one download: years of a family's rows fit many times over. */
export const MAX_ROWS_PER_TABLE = 50_000;

/** A password's or a token's hash, a single-use token: never in a download, whatever the map says. */
export const isSecretColumn = (name: string) => name.endsWith('_hash') || name === 'token' || name === 'claim_token' || name === 'password';

export type ExportValue = string | number | boolean | null | ExportValue[] | { [key: string]: ExportValue };
export type ExportRow = Record<string, ExportValue>;

interface Ids {
  players: string[];
  users: string[];
  emails: string[];
}

const idsOf = (subjects: readonly ExportSubject[]): Ids => ({
  players: subjects.flatMap((s) => (s.player_id ? [s.player_id] : [])),
  users: subjects.flatMap((s) => (s.user_id ? [s.user_id] : [])),
  emails: [...new Set(subjects.flatMap((s) => s.emails.map((e) => e.toLowerCase())))],
});

/** What stands in a download where someone else's name was. */
export const NAME_REMOVED = '[name removed]';

/**
 * Everyone else the club knows by name (logins and player records), as one pattern: in the columns
 * of a row that may name people (the map's `mentions`: "Marked paid by …", a coach's name on their
 * feedback), their names become NAME_REMOVED; the subjects' own names stay.
 */
export async function otherPeoplesNames(db: DbOrTx, subjects: readonly ExportSubject[]): Promise<RegExp | null> {
  const result = await db.execute<{ name: string }>(sql`select full_name as name from users union select full_name from players`);
  const own = new Set(subjects.map((s) => s.name.trim().toLowerCase()));
  const names = (result as unknown as { rows: { name: string }[] }).rows
    .map((r) => r.name.trim())
    .filter((n) => n.length >= 3 && !own.has(n.toLowerCase()))
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return names.length ? new RegExp(`(?<![\\p{L}])(?:${names.join('|')})(?![\\p{L}])`, 'giu') : null;
}

function withoutNames(value: unknown, others: RegExp): unknown {
  if (typeof value === 'string') return value.replace(others, NAME_REMOVED);
  if (Array.isArray(value)) return value.map((v) => withoutNames(v, others));
  if (value && typeof value === 'object' && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNames(v, others)]));
  return value;
}

function plain(value: unknown): ExportValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value as ExportValue;
}

/**
 * The SQL names of the columns that are the subjects' to see: not redacted, not secret, not a file's
 * bytes. A list of people the row is about (a published squad) stays even when redacted: it is cut
 * down to the subjects' own ids, so a team sheet keeps their own line.
 */
function shownColumns(entry: MappedTable) {
  const arrays = new Set(entry.about.map(aboutColumn).flatMap((a) => (a.kind.endsWith('InArray') ? [a.name] : [])));
  const redact = new Set((entry.redact ?? []).filter((c) => !arrays.has(c)));
  return Object.entries(getTableColumns(entry.table)).filter(([, column]) => !redact.has(column.name) && !isSecretColumn(column.name) && column.getSQLType() !== 'bytea');
}

/**
 * The columns that name people, each kept only where it names a subject: a list of ids (a published
 * squad) is cut down to theirs, and a reference to someone else (the parent on a child's guardian
 * link, the coach who published a team sheet) is left out.
 */
function peopleFilters(entry: MappedTable, ids: Ids, others: RegExp | null): Map<string, (value: unknown) => unknown> {
  const players = new Set(ids.players);
  const users = new Set(ids.users);
  const emails = new Set(ids.emails);
  const only = (keep: Set<string>, lower = false) => (value: unknown) => {
    if (value === null || value === undefined) return value;
    if (Array.isArray(value)) return value.filter((v) => keep.has(String(v)));
    return keep.has(lower ? String(value).toLowerCase() : String(value)) ? value : null;
  };
  const filters = new Map<string, (value: unknown) => unknown>();
  if (others) for (const column of entry.mentions ?? []) filters.set(column, (value) => withoutNames(value, others));
  const keep = { player: only(players), playerInArray: only(players), user: only(users), userInArray: only(users), email: only(emails, true) };
  for (const about of entry.about.map(aboutColumn)) filters.set(about.name, keep[about.kind]);
  return filters;
}

/** The rows of this table about any of the subjects, ready for the download (empty when none). */
export async function exportRowsOf(db: DbOrTx, entry: MappedTable, subjects: readonly ExportSubject[], others: RegExp | null): Promise<ExportRow[]> {
  const ids = idsOf(subjects);
  if (!entry.about.some((a) => !a.by)) return [];
  const columns = shownColumns(entry);
  const filters = peopleFilters(entry, ids, others);
  const rows = (await db
    .select()
    .from(entry.table)
    .where(rowsAbout(db, entry, { playerIds: ids.players, userIds: ids.users, emails: ids.emails, names: [] }))
    .limit(MAX_ROWS_PER_TABLE)) as Record<string, unknown>[];
  return rows.map((row) => {
    const out: ExportRow = {};
    for (const [key, column] of columns) {
      const keep = filters.get(column.name);
      out[column.name] = plain(keep ? keep(row[key]) : row[key]);
    }
    return out;
  });
}

export const tableNameOf = (entry: MappedTable) => getTableName(entry.table);
