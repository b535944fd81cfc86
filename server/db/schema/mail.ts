import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { clubId, clubKey, clubRef, createdAt, id } from './columns';

/**
 * pending: not tried yet; failed: a temporary failure, tried again at next_attempt_at;
 * sent: the SMTP server accepted it; dead: refused for good (5xx) or out of retries;
 * held: to a member whose address is not confirmed yet, sent once it is (issue 31);
 * expired: held too long (HELD_MAIL_DAYS), never sent late.
 */
export const outboxStatusEnum = pgEnum('outbox_status', ['pending', 'failed', 'sent', 'dead', 'held', 'expired']);

/**
 * Every outgoing e-mail, written in the same transaction as the event that causes it (ADR 015).
 * A worker claims due rows with FOR UPDATE SKIP LOCKED and a lease (locked_until, claim_token):
 * a crashed worker's claim simply runs out.
 */
export const outbox = pgTable(
  'outbox',
  {
    club_id: clubId(),
    id: id(),
    /** One mail per event: enqueueing the same key twice stores it once. */
    dedupe_key: text('dedupe_key').notNull(),
    kind: text('kind').notNull(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text_body: text('text_body').notNull(),
    html_body: text('html_body').notNull(),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: outboxStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    claim_token: uuid('claim_token'),
    last_error: text('last_error'),
    /** The member a held mail waits for: confirming their address releases it to their address then. */
    held_for_user_id: uuid('held_for_user_id'),
    created_at: createdAt(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('outbox_held_for_user_id_fk', t, t.held_for_user_id, users, users.id).onDelete('cascade'),
    unique('outbox_dedupe_key_unique').on(t.club_id, t.dedupe_key),
    // The worker's claim query: due rows that are still to be sent.
    index('outbox_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} in ('pending', 'failed')`),
    index('outbox_status_created_idx').on(t.status, t.created_at),
    index('outbox_held_for_idx').on(t.held_for_user_id),
  ],
);

/** Password-recovery links: only the SHA-256 of the token is kept; a token works once, for an hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    club_id: clubId(),
    token_hash: text('token_hash').notNull(),
    user_id: uuid('user_id').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (t) => [
    clubKey(t, t.token_hash),
    clubRef('password_reset_tokens_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'),
    index('password_reset_tokens_user_idx').on(t.user_id),
  ],
);

/**
 * E-mail on/off per user and kind of message; no row means on. `push` (issue 35): the same kind by
 * Web Push to their devices instead (shared/push-routing.ts), null meaning on (it only matters once a
 * device of theirs is subscribed).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    club_id: clubId(),
    user_id: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    push: boolean('push'),
  },
  (t) => [clubRef('notification_preferences_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'), clubKey(t, t.user_id, t.kind)],
);

/** Secrets the app makes for itself once (e.g. the key that signs unsubscribe links), shared by every process. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: createdAt(),
});
