import type { Db } from '../../db/client';
import { answering } from './answer';
import { availabilityContext, type AvailabilityDeps } from './context';
import { answerLists } from './mine';
import { reminders } from './remind';
import { reminderDigests } from './digest';

export { eventView, fixtureEvent, statusLabel, type AnswerChange, type AvailabilityEvent, type EventView } from './events';
export type { AvailabilityDeps } from './context';

/**
 * Availability (ADR 020): a player's Available / Maybe / Unavailable for each upcoming
 * fixture and training session of their teams. Players answer until the team's lock time;
 * staff and admins may answer for a player until the start (recorded as on their behalf).
 */
export function createAvailabilityService(db: Db, deps: AvailabilityDeps) {
  const ctx = availabilityContext(db, deps);
  return {
    findEvent: ctx.findEvent,
    answersOf: ctx.answersOf,
    inTeam: ctx.inTeam,
    ...reminders(ctx),
    ...reminderDigests(ctx),
    ...answering(ctx),
    ...answerLists(ctx),
  };
}

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
