import { date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id } from './columns';

/**
 * Erasures carried out (issue 34, docs/decisions/0NN-erasure-and-pseudonyms.md): the pseudonym the
 * kept rows now carry ("Former member 7f3a"), when, by whom, and how many rows of each table went
 * or were pseudonymised. No personal data: the treasurer can still tell two erased payers apart.
 */
export const erasures = pgTable('erasures', {
  id: id(),
  /** "Former member 7f3a": 4-6 hex characters, unique among erasures. */
  pseudonym: text('pseudonym').notNull().unique(),
  /** The request it answered (null once that request is itself gone). */
  request_id: uuid('request_id'),
  erased_at: timestamp('erased_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  erased_by: uuid('erased_by').references(() => users.id, { onDelete: 'set null' }),
  erased_by_name: text('erased_by_name').notNull(),
  /** What was done, per table: { table: { deleted, pseudonymised, detached, mentions } }. */
  counts: jsonb('counts').$type<Record<string, Record<string, number>>>().notNull(),
  /** The kept rows are kept until this day (six years after the end of the latest financial year among them). */
  kept_until: date('kept_until', { mode: 'string' }),
  uploads_removed: integer('uploads_removed').notNull().default(0),
  created_at: createdAt(),
});

/**
 * Addresses whose owner asked the club to erase their data: only the SHA-256 of the lower-cased
 * address, so the club does not invite them again; registering themselves clears it.
 */
export const emailSuppressions = pgTable('email_suppressions', {
  email_sha256: text('email_sha256').primaryKey(),
  erased_at: timestamp('erased_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
