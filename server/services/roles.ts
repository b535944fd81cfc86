/**
 * People and roles (issue 21): club roles held by logins, team staff held by members, and the
 * record of every grant and removal. A login's access level (users.role) follows from what its
 * person holds, so the panel, the session and every check read one fact.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/roles';
import { conflict, notFound } from '../../shared/errors';
import { JUNIOR_AGE_GROUPS } from '../../shared/juniors';
import { todayIso } from '../../shared/players';
import {
  CLUB_ROLE_LABELS,
  TEAM_STAFF_ROLE_LABELS,
  grantClubRoleSchema,
  teamStaffInputSchema,
  type ClubRole,
  type RolesOverview,
} from '../../shared/contracts/roles';
import type { Db, DbOrTx } from '../db/client';
import { clubRoles, players, roleChanges, teams, teamStaff, users } from '../db/schema';
import { parseInput } from './checks';
import { isUuid } from './ids';
import { mayEnterAdmin, mayGrantPower, must, staffPlaceCounts, teamsRunByUser } from '../policy';
import { dbsGate } from './juniors/dbs';
import { placeKey, suspendedPlaces } from './juniors/dbs-standing';

export const LAST_ADMIN = 'This is the club’s only admin: make someone else admin first.';
export const lastWelfareOfficer = (juniorTeams: readonly string[]) =>
  `This is the club’s only welfare officer, and ${juniorTeams.join(', ')} ${juniorTeams.length === 1 ? 'is a junior team' : 'are junior teams'}: parents must always have a welfare officer to contact. Give someone else the Welfare officer role first.`;
export const NO_SUCH_LOGIN = 'No login has this id.';
export const NO_SUCH_MEMBER = 'No member of the club has this id (a registration must be approved first).';
export const NO_SUCH_TEAM = 'No team has this id.';

/**
 * The access level a login's roles give: the admin club role makes an admin; any other club role,
 * a place on a team's staff, or the Staff squad group gives the staff part of the panel; else player.
 */
export async function syncAccess(tx: DbOrTx, userId: string) {
  const [row] = await tx
    .select({
      admin: sql<boolean>`exists (select 1 from ${clubRoles} where ${clubRoles.user_id} = ${userId} and ${clubRoles.role} = 'admin')`,
      officer: sql<boolean>`exists (select 1 from ${clubRoles} where ${clubRoles.user_id} = ${userId} and ${clubRoles.role} <> 'admin')`,
      staff: sql<boolean>`exists (select 1 from ${teamStaff} join ${players} on ${players.id} = ${teamStaff.player_id} where ${players.user_id} = ${userId})
        or exists (select 1 from ${players} where ${players.user_id} = ${userId} and ${players.team_type} = 'Staff')`,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return;
  const role = row.admin ? 'admin' : row.officer || row.staff ? 'staff' : 'player';
  await tx.update(users).set({ role }).where(eq(users.id, userId));
}

/** One line in the record of role changes. */
export async function recordRoleChange(
  tx: DbOrTx,
  actor: SessionUser,
  change: {
    name: string;
    userId?: string | null;
    playerId?: string;
    role: string;
    action: 'granted' | 'removed';
  },
) {
  await tx.insert(roleChanges).values({
    subject_name: change.name,
    subject_user_id: change.userId ?? null,
    subject_player_id: change.playerId ?? null,
    role: change.role,
    action: change.action,
    by_user_id: actor.id,
    by_name: actor.full_name,
  });
}

/** Who holds which role, the people who could, and the latest changes. */
async function readOverview(tx: DbOrTx): Promise<RolesOverview> {
  const grantedBy = sql<string | null>`(select u2.full_name from ${users} u2 where u2.id = ${clubRoles.granted_by})`;
  const [holders, staff, changes, logins, members, suspended] = await Promise.all([
    tx
      .select({
        user_id: users.id,
        full_name: users.full_name,
        username: users.username,
        role: clubRoles.role,
        granted_at: clubRoles.granted_at,
        granted_by: grantedBy,
      })
      .from(clubRoles)
      .innerJoin(users, eq(users.id, clubRoles.user_id))
      .orderBy(asc(clubRoles.role), asc(users.full_name)),
    tx
      .select({
        player_id: players.id,
        full_name: players.full_name,
        team_id: teams.id,
        team_name: teams.name,
        role: teamStaff.role,
        user_id: players.user_id,
      })
      .from(teamStaff)
      .innerJoin(players, eq(players.id, teamStaff.player_id))
      .innerJoin(teams, eq(teams.id, teamStaff.team_id))
      .orderBy(asc(teams.sort_order), asc(teams.name), asc(teamStaff.role), asc(players.full_name)),
    tx.select().from(roleChanges).orderBy(desc(roleChanges.created_at)).limit(50),
    tx
      .select({
        user_id: users.id,
        full_name: users.full_name,
        username: users.username,
      })
      .from(users)
      .where(sql`${users.disabled_at} is null`)
      .orderBy(asc(users.full_name)),
    tx.select({ player_id: players.id, full_name: players.full_name }).from(players).where(eq(players.status, 'active')).orderBy(asc(players.full_name)),
    suspendedPlaces(tx),
  ]);
  return {
    club_roles: holders.map((h) => ({
      ...h,
      granted_at: h.granted_at.toISOString(),
    })),
    team_staff: staff.map(({ user_id, ...s }) => ({
      ...s,
      has_login: user_id !== null,
      suspended: suspended.get(placeKey(s.player_id, s.team_id)) ?? null,
    })),
    changes: changes.map((c) => ({
      id: c.id,
      subject_name: c.subject_name,
      role: c.role,
      action: c.action,
      by_name: c.by_name,
      at: c.created_at.toISOString(),
    })),
    logins,
    members,
  };
}

/** After a club role was granted or removed: recorded, the login's access redone, the new overview. */
async function clubRoleChanged(tx: DbOrTx, by: SessionUser, person: { id: string; full_name: string }, role: ClubRole, action: 'granted' | 'removed') {
  await recordRoleChange(tx, by, { name: person.full_name, userId: person.id, role: CLUB_ROLE_LABELS[role], action });
  await syncAccess(tx, person.id);
  return readOverview(tx);
}

/** Roles are granted and taken away by admins only (rule book). */
const asAdmin = async (db: DbOrTx, actor: SessionUser | null) => (await must(db, actor, mayGrantPower)).user;

/** Who holds a role, locked until the transaction ends, so two removals at once cannot both take the last holder. */
async function holdersOf(tx: DbOrTx, role: ClubRole) {
  const rows = await tx.select({ user_id: clubRoles.user_id }).from(clubRoles).where(eq(clubRoles.role, role)).for('update');
  return rows.map((row) => row.user_id);
}

/**
 * The roles the club must never be left without: its last admin (nobody could run the site), and,
 * while it has junior teams, its last welfare officer (FA: parents must have someone to contact).
 */
export async function assertNotLastHolder(tx: DbOrTx, userId: string, role: ClubRole) {
  if (role !== 'admin' && role !== 'welfare_officer') return;
  const holders = await holdersOf(tx, role);
  if (!holders.includes(userId) || holders.length > 1) return;
  if (role === 'admin') throw conflict(LAST_ADMIN);
  const junior = await tx
    .select({ name: teams.name })
    .from(teams)
    .where(inArray(teams.age_group, JUNIOR_AGE_GROUPS))
    .orderBy(asc(teams.sort_order), asc(teams.name));
  if (junior.length) throw conflict(lastWelfareOfficer(junior.map((team) => team.name)));
}

/** Club roles: secretary, treasurer, welfare officer and admin, held by logins. */
function clubRoleCommands(db: Db) {
  const admin = asAdmin;
  return {
    /** POST /api/admin/club-roles */
    async grantClubRole(actor: SessionUser | null, input: unknown) {
      const by = await admin(db, actor);
      const { user_id, role } = parseInput(grantClubRoleSchema, input);
      return db.transaction(async (tx) => {
        const [person] = await tx.select({ id: users.id, full_name: users.full_name }).from(users).where(eq(users.id, user_id)).for('update');
        if (!person) throw notFound(NO_SUCH_LOGIN);
        const added = await tx.insert(clubRoles).values({ user_id, role, granted_by: by.id }).onConflictDoNothing().returning({ role: clubRoles.role });
        if (added.length === 0) throw conflict(`${person.full_name} is already ${CLUB_ROLE_LABELS[role].toLowerCase()}.`);
        return clubRoleChanged(tx, by, person, role, 'granted');
      });
    },

    /** DELETE /api/admin/club-roles/{user_id}/{role} */
    async removeClubRole(actor: SessionUser | null, userId: string, role: ClubRole) {
      const by = await admin(db, actor);
      if (!isUuid(userId)) throw notFound(NO_SUCH_LOGIN);
      return db.transaction(async (tx) => {
        await assertNotLastHolder(tx, userId, role);
        const [person] = await tx.select({ id: users.id, full_name: users.full_name }).from(users).where(eq(users.id, userId));
        const removed = await tx
          .delete(clubRoles)
          .where(and(eq(clubRoles.user_id, userId), eq(clubRoles.role, role)))
          .returning({ role: clubRoles.role });
        if (!person || removed.length === 0) throw notFound(`${person?.full_name ?? 'This login'} does not hold that role.`);
        return clubRoleChanged(tx, by, person, role, 'removed');
      });
    },
  };
}

/** Team staff: managers, coaches and assistants of a team, held by members. */
function teamStaffCommands(db: Db) {
  const admin = asAdmin;
  return {
    /** PUT /api/admin/team-staff: puts a member on a team's staff, or changes their role there. */
    async setTeamStaff(actor: SessionUser | null, input: unknown) {
      const by = await admin(db, actor);
      const { player_id, team_id, role, override_reason } = parseInput(teamStaffInputSchema, input);
      return db.transaction(async (tx) => {
        const [member] = await tx
          .select()
          .from(players)
          .where(and(eq(players.id, player_id), eq(players.status, 'active')))
          .for('update');
        if (!member) throw notFound(NO_SUCH_MEMBER);
        const [team] = await tx.select({ id: teams.id, name: teams.name, age_group: teams.age_group }).from(teams).where(eq(teams.id, team_id));
        if (!team) throw notFound(NO_SUCH_TEAM);
        // Issue 23: staff of a junior team need an in-date DBS check, or an admin's recorded override.
        const override = await dbsGate(tx, member, team, TEAM_STAFF_ROLE_LABELS[role].toLowerCase(), by, override_reason);
        const [before] = await tx
          .select({ role: teamStaff.role })
          .from(teamStaff)
          .where(and(eq(teamStaff.player_id, player_id), eq(teamStaff.team_id, team_id)));
        if (before?.role === role) throw conflict(`${member.full_name} is already ${TEAM_STAFF_ROLE_LABELS[role].toLowerCase()} of ${team.name}.`);
        await tx
          .insert(teamStaff)
          .values({ player_id, team_id, role, ...override })
          .onConflictDoUpdate({
            target: [teamStaff.club_id, teamStaff.player_id, teamStaff.team_id],
            set: { role, ...(override ?? { dbs_override_by: null, dbs_override_at: null, dbs_override_reason: null }) },
          });
        const subject = {
          name: member.full_name,
          userId: member.user_id,
          playerId: member.id,
        };
        if (before)
          await recordRoleChange(tx, by, {
            ...subject,
            role: `${TEAM_STAFF_ROLE_LABELS[before.role]} of ${team.name}`,
            action: 'removed',
          });
        await recordRoleChange(tx, by, {
          ...subject,
          role: `${TEAM_STAFF_ROLE_LABELS[role]} of ${team.name}${override ? ` (DBS check overridden: ${override.dbs_override_reason})` : ''}`,
          action: 'granted',
        });
        if (member.user_id) await syncAccess(tx, member.user_id);
        return readOverview(tx);
      });
    },

    /** DELETE /api/admin/team-staff/{team_id}/{player_id} */
    async removeTeamStaff(actor: SessionUser | null, teamId: string, playerId: string) {
      const by = await admin(db, actor);
      if (!isUuid(teamId) || !isUuid(playerId)) throw notFound('That person is not on this team’s staff.');
      return db.transaction(async (tx) => {
        const [row] = await tx
          .delete(teamStaff)
          .where(and(eq(teamStaff.player_id, playerId), eq(teamStaff.team_id, teamId)))
          .returning({ role: teamStaff.role });
        if (!row) throw notFound('That person is not on this team’s staff.');
        const [member] = await tx.select().from(players).where(eq(players.id, playerId));
        const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
        await recordRoleChange(tx, by, {
          name: member.full_name,
          userId: member.user_id,
          playerId,
          role: `${TEAM_STAFF_ROLE_LABELS[row.role]} of ${team.name}`,
          action: 'removed',
        });
        if (member.user_id) await syncAccess(tx, member.user_id);
        return readOverview(tx);
      });
    },
  };
}

export function createRolesService(db: Db) {
  return {
    /** GET /api/admin/roles */
    async overview(actor: SessionUser | null) {
      await asAdmin(db, actor);
      return readOverview(db);
    },
    /** GET /api/admin/my-teams: the teams whose match week and training the signed-in person runs. */
    async myTeams(actor: SessionUser | null) {
      // Anyone in the panel may ask; officers who run no team get an empty list.
      const runner = (await must(db, actor, mayEnterAdmin)).user;
      const scope = await teamsRunByUser(db, runner);
      if (scope === 'all') return { all: true, team_ids: (await db.select({ id: teams.id }).from(teams)).map((t) => t.id) };
      return { all: false, team_ids: [...scope] };
    },
    /** The club roles the signed-in person holds (none when signed out): what the admin panel shows them. */
    async myClubRoles(actor: SessionUser | null): Promise<ClubRole[]> {
      if (!actor) return [];
      const rows = await db.select({ role: clubRoles.role }).from(clubRoles).where(eq(clubRoles.user_id, actor.id));
      return rows.map((row) => row.role);
    },
    ...clubRoleCommands(db),
    ...teamStaffCommands(db),
  };
}

export type RolesService = ReturnType<typeof createRolesService>;

/**
 * Who is told about a team's squad: its staff's logins and the club's admins (a condition on users);
 * not a junior team's staff whose place is suspended (their DBS check is not in order, issue 31).
 */
export const teamStaffAndAdmins = (teamId: string) =>
  sql`(${users.role} = 'admin' or ${users.id} in (select p.user_id from team_staff ts join players p on p.id = ts.player_id join teams t on t.id = ts.team_id
    where ts.team_id = ${teamId} and ${staffPlaceCounts(todayIso())}))`;

/** The staff of some teams, with their logins: who to tell when something in those teams changes. */
export const staffOfTeams = (db: DbOrTx, teamIds: string[]) =>
  teamIds.length
    ? db
        .select({
          player_id: teamStaff.player_id,
          team_id: teamStaff.team_id,
          role: teamStaff.role,
          user_id: players.user_id,
          full_name: players.full_name,
        })
        .from(teamStaff)
        .innerJoin(players, eq(players.id, teamStaff.player_id))
        .where(and(inArray(teamStaff.team_id, teamIds), ne(players.status, 'left')))
    : Promise.resolve([]);
