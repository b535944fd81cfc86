import { HOUR_MS, type PeriodicJob } from './job';

/** Uploaded images that no product, player, sponsor or article uses any more (after a grace period): hourly. */
export const imageSweep: PeriodicJob = {
  name: 'Image clean-up',
  everyMs: HOUR_MS,
  run: ({ services }) => services.images.removeUnreferenced(),
};
