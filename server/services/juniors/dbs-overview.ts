/**
 * GET /api/admin/dbs's answer (issues 23 and 31): the junior teams' staff and everyone with a
 * check, each place marked suspended when the check is not in order today, who verified and who
 * recorded each check, an admin's override; and the adults whose check can be recorded (never a child).
 */
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { JUNIOR_AGE_GROUPS } from '../../../shared/juniors';
import type { DbsEntry, DbsOverview } from '../../../shared/contracts/safeguarding';
import { todayIso } from '../../../shared/players';
import type { DbOrTx } from '../../db/client';
import { dbsChecks, players, teams, teamStaff } from '../../db/schema';
import { dbsProblem, dbsSentence, placeKey, suspendedPlaces } from './dbs-standing';
import { welfareContact } from './welfare';

/** Members a check can be recorded for: active adults (no date of birth counts as an adult: the club did not record one). */
const adultMembers = (db: DbOrTx, today: string) =>
  db
    .select({ player_id: players.id, full_name: players.full_name })
    .from(players)
    .where(sql`${players.status} = 'active' and (${players.date_of_birth} is null or ${players.date_of_birth} <= (${today}::date - interval '18 years'))`)
    .orderBy(asc(players.full_name));

/** Those who usually verify a certificate: the welfare officers, secretaries and admins, by name. */
async function verifiers(db: DbOrTx): Promise<string[]> {
  const result = await db.execute<{ full_name: string }>(sql`
    select distinct u.full_name from users u
    where u.disabled_at is null
      and (u.role = 'admin' or exists (select 1 from club_roles r where r.user_id = u.id and r.role in ('welfare_officer', 'secretary', 'admin')))
    order by u.full_name`);
  return (result as unknown as { rows: { full_name: string }[] }).rows.map((r) => r.full_name);
}

export async function dbsOverview(db: DbOrTx, today = todayIso()): Promise<DbsOverview> {
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
  const [people, suspended] = await Promise.all([
    db
      .select({ id: players.id, full_name: players.full_name, check: dbsChecks })
      .from(players)
      .leftJoin(dbsChecks, eq(dbsChecks.player_id, players.id))
      .where(staffIds.length ? or(inArray(players.id, staffIds), eq(dbsChecks.player_id, players.id)) : eq(dbsChecks.player_id, players.id))
      .orderBy(asc(players.full_name)),
    suspendedPlaces(db, today),
  ]);
  const entries: DbsEntry[] = people.map((p) => {
    const problem = dbsProblem(p.check, today);
    const places = staff
      .filter((s) => s.player_id === p.id)
      .map((s) => ({
        team_id: s.team_id,
        team_name: s.team_name,
        age_group: s.age_group,
        role: s.role,
        override: s.by && s.at && s.reason ? { by: s.by, at: s.at.toISOString(), reason: s.reason } : null,
        suspended: suspended.get(placeKey(p.id, s.team_id)) ?? null,
      }));
    const check = p.check;
    return {
      player_id: p.id,
      full_name: p.full_name,
      teams: places,
      status: check?.status ?? null,
      expires_on: check?.expires_on ?? null,
      checked_by: check?.checked_by ?? null,
      checked_on: check?.checked_on ?? null,
      recorded_by: check?.recorded_by ?? null,
      suspended: places.find((t) => t.suspended)?.suspended ?? null,
      override:
        check?.override_by && check.override_at && check.override_reason
          ? { by: check.override_by, at: check.override_at.toISOString(), reason: check.override_reason }
          : null,
      problem: problem ? dbsSentence(p.full_name, problem) : null,
    };
  });
  const [welfare, members, names] = await Promise.all([welfareContact(db), adultMembers(db, today), verifiers(db)]);
  return { welfare_officer: welfare.name, welfare_email: welfare.email, people: entries, members, verifiers: names };
}
