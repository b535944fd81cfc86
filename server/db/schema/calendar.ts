import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';

/**
 * Each user's private calendar feed (/calendar/me/<token>.ics): one token per user, random, stored
 * as its SHA-256 hash. Issuing a new one replaces the row, so the old link stops working at once.
 */
export const calendarTokens = pgTable('calendar_tokens', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  created_at: createdAt(),
  last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
});
