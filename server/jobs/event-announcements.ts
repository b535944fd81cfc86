import type { PeriodicJob } from './job';

/** How often each process looks for changes whose wait is over (server/services/event-changes.ts). */
export const ANNOUNCE_CHECK_EVERY_MS = 20_000;

/**
 * Changes to fixtures and training sessions (issue 22): each is announced once its short wait is
 * over, one mail and one notification per person; SKIP LOCKED claims and dedupe keys make a
 * second process or a repeated run announce nothing twice.
 */
export const eventAnnouncements: PeriodicJob = {
  name: 'Change announcements',
  everyMs: ANNOUNCE_CHECK_EVERY_MS,
  run: ({ services }) => services.eventChanges.announceDue(),
};
