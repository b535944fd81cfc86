import { sql } from 'drizzle-orm';
import { check, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A suspended club's site shows a notice and its jobs stop; nothing is deleted (issue 36). */
export const clubStatusEnum = pgEnum('club_status', ['active', 'suspended']);
export type ClubStatus = (typeof clubStatusEnum.enumValues)[number];

/**
 * The clubs this install serves (ADR 065): the install's own table, not a club's (no club_id, no
 * row-level security). A single-club install has exactly one row, made by the migration that
 * created the table; with HOSTING_DOMAIN set, a club is served at `{slug}.{HOSTING_DOMAIN}`.
 */
// Its own columns, not ./columns' helpers: columns.ts imports this file (club_id references clubs),
// and a tenant table's id() is no primary key by itself (theirs is (club_id, id)).
export const clubs = pgTable(
  'clubs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The club's label in its address (`ashdown` in ashdown.clubs.example.org). */
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    status: clubStatusEnum('status').notNull().default('active'),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the operator last suspended it (null: never); a club is deleted only after an export made since. */
    suspended_at: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    /** When the operator last downloaded its club file (GET /api/hosting/clubs/{id}/export). */
    exported_at: timestamp('exported_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // One DNS label, lower case: the slug is a host name's first part.
    check('clubs_slug_is_a_host_label', sql`${t.slug} ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'`),
  ],
);
