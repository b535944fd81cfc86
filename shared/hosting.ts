/**
 * The host's operator (issue 36, ADR 065): texts and rules shared by the API, the service and the
 * operator's screen (app/routes/operator/). No zod here: pages import it.
 */

/** Names a club may not take as its address: the host's own names and mail's. */
export const RESERVED_SLUGS = [
  'www',
  'api',
  'admin',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'operator',
  'hosting',
  'status',
  'static',
  'assets',
  'cdn',
  'ns1',
  'ns2',
  'autoconfig',
  'autodiscover',
] as const;

/** One lower-case DNS label: what a club's slug must be (the clubs table checks the same). */
export const SLUG_PATTERN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

export const SLUG_RULE = 'Use lower-case letters, digits and hyphens (1 to 63), starting and ending with a letter or digit, e.g. ashdown-rovers.';
export const SLUG_RESERVED = (slug: string) => `"${slug}" is kept for the host's own use. Choose another address.`;
export const SLUG_TAKEN = (slug: string) => `Another club already uses the address "${slug}". Choose another.`;
export const NAME_RULE = "Enter the club's name (1 to 80 characters).";
export const ADMIN_EMAIL_RULE = "Enter the first admin's e-mail address, e.g. secretary@ashdown.org.";
export const ADMIN_PASSWORD_RULE = 'A first password has at least 8 characters (at most 200); leave it out to invite the admin by e-mail instead.';

export const CLUB_NOT_FOUND = 'There is no club with this id on this install.';
export const ALREADY_SUSPENDED = 'This club is already suspended.';
export const NOT_SUSPENDED = 'This club is not suspended.';
export const DELETE_NEEDS_SUSPENSION = 'Suspend the club first: only a suspended club can be deleted. Nothing was deleted.';
export const DELETE_NEEDS_EXPORT =
  "Download the club's file (Export) after suspending it, then delete: a club is deleted only once its file was exported since it was suspended. Nothing was deleted.";

export const OPERATOR_ONLY = "Only the host's operator can do this. Sign in on the hosting address itself.";
export const OPERATOR_SIGN_IN_THROTTLED = 'Too many failed sign-ins from this address. Wait a few minutes and try again.';

/** A hosted club as the operator sees it: the club and aggregate figures, never a member's row. */
export interface HostedClub {
  id: string;
  slug: string;
  host: string;
  name: string;
  status: 'active' | 'suspended';
  created_at: string;
  suspended_at: string | null;
  exported_at: string | null;
  /** Logins of the club (its admins, members, parents). */
  members: number;
  teams: number;
  /** Bytes of uploaded files (images, documents). */
  storage_bytes: number;
  /** Mails sent in the last 30 days. */
  mail_sent_30_days: number;
}

export interface NewClubInput {
  name: string;
  slug: string;
  admin_email: string;
  admin_password?: string;
  sample?: boolean;
}
