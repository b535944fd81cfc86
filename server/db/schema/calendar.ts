import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { clubId, clubKey, clubRef, createdAt } from './columns';

/**
 * Each user's private calendar feed (/calendar/me/<token>.ics): one token per user, random, stored
 * as its SHA-256 hash. Issuing a new one replaces the row, so the old link stops working at once.
 */
export const calendarTokens = pgTable(
  'calendar_tokens',
  {
    club_id: clubId(),
    user_id: uuid('user_id').notNull(),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    last_used_at: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    clubKey(t, t.user_id),
    clubRef('calendar_tokens_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'),
    unique('calendar_tokens_token_hash_unique').on(t.club_id, t.token_hash),
  ],
);
