import { HOUR_MS, type PeriodicJob } from './job';

/**
 * Data request reminders (issue 34): at each of PRIVACY_REMINDER_STAGES before a request's due date,
 * to the data protection lead (server/services/privacy/reminders.ts declares the stages and decides
 * who and when). A daily matter, looked at every 6 hours so a restart never skips a day; the dedupe
 * keys make a repeated run or a second process send nothing twice.
 */
export const privacyReminders: PeriodicJob = {
  name: 'Data request reminders',
  everyMs: 6 * HOUR_MS,
  run: ({ services }) => services.privacyRequests.sendReminders(),
};
