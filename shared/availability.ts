import { z } from 'zod';

/** Issue 13, point 3: a player's answer for a fixture or a training session. */
export const AVAILABILITY_STATUSES = ['available', 'maybe', 'unavailable'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];
export const AVAILABILITY_LABELS: Record<AvailabilityStatus, string> = { available: 'Available', maybe: 'Maybe', unavailable: 'Unavailable' };
export const AVAILABILITY_NOTE_MAX = 280;

/** PUT …/availability/me and …/availability/{player_id}. */
export const availabilityInputSchema = z
  .object({
    status: z.enum(AVAILABILITY_STATUSES, { error: 'status must be available, maybe or unavailable' }),
    note: z
      .string({ error: 'note must be text' })
      .trim()
      .max(AVAILABILITY_NOTE_MAX, `note: at most ${AVAILABILITY_NOTE_MAX} characters`)
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict();
export type AvailabilityInput = z.infer<typeof availabilityInputSchema>;

export const EVENT_KINDS = ['fixture', 'training'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

export const FIXTURE_NOT_FOUND = 'Fixture not found';
export const NOT_A_PLAYER = 'Only a player can answer for themselves: no player is linked to this account.';
export const NOT_IN_TEAM = "You are not in this event's team, so you cannot answer for it.";
export const PLAYER_NOT_IN_TEAM = "This player is not in the event's team.";
export const EVENT_CANCELLED = 'This event was cancelled: it takes no answers.';
export const EVENT_OVER = 'This event has already started: answers are closed.';
/** The lock: answers close `hours` before kick-off (the team's availability_lock_hours). */
export const lockedDetail = (hours: number, locksAt: string) =>
  `Answers closed ${hours} hour${hours === 1 ? '' : 's'} before the start (at ${locksAt}, club time). Please tell the manager directly.`;

/** Reminders (issue 13, point 4). */
export const REMIND_INTERVAL_MINUTES = 60;
export const AUTO_REMINDERS = [
  { id: '6d', hours: 6 * 24, label: '6 days' },
  { id: '48h', hours: 48, label: '48 hours' },
] as const;
