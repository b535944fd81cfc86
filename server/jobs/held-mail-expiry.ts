import { DAY_MS, type PeriodicJob } from './job';

/**
 * Mail held for an address not confirmed within HELD_MAIL_DAYS (30) expires with a note (issue 31).
 * How long sent mail is kept is the retention rule `sent_mail` (issue 34, server/jobs/retention.ts).
 */
export const heldMailExpiry: PeriodicJob = {
  name: 'Held mail expiry',
  everyMs: DAY_MS,
  run: ({ services }) => services.outbox.expireHeld(),
};
