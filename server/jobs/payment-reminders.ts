import { HOUR_MS, type PeriodicJob } from './job';

/**
 * Payment reminders (issue 24): at each of PAYMENT_REMINDER_STAGES after a charge's due date, to
 * its payer (server/services/treasury/reminders.ts declares the stages and decides who and when). Hourly is plenty for a count of
 * days; the dedupe keys make a repeated run or a second process send nothing twice.
 */
export const PAYMENT_REMINDER_CHECK_EVERY_MS = HOUR_MS;

export const paymentReminders: PeriodicJob = {
  name: 'Payment reminders',
  everyMs: PAYMENT_REMINDER_CHECK_EVERY_MS,
  run: ({ services }) => services.treasury.sendPaymentReminders(),
};
