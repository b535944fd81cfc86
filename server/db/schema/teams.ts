import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, type PgColumn, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AGE_GROUPS, TEAM_FORMATS } from '../../../shared/juniors';
import { users } from './accounts';
import { clubId, clubKey, clubRef, createdAt, id, updatedAt } from './columns';
import { players } from './squad';

export const ageGroupEnum = pgEnum('age_group', AGE_GROUPS);
export const teamFormatEnum = pgEnum('team_format', TEAM_FORMATS);

/**
 * The club's teams (decision 15 in docs/architecture.md): fixtures, training and players belong to them.
 * Senior and Vets are seeded by migration 0005; admins add more (U14, Ladies …).
 */
export const teams = pgTable(
  'teams',
  {
    club_id: clubId(),
    id: id(),
    name: text('name').notNull(),
    /** Lower-case, URL-safe: the public fixtures filter is `/fixtures?team=<slug>`. */
    slug: text('slug').notNull(),
    /** Lists and filters show teams in this order; the first is the default for new fixtures and players. */
    sort_order: integer('sort_order').notNull().default(0),
    /** How long a match lasts (kick-off to final whistle, with half-time): later features block the calendar with it. */
    match_length_minutes: integer('match_length_minutes').notNull().default(105),
    /** The season's age group (issue 23): U7-U18 are junior teams; U7-U11 publish no results. */
    age_group: ageGroupEnum('age_group').notNull().default('Open'),
    /** How many a side the team plays this season. */
    format: teamFormatEnum('format').notNull().default('11v11'),
    /** Availability answers close this many hours before kick-off (ADR 020). */
    availability_lock_hours: integer('availability_lock_hours').notNull().default(2),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [clubKey(t, t.id), uniqueIndex('teams_slug_key').on(t.club_id, t.slug), uniqueIndex('teams_name_lower_key').on(t.club_id, sql`lower(${t.name})`)],
);

/** A person's place in a team (playing for it or running it): both keys, and either side's deletion removes the row. */
const personInTeam = () => ({
  player_id: uuid('player_id').notNull(),
  team_id: uuid('team_id').notNull(),
});
const personInTeamKeys = (table: string, t: { club_id: PgColumn; player_id: PgColumn; team_id: PgColumn }) => [
  clubRef(`${table}_player_id_fk`, t, t.player_id, players, players.id).onDelete('cascade'),
  clubRef(`${table}_team_id_fk`, t, t.team_id, teams, teams.id).onDelete('cascade'),
];

/**
 * Playing for a team, dated (issue 21): a player may play for several teams (a veteran who also
 * turns out for the seniors); leaving sets `left_on`, so past sessions and fixtures still count who
 * was in the team then. At most one open spell per player and team.
 */
export const playerTeams = pgTable(
  'player_teams',
  {
    club_id: clubId(),
    ...personInTeam(),
    /** The first day (club time) the player counts in the team. */
    joined_on: date('joined_on', { mode: 'string' })
      .notNull()
      .default(sql`(now() at time zone 'Europe/London')::date`),
    /** The first day they no longer count; null while they play for it. */
    left_on: date('left_on', { mode: 'string' }),
  },
  (t) => [
    clubKey(t, t.player_id, t.team_id, t.joined_on),
    ...personInTeamKeys('player_teams', t),
    index('player_teams_team_idx').on(t.team_id),
    uniqueIndex('player_teams_current_key')
      .on(t.club_id, t.player_id, t.team_id)
      .where(sql`${t.left_on} is null`),
  ],
);

/** A team's staff: managers, coaches and assistants run its match week and training; they are never counted as players. */
export const teamStaffRoleEnum = pgEnum('team_staff_role', ['manager', 'coach', 'assistant']);

export const teamStaff = pgTable(
  'team_staff',
  {
    club_id: clubId(),
    ...personInTeam(),
    role: teamStaffRoleEnum('role').notNull(),
    /** An admin made them staff of a junior team despite an expired DBS check (issue 23): who, when and why. */
    dbs_override_by: text('dbs_override_by'),
    dbs_override_at: timestamp('dbs_override_at', { withTimezone: true, mode: 'date' }),
    dbs_override_reason: text('dbs_override_reason'),
    created_at: createdAt(),
  },
  (t) => [clubKey(t, t.player_id, t.team_id), ...personInTeamKeys('team_staff', t), index('team_staff_team_idx').on(t.team_id)],
);

/** A team's weekly training: ISO weekday (1 = Monday … 7 = Sunday), start and end "HH:MM" in club time. */
export const trainingSlots = pgTable(
  'training_slots',
  {
    club_id: clubId(),
    id: id(),
    team_id: uuid('team_id').notNull(),
    weekday: smallint('weekday').notNull(),
    start_time: text('start_time').notNull(),
    end_time: text('end_time').notNull(),
    place: text('place').notNull(),
    /** The last club date it runs (included); null: no end. */
    ends_on: date('ends_on', { mode: 'string' }),
    /**
     * Breaks (issue 22): date ranges with no sessions. A jsonb list on the slot rather than a table:
     * breaks are edited with the slot, always read with it, and a few per season at most.
     */
    breaks: jsonb('breaks').$type<TrainingBreak[]>().notNull().default([]),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('training_slots_team_id_fk', t, t.team_id, teams, teams.id).onDelete('cascade'),
    index('training_slots_team_idx').on(t.team_id),
    check('training_slots_weekday_check', sql`${t.weekday} between 1 and 7`),
  ],
);

export interface TrainingBreak {
  name: string;
  starts_on: string;
  ends_on: string;
}

/** What a session is: weekly or one-off training, or another team event (issue 22). */
export const trainingSessionKindEnum = pgEnum('training_session_kind', ['training', 'tournament', 'social', 'meeting']);

export const trainingSessionStatusEnum = pgEnum('training_session_status', ['scheduled', 'cancelled']);

/**
 * One dated training session, generated from a slot (server/services/training/), or a one-off
 * session or event staff add (slot_id null: generation never touches it). Moving or cancelling it
 * changes this row only, never the slot.
 */
export const trainingSessions = pgTable(
  'training_sessions',
  {
    club_id: clubId(),
    id: id(),
    team_id: uuid('team_id').notNull(),
    /** Null once its slot is deleted (past sessions and their attendance stay). */
    slot_id: uuid('slot_id'),
    /** The club-time date the slot generated it for: with team and slot, what makes generation idempotent. */
    session_date: date('session_date', { mode: 'string' }).notNull(),
    starts_at: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    ends_at: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    place: text('place').notNull(),
    kind: trainingSessionKindEnum('kind').notNull().default('training'),
    /** Added by staff (POST /api/training-sessions), not generated: slot_id stays null, generation never touches it. */
    one_off: boolean('one_off').notNull().default(false),
    /** A one-off event's name ("Spring Cup"); null for plain training. */
    title: text('title'),
    /** "HH:MM" club time to meet before the start. */
    meet_time: text('meet_time'),
    kit: text('kit'),
    notes: text('notes'),
    /** The place's street address (a map link is made of it). */
    address: text('address'),
    /** Answers wanted by then. */
    answer_by: timestamp('answer_by', { withTimezone: true, mode: 'date' }),
    status: trainingSessionStatusEnum('status').notNull().default('scheduled'),
    /** Staff changed its time or place: the slot's later edits leave it alone. */
    moved: boolean('moved').notNull().default(false),
    /** Goes up when the time, place or status changes (a trigger, migration 0006): the calendar SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    /** When staff saved who came: "recorded" sessions count for Training Attendance %. */
    attendance_recorded_at: timestamp('attendance_recorded_at', { withTimezone: true, mode: 'date' }),
    attendance_recorded_by: uuid('attendance_recorded_by'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** Who saved it last (a stale save is refused naming them, issue 22). */
    updated_by: text('updated_by'),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('training_sessions_team_id_fk', t, t.team_id, teams, teams.id).onDelete('cascade'),
    clubRef('training_sessions_slot_id_fk', t, t.slot_id, trainingSlots, trainingSlots.id).onDelete('set null'),
    clubRef('training_sessions_attendance_recorded_by_fk', t, t.attendance_recorded_by, users, users.id).onDelete('set null'),
    uniqueIndex('training_sessions_team_slot_date_key').on(t.club_id, t.team_id, t.slot_id, t.session_date),
    index('training_sessions_team_starts_idx').on(t.team_id, t.starts_at),
    check('training_sessions_ends_after_start', sql`${t.ends_at} > ${t.starts_at}`),
  ],
);

/** Who came to a recorded session (present players only; absent ones have no row). */
export const trainingAttendance = pgTable(
  'training_attendance',
  {
    club_id: clubId(),
    session_id: uuid('session_id').notNull(),
    player_id: uuid('player_id').notNull(),
  },
  (t) => [
    clubRef('training_attendance_session_id_fk', t, t.session_id, trainingSessions, trainingSessions.id).onDelete('cascade'),
    clubRef('training_attendance_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'),
    clubKey(t, t.session_id, t.player_id),
    index('training_attendance_player_idx').on(t.player_id),
  ],
);
