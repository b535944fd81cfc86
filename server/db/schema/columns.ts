import { sql } from 'drizzle-orm';
import { foreignKey, primaryKey, timestamp, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';

/**
 * Shared column helpers: every table has a UUID id and creation time, and every tenant table its
 * club (ADR 065): the connection's `app.club_id` by default, so no insert names it, and a connection
 * with no club set fails the insert instead of writing into some club.
 */
export const clubId = () =>
  uuid('club_id')
    .notNull()
    .default(sql`current_setting('app.club_id')::uuid`)
    .references(() => clubs.id);
/** The row's id; its primary key is (club_id, id) (`clubKey`). */
export const id = () => uuid('id').notNull().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A tenant table's primary key: the club, then the given columns (its id by default). */
export const clubKey = (t: { club_id: PgColumn }, ...columns: PgColumn[]) => primaryKey({ columns: [t.club_id, ...columns] });

/**
 * A foreign key to another tenant table, within the club: (club_id, column) REFERENCES
 * target (club_id, key). An `onDelete('set null')` one is rewritten by hand in its migration to
 * `ON DELETE SET NULL (column)` (drizzle-kit cannot say the column list): club_id never goes null.
 */
export const clubRef = (name: string, t: { club_id: PgColumn }, column: PgColumn, target: { club_id: PgColumn }, key: PgColumn) =>
  foreignKey({ name, columns: [t.club_id, column], foreignColumns: [target.club_id, key] });
