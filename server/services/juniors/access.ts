/**
 * Who may see and do what for a child (issue 23, ADR 038). A guardian's rights hold while the
 * child is under 18, read on every call; a guardian never reads a child they are not linked to.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { forbidden, notFound, unauthenticated } from '../../../shared/errors';
import { guardianCanAnswer, isJunior, type GuardianLevel } from '../../../shared/juniors';
import { NOT_THEIR_GUARDIAN, VIEW_ONLY_GUARDIAN } from '../../../shared/guardians';
import { PLAYER_NOT_FOUND, todayIso } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import type { DbOrTx } from '../../db/client';
import { guardians, players } from '../../db/schema';
import { isUuid } from '../ids';

export type ChildRow = typeof players.$inferSelect;

/** The guardian's level for this child while the child is a junior; null when not linked (or the child is 18). */
export async function guardianLevel(
  db: DbOrTx,
  userId: string,
  child: Pick<ChildRow, 'id' | 'date_of_birth'>,
  today = todayIso(),
): Promise<GuardianLevel | null> {
  if (!isJunior(child.date_of_birth, today)) return null;
  const [row] = await db
    .select({ level: guardians.level })
    .from(guardians)
    .where(and(eq(guardians.user_id, userId), eq(guardians.player_id, child.id)));
  return row?.level ?? null;
}

/** The child's record; 404 for an id that names nobody (only for those allowed to look: callers check first when it matters). */
export async function childRow(db: DbOrTx, playerId: string): Promise<ChildRow | undefined> {
  if (!isUuid(playerId)) return undefined;
  const [row] = await db.select().from(players).where(eq(players.id, playerId));
  return row;
}

/** How the actor relates to the child: themselves, a guardian (with level), or none of these. */
export async function relationTo(db: DbOrTx, actor: SessionUser, child: ChildRow) {
  if (child.user_id === actor.id) return { self: true as const, level: null };
  return { self: false as const, level: await guardianLevel(db, actor.id, child) };
}

/**
 * A guardian's (or the player's own) per-child read or answer: 403 for anyone else (the same answer
 * whether the child exists or not, so ids cannot be probed); view-only guardians may not answer.
 */
export async function assertGuardianOrSelf(db: DbOrTx, actor: SessionUser | null, playerId: string, need: 'read' | 'answer' = 'read') {
  if (!actor) throw unauthenticated();
  const child = await childRow(db, playerId);
  if (!child) throw forbidden(NOT_THEIR_GUARDIAN);
  const relation = await relationTo(db, actor, child);
  if (relation.self) return { child, level: null };
  if (!relation.level) throw forbidden(NOT_THEIR_GUARDIAN);
  if (need === 'answer' && !guardianCanAnswer(relation.level)) throw forbidden(VIEW_ONLY_GUARDIAN);
  return { child, level: relation.level };
}

/** 404 for staff looking up a child that does not exist. */
export function requireChild(child: ChildRow | undefined): ChildRow {
  if (!child) throw notFound(PLAYER_NOT_FOUND);
  return child;
}

/** The names of the juniors among these players with no emergency contact (name and phone) on record: they cannot be picked. */
export async function juniorsWithoutEmergencyContact(db: DbOrTx, playerIds: readonly string[], today = todayIso()): Promise<string[]> {
  if (playerIds.length === 0) return [];
  const rows = await db
    .select({
      full_name: players.full_name,
      date_of_birth: players.date_of_birth,
      name: players.emergency_contact_name,
      phone: players.emergency_contact_phone,
    })
    .from(players)
    .where(inArray(players.id, [...playerIds]));
  return rows.filter((r) => isJunior(r.date_of_birth, today) && !(r.name?.trim() && r.phone?.trim())).map((r) => r.full_name);
}
