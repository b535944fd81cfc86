import { MAIL_PREFERENCES, type MailPreference } from './mail';

/**
 * Which of the club's e-mails can also go by Web Push (issue 35), the one table: each push kind is
 * one of the preferences a member already chooses e-mails by (shared/mail.ts `MAIL_PREFERENCES`),
 * with the templates (server/mail/templates, by their exported name) that belong to it and what each
 * shows on a lock screen. A template that is in no kind here is "mail only": account mails
 * (password, confirmations), receipts, mails to the club and to staff about the club's own work.
 *
 * Lock-screen words name no child and no venue (a phone left on a bench shows them to anyone):
 * the page the notification opens shows the rest, behind the member's sign-in.
 */
export interface LockScreenText {
  title: string;
  body: string;
  /** The page tapping opens, when the mail itself has no single button (e.g. "Available / Unavailable" answer links). */
  path: string;
}

export interface PushKind {
  id: MailPreference;
  /** What the preferences page calls it, beside the e-mail choice. */
  label: string;
  /** Template export name → its lock-screen text. `{club}` is the club's short name. */
  templates: Readonly<Record<string, LockScreenText>>;
}

const PLAYERS_AREA = '/players-area';
const PAYMENTS = '/players-area/payments';

export const PUSH_KINDS: readonly PushKind[] = [
  {
    id: 'selection',
    label: 'Squad and team sheet published',
    templates: {
      squadSelection: { title: 'Team sheet published', body: 'Open to see it', path: PLAYERS_AREA },
      squadDropped: { title: 'The squad has changed', body: 'Open to see it', path: PLAYERS_AREA },
    },
  },
  {
    id: 'changes',
    label: 'A change to a match or session you are in',
    templates: { eventChange: { title: 'A match or training session has changed', body: 'Open to see what changed', path: PLAYERS_AREA } },
  },
  {
    id: 'matchday',
    label: 'Availability asked, and reminders',
    templates: {
      availabilityRequest: { title: 'Are you available?', body: 'Open to answer', path: PLAYERS_AREA },
      availabilityDigest: { title: 'Reminder: availability not answered yet', body: 'Open to answer', path: PLAYERS_AREA },
    },
  },
  {
    id: 'message',
    label: 'Messages from the club',
    templates: { newMessage: { title: 'New message from {club}', body: 'Open to read it', path: '/players-area/messages' } },
  },
  {
    id: 'document',
    label: 'New documents',
    templates: { newDocument: { title: 'New document from {club}', body: 'Open to see it', path: '/players-area/documents' } },
  },
  {
    id: 'feedback',
    label: 'Coach feedback',
    templates: { newFeedback: { title: 'New feedback from a coach', body: 'Open to read it', path: '/players-area/feedback' } },
  },
  {
    id: 'payment',
    label: 'Payment requests and reminders',
    templates: {
      paymentRequest: { title: 'Payment request from {club}', body: 'Open to see it', path: PAYMENTS },
      paymentReminder: { title: 'Payment reminder from {club}', body: 'Open to see it', path: PAYMENTS },
    },
  },
];

export type PushKindId = PushKind['id'];
export const PUSH_KIND_IDS = PUSH_KINDS.map((k) => k.id);

/** The push kinds in the order the preferences page shows the e-mail ones. */
export const pushKindsInOrder = () => MAIL_PREFERENCES.flatMap((p) => PUSH_KINDS.filter((k) => k.id === p.id));

/** A template's push kind and lock-screen text, by its exported name; undefined: mail only. */
export function pushTextFor(templateName: string, clubShortName: string): (LockScreenText & { kind: PushKindId }) | undefined {
  for (const kind of PUSH_KINDS) {
    const text = kind.templates[templateName];
    if (text) return { kind: kind.id, title: text.title.replace('{club}', clubShortName), body: text.body.replace('{club}', clubShortName), path: text.path };
  }
  return undefined;
}

/** The name of the form field (and of the PUT body's key under `push`) for a kind's push choice. */
export const pushField = (kind: PushKindId) => `push:${kind}`;
