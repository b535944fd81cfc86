/**
 * Which of a member's mails go by Web Push instead (issue 35, ADR "push routing"): the mail path
 * (./mail.ts `deliver`) asks here, per recipient, whether the mail's template has a push kind
 * (shared/push-routing.ts `PUSH_KINDS`) the person left on; if so it hands the push service
 * (services.push, pwa-push) the lock-screen text, the page to open and the rendered mail as the
 * fall-back, and writes the mail itself only when no device of theirs took it.
 */
import { club } from '../../shared/club';
import { pushTextFor } from '../../shared/push-routing';
import type { DbOrTx } from '../db/client';
import { MAIL_TEMPLATES } from '../mail/registry';
import type { OutgoingMail } from './outbox';
import { asFallbackMail, type PushService } from './push';

/** services.push as the mail path needs it: `devices` 0 means nobody's device took it (send the e-mail). */
export type PushRouter = Pick<PushService, 'enqueue'>;

const templateNames = new Map<object, string>(Object.entries(MAIL_TEMPLATES).map(([name, template]) => [template, name]));

/** The template's push kind and lock-screen words (undefined: mail only), read from the one table. */
export function pushSpecOf(template: object) {
  const name = templateNames.get(template);
  return name ? pushTextFor(name, club().short_name) : undefined;
}

/** An outbox row as the push service keeps it for the fall-back (only mails to a plain address). */
const fallbackOf = (mail: OutgoingMail) => (typeof mail.to === 'string' ? asFallbackMail({ ...mail, to: mail.to }) : undefined);

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
