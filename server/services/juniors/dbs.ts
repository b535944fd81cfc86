/**
 * DBS checks (issue 23, ADR 039; FA Section 3, safer recruitment): anyone on the staff of a junior
 * team needs an in-date Enhanced DBS check with barred list ("renewal in progress" is accepted).
 * The club records the status only. Admins, the secretary and the welfare officer record and read
 * them; making someone manager, coach or assistant of a junior team without one is refused unless
 * an admin overrides with a reason (recorded on team_staff and in role_changes).
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
import { DBS_WARNING_DAYS, JUNIOR_AGE_GROUPS, isJuniorAgeGroup, type DbsStatus } from '../../../shared/juniors';
import { dbsCheckInputSchema, dbsOverrideReasonField, type DbsEntry, type DbsOverview } from '../../../shared/contracts/safeguarding';
import { addDaysIso, formatCalendarDate } from '../../../shared/dates';
import { todayIso, PLAYER_NOT_FOUND } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import { invalid, notFound } from '../../../shared/errors';
import type { Db, DbOrTx } from '../../db/client';
import { dbsChecks, players, teams, teamStaff } from '../../db/schema';
import { parseInput } from '../checks';
import { isUuid } from '../ids';
import { actorOf, allow, isAdmin, mayLookAfterDbsChecks, mayRecordDbsCheck, signedIn } from '../../policy';
import { welfareContact } from './welfare';

type Check = { status: DbsStatus; expires_on: string | null } | null | undefined;

/**
 * What stands in the way of someone's check, in words after their name; null when it is in order.
 * `blocking`: they may not be made staff of a junior team without an admin's override.
 */
export function dbsProblem(check: Check, today = todayIso()): { blocking: boolean; text: string } | null {
  if (!check) return { blocking: true, text: 'has no DBS check recorded' };
  if (check.status === 'not_required') return null;
  if (check.status === 'expired')
    return { blocking: true, text: check.expires_on ? `DBS check expired on ${formatCalendarDate(check.expires_on)}` : 'DBS check has expired' };
  if (check.status === 'renewal_in_progress') return null;
  if (!check.expires_on || check.expires_on < today) {
    return { blocking: true, text: check.expires_on ? `DBS check expired on ${formatCalendarDate(check.expires_on)}` : 'DBS check has no expiry date' };
  }
  if (check.expires_on <= addDaysIso(today, DBS_WARNING_DAYS)) return { blocking: false, text: `DBS check expires on ${formatCalendarDate(check.expires_on)}` };
  return null;
}

/** "Jo Bloggs's DBS check expires on 3 January 2027" / "Jo Bloggs has no DBS check recorded". */
export const dbsSentence = (name: string, problem: { text: string }) =>
  problem.text.startsWith('DBS') ? `${name}'s ${problem.text}` : `${name} ${problem.text}`;

/**
 * Before a team becomes a junior team (PUT /api/teams/{id}): its staff without an in-date check, and
 * without an admin's override on record, are named (422), so no age-group change puts someone
 * unchecked in charge of children.
 */
export async function assertStaffChecked(db: DbOrTx, team: { id: string; name: string }, ageGroup: string) {
  const staff = await db
    .select({ full_name: players.full_name, status: dbsChecks.status, expires_on: dbsChecks.expires_on, overridden: teamStaff.dbs_override_by })
    .from(teamStaff)
    .innerJoin(players, eq(players.id, teamStaff.player_id))
    .leftJoin(dbsChecks, eq(dbsChecks.player_id, teamStaff.player_id))
    .where(eq(teamStaff.team_id, team.id))
    .orderBy(asc(players.full_name));
  const unchecked = staff.flatMap((member) => {
    const problem = member.overridden ? null : dbsProblem(member.status ? { status: member.status, expires_on: member.expires_on } : null);
    return problem?.blocking ? [dbsSentence(member.full_name, problem)] : [];
  });
  if (!unchecked.length) return;
  const detail = `${unchecked.join('; ')}. Record their checks in Safeguarding, or take them off the team’s staff, before ${team.name} becomes a junior team (${ageGroup}).`;
  throw invalid(detail, [{ field: 'age_group', message: detail }]);
}

export const OWN_DBS_CHECK = 'Nobody records their own DBS check: ask the welfare officer, the secretary or an admin to record it.';

/** Admins, the secretary and the welfare officer (club roles) look after DBS checks. */
export async function assertLooksAfterChecks(db: DbOrTx, actor: SessionUser | null): Promise<SessionUser> {
  allow(mayLookAfterDbsChecks(await signedIn(db, actor)), 'Only admins, the secretary and the welfare officer record DBS checks.');
  return actor!;
}

/**
 * PUT /api/admin/team-staff's gate: staff of a junior team need an in-date check. Refused (422,
 * naming the problem) unless an admin sent `override_reason`; then the override to record.
 */
export async function dbsGate(
  tx: DbOrTx,
  member: { id: string; full_name: string },
  team: { name: string; age_group: string },
  role: string,
  by: SessionUser,
  overrideReason: unknown,
): Promise<{ dbs_override_by: string; dbs_override_at: Date; dbs_override_reason: string } | null> {
  if (!isJuniorAgeGroup(team.age_group)) return null;
  const [check] = await tx.select({ status: dbsChecks.status, expires_on: dbsChecks.expires_on }).from(dbsChecks).where(eq(dbsChecks.player_id, member.id));
  const problem = dbsProblem(check);
  if (!problem?.blocking) return null;
  if (overrideReason === undefined || overrideReason === null || overrideReason === '') {
    const detail = `${dbsSentence(member.full_name, problem)}: they cannot be ${role} of ${team.name} (${team.age_group}), a junior team, without an in-date DBS check. Record their check in Safeguarding first, or an admin may override with a reason.`;
    throw invalid(detail, [{ field: 'player_id', message: detail }]);
  }
  const reason = parseInput(dbsOverrideReasonField, overrideReason);
  allow(isAdmin(await actorOf(tx, by)), 'Only an admin may override a DBS check.');
  return { dbs_override_by: by.full_name, dbs_override_at: new Date(), dbs_override_reason: reason };
}

export function createDbsService(db: Db) {
  async function overview(): Promise<DbsOverview> {
    const staff = await db
      .select({
        player_id: teamStaff.player_id,
        team_id: teams.id,
        team_name: teams.name,
        age_group: teams.age_group,
        role: teamStaff.role,
        by: teamStaff.dbs_override_by,
        at: teamStaff.dbs_override_at,
        reason: teamStaff.dbs_override_reason,
      })
      .from(teamStaff)
      .innerJoin(teams, eq(teams.id, teamStaff.team_id))
      .where(inArray(teams.age_group, [...JUNIOR_AGE_GROUPS]))
      .orderBy(asc(teams.sort_order), asc(teams.name));
    const staffIds = [...new Set(staff.map((s) => s.player_id))];
    const people = await db
      .select({ id: players.id, full_name: players.full_name, check: dbsChecks })
      .from(players)
      .leftJoin(dbsChecks, eq(dbsChecks.player_id, players.id))
      .where(staffIds.length ? or(inArray(players.id, staffIds), eq(dbsChecks.player_id, players.id)) : eq(dbsChecks.player_id, players.id))
      .orderBy(asc(players.full_name));
    const today = todayIso();
    const entries: DbsEntry[] = people.map((p) => {
      const problem = dbsProblem(p.check, today);
      return {
        player_id: p.id,
        full_name: p.full_name,
        teams: staff
          .filter((s) => s.player_id === p.id)
          .map((s) => ({
            team_id: s.team_id,
            team_name: s.team_name,
            age_group: s.age_group,
            role: s.role,
            override: s.by && s.at && s.reason ? { by: s.by, at: s.at.toISOString(), reason: s.reason } : null,
          })),
        status: p.check?.status ?? null,
        expires_on: p.check?.expires_on ?? null,
        checked_by: p.check?.checked_by ?? null,
        checked_on: p.check?.checked_on ?? null,
        problem: problem ? dbsSentence(p.full_name, problem) : null,
      };
    });
    const [welfare, members] = await Promise.all([
      welfareContact(db),
      db.select({ player_id: players.id, full_name: players.full_name }).from(players).where(eq(players.status, 'active')).orderBy(asc(players.full_name)),
    ]);
    return { welfare_officer: welfare.name, welfare_email: welfare.email, people: entries, members };
  }

  return {
    /** GET /api/admin/dbs */
    async overview(actor: SessionUser | null): Promise<DbsOverview> {
      await assertLooksAfterChecks(db, actor);
      return overview();
    },

    /** PUT /api/admin/dbs/{player_id}: the check as verified; checked_by is whoever records it. */
    async record(actor: SessionUser | null, playerId: string, input: unknown): Promise<DbsOverview> {
      const by = await assertLooksAfterChecks(db, actor);
      const values = parseInput(dbsCheckInputSchema, input);
      if (!isUuid(playerId)) throw notFound(PLAYER_NOT_FOUND);
      const [person] = await db.select({ id: players.id, user_id: players.user_id }).from(players).where(eq(players.id, playerId));
      if (!person) throw notFound(PLAYER_NOT_FOUND);
      // Safer recruitment: a check is verified by someone else (issue 30).
      allow(mayRecordDbsCheck(await actorOf(db, by), person.user_id), OWN_DBS_CHECK);
      const row = { ...values, checked_by: by.full_name, updated_at: new Date() };
      await db
        .insert(dbsChecks)
        .values({ player_id: playerId, ...row })
        .onConflictDoUpdate({ target: dbsChecks.player_id, set: row });
      return overview();
    },

    /** The Today view's warnings: junior teams' staff whose check is missing, expired or expires within 60 days. */
    async warnings(actor: SessionUser): Promise<string[] | null> {
      try {
        await assertLooksAfterChecks(db, actor);
      } catch {
        return null;
      }
      return (await overview()).people.filter((p) => p.teams.length > 0 && p.problem).map((p) => p.problem!);
    },
  };
}

export type DbsService = ReturnType<typeof createDbsService>;
