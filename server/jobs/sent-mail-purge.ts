import { DAY_MS, type PeriodicJob } from './job';

/**
 * Sent mail older than SENT_KEPT_DAYS (90) is only history: removed daily from the admin's Outbox.
 * Mail held for an address not confirmed within HELD_MAIL_DAYS (30) expires with a note (issue 31).
 */
export const sentMailPurge: PeriodicJob = {
  name: 'Sent mail clean-up',
  everyMs: DAY_MS,
  run: async ({ services }) => {
    await services.outbox.purgeSent();
    await services.outbox.expireHeld();
  },
};
