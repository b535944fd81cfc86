import { JUNIOR_AGE_GROUPS } from '../../../shared/juniors';
import { and, asc, eq, gt, gte, inArray, isNull, lt } from 'drizzle-orm';
import { inTeamNow } from '../teams';
import type { SessionUser } from '../../../shared/roles';
import { addDaysIso, clubDateOf } from '../../../shared/dates';
import { SESSION_NOT_FOUND, SLOT_NOT_FOUND, TEAM_NOT_FOUND, TRAINING_HORIZON_WEEKS, sessionsForSlot } from '../../../shared/teams';
import type { Db, DbOrTx } from '../../db/client';
import { players, playerTeams, teams, trainingSessions, trainingSlots } from '../../db/schema';
import { notFound } from '../../../shared/errors';
import { isUuid } from '../ids';
import type { SavedTrainingSlot, TrainingSession } from '../../../shared/contracts/teams';
import type { EventChangeService } from '../event-changes';
import { fixtureDayWarnings, toSession, toSlot } from '../training-views';

export type SlotRow = typeof trainingSlots.$inferSelect;

export const SESSION_CANCELLED = 'This session was cancelled: there is no attendance to record.';
export const SESSION_IN_FUTURE = 'This session has not started yet: record attendance once it has begun.';
export const CANCEL_RECORDED = 'Attendance was recorded for this session, so it cannot be cancelled.';
export const DELETE_WEEKLY = 'Only a one-off session or event can be deleted: cancel a weekly session instead.';
export const DELETE_RECORDED = 'Attendance was recorded for this session, so it cannot be deleted.';
export const DELETE_ANSWERED = 'Players have answered for this event: cancel it instead, so that they are told.';
export const MAX_RANGE_DAYS = 366;
export const GENERATE_PAST_DAYS = 14;

export interface TrainingDeps {
  eventChanges?: EventChangeService;
}

export type TrainingContext = { db: Db; deps: TrainingDeps; clock: () => Date } & ReturnType<typeof trainingSteps>;

export function trainingContext(db: Db, deps: TrainingDeps, clock: () => Date): TrainingContext {
  return { db, deps, clock, ...trainingSteps(db, clock) };
}

/** Generating sessions from slots, finding slots and sessions, and the teams a member belongs to. */
function trainingSteps(db: Db, clock: () => Date) {
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
    const warnings = await fixtureDayWarnings(
      tx,
      row.team_id,
      team?.name ?? 'The team',
      generated.map((r) => r.session_date).filter((d) => d >= today),
    );
    return { ...toSlot(row), warnings };
  }

  async function ensureSessions(teamIds?: string[]) {
    if (teamIds && teamIds.length === 0) return;
    const slots = await db
      .select()
      .from(trainingSlots)
      .where(teamIds ? inArray(trainingSlots.team_id, teamIds) : undefined);
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
      .where(and(teamIds ? inArray(trainingSessions.team_id, teamIds) : undefined, gte(trainingSessions.starts_at, from), lt(trainingSessions.starts_at, to)))
      .orderBy(asc(trainingSessions.starts_at), asc(teams.sort_order));
    return rows.map((r) => toSession(r.session, r.team));
  }
  return { teamExists, generate, savedSlot, ensureSessions, dropUntouchedFuture, findSlot, findSession, teamIdsOfUser, sessionsBetween };
}

/** The ids of the club's junior teams (U7-U18). */
export async function juniorTeamIds(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.select({ id: teams.id }).from(teams).where(inArray(teams.age_group, [...JUNIOR_AGE_GROUPS]));
  return new Set(rows.map((r) => r.id));
}
