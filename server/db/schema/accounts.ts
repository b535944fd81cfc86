import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const roleEnum = pgEnum('role', ['admin', 'staff', 'player']);

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    full_name: text('full_name').notNull(),
    role: roleEnum('role').notNull().default('player'),
    password_hash: text('password_hash').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    // Usernames and e-mails are unique whatever their case: "Sam" and "sam" are one person.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

/** Only the SHA-256 hash of a session token is stored; the token itself lives in the cookie. */
export const sessions = pgTable(
  'sessions',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Failed sign-in counters per key ("user:<name>" or "addr:<ip>"), shared by every app process. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  window_ends_at: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
});
