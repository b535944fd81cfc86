import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgEnum, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { clubId, clubKey, clubRef, createdAt, id } from './columns';
import { fixtures } from './matches';
import { players } from './squad';
import { trainingSessions } from './teams';

export const availabilityStatusEnum = pgEnum('availability_status', ['available', 'maybe', 'unavailable']);

/**
 * A player's answer for one event: a fixture or a training session (exactly one of the two).
 * No row means "no answer yet" (the reminders' audience).
 */
export const availability = pgTable(
  'availability',
  {
    club_id: clubId(),
    id: id(),
    player_id: uuid('player_id').notNull(),
    fixture_id: uuid('fixture_id'),
    session_id: uuid('session_id'),
    status: availabilityStatusEnum('status').notNull(),
    note: text('note'),
    /** Who gave the answer: the player's own user, or a staff member / admin answering for them. */
    answered_by: uuid('answered_by'),
    /** Staff or an admin answered for the player (the manager's list says so). */
    on_behalf: boolean('on_behalf').notNull().default(false),
    /** The event's date, time or place changed after this answer (issue 22): worth a fresh look. */
    needs_recheck: boolean('needs_recheck').notNull().default(false),
    created_at: createdAt(),
    updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('availability_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'),
    clubRef('availability_fixture_id_fk', t, t.fixture_id, fixtures, fixtures.id).onDelete('cascade'),
    clubRef('availability_session_id_fk', t, t.session_id, trainingSessions, trainingSessions.id).onDelete('cascade'),
    clubRef('availability_answered_by_fk', t, t.answered_by, users, users.id).onDelete('set null'),
    uniqueIndex('availability_fixture_player_key').on(t.club_id, t.fixture_id, t.player_id),
    uniqueIndex('availability_session_player_key').on(t.club_id, t.session_id, t.player_id),
    index('availability_player_idx').on(t.player_id),
    check('availability_one_event', sql`(${t.fixture_id} is null) <> (${t.session_id} is null)`),
    check('availability_note_length', sql`char_length(${t.note}) <= 280`),
  ],
);

/** When staff last pressed "Remind those who haven't answered" for a fixture (at most once an hour). */
export const availabilityReminders = pgTable(
  'availability_reminders',
  {
    club_id: clubId(),
    fixture_id: uuid('fixture_id').notNull(),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true, mode: 'date' }).notNull(),
    sent_by: uuid('sent_by'),
  },
  (t) => [
    clubKey(t, t.fixture_id),
    clubRef('availability_reminders_fixture_id_fk', t, t.fixture_id, fixtures, fixtures.id).onDelete('cascade'),
    clubRef('availability_reminders_sent_by_fk', t, t.sent_by, users, users.id).onDelete('set null'),
  ],
);

export const selectionRoleEnum = pgEnum('selection_role', ['starter', 'substitute']);

/** Staff's squad for a fixture (ADR 020): who starts, who is on the bench, with shirt numbers. */
export const fixtureSelections = pgTable(
  'fixture_selections',
  {
    club_id: clubId(),
    fixture_id: uuid('fixture_id').notNull(),
    player_id: uuid('player_id').notNull(),
    role: selectionRoleEnum('role').notNull(),
    shirt_number: smallint('shirt_number').notNull(),
    /** The player's reply once the squad is published: null until they answer. */
    confirmed: boolean('confirmed'),
    /** Set when the match changed after they confirmed (issue 22): "please confirm again". */
    reconfirm: boolean('reconfirm').notNull().default(false),
    /** The captain for this match (at most one per squad). */
    captain: boolean('captain').notNull().default(false),
    responded_at: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (t) => [
    clubRef('fixture_selections_fixture_id_fk', t, t.fixture_id, fixtures, fixtures.id).onDelete('cascade'),
    clubRef('fixture_selections_player_id_fk', t, t.player_id, players, players.id).onDelete('cascade'),
    clubKey(t, t.fixture_id, t.player_id),
    // Shirt numbers are unique per match: the database says so too.
    uniqueIndex('fixture_selections_shirt_key').on(t.club_id, t.fixture_id, t.shirt_number),
    index('fixture_selections_player_idx').on(t.player_id),
  ],
);

/** When a fixture's squad was last published (players see it and are mailed only after that). */
export const selectionPublications = pgTable(
  'selection_publications',
  {
    club_id: clubId(),
    fixture_id: uuid('fixture_id').notNull(),
    published_at: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    published_by: uuid('published_by'),
    /** Who was in the squad as last published: a republish tells those dropped, kindly (issue 22). */
    published_player_ids: uuid('published_player_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [
    clubKey(t, t.fixture_id),
    clubRef('selection_publications_fixture_id_fk', t, t.fixture_id, fixtures, fixtures.id).onDelete('cascade'),
    clubRef('selection_publications_published_by_fk', t, t.published_by, users, users.id).onDelete('set null'),
  ],
);

/**
 * The saved squad's version (issue 22): every save adds one; a save made from an older version is
 * refused with who saved since and when, so two managers never overwrite each other unseen.
 */
export const selectionVersions = pgTable(
  'selection_versions',
  {
    club_id: clubId(),
    fixture_id: uuid('fixture_id').notNull(),
    version: smallint('version').notNull().default(0),
    saved_by: uuid('saved_by'),
    saved_by_name: text('saved_by_name'),
    saved_at: timestamp('saved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    clubKey(t, t.fixture_id),
    clubRef('selection_versions_fixture_id_fk', t, t.fixture_id, fixtures, fixtures.id).onDelete('cascade'),
    clubRef('selection_versions_saved_by_fk', t, t.saved_by, users, users.id).onDelete('set null'),
  ],
);

/** What an announcement compares: an event's details before and after a change. */
export interface EventDetails {
  date: string;
  time: string;
  place: string;
  status: string;
  /** Meet time and kit (issue 31): a change to them is announced too; absent in changes recorded before. */
  meet_time?: string | null;
  kit?: string | null;
}

/**
 * A change to a fixture or training session that people must hear about (issue 22), waiting until
 * `due_at` so that edits made minutes apart go out as one message; `sent_at` once announced.
 */
export const eventChanges = pgTable(
  'event_changes',
  {
    club_id: clubId(),
    id: id(),
    kind: text('kind', { enum: ['fixture', 'training'] }).notNull(),
    event_id: uuid('event_id').notNull(),
    before: jsonb('before').$type<EventDetails>().notNull(),
    after: jsonb('after').$type<EventDetails>().notNull(),
    /** Who was in the squad when the change began (a cancellation clears the squad). */
    selected_player_ids: uuid('selected_player_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    changed_by_name: text('changed_by_name').notNull(),
    due_at: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    uniqueIndex('event_changes_open_key')
      .on(t.club_id, t.kind, t.event_id)
      .where(sql`${t.sent_at} is null`),
    index('event_changes_due_idx')
      .on(t.due_at)
      .where(sql`${t.sent_at} is null`),
  ],
);
