import { DAY_MS, type PeriodicJob } from './job';

/** Expired sessions and password links are of no use to anyone: deleted daily. */
export const sessionPurge: PeriodicJob = {
  name: 'Session clean-up',
  everyMs: DAY_MS,
  run: ({ services }) => services.accounts.purgeExpiredSessions(),
};
