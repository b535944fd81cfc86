import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts';
import { clubId, clubKey, clubRef, createdAt, id } from './columns';

/**
 * One device that receives Web Push (issue 35): a browser's PushSubscription, one per device per
 * person. The endpoint is unique: the same browser subscribing again (or for another person who
 * signs in on it) is the same row, linked to whoever subscribed last.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    club_id: clubId(),
    id: id(),
    user_id: uuid('user_id').notNull(),
    /** The push service's URL for this device (RFC 8030): only on an allowed origin (server/services/push/origins.ts). */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /**
     * The sign-in it was turned on (or last sent again) under. When that session is ended before
     * its time (Sign Out, "sign out everywhere", a new password, the login switched off, leaving the
     * club) the device goes with it (trigger push_devices_end_with_session, migration 0040), so a
     * phone nobody is signed in on gets no notifications; a session that simply ran out leaves the
     * device (null here) for the next sign-in to claim.
     */
    session_token_hash: text('session_token_hash'),
    /** "Chrome on Android", from the User-Agent when it subscribed. */
    device_label: text('device_label').notNull(),
    created_at: createdAt(),
    last_success_at: timestamp('last_success_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('push_subscriptions_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'),
    clubRef('push_subscriptions_session_token_hash_fk', t, t.session_token_hash, sessions, sessions.token_hash).onDelete('set null'),
    unique('push_subscriptions_endpoint_unique').on(t.club_id, t.endpoint),
    index('push_subscriptions_user_idx').on(t.user_id),
    index('push_subscriptions_session_idx').on(t.session_token_hash),
  ],
);

/**
 * pending: not tried yet; failed: a temporary failure (429, 5xx, no answer), tried again at
 * next_attempt_at; sent: the push service accepted it (201); dead: the device is gone (404/410),
 * was removed, or the message ran out of retries or time.
 */
export const pushOutboxStatusEnum = pgEnum('push_outbox_status', ['pending', 'failed', 'sent', 'dead']);

/**
 * Every push message for one device, written in the same transaction as the event that causes it
 * and sent by a worker as the mail outbox is (ADR 015, docs/decisions/062-web-push.md): claimed
 * with FOR UPDATE SKIP LOCKED and a lease. `message_key` is the caller's key for the message (one
 * per event and person); `dedupe_key` is it per device, so a restart never sends a device the same
 * message twice. When the message is dead on every device of the person and none got it,
 * `fallback_mail` (an outbox row) goes into the mail outbox.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    club_id: clubId(),
    id: id(),
    dedupe_key: text('dedupe_key').notNull(),
    message_key: text('message_key').notNull(),
    user_id: uuid('user_id').notNull(),
    /** Null once the device was removed (by its owner, or a 404/410): the row is then dead. */
    subscription_id: uuid('subscription_id'),
    kind: text('kind').notNull(),
    /** The notification: what shows on the lock screen (no child's name, no venue) and the page it opens. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    tag: text('tag').notNull(),
    urgency: text('urgency').notNull().default('normal'),
    /** The mail outbox row sent instead when no device gets the message ({dedupe_key, kind, to_address, …}). */
    fallback_mail: jsonb('fallback_mail').$type<Record<string, unknown>>(),
    status: pushOutboxStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    claim_token: uuid('claim_token'),
    last_error: text('last_error'),
    created_at: createdAt(),
    sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('push_outbox_user_id_fk', t, t.user_id, users, users.id).onDelete('cascade'),
    clubRef('push_outbox_subscription_id_fk', t, t.subscription_id, pushSubscriptions, pushSubscriptions.id).onDelete('set null'),
    unique('push_outbox_dedupe_key_unique').on(t.club_id, t.dedupe_key),
    index('push_outbox_due_idx')
      .on(t.next_attempt_at)
      .where(sql`${t.status} in ('pending', 'failed')`),
    index('push_outbox_message_idx').on(t.message_key, t.user_id),
    index('push_outbox_subscription_idx').on(t.subscription_id),
    index('push_outbox_user_idx').on(t.user_id),
  ],
);
