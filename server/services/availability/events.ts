import { AVAILABILITY_LABELS, type AvailabilityStatus, type EventKind } from '../../../shared/availability';
import { clubDateOf, clubTimeOf } from '../../../shared/dates';
import { clubInstant, sessionTitle } from '../../../shared/teams';
import type { AvailabilityEvent as EventView } from '../../../shared/contracts/availability';
import type { fixtures, trainingSessions } from '../../db/schema';

export type { EventView };

/** One fixture or training session, as availability sees it. */
export interface AvailabilityEvent {
  kind: EventKind;
  id: string;
  team_id: string;
  team: string;
  /** "Senior vs Riverside" or "Senior training". */
  title: string;
  date: string;
  time: string;
  place: string;
  starts_at: Date;
  locks_at: Date;
  lock_hours: number;
  cancelled: boolean;
  /** A fixture already played. */
  over: boolean;
  /** Issue 22: meet time, kit, notes, and (sessions) the address. */
  meet_time?: string | null;
  kit?: string | null;
  notes?: string | null;
  address?: string | null;
}

export const londonStamp = (d: Date) => `${clubDateOf(d)} ${clubTimeOf(d)}`;

export const eventView = (e: AvailabilityEvent, now: Date): EventView => ({
  kind: e.kind,
  id: e.id,
  team_id: e.team_id,
  team: e.team,
  title: e.title,
  date: e.date,
  time: e.time,
  place: e.place,
  starts_at: e.starts_at.toISOString(),
  locks_at: e.locks_at.toISOString(),
  cancelled: e.cancelled,
  /** Whether the caller can still change an answer (players: until locks_at). */
  open: !e.cancelled && !e.over && now < e.locks_at,
  meet_time: e.meet_time ?? null,
  kit: e.kit ?? null,
  notes: e.notes ?? null,
  address: e.address ?? null,
});

/** Answers close at the team's lock time, or at a session's own answer deadline when that is earlier. */
export const lockOfSession = (starts: Date, lockHours: number, answerBy: Date | null) => {
  const lock = new Date(starts.getTime() - lockHours * 3_600_000);
  return answerBy && answerBy < lock ? answerBy : lock;
};

export interface AnswerChange {
  event: AvailabilityEvent;
  playerId: string;
  before: AvailabilityStatus | null;
  after: AvailabilityStatus;
  /** The player's note with the answer: the reason staff are told. */
  note?: string | null;
}

export function fixtureEvent(f: typeof fixtures.$inferSelect, team: string, lockHours: number): AvailabilityEvent {
  const starts = clubInstant(f.match_date, f.match_time);
  return {
    kind: 'fixture',
    id: f.id,
    team_id: f.team_id,
    team,
    title: `${team} ${f.is_home ? 'vs' : '@'} ${f.away_team}`,
    date: f.match_date,
    time: f.match_time,
    place: f.venue,
    starts_at: starts,
    locks_at: new Date(starts.getTime() - lockHours * 3_600_000),
    lock_hours: lockHours,
    cancelled: f.status === 'cancelled',
    over: f.status === 'completed',
    meet_time: f.meet_time,
    kit: f.kit,
    notes: f.notes,
  };
}

export function sessionEvent(s: typeof trainingSessions.$inferSelect, team: string, lockHours: number): AvailabilityEvent {
  return {
    kind: 'training',
    id: s.id,
    team_id: s.team_id,
    team,
    title: sessionTitle(team, s.kind, s.title),
    date: clubDateOf(s.starts_at),
    time: clubTimeOf(s.starts_at),
    place: s.place,
    starts_at: s.starts_at,
    locks_at: lockOfSession(s.starts_at, lockHours, s.answer_by),
    lock_hours: lockHours,
    cancelled: s.status === 'cancelled',
    over: false,
    meet_time: s.meet_time,
    kit: s.kit,
    notes: s.notes,
    address: s.address,
  };
}

export const statusLabel = (s: AvailabilityStatus) => AVAILABILITY_LABELS[s];
