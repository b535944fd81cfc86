import { codesOf } from './codes';
/**
 * Junior football (issue 23): age groups, seasons and the consents a guardian gives. No zod here:
 * pages import these without pulling validation schemas into the browser bundle.
 *
 * The rules: a player's age group is "U" + (their age on 31 August of the season's first year + 1)
 * (FA youth rules); a season runs 1 September to 31 August, and consents expire with it; a junior is
 * anyone under 18 today; U7 to U11 publish no scores, results or tables in any form.
 */

export const JUNIOR_AGE_GROUPS = ['U7', 'U8', 'U9', 'U10', 'U11', 'U12', 'U13', 'U14', 'U15', 'U16', 'U17', 'U18'] as const;
export const AGE_GROUPS = [...JUNIOR_AGE_GROUPS, 'Open', 'Veterans'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
export type JuniorAgeGroup = (typeof JUNIOR_AGE_GROUPS)[number];

export const TEAM_FORMATS = ['5v5', '7v7', '9v9', '11v11'] as const;
export type TeamFormat = (typeof TEAM_FORMATS)[number];

/** The age groups whose results are never published (FA youth development rules). */
export const NO_RESULTS_AGE_GROUPS: readonly AgeGroup[] = ['U7', 'U8', 'U9', 'U10', 'U11'];

export const isJuniorAgeGroup = (group: AgeGroup | string | null | undefined): group is JuniorAgeGroup =>
  (JUNIOR_AGE_GROUPS as readonly string[]).includes(group ?? '');

/** U7-U11: no score, result, W/D/L, scorer or table anywhere public; the match reads "Played". */
export const publishesResults = (group: AgeGroup | string | null | undefined) => !NO_RESULTS_AGE_GROUPS.includes((group ?? 'Open') as AgeGroup);

/** What a no-results match shows instead of its score. */
export const PLAYED_LABEL = 'Played';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string) {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

/**
 * Whole years between a date of birth and a day (both "YYYY-MM-DD"). Someone born on 29 February
 * turns a year older on 1 March in common years (UK law: the day after 28 February).
 */
export function ageOn(dateOfBirth: string, on: string): number {
  const born = parts(dateOfBirth);
  const day = parts(on);
  let age = day.year - born.year;
  if (day.month < born.month || (day.month === born.month && day.day < born.day)) age -= 1;
  return age;
}

/** The first year of the season a day falls in: 1 September starts a season. */
export function seasonStartYear(on: string): number {
  const { year, month } = parts(on);
  return month >= 9 ? year : year - 1;
}

/** "2026-27" for any day from 1 September 2026 to 31 August 2027. */
export function seasonOf(on: string): string {
  const start = seasonStartYear(on);
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The season's last day, when its consents expire. */
export const seasonEnds = (season: string) => `${Number(season.slice(0, 4)) + 1}-08-31`;

/**
 * The age group a player belongs to in the season starting in `startYear`: U(age on 31 August + 1),
 * juniors only (U7 … U18); older players are "Open", younger than U7 null (too young for a team).
 */
export function ageGroupFor(dateOfBirth: string, startYear: number): JuniorAgeGroup | 'Open' | null {
  const group = ageOn(dateOfBirth, `${startYear}-08-31`) + 1;
  if (group < 7) return null;
  if (group > 18) return 'Open';
  return `U${group}` as JuniorAgeGroup;
}

/** Under 18 today: a junior, whose guardians hold the say (issue 23). */
export const isJunior = (dateOfBirth: string | null | undefined, today: string) => !!dateOfBirth && ageOn(dateOfBirth, today) < 18;

/** Under 16: every message goes to the guardians only. */
/** The youngest a junior may have a login of their own (13 to 17 only once a parent or carer agreed, issue 23). */
export const JUNIOR_LOGIN_MIN_AGE = 13;

export const isUnder16 = (dateOfBirth: string | null | undefined, today: string) => !!dateOfBirth && ageOn(dateOfBirth, today) < 16;

/** The day someone turns 18 (29 February birthdays: 1 March in a common year). */
export function eighteenthBirthday(dateOfBirth: string): string {
  const { year, month, day } = parts(dateOfBirth);
  const y = year + 18;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  if (month === 2 && day === 29 && !leap) return `${y}-03-01`;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const GUARDIAN_LEVEL_LABELS = {
  primary: 'Primary guardian (answers and confirms)',
  secondary: 'Guardian (can answer)',
  view_only: 'View only',
};
export type GuardianLevel = keyof typeof GUARDIAN_LEVEL_LABELS;

/** Where a child stands with their teams (issue 31: a child who left is not "Not in a team yet"). */
export const CHILD_STANDINGS = ['in_team', 'waiting', 'team_ended', 'left_club'] as const;
export type ChildStanding = (typeof CHILD_STANDINGS)[number];

/** The line under a child's name when they are in no team today. */
export function childTeamLine(child: { full_name: string; standing: ChildStanding; former_teams: readonly string[]; teams: readonly { name: string }[] }) {
  const first = child.full_name.split(' ')[0];
  if (child.standing === 'in_team') return child.teams.map((t) => t.name).join(', ');
  if (child.standing === 'left_club') return `${first} has left the club.`;
  if (child.standing === 'team_ended') return `${first}’s place in ${child.former_teams.join(' and ') || 'their team'} has ended.`;
  return 'Not in a team yet: the club will add them to one.';
}
export const GUARDIAN_LEVELS = codesOf(GUARDIAN_LEVEL_LABELS);
/** Primary and secondary guardians answer availability for the child; view-only guardians only see. */
export const guardianCanAnswer = (level: GuardianLevel) => level !== 'view_only';

export const CONSENT_KINDS = ['photo', 'full_name', 'direct_contact', 'medical_treatment'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/**
 * The words a guardian agrees to, per kind. `CONSENT_TEXT_VERSION` is stored with every consent:
 * change a text, bump the version (a consent given to older words stays on record as given to them).
 */
export const CONSENT_TEXT_VERSION = '2026-1';
export const CONSENT_TEXTS: Record<ConsentKind, { label: string; text: string }> = {
  photo: {
    label: 'Photos on the public website',
    text: "I agree that photos of my child may appear on the club's public website this season. Without it, no photo of them is shown publicly.",
  },
  full_name: {
    label: 'Full name on the public website',
    text: "I agree that my child's full name may appear on the club's public website this season. Without it, they are shown by first name and initial.",
  },
  direct_contact: {
    label: 'Club messages to my child directly (16-17)',
    text: 'I agree that the club may send messages to my child directly as well as to me (only for players aged 16 or 17; I am always copied).',
  },
  medical_treatment: {
    label: 'Emergency medical treatment',
    text: 'I agree that, in an emergency when I cannot be reached, club staff may arrange medical treatment for my child.',
  },
};

/** Disclosure and Barring Service check status of a junior team's staff: the status only, never the certificate. */
export const DBS_STATUS_LABELS = {
  in_date: 'In date',
  renewal_in_progress: 'Renewal in progress',
  expired: 'Expired',
  not_required: 'Not required',
};
export type DbsStatus = keyof typeof DBS_STATUS_LABELS;
export const DBS_STATUSES = codesOf(DBS_STATUS_LABELS);
/** The Today view warns this many days before a check expires. */
export const DBS_WARNING_DAYS = 60;

/** "Sam J." — how a junior without the full-name consent appears in public. */
export function firstNameAndInitial(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? '';
  return `${words[0]} ${words[words.length - 1]![0]!.toUpperCase()}.`;
}
