import { z } from '@hono/zod-openapi';
import '../zod-messages';
import { noticeVersionField } from '../privacy-notice';
import { TEAM_TYPES } from '../content-constants';
import { clubDateField, today } from '../dates';
import {
  clearable,
  dateOfBirthField,
  emailField,
  HTTP_URL,
  optionalImageRef,
  optionalText,
  passwordField,
  requiredText,
  usernameField,
} from '../fields';
import { CURRENT_PASSWORD_NEEDED, DEFAULT_COACH_NAME, DEFAULT_PAYMENT_TYPE, FEEDBACK_CATEGORIES, PAYMENT_STATUSES, POSITIONS, PREFERRED_POSITIONS, RATING_MAX, todayIso, WEEKDAYS } from '../players';

/**
 * Players, one domain (issue 32): every input the API takes about a player (the admin's record, the
 * player's own registration and profile, stats, payments, feedback, logins) and every answer, in
 * one file. The fields come from the kit (shared/fields.ts); validation happens once, at the route,
 * and the services take the parsed types (`z.output`). Pages take only types from here (ADR 034):
 * a page's action that validates with a schema imports it through app/lib/player-inputs.server.ts.
 */

// ---------------------------------------------------------------------------------------------
// Inputs: the admin's squad record

export const playerInputSchema = z.object({
  /** The version (updated_at) this save is based on; a newer save since answers 409 (issue 22). */
  version: z.string({ error: 'version must be text' }).max(40, 'version must be text').optional(),
  full_name: requiredText('Full name', 100),
  /**
   * Optional: an admin-created player has no login until an account is created (decision 9 in
   * docs/architecture.md). Null or blank unlinks; left out on update, the login link stays.
   */
  user_id: clearable(z.union([z.literal(''), z.uuid('user_id must be a user id (UUID)')])),
  /** Optional (issue 21): a new player, a coach or a youngster may have no shirt number yet. */
  jersey_number: z
    .number({ error: 'Jersey number must be a number' })
    .int('Jersey number must be a whole number')
    .min(0, 'Jersey number must be 0-99')
    .max(99, 'Jersey number must be 0-99')
    .nullish()
    .transform((v) => v ?? null),
  /** null: no position yet (a child, issue 31); must be given, as null or one of the positions. */
  position: z.enum(POSITIONS, { error: `Position must be one of ${POSITIONS.join(', ')}` }).nullable(),
  /** The adult squad group; null for a junior, whom the Squad page lists under their junior team. */
  team_type: z.enum(TEAM_TYPES, { error: `Team must be one of ${TEAM_TYPES.join(', ')}` }).nullable(),
  /** Optional (issue 21): stored as '' when not given. */
  nationality: optionalText('Nationality', 60).transform((v) => v ?? ''),
  photo_url: optionalImageRef('Photo URL'),
  bio: optionalText('Bio', 2000),
  date_of_birth: z
    .union([z.literal(''), clubDateField('Date of birth')])
    .nullish()
    .transform((v) => (v ? v : null)),
  height: optionalText('Height', 20),
  weight: optionalText('Weight', 20),
  /**
   * Whether the public profile shows date of birth, height and weight (otherwise only the age;
   * decision 19 in docs/architecture.md). New players: false. On update, omitted keeps the player's choice.
   */
  show_personal_details: z.boolean({ error: 'show_personal_details must be true or false' }).optional(),
  social_media: z
    .record(
      z.string().trim().min(1).max(30, 'Social network names are at most 30 characters'),
      z.string().trim().max(500).regex(HTTP_URL, 'Social links must start with http:// or https://'),
    )
    .refine((v) => Object.keys(v).length <= 10, 'At most 10 social links')
    .nullish()
    .transform((v) => v ?? {}),
  /**
   * The teams the player plays for (GET /api/teams), one or more. On create, omitted: the team
   * named like team_type (Vets), else the first team. On update, omitted keeps the memberships.
   */
  team_ids: z
    .array(z.uuid('Each team must be chosen from the list'), { error: 'Teams must be a list of teams' })
    .min(1, 'Choose at least one team')
    .max(50, 'At most 50 teams')
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))])
    .optional(),
  /**
   * Playing since (issue 21): the day the teams this request adds begin to count for the player
   * (a club adding players who played there before); default today, never in the future.
   */
  joined_on: z
    .union([z.literal(''), clubDateField('Playing since')])
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v <= today(), 'Playing since cannot be in the future'),
});
export type PlayerInput = z.infer<typeof playerInputSchema>;

export const squadQuerySchema = z.object({ team: z.string().max(30).optional() });

// ---------------------------------------------------------------------------------------------
// Inputs: the player's own (registration, My Profile) and the admin's about them

const positionField = z.enum(PREFERRED_POSITIONS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'Choose your preferred position'
      : `Preferred position must be one of ${PREFERRED_POSITIONS.join(', ')}`,
});

/** POST /api/players/register. The confirmation password is checked by the form, never sent. */
export const registrationSchema = z.object({
  username: usernameField,
  password: passwordField,
  email: emailField,
  full_name: requiredText('Full name', 200, 'brief'),
  phone_number: requiredText('Phone number', 40, 'brief'),
  date_of_birth: dateOfBirthField,
  position_preference: positionField,
  emergency_contact_name: requiredText('Emergency contact name', 200, 'brief'),
  emergency_contact_phone: requiredText('Emergency contact phone', 40, 'brief'),
  medical_notes: optionalText('Medical notes', 2000, 'brief'),
  previous_club: optionalText('Previous club', 200, 'brief'),
  nationality: optionalText('Nationality', 100, 'brief'),
  /** The privacy notice version the form showed (issue 34); omitted: the current one. */
  notice_version: noticeVersionField,
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

export const profileUpdateSchema = z.object({
  full_name: requiredText('Full name', 200, 'brief'),
  email: emailField,
  phone_number: optionalText('Phone number', 40, 'brief'),
  date_of_birth: z
    .union([z.literal(''), clubDateField('Date of birth')])
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v < todayIso(), 'Date of birth must be in the past'),
  emergency_contact_name: optionalText('Emergency contact name', 200, 'brief'),
  emergency_contact_phone: optionalText('Emergency contact phone', 40, 'brief'),
  position_preference: z
    .union([positionField, z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  address: optionalText('Address', 500, 'brief'),
  medical_notes: optionalText('Medical notes', 2000, 'brief'),
  availability: z
    .array(z.enum(WEEKDAYS, { error: `Availability days must be among ${WEEKDAYS.join(', ')}` }))
    .max(7)
    .default([])
    .transform((days) => WEEKDAYS.filter((d) => days.includes(d))),
  /** Show date of birth, height and weight on the public profile (else only the age). Omitted keeps the choice. */
  show_personal_details: z.boolean({ error: 'show_personal_details must be true or false' }).optional(),
  /** Needed only when `email` is a new address (issue 30): the change then waits for the link sent to it. */
  current_password: z.string({ error: CURRENT_PASSWORD_NEEDED }).max(200, 'Password is too long').optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

const count = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(100000);

/** PUT /api/players/{id}/stats: every field optional, only those given change. */
export const statsUpdateSchema = z.object({
  // Training attendance is not entered: it is computed from recorded sessions (decision 14 in docs/architecture.md).
  matches_played: count('Matches played').optional(),
  matches_started: count('Matches started').optional(),
  goals: count('Goals').optional(),
  assists: count('Assists').optional(),
  minutes_played: count('Minutes played').optional(),
  yellow_cards: count('Yellow cards').optional(),
  red_cards: count('Red cards').optional(),
});
export type StatsUpdateInput = z.infer<typeof statsUpdateSchema>;

/** POST /api/players/{id}/payments. */
export const paymentCreateSchema = z.object({
  description: requiredText('Description', 200, 'brief'),
  amount: z
    .number({ error: 'Amount must be a number' })
    .positive('Amount must be more than 0')
    .max(100000, 'Amount is too large')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Amount can have at most 2 decimals'),
  payment_type: optionalText('Payment type', 100, 'brief').transform((v) => v ?? DEFAULT_PAYMENT_TYPE),
  status: z.enum(PAYMENT_STATUSES).default('outstanding'),
  due_date: clubDateField('Due date').optional(),
});
export type PaymentCreateInput = z.infer<typeof paymentCreateSchema>;

export const paymentStatusSchema = z.object({ status: z.enum(PAYMENT_STATUSES, { error: 'Status must be paid, outstanding or overdue' }) });

/** POST /api/players/{id}/feedback. */
export const feedbackCreateSchema = z.object({
  coach_name: optionalText('Coach name', 100, 'brief').transform((v) => v ?? DEFAULT_COACH_NAME),
  category: z.enum(FEEDBACK_CATEGORIES, { error: `Category must be one of ${FEEDBACK_CATEGORIES.join(', ')}` }).default('General'),
  feedback: requiredText('Feedback', 5000, 'brief'),
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(RATING_MAX, 'Rating must be a whole number from 1 to 5')
    .nullable()
    .optional(),
  date: clubDateField('Date').optional(),
});
export type FeedbackCreateInput = z.infer<typeof feedbackCreateSchema>;

/**
 * POST /api/admin/create-player-account. Without a password (the panel's way) the person is mailed a
 * link to choose their own; with one, the admin passes it on (clubs without mail).
 */
export const createPlayerAccountSchema = z.object({
  player_id: z.string({ error: 'Player is required' }).trim().min(1, 'Player is required').max(100),
  username: usernameField,
  password: z
    .union([z.literal(''), passwordField])
    .optional()
    .transform((v) => (v ? v : undefined)),
  email: emailField,
});
export type CreatePlayerAccountInput = z.infer<typeof createPlayerAccountSchema>;

export const resetPasswordSchema = z.object({ password: passwordField });

// ---------------------------------------------------------------------------------------------
// Answers

/** GET /api/players: members in good standing (default) or those who left the club. */
export const playerListQuerySchema = z.object({
  status: z.enum(['active', 'left'], { error: 'Status must be active or left' }).optional(),
});

export const PublicPlayerSchema = z
  .object({
    id: z.string().uuid(),
    team_ids: z.array(z.string().uuid()).openapi({ description: 'The teams the player plays for (GET /api/teams)' }),
    full_name: z.string(),
    jersey_number: z.number().int().nullable(),
    position: z.enum(POSITIONS).nullable().openapi({ description: 'null: none given yet (a child approved from a parent’s request)' }),
    nationality: z.string(),
    team_type: z
      .enum(TEAM_TYPES)
      .nullable()
      .openapi({ description: 'The adult squad group; null for a junior, who is listed under their junior team (team_ids)' }),
    photo_url: z.string().nullable(),
    bio: z.string().nullable(),
    age: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Whole years, in the club's time zone; null when no date of birth is recorded, and always for a junior" }),
    age_group: z.string().nullable().openapi({
      example: 'U10',
      description: "A junior's (under 18 today) age group this season, from the date of birth (31 August rule); null for adults (issue 23)",
    }),
    show_personal_details: z.boolean().openapi({ description: 'Whether the player chose to show date of birth, height and weight publicly' }),
    date_of_birth: z.string().nullable().optional().openapi({ description: 'Only when show_personal_details is true' }),
    height: z.string().nullable().optional().openapi({ description: 'Only when show_personal_details is true' }),
    weight: z.string().nullable().optional().openapi({ description: 'Only when show_personal_details is true' }),
    social_media: z.record(z.string(), z.string()),
    staff_roles: z
      .array(z.object({ team_id: z.string().uuid(), team_name: z.string(), role: z.enum(['manager', 'coach', 'assistant']) }))
      .openapi({ description: 'Their places on team staffs (a player-coach plays and coaches); the Squad page lists them under Staff' }),
  })
  .openapi('SquadPlayer');
export const PlayerStatsSchema = z
  .object({
    player_id: z.string().uuid(),
    training_attendance: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "Percent of the recorded training sessions of the player's teams attended; null when none is recorded" }),
    training_sessions_recorded: z.number().int(),
    training_sessions_attended: z.number().int(),
    matches_played: z.number().int(),
    matches_started: z.number().int(),
    goals: z.number().int().nullable().openapi({ description: 'null for a junior of a U7-U11 team (no scorers published, issue 23) unless you run the team' }),
    assists: z.number().int().nullable().openapi({ description: 'null like goals' }),
    minutes_played: z.number().int(),
    yellow_cards: z.number().int(),
    red_cards: z.number().int(),
  })
  .openapi('PlayerStats');
export const PlayerProfileSchema = z
  .object({
    id: z.string().uuid(),
    user_id: z.string().uuid().nullable(),
    username: z.string().nullable(),
    email: z.string().nullable(),
    full_name: z.string(),
    jersey_number: z.number().int().nullable(),
    position: z.string().nullable(),
    team_type: z.string().nullable(),
    nationality: z.string(),
    photo_url: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    phone_number: z.string().nullable(),
    address: z.string().nullable(),
    emergency_contact_name: z.string().nullable(),
    emergency_contact_phone: z.string().nullable(),
    medical_notes: z.string().nullable(),
    previous_club: z.string().nullable(),
    position_preference: z.string().nullable(),
    availability: z.array(z.string()),
    show_personal_details: z.boolean().openapi({ description: 'Whether the public profile shows date of birth, height and weight; otherwise only the age' }),
  })
  .openapi('PlayerProfile');
export const PaymentSchema = z
  .object({
    id: z.string().uuid(),
    player_id: z.string().uuid(),
    description: z.string(),
    payment_type: z.string(),
    amount: z.number(),
    due_date: z.string(),
    status: z.enum(PAYMENT_STATUSES).openapi({ description: 'paid: nothing left to pay; overdue: still owed after the due date; outstanding: owed, not due yet' }),
    paid_date: z.string().nullable(),
    created_at: z.string(),
    member_name: z.string().nullable().openapi({ description: 'Whom it is for: the member charged (a parent sees each child’s name)' }),
    payer_name: z.string().nullable().openapi({ description: 'Who pays it: the member, or a junior’s parent or carer (null: nobody yet)' }),
    outstanding_amount: z.number().openapi({ description: 'Pounds still to pay (less than amount when part-paid; 0 when paid)' }),
  })
  .openapi('Payment');
export const FeedbackSchema = z
  .object({
    id: z.string().uuid(),
    player_id: z.string().uuid(),
    coach_name: z.string(),
    category: z.string(),
    feedback: z.string(),
    rating: z.number().int().nullable(),
    date: z.string(),
    created_at: z.string(),
  })
  .openapi('Feedback');
export const AdminPlayerSchema = PublicPlayerSchema.extend({
  version: z.string().openapi({ description: 'Send it back with PUT: a save from an older version answers 409 naming who saved since' }),
  date_of_birth: z.string().nullable(),
  height: z.string().nullable(),
  weight: z.string().nullable(),
  user_id: z.string().uuid().nullable(),
  has_login: z.boolean(),
  login: z
    .object({
      username: z.string(),
      email: z.string().nullable().openapi({ description: 'Only for the admin and the secretary (issue 30, ADR 046)' }),
      activated: z.boolean().openapi({ description: 'Whether its owner has chosen their own password or signed in' }),
      address_confirmed: z.boolean().openapi({ description: 'Whether its owner has confirmed the address (issue 31): until then the club’s mail to it is held' }),
      held_mails: z.number().int().openapi({ description: 'How many of the club’s e-mails are held until its owner confirms the address (issue 31)' }),
    })
    .nullable()
    .openapi({ description: 'The login linked to the player, if any' }),
}).openapi('Player');
export type PublicPlayer = z.infer<typeof PublicPlayerSchema>;
export type AdminPlayer = z.infer<typeof AdminPlayerSchema>;
export type PlayerStats = z.infer<typeof PlayerStatsSchema>;
export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;
export type Payment = z.infer<typeof PaymentSchema>;
export type Feedback = z.infer<typeof FeedbackSchema>;
