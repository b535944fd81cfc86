import type { AvailabilityService } from '../services/availability';
import type { DueReminder } from '../services/availability/digest';
import { HOUR_MS, MINUTE_MS, type PeriodicJob } from './job';

/**
 * One automatic reminder: its name, how long before kick-off it goes, and its words.
 *
 * `id` is the stage's name for good, separate from its timing: it ends the dedupe key of every
 * reminder sent at this stage (`outbox.dedupe_key`, and `junior_notices.kind` for a child), which is
 * how a run knows who already had it. So:
 * - retiming a stage (its `before`) keeps its id: nobody already reminded at that stage is asked again;
 * - a new stage takes a new id: everyone with no answer inside its window gets it once;
 * - renaming an id makes every reminder already sent at that stage look unsent, and a run sends it
 *   again to everyone still inside its window, unless a migration rewrites the stored keys in the
 *   same release (the `_reminder_stage_ids` migration in drizzle/ shows how; ADR 054).
 */
export interface ReminderStage {
  /** 'early', 'late': the end of the dedupe key. Never derived from the timing (see above). */
  id: string;
  hours: number;
  /** '6 days before kick-off': how the README and the admin speak of the stage (docs-cite test). */
  label: string;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

function stage(id: string, before: { days: number } | { hours: number }): ReminderStage {
  return 'days' in before
    ? { id, hours: before.days * 24, label: `${plural(before.days, 'day')} before kick-off` }
    : { id, hours: before.hours, label: `${plural(before.hours, 'hour')} before kick-off` };
}

/**
 * Availability reminders (ADR 020): to players who have not answered, at each stage before
 * kick-off, earliest first. This is the one place the schedule is declared; the README and the
 * ADRs cite this constant, and a test checks the README lists every stage's label.
 */
export const REMINDER_STAGES: readonly ReminderStage[] = [stage('early', { days: 6 }), stage('late', { hours: 48 })];

/** Fixtures looked at: from today to this many club days ahead, enough for the earliest stage on any day. */
const lookAheadDaysFor = (stages: readonly ReminderStage[]) => Math.ceil(Math.max(...stages.map((s) => s.hours)) / 24) + 1;
export const REMINDER_LOOK_AHEAD_DAYS = lookAheadDaysFor(REMINDER_STAGES);

/** How often each process looks; the dedupe keys make a second process or a repeated run send nothing twice. */
export const REMINDER_CHECK_EVERY_MS = 5 * MINUTE_MS;

/** Once per fixture, player and stage id, whatever the stage's timing (the mail service adds the user id). */
export const reminderDedupeKey = (fixtureId: string, playerId: string, due: Pick<ReminderStage, 'id'>) => `availability-reminder:${fixtureId}:${playerId}:${due.id}`;

/**
 * The latest stage that is due with `untilKickoffMs` to go, or none: a fixture added 3 days ahead
 * gets the 6-day reminder at once and the 48-hour one later.
 */
export function dueStage(untilKickoffMs: number, stages: readonly ReminderStage[] = REMINDER_STAGES): ReminderStage | undefined {
  return [...stages].reverse().find((s) => untilKickoffMs <= s.hours * HOUR_MS);
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

/**
 * One run: every fixture still taking answers, its due stage, mailed to those with no answer.
 * `stages` is for tests that retime or rename a stage; the job always runs REMINDER_STAGES.
 */
export async function sendDueReminders(availability: AvailabilityService, now = new Date(), stages: readonly ReminderStage[] = REMINDER_STAGES) {
  const dues: DueReminder[] = [];
  for (const event of await availability.fixturesOpenWithin(lookAheadDaysFor(stages), now)) {
    const untilKickoff = event.starts_at.getTime() - now.getTime();
    const due = dueStage(untilKickoff, stages);
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

