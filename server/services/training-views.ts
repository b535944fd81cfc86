import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { clubDateOf, clubTimeOf } from '../../shared/dates';
import { sessionTitle } from '../../shared/teams-constants';
import type { TrainingSession, TrainingSlot } from '../../shared/contracts/teams';
import type { DbOrTx } from '../db/client';
import { fixtures, type trainingSessions, type trainingSlots } from '../db/schema';

/** How training slots and sessions are answered, and the fixture-day warnings (issue 22). */

type SlotRow = typeof trainingSlots.$inferSelect;
type SessionRow = typeof trainingSessions.$inferSelect;

export const toSlot = (row: SlotRow): TrainingSlot => ({
  id: row.id,
  team_id: row.team_id,
  weekday: row.weekday,
  start_time: row.start_time,
  end_time: row.end_time,
  place: row.place,
  ends_on: row.ends_on,
  breaks: row.breaks ?? [],
});

export function toSession(row: SessionRow, team: string): TrainingSession {
  return {
    id: row.id,
    team_id: row.team_id,
    team,
    slot_id: row.slot_id,
    /** The club-time date and times, as the club reads them. */
    date: clubDateOf(row.starts_at),
    start_time: clubTimeOf(row.starts_at),
    end_time: clubTimeOf(row.ends_at),
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    place: row.place,
    status: row.status,
    moved: row.moved,
    attendance_recorded: row.attendance_recorded_at !== null,
    kind: row.kind,
    title: row.title,
    label: sessionTitle(team, row.kind, row.title),
    one_off: row.one_off,
    meet_time: row.meet_time,
    kit: row.kit,
    notes: row.notes,
    address: row.address,
    answer_by: row.answer_by?.toISOString() ?? null,
    version: row.updated_at.toISOString(),
  };
}

/**
 * "Senior has a fixture on 2026-12-05: Senior vs Riverside at 15:00", for each of these dates the
 * team plays (cancelled fixtures aside): training is still created, staff decide.
 */
export async function fixtureDayWarnings(db: DbOrTx, teamId: string, team: string, dates: string[]): Promise<string[]> {
  if (dates.length === 0) return [];
  const rows = await db
    .select()
    .from(fixtures)
    .where(and(eq(fixtures.team_id, teamId), inArray(fixtures.match_date, [...new Set(dates)]), ne(fixtures.status, 'cancelled')))
    .orderBy(asc(fixtures.match_date), asc(fixtures.match_time));
  return rows.map((f) => {
    const match = f.is_home ? `${team} vs ${f.away_team}` : `${f.away_team} vs ${team}`;
    return `${team} has a fixture on ${f.match_date}: ${match} at ${f.match_time}`;
  });
}
