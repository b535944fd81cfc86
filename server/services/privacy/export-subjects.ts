/**
 * Whose data an access download holds (issue 34): one person (a member, a child, a parent's login),
 * or a parent and the children they hold parental responsibility for. A child's copy holds that
 * child only: never a sibling, never the parent.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { guardians, players, users } from '../../db/schema';
import { notFound } from '../../../shared/errors';

/** One person the download is about: their player record and their login, and the addresses they are known by. */
export interface ExportSubject {
  name: string;
  player_id: string | null;
  user_id: string | null;
  emails: string[];
}

async function emailOf(db: DbOrTx, userId: string | null): Promise<string[]> {
  if (!userId) return [];
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ? [row.email.toLowerCase()] : [];
}

/** A player record (a member or a child) and the login that is theirs. */
export async function subjectOfPlayer(db: DbOrTx, playerId: string): Promise<ExportSubject> {
  const [row] = await db.select({ id: players.id, user_id: players.user_id, full_name: players.full_name }).from(players).where(eq(players.id, playerId));
  if (!row) throw notFound('Player not found');
  return { name: row.full_name, player_id: row.id, user_id: row.user_id, emails: await emailOf(db, row.user_id) };
}

/** A login, with the player record that is theirs when they have one (a parent-only login has none). */
export async function subjectOfUser(db: DbOrTx, userId: string): Promise<ExportSubject> {
  const [user] = await db.select({ id: users.id, full_name: users.full_name, email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  const [player] = await db.select({ id: players.id, full_name: players.full_name }).from(players).where(eq(players.user_id, userId));
  return { name: player?.full_name ?? user.full_name, player_id: player?.id ?? null, user_id: user.id, emails: user.email ? [user.email.toLowerCase()] : [] };
}

/** The children this login holds parental responsibility for (primary or secondary; not view-only). */
export async function childrenInCareOf(db: DbOrTx, userId: string): Promise<ExportSubject[]> {
  const links = await db
    .select({ player_id: guardians.player_id })
    .from(guardians)
    .where(and(eq(guardians.user_id, userId), inArray(guardians.level, ['primary', 'secondary'])));
  return Promise.all(links.map((l) => subjectOfPlayer(db, l.player_id)));
}

/** Who a personal-data request is about: the player record, else the login; a parent's request with include_children adds their children. */
export async function subjectsOfRequest(
  db: DbOrTx,
  request: { player_id: string | null; user_id: string | null; include_children: boolean },
): Promise<ExportSubject[]> {
  let subject: ExportSubject;
  if (request.player_id) subject = await subjectOfPlayer(db, request.player_id);
  else if (request.user_id) subject = await subjectOfUser(db, request.user_id);
  else throw notFound('The person this request is about is no longer on record');
  if (!request.include_children || !subject.user_id) return [subject];
  const children = await childrenInCareOf(db, subject.user_id);
  return [subject, ...children.filter((c) => c.player_id !== subject.player_id)];
}
