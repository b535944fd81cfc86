import { z } from 'zod';
import './zod-messages';

/**
 * The named preferences a member can turn off, with the words the preferences page shows. Which mails
 * fall under each is declared by the templates themselves (their `policy`, server/mail/templates/index.ts
 * is the registry); a mail no preference names is always sent.
 */
export const MAIL_PREFERENCES = [
  { id: 'message', label: 'Messages from the club' },
  { id: 'document', label: 'New documents' },
  { id: 'payment', label: 'Payments: requests, reminders and receipts' },
  { id: 'feedback', label: 'Coach feedback' },
  { id: 'matchday', label: 'Match week: availability reminders ("Can you play?")' },
  { id: 'selection', label: 'Match week: team selection (picked, or the squad changed)' },
  { id: 'changes', label: 'Match week: changes to matches and training (times, places, cancellations)' },
] as const;
export type MailPreference = (typeof MAIL_PREFERENCES)[number]['id'];
export const MAIL_PREFERENCE_IDS = MAIL_PREFERENCES.map((k) => k.id) as [MailPreference, ...MailPreference[]];

export const NOTIFICATION_SETTINGS_PATH = '/players-area/account';

const choices = (what: string) =>
  Object.fromEntries(MAIL_PREFERENCE_IDS.map((id) => [id, z.boolean({ error: `${what}${id} must be true or false` }).optional()])) as Record<
    MailPreference,
    z.ZodOptional<z.ZodBoolean>
  >;

/**
 * PUT /api/preferences: any subset of the preferences, each on (true) or off (false); under `push`
 * (issue 35), the same kinds by push notification to the member's devices (shared/push-routing.ts).
 */
export const preferencesInputSchema = z
  .object({
    ...choices(''),
    push: z.object(choices('push.')).strict().optional(),
  })
  .strict();
export type PreferencesInput = z.infer<typeof preferencesInputSchema>;

export const FORGOT_PASSWORD_ANSWER =
  'If an account uses that e-mail address, we have sent it a link to choose a new password. The link works once, for 1 hour.';
export const RESET_LINK_INVALID = 'This password link is not valid any more. Please ask for a new one.';
export const RESET_TOKEN_HOURS = 1;

export const TEST_MAIL_SUBJECT = 'Test e-mail from the club website';

/** POST /api/admin/outbox/test. */
export const testMailSchema = z.object({
  to: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(200, 'Email is too long')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid e-mail address'),
});

/**
 * An outgoing mail's state (ADR 015): pending, failed (tried again later), sent, dead (refused for
 * good); held until the member confirms their address, or expired when they never did (issue 31).
 */
export const OUTBOX_STATUSES = ['pending', 'failed', 'sent', 'dead', 'held', 'expired'] as const;

/** How long the club's mail to an unconfirmed address is held before it expires, unsent. */
export const HELD_MAIL_DAYS = 30;
/** What the staff see on a held mail and on the member's page (issue 31). */
export const WAITING_FOR_CONFIRMATION = 'Waiting for the member to confirm their address';
export const heldMailExpiredNote = (days = HELD_MAIL_DAYS) => `Not sent: the member did not confirm their address within ${days} days.`;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
