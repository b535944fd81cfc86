/**
 * The host's operator (issue 36, ADR 065): the install's own tables, not a club's (no club_id, no
 * row-level security). One login, made and kept in step with OPERATOR_USERNAME and
 * OPERATOR_PASSWORD at every start (server/services/hosting/operator.ts), valid only on the hosting
 * domain itself; its sessions are rows here, never in a club's `sessions`.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull().unique(),
  password_hash: text('password_hash').notNull(),
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** An operator's session: only the token's hash is kept; ended by sign-out, expiry or a new password at start. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    token_hash: text('token_hash').primaryKey(),
    operator_id: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('operator_sessions_operator_idx').on(t.operator_id)],
);
