import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/roles';
import { addDaysIso, clubDateOf, clubTimeOf } from '../../../shared/dates';
import { TRAINING_HORIZON_WEEKS, clubInstant, trainingSessionPatchSchema, trainingSessionQuerySchema, oneOffSessionInputSchema } from '../../../shared/teams';
import { availability, teams, trainingSessions } from '../../db/schema';
import { parseInput } from '../checks';
import { assertRunsTeam, matchWeekRunner, mayEnterAdmin, maySeeTraining, signedIn, teamsFollowedBy } from '../../policy';
import { juniorTeamIds } from './context';
import { conflict, invalid } from '../../../shared/errors';
import type { TrainingSession } from '../../../shared/contracts/teams';
import { sessionTitle } from '../../../shared/teams-constants';
import { assertCurrentVersion } from '../edit-version';
import { fixtureDayWarnings, toSession } from '../training-views';
import type { TrainingContext } from './context';
import { DELETE_ANSWERED, DELETE_RECORDED, DELETE_WEEKLY, CANCEL_RECORDED, MAX_RANGE_DAYS } from './context';

/** Dated sessions: add a one-off, move, cancel, delete. */
export function datedSessions(ctx: TrainingContext) {
  const { db, deps, teamExists, findSession } = ctx;
  return {
    /** A one-off training session or team event (staff of the team, admin), with fixture-day warnings. */
    async createSession(user: SessionUser | null, input: unknown): Promise<TrainingSession & { warnings: string[] }> {
      const staff = await matchWeekRunner(db, user);
      const { date, start_time, end_time, team_id, ...details } = parseInput(oneOffSessionInputSchema, input);
      await teamExists(team_id);
      await assertRunsTeam(db, staff, team_id);
      const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, team_id));
      const [row] = await db
        .insert(trainingSessions)
        .values({
          ...details,
          answer_by: details.answer_by ? new Date(details.answer_by) : null,
          team_id,
          one_off: true,
          session_date: date,
          starts_at: clubInstant(date, start_time),
          ends_at: clubInstant(date, end_time),
        })
        .returning();
      return { ...toSession(row, team.name), warnings: await fixtureDayWarnings(db, team_id, team.name, [date]) };
    },

    /** Deletes a one-off session or event nobody recorded attendance for (409 otherwise); its answers go with it. */
    async removeSession(user: SessionUser | null, id: string): Promise<void> {
      const staff = await matchWeekRunner(db, user);
      const { session } = await findSession(id);
      await assertRunsTeam(db, staff, session.team_id);
      if (!session.one_off) throw conflict(DELETE_WEEKLY);
      if (session.attendance_recorded_at) throw conflict(DELETE_RECORDED);
      // Nobody who answered loses the event without a word: cancelling tells them (issue 22).
      const [answered] = await db.select({ id: availability.id }).from(availability).where(eq(availability.session_id, id)).limit(1);
      if (answered) throw conflict(DELETE_ANSWERED);
      await db.delete(trainingSessions).where(eq(trainingSessions.id, id));
    },

    /** Cancel, reinstate or move one session (staff, admin); the slot is untouched. */
    async updateSession(user: SessionUser | null, id: string, input: unknown): Promise<TrainingSession> {
      const staff = await matchWeekRunner(db, user);
      const { session, team } = await findSession(id);
      await assertRunsTeam(db, staff, session.team_id);
      const patch = parseInput(trainingSessionPatchSchema, input);
      const date = patch.date ?? clubDateOf(session.starts_at);
      const start = patch.start_time ?? clubTimeOf(session.starts_at);
      const end = patch.end_time ?? clubTimeOf(session.ends_at);
      const moving = patch.date !== undefined || patch.start_time !== undefined || patch.end_time !== undefined || patch.place !== undefined;
      if (moving && end <= start)
        throw invalid('End time must be after the start time.', [{ field: 'end_time', message: 'End time must be after the start time' }]);
      const { status: _status, date: _date, start_time: _start, end_time: _end, place: _place, version, ...extras } = patch;
      const meet = extras.meet_time === undefined ? session.meet_time : extras.meet_time;
      if (meet && meet > start)
        throw invalid('Meet time must be at or before the start time.', [{ field: 'meet_time', message: 'Meet time must be at or before the start time' }]);
      const answerBy = extras.answer_by === undefined ? session.answer_by : extras.answer_by ? new Date(extras.answer_by) : null;
      if (answerBy && answerBy >= clubInstant(date, start))
        throw invalid('Answer by must be before the start.', [{ field: 'answer_by', message: 'Answer by must be before the start' }]);
      if (patch.status === 'cancelled' && session.attendance_recorded_at) throw conflict(CANCEL_RECORDED);
      const details = (s: typeof session) => ({
        date: clubDateOf(s.starts_at),
        time: clubTimeOf(s.starts_at),
        place: s.place,
        status: s.status,
        meet_time: s.meet_time,
        kit: s.kit,
      });
      const next = moving
        ? { starts_at: clubInstant(date, start), ends_at: clubInstant(date, end), place: patch.place ?? session.place }
        : { starts_at: session.starts_at, ends_at: session.ends_at, place: session.place };
      const moves =
        next.starts_at.getTime() !== session.starts_at.getTime() || next.ends_at.getTime() !== session.ends_at.getTime() || next.place !== session.place;
      // Nothing changes: no write, so updated_at (the feeds' DTSTAMP, hence their bytes and ETag) stays.
      const detailsEdited = Object.values(extras).some((v) => v !== undefined);
      if (!moves && !detailsEdited && (patch.status ?? session.status) === session.status) return toSession(session, team);
      const row = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(trainingSessions).where(eq(trainingSessions.id, id)).for('update');
        // Someone saved since this copy was loaded: refused, naming them (issue 22).
        assertCurrentVersion('session', current, version);
        const [updated] = await tx
          .update(trainingSessions)
          .set({
            ...(patch.status ? { status: patch.status } : {}),
            ...Object.fromEntries(Object.entries(extras).filter(([, v]) => v !== undefined)),
            ...(extras.answer_by !== undefined ? { answer_by: answerBy } : {}),
            ...(moves ? { ...next, moved: true } : {}),
            updated_at: new Date(),
            updated_by: staff.full_name,
          })
          .where(eq(trainingSessions.id, id))
          .returning();
        // Those who said they would come, and the team's staff, hear of it (issue 22).
        const event = { kind: 'training' as const, id, team_id: session.team_id, title: sessionTitle(team, session.kind, session.title) };
        await deps.eventChanges?.record(tx, event, details(session), details(updated), staff.full_name);
        return updated;
      });
      return toSession(row, team);
    },
  };
}

/** Reading dated sessions: the staff's list and a player's schedule. */
export function sessionLists(ctx: TrainingContext) {
  const { db, clock, teamExists, teamIdsOfUser, sessionsBetween } = ctx;
  return {
    /**
     * Sessions from `from` to `to` (club dates, both included; default: today and the next 8
     * weeks). Without team_id: a player's own teams, everyone's for staff and admins.
     */
    async listSessions(user: SessionUser | null, query: unknown): Promise<TrainingSession[]> {
      const actor = await signedIn(db, user);
      const q = parseInput(trainingSessionQuerySchema, query);
      const today = clubDateOf(clock());
      const from = q.from ?? today;
      const to = q.to ?? addDaysIso(today, TRAINING_HORIZON_WEEKS * 7);
      if (to < from)
        throw invalid('The end date must be on or after the start date.', [{ field: 'to', message: 'The end date must be on or after the start date' }]);
      if (to > addDaysIso(from, MAX_RANGE_DAYS))
        throw invalid(`The end date must be at most ${MAX_RANGE_DAYS} days after the start date.`, [
          { field: 'to', message: `The end date must be at most ${MAX_RANGE_DAYS} days after the start date` },
        ]);
      let teamIds: string[] | undefined;
      if (q.team_id !== undefined) {
        await teamExists(q.team_id);
        teamIds = [q.team_id];
      } else if (!mayEnterAdmin(actor)) {
        teamIds = await teamIdsOfUser(actor.user);
      }
      const sessions = await sessionsBetween(teamIds, clubInstant(from, '00:00'), clubInstant(addDaysIso(to, 1), '00:00'));
      // Where and when a junior team trains: its own people only (issue 30, finding 19).
      const [followed, juniors] = await Promise.all([teamsFollowedBy(db, actor), juniorTeamIds(db)]);
      return sessions.filter((session) => maySeeTraining(followed, { id: session.team_id, age_group: juniors.has(session.team_id) ? 'U18' : null }));
    },

    /** The portal's Schedule: the signed-in player's sessions for the horizon. */
    async upcomingForUser(user: SessionUser): Promise<TrainingSession[]> {
      const teamIds = await teamIdsOfUser(user);
      const now = clock();
      return sessionsBetween(teamIds, now, clubInstant(addDaysIso(clubDateOf(now), TRAINING_HORIZON_WEEKS * 7), '00:00'));
    },

    /** A child's sessions for the horizon, by their teams (a guardian's view, issue 23). */
    async upcomingForTeams(teamIds: string[]): Promise<TrainingSession[]> {
      const now = clock();
      return sessionsBetween(teamIds, now, clubInstant(addDaysIso(clubDateOf(now), TRAINING_HORIZON_WEEKS * 7), '00:00'));
    },

    teamIdsOfUser,
  };
}
