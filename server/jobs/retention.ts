import { runRetention } from '../services/privacy/retention';
import { DAY_MS, type PeriodicJob } from './job';

/**
 * Retention (issue 34): each night, the rules the club set to automatic purge what is due and log
 * it; the others leave their list for the Data protection lead to approve on /admin/privacy/retention.
 * Safe in several processes: each rule's purge holds an advisory lock and lists again inside it.
 */
export const retention: PeriodicJob = {
  name: 'Retention',
  everyMs: DAY_MS,
  run: ({ db }) => runRetention(db, new Date()),
};
