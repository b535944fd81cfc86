import type { Db } from '../../db/client';
import { attendance } from './attendance';
import { trainingContext, type TrainingDeps } from './context';
import { datedSessions, sessionLists } from './sessions';
import { weeklySlots } from './slots';

export { toSession, toSlot } from '../training-views';
export type { TrainingSession, TrainingSlot } from '../../../shared/contracts/teams';
export { CANCEL_RECORDED, DELETE_ANSWERED, DELETE_RECORDED, DELETE_WEEKLY, SESSION_CANCELLED, SESSION_IN_FUTURE, type TrainingDeps } from './context';
export { trainingAttendanceOf } from './attendance';

/**
 * Training (decision 14 in docs/architecture.md): weekly slots per team generate dated sessions for the next
 * TRAINING_HORIZON_WEEKS weeks. Generation happens when sessions are read (no cron): it inserts
 * what is missing and the unique (team, slot, date) index makes it idempotent, also when two
 * processes do it at once. Staff cancel or move one session without touching its slot.
 */
export function createTrainingService(db: Db, deps: TrainingDeps = {}, clock: () => Date = () => new Date()) {
  const ctx = trainingContext(db, deps, clock);
  return { ensureSessions: ctx.ensureSessions, ...weeklySlots(ctx), ...sessionLists(ctx), ...datedSessions(ctx), ...attendance(ctx) };
}

export type TrainingService = ReturnType<typeof createTrainingService>;
