/**
 * Which of a member's mails go by Web Push instead (issue 35, ADR "push routing"): the mail path
 * (./mail.ts `deliver`) asks here, per recipient, whether the mail's template has a push kind
 * (shared/push-routing.ts `PUSH_KINDS`) the person left on; if so it hands the push service
 * (services.push, pwa-push) the lock-screen text, the page to open and the rendered mail as the
 * fall-back, and writes the mail itself only when no device of theirs took it.
 */
import { club } from '../../shared/club';
import { pushTextFor, type PushKindId } from '../../shared/push-routing';
import type { DbOrTx } from '../db/client';
import { MAIL_TEMPLATES } from '../mail/registry';
import type { OutgoingMail } from './outbox';

/** The mail outbox row a push falls back to when every device of the person fails for good. */
export interface FallbackMail {
  dedupe_key: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string>;
}

/** What the push service (services.push.enqueue) takes: the payload shows `title` and `body` and opens `url`. */
export interface PushMessage {
  userId: string;
  kind: PushKindId;
  title: string;
  body: string;
  /** The page tapping opens, a path in the site (the service worker opens it on the site's origin). */
  url: string;
  dedupeKey: string;
  fallbackMail?: FallbackMail;
}

/** services.push as the mail path needs it: `devices` 0 means nobody's device took it (send the e-mail). */
export interface PushRouter {
  enqueue(tx: DbOrTx, message: PushMessage): Promise<{ devices: number }>;
}

const templateNames = new Map<object, string>(Object.entries(MAIL_TEMPLATES).map(([name, template]) => [template, name]));

/** The template's push kind and lock-screen words (undefined: mail only), read from the one table. */
export function pushSpecOf(template: object) {
  const name = templateNames.get(template);
  return name ? pushTextFor(name, club().short_name) : undefined;
}

/** An outbox row as the push service keeps it for the fall-back (only mails to a plain address). */
export function fallbackOf(mail: OutgoingMail): FallbackMail | undefined {
  if (typeof mail.to !== 'string') return undefined;
  return {
    dedupe_key: mail.dedupe_key,
    kind: mail.kind,
    to_address: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    headers: mail.headers ?? {},
  };
}

/**
 * Sends one member's mail by push when they chose it: true when at least one device took it (then
 * the mail is not written: push instead of e-mail), false when the mail must go as before.
 * `mailWanted` false (they turned the e-mail off but not the push): no fall-back mail either.
 */
export async function pushInstead(
  tx: DbOrTx,
  push: PushRouter,
  spec: NonNullable<ReturnType<typeof pushSpecOf>>,
  message: { userId: string; mail: OutgoingMail; mailWanted: boolean; actionPath?: string },
) {
  const { devices } = await push.enqueue(tx, {
    userId: message.userId,
    kind: spec.kind,
    title: spec.title,
    body: spec.body,
    url: message.actionPath ?? spec.path,
    dedupeKey: `push:${message.mail.dedupe_key}`,
    fallbackMail: message.mailWanted ? fallbackOf(message.mail) : undefined,
  });
  return devices > 0;
}
