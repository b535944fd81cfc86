/** createPlayerService: builds the players' context and joins the use cases below into one service. */
import type { Db } from '../../db/client';
import { playerAccess, playerRecords, type PlayerContext, type PlayerDeps } from './context';
import { coachFeedback } from './feedback';
import { playerLogins } from './logins';
import { playerPayments } from './payments';
import { ownProfile } from './profile';
import { registration } from './register';
import { playerSchedule } from './schedule';
import { seasonStats } from './stats';

export type { UpcomingFixture } from './schedule';

/**
 * Players: self-registration, the portal's own-data reads and profile edits, and the admin/staff
 * side (stats, payments, feedback, login accounts, password resets).
 */
export function createPlayerService(db: Db, deps: PlayerDeps) {
  const ctx: PlayerContext = { db, ...deps, ...playerAccess(db), ...playerRecords(db) };
  return {
    ...registration(ctx),
    ...ownProfile(ctx),
    ...seasonStats(ctx),
    ...playerPayments(ctx),
    ...coachFeedback(ctx),
    ...playerLogins(ctx),
    ...playerSchedule(ctx),
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
