import { HOUR_MS, type PeriodicJob } from './job';

/** Thirty days before a junior turns 18, they and their guardians are told, once (issue 23). */
export const turningEighteenNotices: PeriodicJob = {
  name: 'Turning-18 notices',
  everyMs: 6 * HOUR_MS,
  run: ({ services }) => services.juniors.noticeTurningEighteen(),
};
