import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { inTeamNow, inTeamOn } from './teams';
import type { SessionUser } from '../../shared/roles';
import { addDaysIso, clubDateOf, clubTimeOf } from '../../shared/dates';
import { SESSION_NOT_FOUND, SLOT_NOT_FOUND, TEAM_NOT_FOUND, TRAINING_HORIZON_WEEKS, attendanceInputSchema, attendancePercent, clubInstant, sessionsForSlot, trainingSessionPatchSchema, trainingSessionQuerySchema, trainingSlotInputSchema, oneOffSessionInputSchema } from '../../shared/teams';
import type { Db, DbOrTx } from '../db/client';
import { availability, players, playerTeams, teams, trainingAttendance, trainingSessions, trainingSlots } from '../db/schema';
import { ADMIN_AND_STAFF, parseInput, requireRoles } from './checks';
import { conflict, invalid, notFound, unauthenticated } from '../../shared/errors';
import { isUuid } from './ids';
import type { SavedTrainingSlot, TrainingSession, TrainingSlot } from '../../shared/contracts/teams';
import { assertRunsTeam, teamsRunBy } from './roles';
import { sessionTitle } from '../../shared/teams-constants';
import type { EventChangeService } from './event-changes';
import { assertCurrentVersion } from './edit-version';
import { fixtureDayWarnings, toSession, toSlot } from './training-views';

export { toSession, toSlot };

export type { TrainingSession, TrainingSlot };

type SlotRow = typeof trainingSlots.$inferSelect;

export const SESSION_CANCELLED = 'This session was cancelled: there is no attendance to record.';
export const SESSION_IN_FUTURE = 'This session has not started yet: record attendance once it has begun.';
export const CANCEL_RECORDED = 'Attendance was recorded for this session, so it cannot be cancelled.';
export const DELETE_WEEKLY = 'Only a one-off session or event can be deleted: cancel a weekly session instead.';
export const DELETE_RECORDED = 'Attendance was recorded for this session, so it cannot be deleted.';
export const DELETE_ANSWERED = 'Players have answered for this event: cancel it instead, so that they are told.';
const MAX_RANGE_DAYS = 366;
const GENERATE_PAST_DAYS = 14;

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

/**
 * Training (decision 14 in docs/architecture.md): weekly slots per team generate dated sessions for the next
 * TRAINING_HORIZON_WEEKS weeks. Generation happens when sessions are read (no cron): it inserts
 * what is missing and the unique (team, slot, date) index makes it idempotent, also when two
 * processes do it at once. Staff cancel or move one session without touching its slot.
 */
export function createTrainingService(db: Db, deps: { eventChanges?: EventChangeService } = {}, clock: () => Date = () => new Date()) {
  async function teamExists(teamId: string) {
    if (!isUuid(teamId)) throw notFound(TEAM_NOT_FOUND);
    const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId));
    if (!team) throw notFound(TEAM_NOT_FOUND);
  }

  /**
   * Inserts the missing sessions of these slots for the horizon, starting two weeks back so that
   * staff can record last week's attendance on a club that just started (or a slot just added).
   */
  async function generate(tx: DbOrTx, slots: SlotRow[]) {
    const from = addDaysIso(clubDateOf(clock()), -GENERATE_PAST_DAYS);
    const rows = slots.flatMap((slot) => sessionsForSlot(slot, from, TRAINING_HORIZON_WEEKS + GENERATE_PAST_DAYS / 7));
    // One-off sessions have no slot (null never conflicts), so generation neither collides with nor removes them.
    if (rows.length) await tx.insert(trainingSessions).values(rows).onConflictDoNothing();
    return rows;
  }

  /** A saved slot, with a warning for each coming session on a day its team plays. */
  async function savedSlot(tx: DbOrTx, row: SlotRow): Promise<SavedTrainingSlot> {
    const generated = await generate(tx, [row]);
    const today = clubDateOf(clock());
    const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, row.team_id));
    const warnings = await fixtureDayWarnings(tx, row.team_id, team?.name ?? 'The team', generated.map((r) => r.session_date).filter((d) => d >= today));
    return { ...toSlot(row), warnings };
  }

  async function ensureSessions(teamIds?: string[]) {
    if (teamIds && teamIds.length === 0) return;
    const slots = await db.select().from(trainingSlots).where(teamIds ? inArray(trainingSlots.team_id, teamIds) : undefined);
    await generate(db, slots);
  }

  /**
   * Before a slot changes or goes: its future sessions that nobody touched (scheduled, not moved,
   * nothing recorded) are removed, so the next generation follows the slot. Moved and cancelled
   * ones stay as staff left them.
   */
  async function dropUntouchedFuture(tx: DbOrTx, slotId: string) {
    await tx
      .delete(trainingSessions)
      .where(
        and(
          eq(trainingSessions.slot_id, slotId),
          gt(trainingSessions.starts_at, clock()),
          eq(trainingSessions.status, 'scheduled'),
          eq(trainingSessions.moved, false),
          isNull(trainingSessions.attendance_recorded_at),
        ),
      );
  }

  async function findSlot(id: string): Promise<SlotRow> {
    if (!isUuid(id)) throw notFound(SLOT_NOT_FOUND);
    const [row] = await db.select().from(trainingSlots).where(eq(trainingSlots.id, id));
    if (!row) throw notFound(SLOT_NOT_FOUND);
    return row;
  }

  async function findSession(id: string) {
    if (!isUuid(id)) throw notFound(SESSION_NOT_FOUND);
    const [row] = await db
      .select({ session: trainingSessions, team: teams.name })
      .from(trainingSessions)
      .innerJoin(teams, eq(teams.id, trainingSessions.team_id))
      .where(eq(trainingSessions.id, id));
    if (!row) throw notFound(SESSION_NOT_FOUND);
    return row;
  }

  async function teamIdsOfUser(user: SessionUser): Promise<string[]> {
    const rows = await db
      .select({ team_id: playerTeams.team_id })
      .from(playerTeams)
      .innerJoin(players, eq(players.id, playerTeams.player_id))
      .where(and(eq(players.user_id, user.id), inTeamNow));
    return rows.map((r) => r.team_id);
  }

  async function sessionsBetween(teamIds: string[] | undefined, from: Date, to: Date): Promise<TrainingSession[]> {
    await ensureSessions(teamIds);
    if (teamIds && teamIds.length === 0) return [];
    const rows = await db
      .select({ session: trainingSessions, team: teams.name })
      .from(trainingSessions)
      .innerJoin(teams, eq(teams.id, trainingSessions.team_id))
      .where(
        and(
          teamIds ? inArray(trainingSessions.team_id, teamIds) : undefined,
          gte(trainingSessions.starts_at, from),
          lt(trainingSessions.starts_at, to),
        ),
      )
      .orderBy(asc(trainingSessions.starts_at), asc(teams.sort_order));
    return rows.map((r) => toSession(r.session, r.team));
  }

  return {
    ensureSessions,

    async listSlots(teamId: string): Promise<TrainingSlot[]> {
      await teamExists(teamId);
      const rows = await db
        .select()
        .from(trainingSlots)
        .where(eq(trainingSlots.team_id, teamId))
        .orderBy(asc(trainingSlots.weekday), asc(trainingSlots.start_time));
      return rows.map(toSlot);
    },

    async createSlot(user: SessionUser | null, teamId: string, input: unknown): Promise<SavedTrainingSlot> {
      const staff = requireRoles(user, ADMIN_AND_STAFF);
      await teamExists(teamId);
      await assertRunsTeam(db, staff, teamId);
      const values = parseInput(trainingSlotInputSchema, input);
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(trainingSlots).values({ ...values, team_id: teamId }).returning();
        return savedSlot(tx, row);
      });
    },

    async updateSlot(user: SessionUser | null, id: string, input: unknown): Promise<SavedTrainingSlot> {
      const staff = requireRoles(user, ADMIN_AND_STAFF);
      const slot = await findSlot(id);
      await assertRunsTeam(db, staff, slot.team_id);
      const values = parseInput(trainingSlotInputSchema, input);
      return db.transaction(async (tx) => {
        const [row] = await tx.update(trainingSlots).set({ ...values, updated_at: new Date() }).where(eq(trainingSlots.id, id)).returning();
        if (!row) throw notFound(SLOT_NOT_FOUND);
        // Untouched future sessions go (those now after ends_on or inside a break with them) and come back as the slot says.
        await dropUntouchedFuture(tx, id);
        return savedSlot(tx, row);
      });
    },

    /** Past sessions (and their attendance) stay, without a slot. */
    async removeSlot(user: SessionUser | null, id: string): Promise<void> {
      const staff = requireRoles(user, ADMIN_AND_STAFF);
      const slot = await findSlot(id);
      await assertRunsTeam(db, staff, slot.team_id);
      await db.transaction(async (tx) => {
        await dropUntouchedFuture(tx, id);
        await tx.delete(trainingSlots).where(eq(trainingSlots.id, id));
      });
    },

    /**
     * Sessions from `from` to `to` (club dates, both included; default: today and the next 8
     * weeks). Without team_id: a player's own teams, everyone's for staff and admins.
     */
    async listSessions(user: SessionUser | null, query: unknown): Promise<TrainingSession[]> {
      if (!user) throw unauthenticated();
      const q = parseInput(trainingSessionQuerySchema, query);
      const today = clubDateOf(clock());
      const from = q.from ?? today;
      const to = q.to ?? addDaysIso(today, TRAINING_HORIZON_WEEKS * 7);
      if (to < from) throw invalid('The end date must be on or after the start date.', [{ field: 'to', message: 'The end date must be on or after the start date' }]);
      if (to > addDaysIso(from, MAX_RANGE_DAYS)) throw invalid(`The end date must be at most ${MAX_RANGE_DAYS} days after the start date.`, [{ field: 'to', message: `The end date must be at most ${MAX_RANGE_DAYS} days after the start date` }]);
      let teamIds: string[] | undefined;
      if (q.team_id !== undefined) {
        await teamExists(q.team_id);
        teamIds = [q.team_id];
      } else if (user.role === 'player') {
        teamIds = await teamIdsOfUser(user);
      }
      return sessionsBetween(teamIds, clubInstant(from, '00:00'), clubInstant(addDaysIso(to, 1), '00:00'));
    },

    /** The portal's Schedule: the signed-in player's sessions for the horizon. */
    async upcomingForUser(user: SessionUser): Promise<TrainingSession[]> {
      const teamIds = await teamIdsOfUser(user);
      const now = clock();
      return sessionsBetween(teamIds, now, clubInstant(addDaysIso(clubDateOf(now), TRAINING_HORIZON_WEEKS * 7), '00:00'));
    },

    teamIdsOfUser,

    /** A one-off training session or team event (staff of the team, admin), with fixture-day warnings. */
    async createSession(user: SessionUser | null, input: unknown): Promise<TrainingSession & { warnings: string[] }> {
      const staff = requireRoles(user, ADMIN_AND_STAFF);
      const { date, start_time, end_time, team_id, ...details } = parseInput(oneOffSessionInputSchema, input);
      await teamExists(team_id);
      await assertRunsTeam(db, staff, team_id);
      const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, team_id));
      const [row] = await db
        .insert(trainingSessions)
        .values({ ...details, answer_by: details.answer_by ? new Date(details.answer_by) : null, team_id, one_off: true, session_date: date, starts_at: clubInstant(date, start_time), ends_at: clubInstant(date, end_time) })
        .returning();
      return { ...toSession(row, team.name), warnings: await fixtureDayWarnings(db, team_id, team.name, [date]) };
    },

    /** Deletes a one-off session or event nobody recorded attendance for (409 otherwise); its answers go with it. */
    async removeSession(user: SessionUser | null, id: string): Promise<void> {
      const staff = requireRoles(user, ADMIN_AND_STAFF);
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
      const staff = requireRoles(user, ADMIN_AND_STAFF);
      const { session, team } = await findSession(id);
      await assertRunsTeam(db, staff, session.team_id);
      const patch = parseInput(trainingSessionPatchSchema, input);
      const date = patch.date ?? clubDateOf(session.starts_at);
      const start = patch.start_time ?? clubTimeOf(session.starts_at);
      const end = patch.end_time ?? clubTimeOf(session.ends_at);
      const moving = patch.date !== undefined || patch.start_time !== undefined || patch.end_time !== undefined || patch.place !== undefined;
      if (moving && end <= start) throw invalid('End time must be after the start time.', [{ field: 'end_time', message: 'End time must be after the start time' }]);
      const { status: _status, date: _date, start_time: _start, end_time: _end, place: _place, version, ...extras } = patch;
      const meet = extras.meet_time === undefined ? session.meet_time : extras.meet_time;
      if (meet && meet > start) throw invalid('Meet time must be at or before the start time.', [{ field: 'meet_time', message: 'Meet time must be at or before the start time' }]);
      const answerBy = extras.answer_by === undefined ? session.answer_by : extras.answer_by ? new Date(extras.answer_by) : null;
      if (answerBy && answerBy >= clubInstant(date, start)) throw invalid('Answer by must be before the start.', [{ field: 'answer_by', message: 'Answer by must be before the start' }]);
      if (patch.status === 'cancelled' && session.attendance_recorded_at) throw conflict(CANCEL_RECORDED);
      const details = (s: typeof session) => ({ date: clubDateOf(s.starts_at), time: clubTimeOf(s.starts_at), place: s.place, status: s.status });
      const next = moving
        ? { starts_at: clubInstant(date, start), ends_at: clubInstant(date, end), place: patch.place ?? session.place }
        : { starts_at: session.starts_at, ends_at: session.ends_at, place: session.place };
      const moves = next.starts_at.getTime() !== session.starts_at.getTime() || next.ends_at.getTime() !== session.ends_at.getTime() || next.place !== session.place;
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

    /** The attendance screen: the team's players, ticked if recorded present. */
    async attendanceOf(user: SessionUser | null, id: string) {
      const staff = requireRoles(user, ADMIN_AND_STAFF);
      const { session, team } = await findSession(id);
      await assertRunsTeam(db, staff, session.team_id);
      const rows = await db
        .select({ id: players.id, full_name: players.full_name, jersey_number: players.jersey_number, present: sql<boolean>`${trainingAttendance.player_id} is not null` })
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
      const actor = requireRoles(user, ADMIN_AND_STAFF);
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
      const staff = requireRoles(user, ADMIN_AND_STAFF);
      const now = clock();
      // Staff see their own teams' sessions; admins and club officers every team's.
      const scope = await teamsRunBy(db, staff);
      const teamIds = scope === 'all' ? (teamId ? [teamId] : undefined) : [...scope].filter((id) => !teamId || id === teamId);
      const list = await sessionsBetween(teamIds, clubInstant(addDaysIso(clubDateOf(now), -28), '00:00'), new Date(now.getTime() + 1));
      return list.reverse();
    },
  };
}

export type TrainingService = ReturnType<typeof createTrainingService>;
