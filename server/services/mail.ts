import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { FALLBACK_SETTINGS } from '../../shared/settings';
import { MAIL_KINDS, MAIL_KIND_IDS, NOTIFICATION_SETTINGS_PATH, preferencesInputSchema, type MailKind } from '../../shared/mail';
import type { SessionUser } from '../../shared/roles';
import type { Db, DbOrTx } from '../db/client';
import { appSecrets, notificationPreferences, players, settings, users } from '../db/schema';
import { composeMail, optionalKind, type Addressee, type Mail, type MailTemplate } from '../mail/template';
import { parseInput } from './checks';
import { forbidden, invalid, unauthenticated } from '../../shared/errors';
import { isUuid } from './ids';
import { enqueueMail, enqueueMails, mailsInsert, type OutgoingMail } from './outbox';

/**
 * Mails about the account itself, sent whether or not its address is confirmed yet: the links that
 * confirm it or set a password, a password change, and the club's answer to a registration.
 */
export const ACCOUNT_MAIL_KINDS: ReadonlySet<string> = new Set([
  'welcome',
  'account_invitation',
  'email_change_confirm',
  'email_change_notice',
  'password_reset',
  'password_changed',
  'registration_approved',
  'registration_rejected',
]);

const isMailKind = (kind: string): kind is MailKind => (MAIL_KIND_IDS as string[]).includes(kind);

/**
 * Puts the club's e-mails in the outbox inside the caller's transaction: the wording comes from
 * server/mail/templates/ (composeMail), links use PUBLIC_URL, mails of a kind the user turned off
 * are not written at all, and those kinds carry a signed one-click unsubscribe link (RFC 8058).
 */
export function createMailService(db: Db, options: { publicUrl: string }) {
  const base = options.publicUrl.replace(/\/+$/, '');
  const url = (path: string) => `${base}${path}`;
  let secret: Buffer | undefined;

  /**
   * The key that signs unsubscribe links: made once, kept in the database, shared by every process.
   * Read through the caller's transaction when there is one (never a second connection from inside one).
   */
  async function signingKey(executor: DbOrTx = db) {
    if (secret) return secret;
    await executor.insert(appSecrets).values({ name: 'unsubscribe_hmac', value: randomBytes(32).toString('hex') }).onConflictDoNothing();
    const [row] = await executor.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, 'unsubscribe_hmac'));
    secret = Buffer.from(row.value, 'hex');
    return secret;
  }

  const sign = (key: Buffer, userId: string, kind: string) => createHmac('sha256', key).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

  async function unsubscribeUrl(userId: string, kind: MailKind, executor: DbOrTx = db) {
    const sig = sign(await signingKey(executor), userId, kind);
    // The page: opened (GET) it asks for confirmation; POSTed (RFC 8058 one-click, or its own form) it unsubscribes.
    return url(`/unsubscribe?user=${userId}&kind=${kind}&sig=${sig}`);
  }

  /** A template's mail to someone who is not a member (or not known as one): no settings, no unsubscribe. */
  const compose = <D>(template: MailTemplate<D>, data: D, to: Addressee = {}) => composeMail(template, data, to, { siteUrl: base });

  /**
   * The same mail to each user matching `which` (one query for the recipients, one insert for the
   * mails), leaving out those who turned this kind off. The dedupe key gets the user id added.
   */
  async function toUsers<D>(tx: DbOrTx, which: SQL, mail: Mail<D>) {
    const optional = optionalKind(mail.template.kind);
    const recipients = await tx
      .select({ id: users.id, email: users.email, full_name: users.full_name })
      .from(users)
      .leftJoin(
        notificationPreferences,
        and(eq(notificationPreferences.user_id, users.id), eq(notificationPreferences.kind, optional ?? '')),
      )
      // Never a placeholder address (an admin who has not set theirs: *.invalid, RFC 2606), and
      // the club's own mails only to confirmed addresses (issue 21); mails about the account itself
      // (its links, a password change, a registration's decision) go to the address it has.
      .where(
        and(
          which,
          sql`coalesce(${notificationPreferences.email}, true)`,
          sql`${users.email} <> ''`,
          sql`${users.email} not ilike '%.invalid'`,
          ACCOUNT_MAIL_KINDS.has(mail.template.kind) ? undefined : isNotNull(users.email_confirmed_at),
        ),
      );
    const mails: OutgoingMail[] = [];
    for (const user of recipients) {
      const composed = composeMail(mail.template, mail.data, { name: user.full_name }, {
        siteUrl: base,
        settingsUrl: url(NOTIFICATION_SETTINGS_PATH),
        unsubscribeUrl: optional ? await unsubscribeUrl(user.id, optional, tx) : undefined,
      });
      mails.push({ dedupe_key: `${mail.dedupeKey}:${user.id}`, to: user.email, ...composed });
    }
    return enqueueMails(tx, mails);
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

    /** A mail to the user linked to a player; a player without a login has no address. */
    async toPlayer<D>(tx: DbOrTx, playerId: string, mail: Mail<D>) {
      return toUsers(tx, sql`${users.id} in (select ${players.user_id} from ${players} where ${players.id} = ${playerId})`, mail);
    },

    /** The same mail to every member in good standing with a login (not a pending registration, not someone who left). */
    async toAllPlayers<D>(tx: DbOrTx, mail: Mail<D>) {
      await toUsers(tx, sql`${users.id} in (select ${players.user_id} from ${players} where ${players.user_id} is not null and ${players.status} = 'active')`, mail);
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

    /** The signed-in user's choices, one entry per kind (on unless turned off). */
    async preferences(actor: SessionUser | null) {
      if (!actor) throw unauthenticated();
      const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, actor.id));
      return MAIL_KINDS.map((k) => ({ kind: k.id, label: k.label, email: rows.find((r) => r.kind === k.id)?.email ?? true }));
    },

    async setPreferences(actor: SessionUser | null, input: unknown) {
      if (!actor) throw unauthenticated();
      const values = parseInput(preferencesInputSchema, input);
      const entries = Object.entries(values).filter(([, v]) => typeof v === 'boolean') as [MailKind, boolean][];
      if (entries.length === 0) throw invalid('Give at least one kind of e-mail to turn on or off.');
      await db.transaction(async (tx) => {
        for (const [kind, email] of entries) {
          await tx
            .insert(notificationPreferences)
            .values({ user_id: actor.id, kind, email })
            .onConflictDoUpdate({ target: [notificationPreferences.user_id, notificationPreferences.kind], set: { email } });
        }
      });
      return this.preferences(actor);
    },

    unsubscribeUrl,

    /** A signature for an e-mail link (e.g. an availability answer): same key as the unsubscribe links. */
    async signed(text: string, executor: DbOrTx = db) {
      return createHmac('sha256', await signingKey(executor)).update(text).digest('base64url');
    },

    /** Whether `sig` is `text`'s signature (constant-time). */
    async verifySigned(text: string, sig: unknown) {
      if (typeof sig !== 'string' || sig.length > 100) return false;
      const expected = Buffer.from(createHmac('sha256', await signingKey()).update(text).digest('base64url'));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    /**
     * The one-click unsubscribe: no sign-in, but the link's signature must match (HMAC-SHA256
     * with the database's key), so nobody can turn off another member's mail.
     */
    async unsubscribe(userId: string, kind: string, sig: string) {
      await this.checkUnsubscribe(userId, kind, sig);
      await db
        .insert(notificationPreferences)
        .values({ user_id: userId, kind, email: false })
        .onConflictDoUpdate({ target: [notificationPreferences.user_id, notificationPreferences.kind], set: { email: false } });
      return { kind, label: MAIL_KINDS.find((k) => k.id === kind)!.label };
    },

    /** Whether an unsubscribe link is genuine (403 if not); changes nothing. */
    async checkUnsubscribe(userId: string, kind: string, sig: string) {
      const bad = () => forbidden('This unsubscribe link is not valid.');
      if (!isUuid(userId) || !isMailKind(kind) || typeof sig !== 'string' || sig.length > 100) throw bad();
      const expected = Buffer.from(sign(await signingKey(), userId, kind));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw bad();
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw bad();
      return { kind, label: MAIL_KINDS.find((k) => k.id === kind)!.label };
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
