import { date, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { clubId, clubKey, clubRef, createdAt, id } from './columns';

/**
 * Erasures carried out (issue 34, docs/decisions/060-erasure-and-pseudonyms.md): the pseudonym the
 * kept rows now carry ("Former member 7f3a"), when, by whom, and how many rows of each table went
 * or were pseudonymised. No personal data: the treasurer can still tell two erased payers apart.
 */
export const erasures = pgTable(
  'erasures',
  {
    club_id: clubId(),
    id: id(),
    /** "Former member 7f3a": 4-6 hex characters, unique among erasures. */
    pseudonym: text('pseudonym').notNull(),
    /** The request it answered (null once that request is itself gone). */
    request_id: uuid('request_id'),
    erased_at: timestamp('erased_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    erased_by: uuid('erased_by'),
    erased_by_name: text('erased_by_name').notNull(),
    /** What was done, per table: { table: { deleted, pseudonymised, detached, mentions } }. */
    counts: jsonb('counts').$type<Record<string, Record<string, number>>>().notNull(),
    /** The kept rows are kept until this day (six years after the end of the latest financial year among them). */
    kept_until: date('kept_until', { mode: 'string' }),
    uploads_removed: integer('uploads_removed').notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('erasures_erased_by_fk', t, t.erased_by, users, users.id).onDelete('set null'),
    unique('erasures_pseudonym_unique').on(t.club_id, t.pseudonym),
  ],
);

/**
 * Addresses whose owner asked the club to erase their data: only the SHA-256 of the lower-cased
 * address, so the club does not invite them again; registering themselves clears it.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    club_id: clubId(),
    email_sha256: text('email_sha256').notNull(),
    erased_at: timestamp('erased_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [clubKey(t, t.email_sha256)],
);
