/** The data map (issue 34): the outbox, password resets, mail preferences, app secrets (server/db/schema/mail.ts), push devices and the push outbox (…/push.ts). */
import { appSecrets, notificationPreferences, outbox, passwordResetTokens, pushOutbox, pushSubscriptions } from '../../db/schema';
import type { MappedTable } from '../types';
import { DELETE } from './common';

export const MAIL_MAP: MappedTable[] = [
  {
    // Mails sent to the person (by address; a held one also by login) go; a mail to someone else
    // that names them (a team announcement) is someone else's: their name is replaced in it.
    table: outbox,
    about: [{ email: outbox.to_address }, { user: outbox.held_for_user_id }],
    section: 'mails',
    personal: ['to_address', 'subject', 'text_body', 'html_body', 'headers', 'held_for_user_id'],
    other: ['id', 'dedupe_key', 'kind', 'status', 'attempts', 'next_attempt_at', 'locked_until', 'claim_token', 'last_error', 'created_at', 'sent_at'],
    mentions: ['subject', 'text_body', 'html_body'],
    redact: ['headers'],
    erase: DELETE,
  },
  {
    table: passwordResetTokens,
    about: [{ user: passwordResetTokens.user_id }],
    section: 'account',
    personal: ['user_id', 'token_hash'],
    other: ['expires_at', 'used_at', 'created_at'],
    redact: ['token_hash'],
    erase: DELETE,
  },
  {
    table: notificationPreferences,
    about: [{ user: notificationPreferences.user_id }],
    section: 'account',
    personal: ['user_id'],
    other: ['kind', 'email', 'push'],
    erase: DELETE,
  },
  {
    table: appSecrets,
    about: [],
    section: null,
    personal: [],
    other: ['name', 'value', 'created_at'],
  },
  {
    // A person's phones (issue 35): the push service's address for each and its keys.
    table: pushSubscriptions,
    about: [{ user: pushSubscriptions.user_id }],
    section: 'account',
    personal: ['user_id', 'endpoint', 'p256dh', 'auth', 'device_label', 'session_token_hash'],
    other: ['id', 'created_at', 'last_success_at'],
    redact: ['endpoint', 'p256dh', 'auth', 'session_token_hash'],
    erase: DELETE,
  },
  {
    // Notifications to the person's phones, and the mail each would have been instead.
    table: pushOutbox,
    about: [{ user: pushOutbox.user_id }],
    section: 'mails',
    personal: ['user_id', 'title', 'body', 'url', 'fallback_mail'],
    other: ['id', 'dedupe_key', 'message_key', 'subscription_id', 'kind', 'tag', 'urgency', 'status', 'attempts', 'next_attempt_at', 'locked_until', 'claim_token', 'last_error', 'created_at', 'sent_at'],
    redact: ['fallback_mail'],
    erase: DELETE,
  },
];
