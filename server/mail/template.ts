import type { MailPreference } from '../../shared/mail';
import { renderMail } from './render';

/** What a template writes: the subject and the body, with links as paths in the site. */
export interface MailBody {
  subject: string;
  /** "Hello Sam," — or none (mails to the club). */
  greeting?: string;
  paragraphs: string[];
  /** The page the mail is about, e.g. '/players-area/messages'. */
  action?: { label: string; path: string };
  /** Several buttons side by side (e.g. Available / Maybe / Unavailable). */
  actions?: Array<{ label: string; path: string }>;
}

/** Who a mail goes to, as far as its wording needs: a member's name, or nobody known ("Hello,"). */
export interface Addressee {
  name?: string;
  /** A guardian getting a child's mail (issue 23): the children's first names, for a parent's wording. */
  forChildren?: string[];
  /** A view-only guardian: the mail tells them, without the answer buttons (issue 23). */
  viewOnly?: boolean;
}

/**
 * Whether a mail is sent, the one place that decides it (issue 32):
 * - `'account'`: about the account itself (the links that confirm an address or set a password, a
 *   password change, the club's answer to a registration): always sent, to the address the account
 *   has even before it is confirmed;
 * - `'always'`: always sent; a member's mail waits (is held) until their address is confirmed;
 * - `{ optional: preference }`: sent unless the member turned that named preference off (the
 *   preferences page, shared/mail.ts `MAIL_PREFERENCES`); it carries List-Unsubscribe and a one-click
 *   unsubscribe link for that preference, and is held like an `'always'` mail.
 */
export type MailPolicy = 'account' | 'always' | { optional: MailPreference };

/**
 * One kind of e-mail: its subject and body as a pure function of typed data (server/mail/templates/,
 * one file each, listed once in server/mail/templates/index.ts). Services decide who gets what and
 * when; templates say what it says and, in `policy`, whether it can be turned off.
 */
export interface MailTemplate<Data> {
  /** The outbox row's kind. */
  kind: string;
  /** Whether it is an account mail, always sent, or optional under a named preference (MailPolicy). */
  policy: MailPolicy;
  write(data: Data, to: Addressee): MailBody;
  /** Data to render it with in the templates' test: every variant the wording has. */
  samples: Data[];
}

/** A mail ready for the outbox: the template, its data and the event's dedupe key. */
export interface Mail<Data = unknown> {
  template: MailTemplate<Data>;
  data: Data;
  dedupeKey: string;
}

/** The preference that turns this mail off, if members can (then it carries an unsubscribe link and List-Unsubscribe). */
export const preferenceOf = (template: { policy: MailPolicy }): MailPreference | undefined =>
  typeof template.policy === 'object' ? template.policy.optional : undefined;

/** Whether a member's copy waits for their address to be confirmed (issue 31): every mail but an account mail. */
export const heldUntilConfirmed = (template: { policy: MailPolicy }) => template.policy !== 'account';

/** Every mail the site sends is automatic (RFC 3834): auto-responders and out-of-office replies leave it alone. */
export const AUTOMATIC_MAIL_HEADERS = { 'Auto-Submitted': 'auto-generated' } as const;

export interface ComposeLinks {
  /** PUBLIC_URL, without a trailing slash. */
  siteUrl: string;
  /** The member's notification settings (mails to members). */
  settingsUrl?: string;
  /** The signed one-click unsubscribe link: required for a kind members can turn off. */
  unsubscribeUrl?: string;
}

/**
 * A template's mail as it is stored and sent: subject, plain text and HTML (server/mail/render.ts),
 * and the headers every automatic mail needs (Auto-Submitted; List-Unsubscribe and
 * List-Unsubscribe-Post (RFC 8058) on the kinds members can turn off).
 */
export function composeMail<Data>(template: MailTemplate<Data>, data: Data, to: Addressee, links: ComposeLinks) {
  const optional = preferenceOf(template);
  if (optional && !links.unsubscribeUrl) throw new Error(`A "${template.kind}" mail needs its unsubscribe link`);
  const body = forParent(template.write(data, to), to.forChildren ?? [], to.viewOnly ?? false);
  const url = (path: string) => `${links.siteUrl}${path}`;
  const headers: Record<string, string> = { ...AUTOMATIC_MAIL_HEADERS };
  if (optional && links.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${links.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const rendered = renderMail({
    subject: body.subject,
    greeting: body.greeting,
    paragraphs: body.paragraphs,
    action: body.action ? { label: body.action.label, url: url(body.action.path) } : undefined,
    actions: body.actions?.map((a) => ({ label: a.label, url: url(a.path) })),
    settingsUrl: links.settingsUrl,
    unsubscribeUrl: optional ? links.unsubscribeUrl : undefined,
  });
  return { kind: template.kind, headers, ...rendered };
}

/** "Sam and Alex": the children a guardian's mail is about. */
export const childNames = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`);

/** A member's mail as their parent or carer gets it: "For Sam: …", and a first line saying whose it is. */
function forParent(body: MailBody, children: string[], viewOnly: boolean): MailBody {
  if (children.length === 0) return body;
  const names = childNames(children);
  const first = `You are getting this as ${names}’s parent or carer: “you” below means ${names}.`;
  return {
    ...body,
    subject: `For ${names}: ${body.subject}`,
    paragraphs: viewOnly
      ? [first, 'You can see this but not answer it: their primary parent or carer answers for them.', ...body.paragraphs]
      : [first, ...body.paragraphs],
    actions: viewOnly ? undefined : body.actions,
  };
}

/** "Hello Sam," or, with no name, "Hello,". */
export const hello = (to: Addressee) => (to.name ? `Hello ${to.name},` : 'Hello,');
