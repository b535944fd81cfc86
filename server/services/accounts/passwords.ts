/** Passwords: "Forgot password?" links, setting a password from one, and a signed-in user's own change. */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { RESET_LINK_INVALID, RESET_TOKEN_HOURS } from '../../../shared/mail';
import { CURRENT_PASSWORD_WRONG, changePasswordSchema, forgotPasswordSchema, resetWithTokenSchema } from '../../../shared/passwords';
import type { SessionUser } from '../../../shared/roles';
import { forbidden, invalid, unauthenticated } from '../../../shared/errors';
import { LOGIN_DISABLED } from '../../../shared/auth';
import { CURRENT_PASSWORD_NEEDED } from '../../../shared/players';
import { verifyPassword } from '../../auth/passwords';
import { hashChosenPassword } from '../../auth/password-policy';
import { calendarTokens, outbox, passwordResetTokens, sessions, users } from '../../db/schema';
import { passwordChanged, passwordReset, passwordSet } from '../../mail/templates';
import { releaseHeldMail } from '../held-mail';
import { parseInput } from '../checks';
import { notContactableJunior } from '../juniors/recipients';
import { hashToken, userColumns, type AccountContext } from './context';
import type { DbOrTx } from '../../db/client';
import type { MailService } from '../mail';

const ownerColumns = { disabled_at: users.disabled_at, activated_at: users.activated_at, username: users.username };

/**
 * After a password chosen with a mailed link: a new login's first password (an invitation's link)
 * is a welcome, not a change; and the address is confirmed, so the club's mail held for it goes
 * out (issue 31).
 */
async function afterLinkPassword(tx: DbOrTx, mail: Pick<MailService, 'toUser'>, userId: string, owner: { activated_at: Date | null; username: string }) {
  if (owner.activated_at) await mail.toUser(tx, userId, { template: passwordChanged, data: { how: 'link' }, dedupeKey: `password-changed:${randomUUID()}` });
  else await mail.toUser(tx, userId, { template: passwordSet, data: { how: 'link', username: owner.username }, dedupeKey: `password-set:${userId}` });
  await releaseHeldMail(tx, userId);
}

/**
 * Asks a signed-in user for their current password before a change that could take their account
 * (issue 30: a new e-mail address; and the password change itself). Wrong guesses count like failed
 * sign-ins; a missing or wrong password is a 422 on `current_password`.
 */
export function currentPasswordCheck({ db, throttle }: Pick<AccountContext, 'db' | 'throttle'>) {
  return async function confirmCurrentPassword(actor: SessionUser, password: string | undefined, address: string) {
    if (!password) throw invalid(CURRENT_PASSWORD_NEEDED, [{ field: 'current_password', message: CURRENT_PASSWORD_NEEDED }]);
    await throttle.countAttempt(actor.username, address);
    const [row] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, actor.id));
    if (!row || !(await verifyPassword(password, row.password_hash))) {
      throw invalid(CURRENT_PASSWORD_WRONG, [{ field: 'current_password', message: CURRENT_PASSWORD_WRONG }]);
    }
    await throttle.succeeded(actor.username, address);
  };
}

export function passwords({ db, mail, throttle, forgotLimiter, anonymousWrites, startSession }: AccountContext) {
  const confirmCurrentPassword = currentPasswordCheck({ db, throttle });

  return {
    /**
     * "Forgot password?": the same work for a known and an unknown address, so neither the answer nor
     * its timing tells them apart. The token and the mail are rendered either way and written by one
     * statement that inserts them only when the address belongs to a user. It shares one transaction
     * (one commit) with the rate-limit counters, which are written on both paths, so the link exists
     * exactly when its mail does and both paths end in the same kind of commit. Limited per address
     * asked about and per client, in the database. A junior who may not be mailed directly (issue 23)
     * is treated as an unknown address: their parent or carer asks the club; so is a switched-off
     * login (issue 30: left the club, or switched off by the club), which is sent nothing.
     */
    async requestPasswordReset(input: unknown, address: string) {
      const { email } = parseInput(forgotPasswordSchema, input);
      // Per client and hour, whatever address is asked about: the same count on both paths.
      await anonymousWrites?.count('forgot_password', address);
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const message = mail.compose(passwordReset, { token });
      const refusal = await db.transaction(async (tx) => {
        const limited = await forgotLimiter.count(tx, email, address);
        if (limited) return limited;
        await tx.execute(sql`
        with u as (
          select id, email from ${users} where lower(${users.email}) = lower(${email}) and ${users.disabled_at} is null and not ${notContactableJunior(users.id)} limit 1
        ), t as (
          insert into ${passwordResetTokens} (token_hash, user_id, expires_at)
          select ${tokenHash}, id, now() + ${`${RESET_TOKEN_HOURS} hours`}::interval from u
          returning user_id
        )
        insert into ${outbox} (dedupe_key, kind, to_address, subject, text_body, html_body, headers)
        select ${`password-reset:${tokenHash}`}, ${message.kind}, u.email, ${message.subject}, ${message.text}, ${message.html}, ${JSON.stringify(message.headers)}::jsonb
        from u join t on t.user_id = u.id`);
        return null;
      });
      if (refusal) throw refusal;
    },

    /**
     * Sets the password from a mailed link: the token works once and for an hour; every session of
     * the user ends (and their other links stop working); the caller is signed in afresh.
     */
    /**
     * Whether a mailed link was already used or has expired (issue 22): its page says so before
     * showing a form. A token never issued reads as not spent (the form's POST refuses it).
     */
    async resetLinkSpent(token: string): Promise<boolean> {
      if (!token || token.length > 200) return false;
      const [row] = await db
        .select({ used_at: passwordResetTokens.used_at, expires_at: passwordResetTokens.expires_at })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.token_hash, hashToken(token)));
      return Boolean(row && (row.used_at !== null || row.expires_at <= new Date()));
    },

    async resetPasswordWithToken(input: unknown): Promise<{ access_token: string; user: SessionUser }> {
      const { token, password } = parseInput(resetWithTokenSchema, input);
      const passwordHash = await hashChosenPassword(password);
      const userId = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ used_at: new Date() })
          .where(and(eq(passwordResetTokens.token_hash, hashToken(token)), isNull(passwordResetTokens.used_at), gt(passwordResetTokens.expires_at, new Date())))
          .returning({ user_id: passwordResetTokens.user_id });
        if (!used) throw invalid(RESET_LINK_INVALID, [{ field: 'token', message: RESET_LINK_INVALID }]);
        // A link issued before the login was switched off changes nothing (the transaction rolls back).
        const [owner] = await tx.select(ownerColumns).from(users).where(eq(users.id, used.user_id)).for('update');
        if (!owner || owner.disabled_at) throw forbidden(LOGIN_DISABLED);
        // Choosing one's own password activates a login the club made (the invitation's link is a reset
        // link), and following a link sent to the address shows it is theirs: it is confirmed.
        await tx
          .update(users)
          .set({
            password_hash: passwordHash,
            activated_at: sql`coalesce(${users.activated_at}, now())`,
            email_confirmed_at: sql`coalesce(${users.email_confirmed_at}, now())`,
          })
          .where(eq(users.id, used.user_id));
        await tx.delete(sessions).where(eq(sessions.user_id, used.user_id));
        // A private calendar link is a password of its own: it changes with the password (issue 30).
        await tx.delete(calendarTokens).where(eq(calendarTokens.user_id, used.user_id));
        await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.user_id, used.user_id), isNull(passwordResetTokens.used_at)));
        await afterLinkPassword(tx, mail, used.user_id, owner);
        return used.user_id;
      });
      const [user] = await db.select(userColumns).from(users).where(eq(users.id, userId));
      // A locked-out user who proved they own the mailbox may sign in again.
      await throttle.forget(user.username);
      if (user.email) await throttle.forget(user.email);
      return { access_token: await startSession(user.id), user };
    },

    confirmCurrentPassword,

    /**
     * A signed-in user's own change: the current password must be right (wrong guesses count like
     * failed sign-ins); every other session of the user ends, this one stays.
     */
    async changePassword(actor: SessionUser | null, currentToken: string | undefined, input: unknown, address: string) {
      if (!actor || !currentToken) throw unauthenticated();
      const values = parseInput(changePasswordSchema, input);
      await confirmCurrentPassword(actor, values.current_password, address);
      const passwordHash = await hashChosenPassword(values.new_password, 'new_password');
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, actor.id));
        await tx.delete(sessions).where(and(eq(sessions.user_id, actor.id), ne(sessions.token_hash, hashToken(currentToken))));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.user_id, actor.id));
        await tx.delete(calendarTokens).where(eq(calendarTokens.user_id, actor.id));
        await mail.toUser(tx, actor.id, { template: passwordChanged, data: { how: 'account' }, dedupeKey: `password-changed:${randomUUID()}` });
      });
    },
  };
}
