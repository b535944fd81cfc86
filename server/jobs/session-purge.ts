import { DAY_MS, type PeriodicJob } from './job';

/** Expired sessions and password links (and the host's operator's expired sessions) are of no use to anyone: deleted daily. */
export const sessionPurge: PeriodicJob = {
  name: 'Session clean-up',
  everyMs: DAY_MS,
  run: async ({ services }) => {
    await services.accounts.purgeExpiredSessions();
    await services.operators.purgeExpiredSessions();
  },
};
