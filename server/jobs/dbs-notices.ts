import { HOUR_MS, type PeriodicJob } from './job';

/**
 * DBS notices (issue 31): the reminders before a check expires (DBS_REMINDER_STAGES in
 * server/services/juniors/dbs-notices.ts) and the notice the day after it expired, each once (dbs_notices). A daily matter, looked at every 6 hours so a
 * restart never skips a day; a second look the same day, or a second process, sends nothing twice.
 */
export const dbsNotices: PeriodicJob = {
  name: 'DBS notices',
  everyMs: 6 * HOUR_MS,
  run: ({ services }) => services.dbs.sendDbsNotices(),
};
