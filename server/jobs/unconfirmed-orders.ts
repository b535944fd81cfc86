import { HOUR_MS, type PeriodicJob } from './job';

/**
 * Unconfirmed shop orders (issue 30): a pending order older than the days set in Settings is
 * cancelled, its stock released, and the buyer and the shop told
 * (server/services/orders/release.ts). Hourly is plenty for a count of days; skipped locks, the
 * status check and the dedupe keys make a repeated run or a second process release nothing twice.
 */
export const UNCONFIRMED_ORDER_CHECK_EVERY_MS = HOUR_MS;

export const unconfirmedOrders: PeriodicJob = {
  name: 'Unconfirmed orders',
  everyMs: UNCONFIRMED_ORDER_CHECK_EVERY_MS,
  run: ({ services }) => services.orders.releaseUnconfirmed(),
};
