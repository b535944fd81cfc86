/** The mail service's signed links: the one-click unsubscribe (RFC 8058) and other signed e-mail links, all with the database's key. */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MailPreference } from '../../shared/mail';
import { forbidden } from '../../shared/errors';
import type { Db, DbOrTx } from '../db/client';
import { appSecrets, notificationPreferences, users } from '../db/schema';
import { isOptionalPreference, preferenceLabel } from '../mail/registry';
import { isUuid } from './ids';

/** Signs and checks the links in the club's e-mails; `url` makes an absolute link of a path (PUBLIC_URL). */
export function mailLinks(db: Db, url: (path: string) => string) {
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

  async function unsubscribeUrl(userId: string, kind: MailPreference, executor: DbOrTx = db) {
    const sig = sign(await signingKey(executor), userId, kind);
    // The page: opened (GET) it asks for confirmation; POSTed (RFC 8058 one-click, or its own form) it unsubscribes.
    return url(`/unsubscribe?user=${userId}&kind=${kind}&sig=${sig}`);
  }

  /** Whether an unsubscribe link is genuine (403 if not); changes nothing. */
  async function checkUnsubscribe(userId: string, kind: string, sig: string) {
    const bad = () => forbidden('This unsubscribe link is not valid.');
    if (!isUuid(userId) || !isOptionalPreference(kind) || typeof sig !== 'string' || sig.length > 100) throw bad();
    const expected = Buffer.from(sign(await signingKey(), userId, kind));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw bad();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw bad();
    return { kind, label: preferenceLabel(kind) };
  }

  return {
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
      const checked = await checkUnsubscribe(userId, kind, sig);
      await db
        .insert(notificationPreferences)
        .values({ user_id: userId, kind, email: false })
        .onConflictDoUpdate({ target: [notificationPreferences.club_id, notificationPreferences.user_id, notificationPreferences.kind], set: { email: false } });
      return checked;
    },

    checkUnsubscribe,
  };
}
