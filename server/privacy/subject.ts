/**
 * Who a personal-data request is about (issue 34), and which rows of a mapped table are theirs.
 * A subject is a person as the database knows them: their player record and its login (or a login
 * and its player record), their login's address, and their names (what erasure looks for in the
 * map's `mentions`). A parent's children are separate subjects: resolve each child on its own.
 */
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { players, users } from '../db/schema';
import { aboutColumn, type AboutColumn } from './map';
import type { MappedTable } from './types';

export interface Subject {
  playerIds: string[];
  userIds: string[];
  /** The login's address, lower-cased (orders and Join Us rows are found by it, not added to it). */
  emails: string[];
  /** The full names of the records, as they are now: erasure replaces them in `mentions`. */
  names: string[];
}

const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => !!v))];

/** The person behind a player record or a login: the record and its login, or the login and its record. */
export async function resolveSubject(db: DbOrTx, who: { player_id?: string | null; user_id?: string | null }): Promise<Subject> {
  if (!who.player_id && !who.user_id) throw new Error('A subject needs a player record or a login');
  const playerRows = await db
    .select({ id: players.id, user_id: players.user_id, full_name: players.full_name })
    .from(players)
    .where(or(who.player_id ? eq(players.id, who.player_id) : undefined, who.user_id ? eq(players.user_id, who.user_id) : undefined));
  const userIds = unique([who.user_id, ...playerRows.map((p) => p.user_id)]);
  const userRows = userIds.length ? await db.select({ email: users.email, full_name: users.full_name }).from(users).where(inArray(users.id, userIds)) : [];
  return {
    // The ids asked about count even when their row is gone (a half-finished erasure finds the rest).
    playerIds: unique([who.player_id, ...playerRows.map((p) => p.id)]),
    userIds,
    emails: unique(userRows.map((u) => u.email.trim().toLowerCase())),
    names: unique([...playerRows.map((p) => p.full_name), ...userRows.map((u) => u.full_name)].map((n) => n.trim())),
  };
}

const uuidArray = (ids: string[]) => sql`array[${sql.join(
  ids.map((id) => sql`${id}`),
  sql`, `,
)}]::uuid[]`;

/** The condition that one `about` column names the subject (false when the subject has no such id). */
export function columnNames(about: AboutColumn, subject: Subject): SQL {
  const ids = { player: subject.playerIds, playerInArray: subject.playerIds, user: subject.userIds, userInArray: subject.userIds, email: subject.emails }[about.kind];
  if (ids.length === 0) return sql`false`;
  switch (about.kind) {
    case 'player':
    case 'user':
      return inArray(about.column, ids);
    case 'email':
      return sql`lower(${about.column}) in (${sql.join(
        ids.map((e) => sql`${e}`),
        sql`, `,
      )})`;
    case 'playerInArray':
    case 'userInArray':
      return sql`${about.column} && ${uuidArray(ids)}`;
  }
}

/**
 * The rows of a mapped table about the subject: an OR over its `about` columns. "Who did it"
 * columns (`by: true`) are left out unless `by` is asked for: such a row is someone else's (the
 * export never shows it), only erasure needs it, to detach them. False for a table about nobody.
 */
export function rowsAbout(_db: unknown, entry: MappedTable, subject: Subject, options: { by?: boolean } = {}): SQL {
  const columns = entry.about.map(aboutColumn).filter((a) => options.by || !a.by);
  if (columns.length === 0) return sql`false`;
  return or(...columns.map((a) => columnNames(a, subject)))!;
}
