/**
 * DBS checks (issue 23, ADR 039; FA Section 3, safer recruitment): anyone on the staff of a junior
 * team needs an in-date Enhanced DBS check with barred list ("renewal in progress" is accepted).
 * The club records the status only. Admins, the secretary and the welfare officer record and read
 * them; making someone manager, coach or assistant of a junior team without one is refused unless
 * an admin overrides with a reason (recorded on team_staff and in role_changes). Issue 31: once a
 * check has expired the person's junior places are suspended (server/policy/dbs.ts) until a new
 * check is recorded or an admin lifts the suspension with a reason (recorded on the check).
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { isJunior, isJuniorAgeGroup } from '../../../shared/juniors';
import {
  dbsCheckInputSchema,
  dbsOverrideReasonField,
  dbsSuspensionOverrideSchema,
  type DbsOverview,
} from '../../../shared/contracts/safeguarding';
import { todayIso, PLAYER_NOT_FOUND } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import { invalid, notFound } from '../../../shared/errors';
import type { Db, DbOrTx } from '../../db/client';
import { dbsChecks, players, teams, teamStaff } from '../../db/schema';
import { parseInput } from '../checks';
import { isUuid } from '../ids';
import { actorOf, allow, isAdmin, mayLookAfterDbsChecks, mayOverrideDbsSuspension, mayRecordDbsCheck, signedIn } from '../../policy';
import { dbsProblem, dbsSentence, placeKey, placeProblem, STAFF_PLACE_CHECK, suspendedPlaces } from './dbs-standing';
import { dbsOverview } from './dbs-overview';
import { dbsNoticeUseCases } from './dbs-notices';
import type { MailService } from '../mail';

export { dbsProblem, dbsSentence };


/**
 * Before a team becomes a junior team (PUT /api/teams/{id}): its staff without an in-date check, and
 * without an admin's override on record, are named (422), so no age-group change puts someone
 * unchecked in charge of children.
 */
export async function assertStaffChecked(db: DbOrTx, team: { id: string; name: string }, ageGroup: string) {
  const staff = await db
    .select({
      full_name: players.full_name,
      ...STAFF_PLACE_CHECK,
    })
    .from(teamStaff)
    .innerJoin(players, eq(players.id, teamStaff.player_id))
    .leftJoin(dbsChecks, eq(dbsChecks.player_id, teamStaff.player_id))
    .where(eq(teamStaff.team_id, team.id))
    .orderBy(asc(players.full_name));
  const unchecked = staff.flatMap((member) => {
    const problem = placeProblem(member);
    return problem ? [dbsSentence(member.full_name, problem)] : [];
  });
  if (!unchecked.length) return;
  const detail = `${unchecked.join('; ')}. Record their checks in Safeguarding, or take them off the team’s staff, before ${team.name} becomes a junior team (${ageGroup}).`;
  throw invalid(detail, [{ field: 'age_group', message: detail }]);
}

export const OWN_DBS_CHECK = 'Nobody records their own DBS check: ask the welfare officer, the secretary or an admin to record it.';
export const CHILD_NOT_DBS_SUBJECT =
  'is under 18: DBS checks are recorded for the adults who work with juniors (staff and volunteers), never for a child.';
export const OWN_VERIFIER = 'Nobody verifies their own DBS check: name the person who saw the certificate.';
export const OWN_OVERRIDE = 'Nobody lifts the suspension of their own DBS check: ask another admin.';
export const ONLY_ADMIN_LIFTS = 'Only an admin may lift the suspension of an expired DBS check.';

/** Admins, the secretary and the welfare officer (club roles) look after DBS checks. */
export async function assertLooksAfterChecks(db: DbOrTx, actor: SessionUser | null): Promise<SessionUser> {
  allow(mayLookAfterDbsChecks(await signedIn(db, actor)), 'Only admins, the secretary and the welfare officer record DBS checks.');
  return actor!;
}

/**
 * PUT /api/admin/team-staff's gate: staff of a junior team need an in-date check (or one whose
 * suspension an admin lifted). Refused (422, naming the problem) unless an admin sent
 * `override_reason`; then the override to record.
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
  const [check] = await tx
    .select({ status: dbsChecks.status, expires_on: dbsChecks.expires_on, lifted: dbsChecks.override_at })
    .from(dbsChecks)
    .where(eq(dbsChecks.player_id, member.id));
  const problem = check?.lifted ? null : dbsProblem(check);
  if (!problem?.blocking) return null;
  if (overrideReason === undefined || overrideReason === null || overrideReason === '') {
    const detail = `${dbsSentence(member.full_name, problem)}: they cannot be ${role} of ${team.name} (${team.age_group}), a junior team, without an in-date DBS check. Record their check in Safeguarding first, or an admin may override with a reason.`;
    throw invalid(detail, [{ field: 'player_id', message: detail }]);
  }
  const reason = parseInput(dbsOverrideReasonField, overrideReason);
  allow(isAdmin(await actorOf(tx, by)), 'Only an admin may override a DBS check.');
  return { dbs_override_by: by.full_name, dbs_override_at: new Date(), dbs_override_reason: reason };
}

/** The person a check is about: a member (404 otherwise). */
async function subjectOf(db: DbOrTx, playerId: string) {
  if (!isUuid(playerId)) throw notFound(PLAYER_NOT_FOUND);
  const [person] = await db
    .select({ id: players.id, user_id: players.user_id, full_name: players.full_name, date_of_birth: players.date_of_birth })
    .from(players)
    .where(eq(players.id, playerId));
  if (!person) throw notFound(PLAYER_NOT_FOUND);
  return person;
}

/** "Carl Coach's DBS check expired on 3 November 2026: suspended from U9 Wrens and U12 Robins" (issue 31). */
function warningOf(person: DbsOverview['people'][number]): string {
  const suspended = person.teams.filter((t) => t.suspended).map((t) => t.team_name);
  if (suspended.length) return `${person.problem}: suspended from ${suspended.length > 1 ? `${suspended.slice(0, -1).join(', ')} and ${suspended.at(-1)}` : suspended[0]}`;
  return person.override ? `${person.problem} (suspension lifted by ${person.override.by})` : person.problem!;
}

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

export function createDbsService(db: Db, mail: MailService) {
  return {
    ...dbsNoticeUseCases(db, mail),

    /** GET /api/admin/dbs */
    async overview(actor: SessionUser | null): Promise<DbsOverview> {
      await assertLooksAfterChecks(db, actor);
      return dbsOverview(db);
    },

    /**
     * PUT /api/admin/dbs/{player_id}: the check as verified, by whom (`checked_by`, a named person);
     * whoever types it is kept as recorded_by. Recording a check ends an admin's override of the
     * last one: the new check decides.
     */
    async record(actor: SessionUser | null, playerId: string, input: unknown): Promise<DbsOverview> {
      const by = await assertLooksAfterChecks(db, actor);
      const values = parseInput(dbsCheckInputSchema, input);
      const person = await subjectOf(db, playerId);
      // Safer recruitment: a check is verified by someone else (issue 30).
      allow(mayRecordDbsCheck(await actorOf(db, by), person.user_id), OWN_DBS_CHECK);
      if (isJunior(person.date_of_birth, todayIso())) {
        const detail = `${person.full_name} ${CHILD_NOT_DBS_SUBJECT}`;
        throw invalid(detail, [{ field: 'player_id', message: detail }]);
      }
      if (sameName(values.checked_by, person.full_name)) throw invalid(OWN_VERIFIER, [{ field: 'checked_by', message: OWN_VERIFIER }]);
      const row = { ...values, recorded_by: by.full_name, updated_at: new Date(), override_by: null, override_at: null, override_reason: null };
      await db
        .insert(dbsChecks)
        .values({ player_id: playerId, ...row })
        .onConflictDoUpdate({ target: [dbsChecks.club_id, dbsChecks.player_id], set: row });
      return dbsOverview(db);
    },

    /** PUT /api/admin/dbs/{player_id}/override: an admin lifts the suspension of a check not in order, saying why (issue 31). */
    async override(actor: SessionUser | null, playerId: string, input: unknown): Promise<DbsOverview> {
      const me = await signedIn(db, actor);
      allow(mayOverrideDbsSuspension(me), ONLY_ADMIN_LIFTS);
      const { reason } = parseInput(dbsSuspensionOverrideSchema, input);
      const person = await subjectOf(db, playerId);
      allow(person.user_id !== me.id, OWN_OVERRIDE);
      const [check] = await db.select().from(dbsChecks).where(eq(dbsChecks.player_id, playerId));
      if (!check) {
        const detail = `${person.full_name} has no DBS check recorded: record it first (as expired if it is), then lift the suspension.`;
        throw invalid(detail, [{ field: 'player_id', message: detail }]);
      }
      if (!dbsProblem(check)?.blocking) {
        const detail = `${person.full_name}'s DBS check is in order: there is no suspension to lift.`;
        throw invalid(detail, [{ field: 'player_id', message: detail }]);
      }
      // updated_at stays: it is when the check was recorded, which place overrides are measured against.
      await db
        .update(dbsChecks)
        .set({ override_by: me.name, override_at: new Date(), override_reason: reason })
        .where(eq(dbsChecks.player_id, playerId));
      return dbsOverview(db);
    },

    /** DELETE /api/admin/dbs/{player_id}/override: the admin withdraws it; the suspension is back while the check is not in order. */
    async withdrawOverride(actor: SessionUser | null, playerId: string): Promise<DbsOverview> {
      allow(mayOverrideDbsSuspension(await signedIn(db, actor)), ONLY_ADMIN_LIFTS);
      await subjectOf(db, playerId);
      await db.update(dbsChecks).set({ override_by: null, override_at: null, override_reason: null }).where(eq(dbsChecks.player_id, playerId));
      return dbsOverview(db);
    },

    /**
     * The signed-in person's own suspended staff places, in words ("Under 9 Wrens: Suspended: DBS
     * check expired on 3 November 2026"), so a coach whose only places are suspended is told why the
     * admin panel is closed to them (their portal shows it).
     */
    async mySuspendedPlaces(actor: SessionUser): Promise<{ team_name: string; text: string }[]> {
      const me = await actorOf(db, actor);
      if (!me.member || me.suspendedFrom.size === 0) return [];
      const texts = await suspendedPlaces(db);
      const teamsOf = await db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(inArray(teams.id, [...me.suspendedFrom]))
        .orderBy(asc(teams.name));
      return teamsOf.map((t) => ({ team_name: t.name, text: texts.get(placeKey(me.member!.playerId, t.id)) ?? 'Suspended: DBS check not in order' }));
    },

    /** The Today view's warnings: junior teams' staff whose check is missing, expired or expires within 60 days. */
    async warnings(actor: SessionUser): Promise<string[] | null> {
      try {
        await assertLooksAfterChecks(db, actor);
      } catch {
        return null;
      }
      return (await dbsOverview(db)).people.filter((p) => p.teams.length > 0 && p.problem).map(warningOf);
    },
  };
}

export type DbsService = ReturnType<typeof createDbsService>;
