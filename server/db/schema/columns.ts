import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Shared column helpers: every table has a UUID id and creation time. */
export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
