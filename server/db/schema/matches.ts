import { boolean, date, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clubId, clubKey, clubRef, createdAt, id, updatedAt } from './columns';
import { teams } from './teams';

export const fixtureStatusEnum = pgEnum('fixture_status', ['upcoming', 'completed', 'cancelled']);

export const fixtures = pgTable(
  'fixtures',
  {
    club_id: clubId(),
    id: id(),
    /** Which of the club's teams plays; a team with fixtures cannot be deleted. */
    team_id: uuid('team_id').notNull(),
    match_date: date('match_date', { mode: 'string' }).notNull(),
    /** Kick-off as "HH:MM" (24-hour, club's local time). */
    match_time: text('match_time').notNull(),
    venue: text('venue').notNull(),
    competition: text('competition').notNull(),
    /** Whether the club plays at home; decides which score is "ours". */
    is_home: boolean('is_home').notNull().default(true),
    /** The opponent's name. */
    away_team: text('away_team').notNull(),
    home_score: integer('home_score'),
    away_score: integer('away_score'),
    status: fixtureStatusEnum('status').notNull().default('upcoming'),
    match_report: text('match_report'),
    /** Meet time ("HH:MM" club time), kit and notes for the players (issue 22). */
    meet_time: text('meet_time'),
    kit: text('kit'),
    notes: text('notes'),
    /**
     * Goes up by one whenever the date, kick-off, venue or status changes (a trigger, migration
     * 0006): the calendar feeds' SEQUENCE, so subscribed calendars take the change.
     */
    revision: integer('revision').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** Who saved it last (a stale save is refused naming them, issue 22). */
    updated_by: text('updated_by'),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('fixtures_team_id_fk', t, t.team_id, teams, teams.id).onDelete('restrict'),
    index('fixtures_status_date_idx').on(t.status, t.match_date, t.match_time),
    index('fixtures_team_date_idx').on(t.team_id, t.match_date),
  ],
);
