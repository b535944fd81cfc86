import { z } from 'zod';
import './zod-messages';
import { codesOf } from './codes';

/** ADR 020: a player's answer for a fixture or a training session. */
export const AVAILABILITY_LABELS = { available: 'Available', maybe: 'Maybe', unavailable: 'Unavailable' };
export type AvailabilityStatus = keyof typeof AVAILABILITY_LABELS;
export const AVAILABILITY_STATUSES = codesOf(AVAILABILITY_LABELS);
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

/** Who gave an answer: the player, one of their parents or carers, or the club's staff (issue 31). */
export const ANSWER_GIVERS = ['player', 'guardian', 'club'] as const;
export type AnswerGiver = (typeof ANSWER_GIVERS)[number];

/**
 * Who gave an answer, in the reader's words (issue 31): "the club" only when staff answered; a
 * parent's answer names them ("Answered by Priya Sharma"), and says nothing to the parent who gave it.
 * `child` is the child's first name on a parent's page; absent on the player's own.
 */
export function answeredByText(answer: { by: AnswerGiver; answered_by: string | null; by_you: boolean } | null, child?: string): string | null {
  if (!answer) return null;
  if (answer.by === 'player') return child ? `${child} answered.` : null;
  if (answer.by_you) return null;
  if (answer.by === 'guardian') {
    if (answer.answered_by) return `Answered by ${answer.answered_by}.`;
    return child ? `Answered by ${child}’s parent or carer.` : 'Answered by your parent or carer.';
  }
  return child ? `Answered for ${child} by the club.` : 'Answered for you by the club.';
}

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

/** "Remind now" (ADR 020): at most once this often per fixture. The automatic reminders: server/jobs/availability-reminders.ts. */
export const REMIND_INTERVAL_MINUTES = 60;
export const NOBODY_TO_REMIND = 'Everyone has answered and nobody said maybe: there is nobody to remind.';

/** Squad selection (ADR 020). */
export const SELECTION_ROLES = ['starter', 'substitute'] as const;
export type SelectionRole = (typeof SELECTION_ROLES)[number];
export const SELECTION_MAX = 40;
/** Starters a side can field (11-a-side; smaller formats field fewer). */
export const STARTERS_MAX = 11;
export const selectionInputSchema = z
  .object({
    players: z
      .array(
        z
          .object({
            player_id: z.string({ error: 'player_id must be a player id' }).uuid('player_id must be a player id'),
            role: z.enum(SELECTION_ROLES, { error: 'role must be starter or substitute' }),
            shirt_number: z.number({ error: 'shirt_number must be a whole number from 1 to 99' }).int('shirt_number must be a whole number from 1 to 99').min(1, 'shirt_number must be a whole number from 1 to 99').max(99, 'shirt_number must be a whole number from 1 to 99'),
            captain: z.boolean({ error: 'captain must be true or false' }).optional(),
          })
          .strict(),
        { error: 'players must be a list' },
      )
      .max(SELECTION_MAX, `players: at most ${SELECTION_MAX}`),
    /** The squad's version this save is based on (GET …/selection); a newer save since answers 409. */
    version: z.number({ error: 'version must be a whole number' }).int('version must be a whole number').min(0, 'version must be a whole number').optional(),
  })
  .strict();
export type SelectionInput = z.infer<typeof selectionInputSchema>;
export const selectionReplySchema = z
  .object({
    confirmed: z.boolean({ error: 'confirmed must be true or false' }),
    /** Why not, for the manager (a decline). */
    reason: z.string({ error: 'reason must be text' }).trim().max(280, 'reason: at most 280 characters').optional(),
  })
  .strict();

export const SHEET_NOT_PUBLISHED = 'The squad for this match is not published yet.';
export const NOT_SELECTED = 'You are not in the published squad for this fixture.';
export const NOTHING_TO_PUBLISH = 'Pick at least one player before publishing the squad.';
export const ONE_CAPTAIN = 'A squad has one captain: pick only one.';
export const NO_STARTERS = 'Pick at least one starter before publishing the squad.';
export const TOO_MANY_STARTERS = `A side fields at most ${STARTERS_MAX} starters: make the others substitutes before publishing.`;
export const FIXTURE_CLOSED = 'This fixture was cancelled or has been played: its squad cannot change.';
