/**
 * Which staff places are suspended today (issue 31, ADR 048), in words for the staff lists: the
 * rule is server/policy/dbs.ts (staffPlaceCounts); this reads it for every place at once.
 */
import { sql } from 'drizzle-orm';
import { addDaysIso, formatCalendarDate } from '../../../shared/dates';
import { DBS_WARNING_DAYS, type DbsStatus } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import type { DbOrTx } from '../../db/client';
import { staffPlaceCounts } from '../../policy';
import { dbsChecks, teamStaff } from '../../db/schema';

export type Check = { status: DbsStatus; expires_on: string | null } | null | undefined;

/**
 * What stands in the way of someone's check, in words after their name; null when it is in order.
 * `blocking`: they may not be made staff of a junior team without an admin's override, and their
 * junior places are suspended (unless overridden).
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

/** "Suspended: DBS check expired on 3 November 2026" / "Suspended: no DBS check recorded". */
export function suspendedText(check: Check, today = todayIso()): string {
  const problem = dbsProblem(check, today);
  if (!problem?.blocking) return 'Suspended: DBS check not in order';
  return `Suspended: ${problem.text.replace(/^has /, '')}`;
}

/** Every suspended staff place today, keyed `player_id:team_id`, with the words the staff lists show. */
export async function suspendedPlaces(db: DbOrTx, today = todayIso()): Promise<Map<string, string>> {
  const result = await db.execute<{ player_id: string; team_id: string; status: DbsStatus | null; expires_on: string | null }>(sql`
    select ts.player_id::text, ts.team_id::text, d.status::text as status, d.expires_on::text as expires_on
    from team_staff ts
    join teams t on t.id = ts.team_id
    left join dbs_checks d on d.player_id = ts.player_id
    where not ${staffPlaceCounts(today)}`);
  const rows = (result as unknown as { rows: { player_id: string; team_id: string; status: DbsStatus | null; expires_on: string | null }[] }).rows;
  return new Map(rows.map((r) => [`${r.player_id}:${r.team_id}`, suspendedText(r.status ? { status: r.status, expires_on: r.expires_on } : null, today)]));
}

/** The columns a staff place's check is read with (team_staff joined to dbs_checks): for placeProblem. */
export const STAFF_PLACE_CHECK = {
  status: dbsChecks.status,
  expires_on: dbsChecks.expires_on,
  overridden: teamStaff.dbs_override_by,
  lifted: dbsChecks.override_at,
};

/**
 * What stands in the way of a staff place with children, when it blocks: nothing if an admin
 * overrode it for the place (team_staff) or lifted the suspension on the check (ADR 048).
 */
export function placeProblem(place: { status: DbsStatus | null; expires_on: string | null; overridden: unknown; lifted: unknown }) {
  if (place.overridden || place.lifted) return null;
  const problem = dbsProblem(place.status ? { status: place.status, expires_on: place.expires_on } : null);
  return problem?.blocking ? problem : null;
}

export const placeKey = (playerId: string, teamId: string) => `${playerId}:${teamId}`;
