import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { FALLBACK_SETTINGS } from '../../shared/settings';
import { NOTIFICATION_SETTINGS_PATH, type MailPreference } from '../../shared/mail';
import type { Db, DbOrTx } from '../db/client';
import { notificationPreferences, players, settings, users } from '../db/schema';
import { composeMail, heldUntilConfirmed, preferenceOf, type Addressee, type Mail, type MailTemplate } from '../mail/template';
import { mailAudience, type Audience } from './juniors/recipients';
import { mailLinks } from './mail-links';
import { mailPreferences } from './mail-preferences';
import { enqueueMail, enqueueMails, mailsInsert, type OutgoingMail } from './outbox';
import { pushInstead, pushSpecOf, type PushRouter } from './push-routing';

/**
 * The audience's users with the mail's preference: those who want the e-mail (unless turned off)
 * or, for a kind that can go by push, the push (unless turned off). Never a placeholder address
 * (an admin who has not set theirs: *.invalid, RFC 2606).
 */
function recipientsOf(tx: DbOrTx, audience: Audience, optional: MailPreference | undefined, pushable: boolean) {
  const wantsMail = sql<boolean>`coalesce(${notificationPreferences.email}, true)`;
  const wantsPush = pushable ? sql<boolean>`coalesce(${notificationPreferences.push}, true)` : sql<boolean>`false`;
  return tx
    .select({ id: users.id, email: users.email, full_name: users.full_name, confirmed: isNotNull(users.email_confirmed_at), wantsMail, wantsPush })
    .from(users)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.user_id, users.id), eq(notificationPreferences.kind, optional ?? '')))
    .where(and(inArray(users.id, [...audience.keys()]), or(wantsMail, wantsPush), sql`${users.email} <> ''`, sql`${users.email} not ilike '%.invalid'`));
}

/**
 * Puts the club's e-mails in the outbox inside the caller's transaction: the wording comes from
 * server/mail/templates/ (composeMail), links use PUBLIC_URL; each template's policy decides the rest
 * (server/mail/template.ts `MailPolicy`): a mail optional under a preference the user turned off is
 * not written at all, and such mails carry a signed one-click unsubscribe link (RFC 8058).
 * With `push` (services.push, issue 35): a member's mail of a kind they chose by push goes to their
 * devices instead, the mail kept as its fall-back (./push-routing.ts); the others get the mail.
 */
/** Where links in mails start: PUBLIC_URL, or on a hosted install the club's own host (server/tenancy/site-url.ts). */
function siteBaseOf(options: { publicUrl: string; siteUrl?: () => string }) {
  const publicBase = options.publicUrl.replace(/\/+$/, '');
  return () => options.siteUrl?.() ?? publicBase;
}

export function createMailService(db: Db, options: { publicUrl: string; push?: PushRouter; siteUrl?: () => string }) {
  const siteBase = siteBaseOf(options);
  const url = (path: string) => `${siteBase()}${path}`;
  const links = mailLinks(db, url);
  const unsubscribeUrl = links.unsubscribeUrl;

  /** A template's mail to someone who is not a member (or not known as one): no settings, no unsubscribe. */
  const compose = <D>(template: MailTemplate<D>, data: D, to: Addressee = {}) => composeMail(template, data, to, { siteUrl: siteBase() });

  /** The mail to an audience (juniors/recipients.ts), less those who turned it off; keys get the user id (`perChild`: and the child's). */
  async function deliver<D>(tx: DbOrTx, audience: Audience, mail: Mail<D>, perChild = false) {
    if (audience.size === 0) return 0;
    const optional = preferenceOf(mail.template);
    // A kind that can go by push (issue 35): chosen unless turned off; it needs a device of theirs too.
    const push = options.push && pushSpecOf(mail.template);
    const recipients = await recipientsOf(tx, audience, optional, Boolean(push));
    // The club's own mails to an address not confirmed yet are held until it is (issues 21, 31);
    // account mails (its links, a password change: policy 'account') go to the address it has.
    const holdable = heldUntilConfirmed(mail.template);
    const mails: OutgoingMail[] = [];
    let pushed = 0;
    for (const user of recipients) {
      const children = audience.get(user.id) ?? [];
      const unsubscribe = optional ? await unsubscribeUrl(user.id, optional, tx) : undefined;
      const links = { siteUrl: siteBase(), settingsUrl: url(NOTIFICATION_SETTINGS_PATH), unsubscribeUrl: unsubscribe };
      const batches = perChild && children.length > 0 ? children.map((child) => [child]) : [children];
      for (const batch of batches) {
        const to = { name: user.full_name, forChildren: batch.map((c) => c.firstName), viewOnly: batch.length > 0 && batch.every((c) => c.viewOnly) };
        const key = perChild && batch.length === 1 ? `${mail.dedupeKey}:${user.id}:for:${batch[0]!.playerId}` : `${mail.dedupeKey}:${user.id}`;
        const outgoing: OutgoingMail = { dedupe_key: key, to: user.email, heldFor: holdable && !user.confirmed ? user.id : undefined, ...composeMail(mail.template, mail.data, to, links) };
        if (push && user.wantsPush) {
          // Push instead of e-mail when a device of theirs takes it; a held mail (address not confirmed) is no fall-back.
          const actionPath = mail.template.write(mail.data, to).action?.path;
          if (await pushInstead(tx, options.push!, push, { userId: user.id, mail: outgoing, mailWanted: user.wantsMail && !outgoing.heldFor, actionPath })) {
            pushed += 1;
            continue;
          }
        }
        if (user.wantsMail) mails.push(outgoing);
      }
    }
    return pushed + (await enqueueMails(tx, mails));
  }

  /** The same mail to each user matching `which`; a junior's login is swapped for their guardians. */
  async function toUsers<D>(tx: DbOrTx, which: SQL, mail: Mail<D>) {
    const matched = await tx.select({ id: users.id }).from(users).where(which);
    return deliver(tx, await mailAudience(tx, { userIds: matched.map((u) => u.id) }), mail);
  }

  /** The same mail about each player matching `which` (an SQL condition on players): adults themselves, juniors through their guardians. */
  async function toPlayersWhere<D>(tx: DbOrTx, which: SQL, mail: Mail<D>) {
    return deliver(tx, await mailAudience(tx, { playerWhere: which }), mail);
  }

  /** One user's mail; skipped when they turned this kind off. */
  const toUser = async <D>(tx: DbOrTx, userId: string, mail: Mail<D>) => (await toUsers(tx, eq(users.id, userId), mail)) > 0;

  /** Mails to the club's sales e-mail (else the general one), read by the insert itself, inside the event's transaction. */
  function clubMails<D>(mails: Mail<D>[]): OutgoingMail[] {
    const to = sql`coalesce(
      (select coalesce(nullif(${settings.sales_email}, ''), nullif(${settings.club_email}, '')) from ${settings} where ${settings.id} = 1),
      ${FALLBACK_SETTINGS.club_email})`;
    return mails.map((mail) => ({ dedupe_key: mail.dedupeKey, to, ...compose(mail.template, mail.data) }));
  }

  return {
    url,

    /** A mail to one user (by user id) in the caller's transaction. */
    toUser,

    /** The same mail to every user matching an SQL condition on users (e.g. staff and admins). */
    toUsersWhere: toUsers,

    /** A mail about one player: to their login, or (a junior) to their guardians, worded for a parent. */
    async toPlayer<D>(tx: DbOrTx, playerId: string, mail: Mail<D>) {
      return deliver(tx, await mailAudience(tx, { playerWhere: eq(players.id, playerId) }), mail, true);
    },

    toPlayersWhere,

    /** A mail to an audience already resolved (server/services/juniors/recipients.ts), e.g. a parent's digest of their children's reminders. */
    toAudience: deliver,

    /** The same mail to every member in good standing with a login (not a pending registration, not someone who left). */
    async toAllPlayers<D>(tx: DbOrTx, mail: Mail<D>) {
      await toPlayersWhere(tx, eq(players.status, 'active'), mail);
    },

    /** A mail to an address that is not (necessarily) a user: an applicant. */
    async toAddress<D>(tx: DbOrTx, to: string, mail: Mail<D>, addressee: Addressee = {}) {
      return enqueueMail(tx, { dedupe_key: mail.dedupeKey, to, ...compose(mail.template, mail.data, addressee) });
    },

    /**
     * A mail to the club (the sales e-mail from Settings, else the general one): the address is
     * read by the insert itself, inside the event's transaction.
     */
    async toClub<D>(tx: DbOrTx, mail: Mail<D>) {
      return enqueueMails(tx, clubMails([mail]));
    },

    /**
     * The statement that puts these mails to the club in the outbox, not yet run (a group commit's
     * orders make it part of their own statement); undefined when there are none. The mails are
     * rendered now, by the caller, before its statement goes out.
     */
    toClubInsert<D>(tx: DbOrTx, mails: Mail<D>[]) {
      return mails.length > 0 ? mailsInsert(tx, clubMails(mails)) : undefined;
    },

    /** A template's mail, rendered, for mails that do not go through these helpers (password links, the test mail). */
    compose,

    ...mailPreferences(db),

    ...links,
  };
}

export type MailService = ReturnType<typeof createMailService>;
