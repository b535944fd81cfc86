import { DAY_MS, type PeriodicJob } from './job';

/** Sent mail older than SENT_KEPT_DAYS (90) is only history: removed daily from the admin's Outbox. */
export const sentMailPurge: PeriodicJob = {
  name: 'Sent mail clean-up',
  everyMs: DAY_MS,
  run: ({ services }) => services.outbox.purgeSent(),
};
