import { z } from '@hono/zod-openapi';

/**
 * Registrations (issue 21): a player who registers waits as a pending member until the secretary
 * or an admin approves them (as a new player, or linked onto the club's existing record of them)
 * or turns them down with a reason.
 */

export const REGISTRATION_STATUSES = ['pending'] as const;

/** Why an existing record looks like the same person. */
export const MATCH_REASONS = ['name', 'date_of_birth', 'email', 'phone'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

export const RegistrationMatchSchema = z
  .object({
    player_id: z.string().uuid(),
    full_name: z.string(),
    date_of_birth: z.string().nullable(),
    teams: z.array(z.string()).openapi({ description: 'The teams the record plays for now' }),
    status: z.enum(['active', 'left']),
    reasons: z.array(z.enum(MATCH_REASONS)).openapi({ description: 'What the record shares with the registration' }),
    staff_of: z
      .array(z.string())
      .openapi({ description: 'The teams whose staff the record is on: linking a login onto it gives that power, so only an admin may (issue 30)' }),
  })
  .openapi('RegistrationMatch');

export const RegistrationSchema = z
  .object({
    id: z.string().uuid().openapi({ description: "The pending member's player id" }),
    user_id: z.string().uuid(),
    username: z.string(),
    email: z.string(),
    email_confirmed: z.boolean(),
    full_name: z.string(),
    date_of_birth: z.string().nullable(),
    phone_number: z.string().nullable(),
    position_preference: z.string().nullable(),
    previous_club: z.string().nullable(),
    registered_at: z.string().openapi({ description: 'ISO 8601' }),
    matches: z.array(RegistrationMatchSchema).openapi({ description: 'Existing player records without a login that look like the same person, best first' }),
  })
  .openapi('Registration');
export type Registration = z.infer<typeof RegistrationSchema>;

export const registrationListQuerySchema = z.object({
  status: z.enum(REGISTRATION_STATUSES, { error: 'Status must be pending' }).optional(),
});

export const approveRegistrationSchema = z
  .object({
    link_player_id: z
      .string()
      .uuid('Choose one of the records offered')
      .nullish()
      .openapi({ description: "An existing player record (without a login) to move the login onto, instead of adding a new player" }),
    team_id: z.string().uuid('Choose a team').nullish().openapi({ description: 'The team a new player joins (default: the first team)' }),
  })
  .default({});

export const rejectRegistrationSchema = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, 'Give a reason')
    .max(1000, 'The reason is too long (1,000 characters at most)')
    .openapi({ description: 'Sent to the registrant in the mail' }),
});
export type ApproveRegistrationInput = z.output<typeof approveRegistrationSchema>;
export type RejectRegistrationInput = z.output<typeof rejectRegistrationSchema>;

export const RegistrationDecisionSchema = z
  .object({
    detail: z.string(),
    player_id: z.string().uuid().nullable().openapi({ description: 'The player record the login is on now (null when rejected)' }),
  })
  .openapi('RegistrationDecision');
