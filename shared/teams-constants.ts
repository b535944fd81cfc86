import { codesOf } from './codes';
/**
 * Teams and training constants with no zod: pages import these without pulling the validation
 * schemas (shared/teams.ts) into the browser bundle.
 */

/** ISO weekdays: 1 = Monday … 7 = Sunday (training slots store the number). */
export const ISO_WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const weekdayName = (isoWeekday: number) => ISO_WEEKDAYS[isoWeekday - 1] ?? String(isoWeekday);

/** How far ahead training sessions are generated from the weekly slots. */
export const TRAINING_HORIZON_WEEKS = 8;
export const TRAINING_SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export type TrainingSessionStatus = (typeof TRAINING_SESSION_STATUSES)[number];

/** What a dated session is (issue 22): weekly or one-off training, or another team event. */
export const SESSION_KIND_LABELS = { training: 'Training', tournament: 'Tournament', social: 'Social', meeting: 'Meeting' };
export type TrainingSessionKind = keyof typeof SESSION_KIND_LABELS;
export const TRAINING_SESSION_KINDS = codesOf(SESSION_KIND_LABELS);

/** "Senior training", or "Senior: Tournament — Spring Cup" for an event. */
export function sessionTitle(team: string, kind: TrainingSessionKind, title: string | null) {
  if (kind === 'training' && !title) return `${team} training`;
  return `${team}: ${SESSION_KIND_LABELS[kind]}${title ? ` — ${title}` : ''}`;
}

/** A map search for an address (the players' area links it). */
export const mapLink = (address: string) => `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

export const DEFAULT_MATCH_LENGTH_MINUTES = 105;
export const DEFAULT_AVAILABILITY_LOCK_HOURS = 2;
export const DEFAULT_TRAINING_PLACE = 'Main training ground';

export const NO_SESSIONS_RECORDED = 'No sessions recorded yet';
export const TEAM_NOT_FOUND = 'Team not found';
export const SLOT_NOT_FOUND = 'Training slot not found';
export const SESSION_NOT_FOUND = 'Training session not found';

/** Training Attendance %: attended / recorded, rounded; null when nothing is recorded. */
export function attendancePercent(attended: number, recorded: number): number | null {
  if (recorded <= 0) return null;
  return Math.round((attended / recorded) * 100);
}

/** "Senior", or "Senior, Vets" for someone in several teams. */
export const teamNames = (teams: Array<{ name: string }>) => teams.map((t) => t.name).join(', ');
