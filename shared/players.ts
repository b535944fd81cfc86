/**
 * The player domain's constants and display helpers (no zod: pages import them freely). The inputs
 * and answers are in shared/contracts/players.ts; the fields they are written with in shared/fields.ts.
 */
import { clubDateOf, isRealDate } from './dates';
import { NO_SESSIONS_RECORDED } from './teams-constants';

export { NO_SESSIONS_RECORDED };

export { isRealDate };

/** A squad position, in the order the Squad page lists them (the database's enum imports this list). */
export const POSITIONS = ['Goalkeeper', 'Defender', 'Midfielder', 'Forward', 'Staff'] as const;
export type Position = (typeof POSITIONS)[number];
/** What a player may prefer: every position but Staff, which only the admin gives (a coach in the squad list). */
export const PREFERRED_POSITIONS = POSITIONS.filter((p): p is Exclude<Position, 'Staff'> => p !== 'Staff');

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
/** A change of a login's address asks for the current password (issue 30). */
export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change your e-mail address.';
export const NO_PLAYER_PROFILE = 'No player profile is linked to this account';
export const PLAYER_NOT_FOUND = 'Player not found';

/** Today in the club's time zone, as 'YYYY-MM-DD'. */
export function todayIso(now = new Date()) {
  return clubDateOf(now);
}

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
