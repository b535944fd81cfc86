/**
 * The player domain's services, one home (issue 32): createPlayerService joins the use cases below
 * (the admin's records in manage.ts, registration, the player's own profile, stats, payments,
 * feedback, logins, schedule); registrations (the secretary's decisions) and membership (leaving,
 * coming back, erasure) are services of their own here. services/squad/ is the public roster only.
 */
import type { Db } from '../../db/client';
import { playerAccess, playerRecords, type PlayerContext, type PlayerDeps } from './context';
import { coachFeedback } from './feedback';
import { playerLogins } from './logins';
import { managePlayers } from './manage';
import { manageHelpers } from './manage-context';
import { playerPayments } from './payments';
import { ownProfile } from './profile';
import { registration } from './register';
import { playerSchedule } from './schedule';
import { seasonStats } from './stats';

export type { UpcomingFixture } from './schedule';
export { createMembershipService } from './membership';
export { createRegistrationService } from './registrations';

/**
 * Players: self-registration, the portal's own-data reads and profile edits, and the admin/staff
 * side (the records themselves, stats, payments, feedback, login accounts, password resets).
 */
export function createPlayerService(db: Db, deps: PlayerDeps) {
  const ctx: PlayerContext = { db, ...deps, ...playerAccess(db), ...playerRecords(db) };
  return {
    ...managePlayers({ db, mail: deps.mail, ...manageHelpers(db) }),
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
