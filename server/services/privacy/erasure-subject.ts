/**
 * Who an erasure is about (issue 34): the person a request names, with their login and player
 * record, and, for a parent's request that covers their children, those children too: one family,
 * one step. Also the texts that name them elsewhere (names, addresses, phones, e-mail addresses).
 */
import { and, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { guardians, players, users } from '../../db/schema';

export interface ErasureSubjects {
  playerIds: string[];
  userIds: string[];
  /** Lower-cased. */
  emails: string[];
  /** The full names (players' and logins'), shown in the confirmation and replaced in others' texts. */
  names: string[];
  /** Addresses, phone numbers and e-mail addresses as written: replaced wherever they appear. */
  literals: string[];
}

export interface SubjectRequest {
  player_id: string | null;
  user_id: string | null;
  include_children: boolean;
}

const unique = <T>(values: (T | null | undefined)[]) => [...new Set(values.filter((v): v is T => v !== null && v !== undefined && v !== ''))];

/** The people a request is about, with everything that identifies them. */
export async function resolveErasureSubjects(db: DbOrTx, request: SubjectRequest): Promise<ErasureSubjects> {
  let playerIds = unique([request.player_id]);
  let userIds = unique([request.user_id]);
  if (request.include_children && userIds.length > 0) {
    const children = await db
      .select({ player_id: guardians.player_id })
      .from(guardians)
      .where(and(inArray(guardians.user_id, userIds), inArray(guardians.level, ['primary', 'secondary'])));
    playerIds = unique([...playerIds, ...children.map((c) => c.player_id)]);
  }
  const none = ['00000000-0000-0000-0000-000000000000'];
  const playerRows = await db
    .select()
    .from(players)
    .where(or(inArray(players.id, playerIds.length ? playerIds : none), inArray(players.user_id, userIds.length ? userIds : none)));
  playerIds = unique([...playerIds, ...playerRows.map((p) => p.id)]);
  userIds = unique([...userIds, ...playerRows.map((p) => p.user_id)]);
  const userRows = userIds.length ? await db.select().from(users).where(inArray(users.id, userIds)) : [];
  const emails = unique(userRows.map((u) => u.email.trim().toLowerCase()));
  return {
    playerIds,
    userIds,
    emails,
    names: unique([...playerRows.map((p) => p.full_name), ...userRows.map((u) => u.full_name), ...playerRows.map((p) => p.emergency_contact_name)]),
    literals: unique([
      ...emails,
      ...userRows.map((u) => u.username),
      ...userRows.map((u) => u.phone),
      ...playerRows.flatMap((p) => [p.phone_number, p.address, p.emergency_contact_phone]),
    ]),
  };
}

/** The display names of the subjects (players' first, one per person), for the confirmation. */
export async function subjectDisplayNames(db: DbOrTx, subjects: ErasureSubjects): Promise<string[]> {
  const fromPlayers = subjects.playerIds.length
    ? await db.select({ name: players.full_name, user_id: players.user_id }).from(players).where(inArray(players.id, subjects.playerIds))
    : [];
  const covered = new Set(fromPlayers.map((p) => p.user_id));
  const fromUsers = subjects.userIds.length
    ? await db.select({ id: users.id, name: users.full_name }).from(users).where(inArray(users.id, subjects.userIds))
    : [];
  return [...fromUsers.filter((u) => !covered.has(u.id)).map((u) => u.name), ...fromPlayers.map((p) => p.name)];
}

