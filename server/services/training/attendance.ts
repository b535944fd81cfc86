import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { inTeamOn } from '../teams';
import type { SessionUser } from '../../../shared/roles';
import { addDaysIso, clubDateOf } from '../../../shared/dates';
import { attendanceInputSchema, attendancePercent, clubInstant } from '../../../shared/teams';
import type { DbOrTx } from '../../db/client';
import { players, playerTeams, trainingAttendance, trainingSessions } from '../../db/schema';
import { parseInput } from '../checks';
import { conflict, invalid } from '../../../shared/errors';
import type { TrainingSession } from '../../../shared/contracts/teams';
import { assertRunsTeam, matchWeekRunner, teamsRunByUser as teamsRunBy } from '../../policy';
import { toSession } from '../training-views';
import type { TrainingContext } from './context';
import { SESSION_CANCELLED, SESSION_IN_FUTURE } from './context';

/** A player's Training Attendance: attended / recorded sessions of their teams (percent null when none). */
export async function trainingAttendanceOf(db: DbOrTx, playerId: string) {
  const recordedSessions = db
    .select({ id: trainingSessions.id })
    .from(trainingSessions)
    // Only sessions while the player was in the team (issue 21): joining today counts nothing yet, and
    // a move to another team leaves the old team's sessions where they were.
    .innerJoin(
      playerTeams,
      and(eq(playerTeams.team_id, trainingSessions.team_id), eq(playerTeams.player_id, playerId), inTeamOn(sql`${trainingSessions.session_date}`)),
    )
    .where(isNotNull(trainingSessions.attendance_recorded_at));
  const [{ recorded }] = await db.select({ recorded: count() }).from(recordedSessions.as('r'));
  const [{ attended }] = await db
    .select({ attended: count() })
    .from(trainingAttendance)
    .where(and(eq(trainingAttendance.player_id, playerId), inArray(trainingAttendance.session_id, recordedSessions)));
  return { recorded, attended, percent: attendancePercent(attended, recorded) };
}

/** Who came: the attendance screen, recording it, and recent sessions. */
export function attendance(ctx: TrainingContext) {
  const { db, clock, findSession, sessionsBetween } = ctx;
  return {
    /** The attendance screen: the team's players, ticked if recorded present. */
    async attendanceOf(user: SessionUser | null, id: string) {
      const staff = await matchWeekRunner(db, user);
      const { session, team } = await findSession(id);
      await assertRunsTeam(db, staff, session.team_id);
      const rows = await db
        .select({
          id: players.id,
          full_name: players.full_name,
          jersey_number: players.jersey_number,
          present: sql<boolean>`${trainingAttendance.player_id} is not null`,
        })
        .from(playerTeams)
        .innerJoin(players, eq(players.id, playerTeams.player_id))
        .leftJoin(trainingAttendance, and(eq(trainingAttendance.session_id, id), eq(trainingAttendance.player_id, players.id)))
        // The team as it was on the session's day.
        .where(and(eq(playerTeams.team_id, session.team_id), inTeamOn(session.session_date)))
        .orderBy(asc(players.full_name));
      return {
        session: toSession(session, team),
        recorded_at: session.attendance_recorded_at?.toISOString() ?? null,
        players: rows,
      };
    },

    /**
     * Who came (staff, admin): replaces the session's record. Only a session that has begun and
     * was not cancelled (409), only players of its team (422); the session then counts as recorded.
     */
    async recordAttendance(user: SessionUser | null, id: string, input: unknown) {
      const actor = await matchWeekRunner(db, user);
      const { session } = await findSession(id);
      await assertRunsTeam(db, actor, session.team_id);
      const { present } = parseInput(attendanceInputSchema, input);
      if (session.status === 'cancelled') throw conflict(SESSION_CANCELLED);
      if (session.starts_at > clock()) throw conflict(SESSION_IN_FUTURE);
      if (present.length) {
        const members = await db
          .select({ id: playerTeams.player_id })
          .from(playerTeams)
          .where(and(eq(playerTeams.team_id, session.team_id), inArray(playerTeams.player_id, present), inTeamOn(session.session_date)));
        const known = new Set(members.map((m) => m.id));
        const strangers = present.filter((p) => !known.has(p));
        if (strangers.length) {
          throw invalid(`${strangers.length === 1 ? 'This player is' : 'These players are'} not in the session's team: ${strangers.join(', ')}`, [
            { field: 'present', message: "Not in the session's team" },
          ]);
        }
      }
      const recordedAt = new Date();
      await db.transaction(async (tx) => {
        await tx.delete(trainingAttendance).where(eq(trainingAttendance.session_id, id));
        if (present.length) await tx.insert(trainingAttendance).values(present.map((player_id) => ({ session_id: id, player_id })));
        await tx
          .update(trainingSessions)
          .set({ attendance_recorded_at: recordedAt, attendance_recorded_by: actor.id, updated_at: recordedAt })
          .where(eq(trainingSessions.id, id));
      });
      return { session_id: id, recorded_at: recordedAt.toISOString(), present };
    },

    /** Recent sessions for the attendance screen: the last 4 weeks up to now, newest first. */
    async recentSessions(user: SessionUser | null, teamId?: string): Promise<TrainingSession[]> {
      const staff = await matchWeekRunner(db, user);
      const now = clock();
      // Staff see their own teams' sessions; admins and club officers every team's.
      const scope = await teamsRunBy(db, staff);
      const teamIds = scope === 'all' ? (teamId ? [teamId] : undefined) : [...scope].filter((id) => !teamId || id === teamId);
      const list = await sessionsBetween(teamIds, clubInstant(addDaysIso(clubDateOf(now), -28), '00:00'), new Date(now.getTime() + 1));
      return list.reverse();
    },
  };
}
