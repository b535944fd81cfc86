import type { AvailabilityService } from '../services/availability';
import type { DueReminder } from '../services/availability/digest';
import { HOUR_MS, MINUTE_MS, type PeriodicJob } from './job';

/** One automatic reminder: how long before kick-off it goes. Its id ends its dedupe key, its label is its wording. */
export interface ReminderStage {
  /** '6d', '48h': the end of the dedupe key, so each stage goes once per player and fixture. */
  id: string;
  hours: number;
  /** '6 days', '48 hours': "Kick-off is 6 days away" in the mail. */
  label: string;
}

function stage(before: { days: number } | { hours: number }): ReminderStage {
  return 'days' in before
    ? { id: `${before.days}d`, hours: before.days * 24, label: `${before.days} days` }
    : { id: `${before.hours}h`, hours: before.hours, label: `${before.hours} hours` };
}

/**
 * Availability reminders (ADR 020): to players who have not answered, 6 days and 48 hours
 * before kick-off, earliest first. This is the one place the schedule is declared.
 */
export const REMINDER_STAGES: readonly ReminderStage[] = [stage({ days: 6 }), stage({ hours: 48 })];

/** Fixtures looked at: from today to this many club days ahead, enough for the earliest stage on any day. */
export const REMINDER_LOOK_AHEAD_DAYS = Math.ceil(Math.max(...REMINDER_STAGES.map((s) => s.hours)) / 24) + 1;

/** How often each process looks; the dedupe keys make a second process or a repeated run send nothing twice. */
export const REMINDER_CHECK_EVERY_MS = 5 * MINUTE_MS;

/** Once per fixture, player and stage (the mail service adds the user id). */
export const reminderDedupeKey = (fixtureId: string, playerId: string, due: ReminderStage) => `availability-reminder:${fixtureId}:${playerId}:${due.id}`;

/**
 * The latest stage that is due with `untilKickoffMs` to go, or none: a fixture added 3 days ahead
 * gets the 6-day reminder at once and the 48-hour one later.
 */
export function dueStage(untilKickoffMs: number): ReminderStage | undefined {
  return [...REMINDER_STAGES].reverse().find((s) => untilKickoffMs <= s.hours * HOUR_MS);
}

/**
 * How long until kick-off, in the mail's words, from the real time left (issue 22): a 6-day
 * reminder that goes out late, 3 days before, says "3 days", never 6.
 */
export function kickoffInWords(untilKickoffMs: number): string {
  const hours = Math.max(1, Math.round(untilKickoffMs / HOUR_MS));
  if (hours < 36) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.round(untilKickoffMs / (24 * HOUR_MS))} days`;
}

/** One run: every fixture still taking answers, its due stage, mailed to those with no answer. */
export async function sendDueReminders(availability: AvailabilityService, now = new Date()) {
  const dues: DueReminder[] = [];
  for (const event of await availability.fixturesOpenWithin(REMINDER_LOOK_AHEAD_DAYS, now)) {
    const untilKickoff = event.starts_at.getTime() - now.getTime();
    const due = dueStage(untilKickoff);
    if (!due) continue;
    dues.push({ event, keyOf: (playerId) => reminderDedupeKey(event.id, playerId, due), kickoffIn: kickoffInWords(untilKickoff) });
  }
  // One run, one transaction: a parent of several children gets one mail for them all (issue 23).
  return { queued: dues.length ? await availability.askUnansweredInOneRun(dues) : 0 };
}

export const availabilityReminders: PeriodicJob = {
  name: 'Availability reminders',
  everyMs: REMINDER_CHECK_EVERY_MS,
  run: ({ services }) => sendDueReminders(services.availability),
};

