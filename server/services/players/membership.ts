import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/roles';
import { conflict, notFound } from '../../../shared/errors';
import { PLAYER_NOT_FOUND } from '../../../shared/players';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  availability,
  clubRoles,
  documents,
  feedback,
  fixtureSelections,
  messages,
  notifications,
  charges,
  players,
  playerStats,
  playerTeams,
  sessions,
  teamStaff,
  teams,
  trainingAttendance,
  users,
  type LeftRoles,
} from '../../db/schema';
import { mayManageMemberRecords, must } from '../../policy';
import { CLUB_ROLE_LABELS, TEAM_STAFF_ROLE_LABELS } from '../../../shared/contracts/roles';
import { assertNotLastHolder, recordRoleChange, syncAccess } from '../roles';
import { isUuid } from '../ids';
import type { MailService } from '../mail';
import { leaveAllTeams, setTeams } from './team-places';
import { tellGuardiansOfLeaving } from '../juniors/leaving';

/** The erasure's "kept" line: the ledger keeps a deleted member's charges and payments, without their name. */
export const LEDGER_KEPT = 'charges and payments in the accounts';
export const ALREADY_LEFT = 'This member has already left the club.';
export const NOT_LEFT = 'This member has not left the club.';

/** One kind of record deleting a player removes, counted (GET /api/players/{id}/erasure). */
export interface ErasureItem {
  what: string;
  count: number;
}

/** What DELETE /api/players/{id} removes: the person, their login (when it goes with them) and every record of theirs. */
export interface ErasurePreview {
  full_name: string;
  login: string | null;
  login_removed: boolean;
  items: ErasureItem[];
  /** What stays without the person's name (issue 31): the ledger's charges and payments, kept for the accounts. */
  kept: ErasureItem[];
}

/**
 * Whether deleting this player takes their login with it: a member's own login (role player)
 * goes; a staff or admin account linked to the record stays, only unlinked.
 */
import { loginGoesWithPlayer } from '../../policy';
export { loginGoesWithPlayer };

/**
 * Leaving ends the member's places on team staffs and their club roles (issue 30): each removal is
 * in the record of role changes, and what was taken is kept on their record for coming back. The
 * club is never left without its last admin, nor its last welfare officer while it has junior teams.
 */
async function endRoles(tx: DbOrTx, by: SessionUser, member: typeof players.$inferSelect): Promise<LeftRoles> {
  const staff = await tx
    .select({
      team_id: teamStaff.team_id,
      team_name: teams.name,
      role: teamStaff.role,
      dbs_override_by: teamStaff.dbs_override_by,
      dbs_override_at: teamStaff.dbs_override_at,
      dbs_override_reason: teamStaff.dbs_override_reason,
    })
    .from(teamStaff)
    .innerJoin(teams, eq(teams.id, teamStaff.team_id))
    .where(eq(teamStaff.player_id, member.id));
  const login = member.user_id
    ? (await tx.select({ disabled_at: users.disabled_at }).from(users).where(eq(users.id, member.user_id)).for('update'))[0]
    : undefined;
  const roles = member.user_id ? await tx.select({ role: clubRoles.role }).from(clubRoles).where(eq(clubRoles.user_id, member.user_id)) : [];
  for (const { role } of roles) await assertNotLastHolder(tx, member.user_id!, role);
  const subject = { name: member.full_name, userId: member.user_id, playerId: member.id, action: 'removed' as const };
  if (staff.length) await tx.delete(teamStaff).where(eq(teamStaff.player_id, member.id));
  for (const place of staff) await recordRoleChange(tx, by, { ...subject, role: `${TEAM_STAFF_ROLE_LABELS[place.role]} of ${place.team_name}` });
  if (roles.length) await tx.delete(clubRoles).where(eq(clubRoles.user_id, member.user_id!));
  for (const { role } of roles) await recordRoleChange(tx, by, { ...subject, role: CLUB_ROLE_LABELS[role] });
  return {
    team_staff: staff.map(({ team_name: _name, dbs_override_at, ...place }) => ({ ...place, dbs_override_at: dbs_override_at?.toISOString() ?? null })),
    club_roles: roles.map((row) => row.role),
    login_was_switched_off: Boolean(login?.disabled_at),
  };
}

/** Coming back: the staff places (of teams that still exist) and club roles leaving ended, granted again. */
async function restoreRoles(tx: DbOrTx, by: SessionUser, member: typeof players.$inferSelect, kept: LeftRoles) {
  const subject = { name: member.full_name, userId: member.user_id, playerId: member.id, action: 'granted' as const };
  const ids = kept.team_staff.map((place) => place.team_id);
  const names = new Map(
    (ids.length ? await tx.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, ids)) : []).map((t) => [t.id, t.name]),
  );
  for (const place of kept.team_staff) {
    const teamName = names.get(place.team_id);
    if (!teamName) continue;
    const added = await tx
      .insert(teamStaff)
      .values({ ...place, player_id: member.id, dbs_override_at: place.dbs_override_at ? new Date(place.dbs_override_at) : null })
      .onConflictDoNothing()
      .returning({ role: teamStaff.role });
    if (added.length) await recordRoleChange(tx, by, { ...subject, role: `${TEAM_STAFF_ROLE_LABELS[place.role]} of ${teamName}` });
  }
  if (member.user_id) {
    for (const role of kept.club_roles) {
      const added = await tx
        .insert(clubRoles)
        .values({ user_id: member.user_id, role, granted_by: by.id })
        .onConflictDoNothing()
        .returning({ role: clubRoles.role });
      if (added.length) await recordRoleChange(tx, by, { ...subject, role: CLUB_ROLE_LABELS[role] });
    }
  }
}

/**
 * Leaving the club and coming back (issue 21). Leaving archives a member: off public pages, the
 * admin's player list and every future squad; their teams' spells end today; their login is
 * switched off and signed out; their stats, payments, attendance and answers stay. Coming back
 * undoes it, rejoining the teams they left. Leaving also ends their staff places and club roles,
 * and coming back restores them (issue 30). Deleting a player stays the erasure path.
 */
export function createMembershipService(db: Db, deps: { mail: MailService }) {
  async function lockMember(tx: Pick<Db, 'select'>, id: string) {
    if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
    const [row] = await tx.select().from(players).where(eq(players.id, id)).for('update');
    if (!row || row.status === 'pending') throw notFound(PLAYER_NOT_FOUND);
    return row;
  }

  return {
    /**
     * GET /api/players/{id}/erasure: what deleting the player would remove, counted from the
     * tables that cascade from players (and from their login, when it goes too). Only kinds with
     * at least one record are listed.
     */
    async erasure(actor: SessionUser | null, id: string): Promise<ErasurePreview> {
      await must(db, actor, mayManageMemberRecords);
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      // One query: the person, their login and, per kind of record, a count (scalar subqueries).
      const countOf = (table: AnyPgTable, where: SQL | undefined) => sql<number>`(select count(*)::int from ${table} where ${where})`;
      const kinds: [string, AnyPgTable, SQL | undefined][] = [
        ['season stats', playerStats, eq(playerStats.player_id, players.id)],
        ['training attendance records', trainingAttendance, eq(trainingAttendance.player_id, players.id)],
        ['match availability answers', availability, and(eq(availability.player_id, players.id), isNotNull(availability.fixture_id))],
        ['training availability answers', availability, and(eq(availability.player_id, players.id), isNotNull(availability.session_id))],
        ['places in match squads', fixtureSelections, eq(fixtureSelections.player_id, players.id)],
        ['feedback notes', feedback, eq(feedback.player_id, players.id)],
        ['team memberships', playerTeams, eq(playerTeams.player_id, players.id)],
        ['staff roles in teams', teamStaff, eq(teamStaff.player_id, players.id)],
        ['documents shared only with them', documents, eq(documents.player_id, players.id)],
        ['messages sent only to them', messages, eq(messages.player_id, players.id)],
      ];
      // Records of the login, counted only when the login goes with them.
      const loginKinds: [string, AnyPgTable, SQL | undefined][] = [
        ['notifications', notifications, eq(notifications.user_id, users.id)],
        ['club roles', clubRoles, eq(clubRoles.user_id, users.id)],
      ];
      const [member] = await db
        .select({
          full_name: players.full_name,
          username: users.username,
          role: users.role,
          counts: sql<number[]>`array[${sql.join(
            kinds.map(([, table, where]) => countOf(table, where)),
            sql`, `,
          )}]`,
          // Charges stay in the ledger (six years, HMRC) without the person's name: kept, not removed (issue 31).
          charges: countOf(charges, eq(charges.player_id, players.id)),
          loginCounts: sql<(number | null)[]>`array[${sql.join(
            loginKinds.map(([, table, where]) => countOf(table, where)),
            sql`, `,
          )}]`,
        })
        .from(players)
        .leftJoin(users, eq(users.id, players.user_id))
        .where(eq(players.id, id));
      if (!member) throw notFound(PLAYER_NOT_FOUND);
      const loginGoes = member.username !== null && member.role !== null && loginGoesWithPlayer(member.role);
      const counted = kinds.map(([what], i) => ({ what, count: Number(member.counts[i]) }));
      if (loginGoes) counted.push(...loginKinds.map(([what], i) => ({ what, count: Number(member.loginCounts[i] ?? 0) })));
      return {
        full_name: member.full_name,
        login: member.username,
        login_removed: loginGoes,
        items: counted.filter((item) => item.count > 0),
        kept: Number(member.charges) > 0 ? [{ what: LEDGER_KEPT, count: Number(member.charges) }] : [],
      };
    },

    /** POST /api/players/{id}/leave: what it took them out of, so the admin can tell the managers. */
    async leave(actor: SessionUser | null, id: string) {
      const by = (await must(db, actor, mayManageMemberRecords)).user;
      return db.transaction(async (tx) => {
        const member = await lockMember(tx, id);
        if (member.status === 'left') throw conflict(ALREADY_LEFT);
        const leftRoles = await endRoles(tx, by, member);
        await tellGuardiansOfLeaving(tx, deps.mail, member); // a child's parents and carers (issue 31)
        // Out of every team, so out of their upcoming squads; each team's staff are told (the door's listeners).
        const squads = (await leaveAllTeams(tx, deps, { playerId: id, path: 'left_club', by })).removedFromSquads;
        await tx
          .update(players)
          .set({ status: 'left', status_changed_at: new Date(), updated_at: new Date(), left_roles: leftRoles })
          .where(eq(players.id, id));
        if (member.user_id) {
          await tx
            .update(users)
            .set({ disabled_at: sql`coalesce(${users.disabled_at}, now())` })
            .where(eq(users.id, member.user_id));
          await tx.delete(sessions).where(eq(sessions.user_id, member.user_id));
          await syncAccess(tx, member.user_id);
        }
        return { detail: `${member.full_name} has left the club. Their history is kept.`, removed_from_squads: squads };
      });
    },

    /** POST /api/players/{id}/return: back in the teams they left, their login switched on again. */
    async comeBack(actor: SessionUser | null, id: string) {
      const by = (await must(db, actor, mayManageMemberRecords)).user;
      return db.transaction(async (tx) => {
        const member = await lockMember(tx, id);
        if (member.status !== 'left') throw conflict(NOT_LEFT);
        const leftOn = sql`(${member.status_changed_at ?? new Date()}::timestamptz at time zone 'Europe/London')::date`;
        const left = await tx
          .select({ team_id: playerTeams.team_id })
          .from(playerTeams)
          .where(and(eq(playerTeams.player_id, id), sql`${playerTeams.left_on} = ${leftOn}`));
        await setTeams(tx, deps, { playerId: id, teamIds: left.map((r) => r.team_id), path: 'returned_to_club', by });
        await tx.update(players).set({ status: 'active', status_changed_at: new Date(), updated_at: new Date(), left_roles: null }).where(eq(players.id, id));
        const kept = member.left_roles;
        if (kept) await restoreRoles(tx, by, member, kept);
        if (member.user_id) {
          // A login the club had switched off before the member left stays off.
          if (!kept?.login_was_switched_off) await tx.update(users).set({ disabled_at: null }).where(eq(users.id, member.user_id));
          await syncAccess(tx, member.user_id);
        }
        return { detail: `${member.full_name} is back in the club.`, removed_from_squads: [] as string[] };
      });
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
