/** Putting a notification in the push outbox, inside the caller's transaction (issue 35, docs/decisions/062-web-push.md). */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pushOutbox, pushSubscriptions } from '../../db/schema';

/** The mail outbox row a notification would have been: sent instead when no device gets it. */
export interface FallbackMail {
  dedupe_key: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers?: Record<string, string>;
}

/** The fall-back of a mail as `enqueueMail` takes it (server/services/outbox.ts), its address a string. */
export function asFallbackMail(mail: { dedupe_key: string; kind: string; to: string; subject: string; text: string; html: string; headers?: Record<string, string> }): FallbackMail {
  return { dedupe_key: mail.dedupe_key, kind: mail.kind, to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html, headers: mail.headers ?? {} };
}

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushMessage {
  /** Who gets it: every device they have now gets it once. */
  userId: string;
  /** The kind of notification (the mail registry's kind, e.g. `team_sheet`). */
  kind: string;
  /** What the lock screen shows: no child's name, no venue ("Team sheet published"). */
  title: string;
  body: string;
  /** The page tapping it opens: a path on this site ("/portal/fixtures/…"). */
  url: string;
  /** One per event and person (as a mail's dedupe key): the same key twice is stored once. */
  dedupeKey: string;
  /** Sent by e-mail instead if every device fails for good (404/410, removed, out of retries). */
  fallbackMail?: FallbackMail | null;
  /** A notification with the same tag replaces the earlier one on the device (default: the dedupe key). */
  tag?: string;
  urgency?: PushUrgency;
}

/** What the push services take: Web Push payloads are at most 4 KB once encrypted; these keep far below. */
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 400;
export const PUSH_URL_MAX = 500;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A path on this site, never another site's address (tapping a notification must not leave the club's site). */
function sitePath(url: string) {
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\') || url.length > PUSH_URL_MAX) {
    throw new Error(`A push notification opens a page of this site: "${url}" is not a path`);
  }
  return url;
}

/**
 * One row per device the person has now (dedupe key per message per device), in the caller's
 * transaction: sent only if the event commits. Returns how many devices it goes to; 0 (push off,
 * or no device) means the caller sends the e-mail itself.
 */
export async function enqueuePush(tx: DbOrTx, message: PushMessage, enabled: boolean): Promise<{ devices: number }> {
  if (!enabled) return { devices: 0 };
  const url = sitePath(message.url);
  const title = cut(message.title, PUSH_TITLE_MAX);
  const body = cut(message.body, PUSH_BODY_MAX);
  const tag = cut(message.tag ?? message.dedupeKey, 200);
  const fallback = message.fallbackMail ? JSON.stringify(message.fallbackMail) : null;
  // The devices this message is for (rows already there count: enqueueing the same key again is a no-op, not "no device").
  const result = await tx.execute<{ devices: number }>(sql`
    with inserted as (
      insert into ${pushOutbox} (dedupe_key, message_key, user_id, subscription_id, kind, title, body, url, tag, urgency, fallback_mail)
      select ${message.dedupeKey}::text || '#' || s.id::text, ${message.dedupeKey}::text, s.user_id, s.id, ${message.kind}::text, ${title}::text, ${body}::text,
        ${url}::text, ${tag}::text, ${message.urgency ?? 'normal'}::text, ${fallback}::jsonb
      from ${pushSubscriptions} s where s.user_id = ${message.userId}::uuid
      on conflict (club_id, dedupe_key) do nothing
      returning 1)
    select (select count(*)::int from ${pushSubscriptions} where user_id = ${message.userId}::uuid) as devices`);
  return { devices: Number(result.rows[0]?.devices ?? 0) };
}
