import { z } from 'zod';
import './zod-messages';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from './auth';
import { clubDateField, clubDateOf, isRealDate } from './dates';
import { NO_SESSIONS_RECORDED } from './teams-constants';

export { NO_SESSIONS_RECORDED };

export { isRealDate };

/** Positions a player may prefer (Staff exists only for admin-created players). */
export const POSITIONS = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward'] as const;
export type Position = (typeof POSITIONS)[number];

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const FEEDBACK_CATEGORIES = ['Performance', 'Training', 'Discipline', 'General'] as const;
export const PAYMENT_STATUSES = ['paid', 'outstanding', 'overdue'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const DEFAULT_PAYMENT_TYPE = 'Subscription';
export const DEFAULT_COACH_NAME = 'Manager';
export const RATING_MAX = 5;

export const REGISTRATION_FAILED = 'Registration failed. Please try again.';
/** The welcome a new player reads on arriving in the Players' Area, signed in (ADR 026). */
export const REGISTRATION_SUCCESS = 'Registration successful!';

/** The registration form's fields, in the order the form sends them. */
export const REGISTRATION_FIELDS = [
  'username',
  'email',
  'password',
  'full_name',
  'phone_number',
  'date_of_birth',
  'position_preference',
  'emergency_contact_name',
  'emergency_contact_phone',
  'medical_notes',
  'previous_club',
] as const;
/** The query the portal dashboard reads to greet a player who has just registered. */
export const WELCOME_PARAM = 'welcome';
export const USERNAME_TAKEN = 'That username is already registered. Please choose another.';
/** What a registration with an address that already has an account is told: no more than a new one would learn (issue 30, finding 14). */
export const registrationCheckEmail = (email: string) => `Thank you. We have sent an e-mail to ${email}: please follow it to carry on.`;
export const EMAIL_TAKEN = 'That e-mail address is already registered. Please sign in or use another.';
export const NO_PLAYER_PROFILE = 'No player profile is linked to this account';
export const PLAYER_NOT_FOUND = 'Player not found';

/** Today in the club's time zone, as 'YYYY-MM-DD'. */
export function todayIso(now = new Date()) {
  return clubDateOf(now);
}

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

const optionalText = (label: string, max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .nullish()
    .transform((v) => (v ? v : null));

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(200, 'Email is too long')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid e-mail address');

export const dateOfBirthField = clubDateField('Date of birth').refine((v) => v < todayIso(), 'Date of birth must be in the past');

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(200, 'Password is too long');

// Nothing chosen is asked for in plain words; an unknown value names the choices.
const positionField = z.enum(POSITIONS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'Choose your preferred position'
      : `Preferred position must be one of ${POSITIONS.join(', ')}`,
});

/** POST /api/players/register. The confirmation password is checked by the form, never sent. */
export const registrationSchema = z.object({
  username: required('Username', 50).regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dots, dashes and underscores'),
  password: passwordField,
  email: emailField,
  full_name: required('Full name'),
  phone_number: required('Phone number', 40),
  date_of_birth: dateOfBirthField,
  position_preference: positionField,
  emergency_contact_name: required('Emergency contact name'),
  emergency_contact_phone: required('Emergency contact phone', 40),
  medical_notes: optionalText('Medical notes'),
  previous_club: optionalText('Previous club', 200),
  nationality: optionalText('Nationality', 100),
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

/** PUT /api/players/me: the Edit Profile form. */
/** A change of a login's address asks for the current password (issue 30). */
export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change your e-mail address.';

export const profileUpdateSchema = z.object({
  full_name: required('Full name'),
  email: emailField,
  phone_number: optionalText('Phone number', 40),
  date_of_birth: z
    .union([z.literal(''), clubDateField('Date of birth')])
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v < todayIso(), 'Date of birth must be in the past'),
  emergency_contact_name: optionalText('Emergency contact name', 200),
  emergency_contact_phone: optionalText('Emergency contact phone', 40),
  position_preference: z
    .union([positionField, z.literal('')])
    .nullish()
    .transform((v) => (v ? v : null)),
  address: optionalText('Address', 500),
  medical_notes: optionalText('Medical notes'),
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
  description: required('Description'),
  amount: z
    .number({ error: 'Amount must be a number' })
    .positive('Amount must be more than 0')
    .max(100000, 'Amount is too large')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Amount can have at most 2 decimals'),
  payment_type: optionalText('Payment type', 100).transform((v) => v ?? DEFAULT_PAYMENT_TYPE),
  status: z.enum(PAYMENT_STATUSES).default('outstanding'),
  due_date: clubDateField('Due date').optional(),
});
export type PaymentCreateInput = z.infer<typeof paymentCreateSchema>;

export const paymentStatusSchema = z.object({ status: z.enum(PAYMENT_STATUSES, { error: 'Status must be paid, outstanding or overdue' }) });

/** POST /api/players/{id}/feedback. */
export const feedbackCreateSchema = z.object({
  coach_name: optionalText('Coach name', 100).transform((v) => v ?? DEFAULT_COACH_NAME),
  category: z.enum(FEEDBACK_CATEGORIES, { error: `Category must be one of ${FEEDBACK_CATEGORIES.join(', ')}` }).default('General'),
  feedback: required('Feedback', 5000),
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

/** POST /api/admin/create-player-account. */
/**
 * POST /api/admin/create-player-account. Without a password (the panel's way) the person is mailed a
 * link to choose their own; with one, the admin passes it on (clubs without mail).
 */
export const createPlayerAccountSchema = z.object({
  player_id: z.string({ error: 'Player is required' }).trim().min(1, 'Player is required').max(100),
  username: registrationSchema.shape.username,
  password: z
    .union([z.literal(''), passwordField])
    .optional()
    .transform((v) => (v ? v : undefined)),
  email: emailField,
});
export type CreatePlayerAccountInput = z.infer<typeof createPlayerAccountSchema>;

export const resetPasswordSchema = z.object({ password: passwordField });

/** POST /api/messages. */
export const messageCreateSchema = z.object({
  subject: required('Subject'),
  body: required('Message', 10000),
  player_id: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** A message to one junior goes to their parents or carers: this must be ticked (issue 23). */
  copy_guardians: z.boolean({ error: 'Copy their parents or carers must be true or false' }).optional().default(false),
});
export type MessageCreateInput = z.infer<typeof messageCreateSchema>;

/** POST /api/documents as JSON: a link. */
export const documentLinkSchema = z.object({
  title: required('Title'),
  description: optionalText('Description', 1000),
  url: z
    .string({ error: 'Link is required' })
    .trim()
    .min(1, 'Link is required')
    .max(2000)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), 'The link must start with http:// or https://'),
  player_id: messageCreateSchema.shape.player_id,
});
export type DocumentLinkInput = z.infer<typeof documentLinkSchema>;

/**
 * A season with nothing recorded yet: no matches, goals, minutes or cards, and training attendance
 * null (no session recorded), as the stats endpoints and the portal's My Stats show it.
 */
export const emptySeasonStats = () => ({
  training_attendance: null as number | null,
  training_sessions_recorded: 0,
  training_sessions_attended: 0,
  matches_played: 0,
  matches_started: 0,
  goals: 0,
  assists: 0,
  minutes_played: 0,
  yellow_cards: 0,
  red_cards: 0,
});

/** Goals per match (docs/product.md#players-area), with a divisor of 1 when no match was played. */
export const goalsPerMatch = (goals: number, matchesPlayed: number) => (goals / (matchesPlayed || 1)).toFixed(2);

/** The Training Attendance tile: a percentage of recorded sessions, or that none is recorded yet. */
export const trainingAttendanceLabel = (percent: number | null | undefined) =>
  percent === null || percent === undefined ? NO_SESSIONS_RECORDED : `${percent}%`;

/** Money as the club shows it: '£12.50'. */
export { formatPounds } from './money';

/** Outstanding and overdue both count as owing; 'up to date' means nothing owed (shared/payment-status.ts). */
export { amountOwed } from './payment-status';
