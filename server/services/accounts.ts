import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { INVALID_CREDENTIALS, LOGIN_DISABLED, SESSION_DAYS, type LoginInput } from '../../shared/auth';
import { RESET_LINK_INVALID, RESET_TOKEN_HOURS } from '../../shared/mail';
import { CURRENT_PASSWORD_WRONG, changePasswordSchema, forgotPasswordSchema, resetWithTokenSchema } from '../../shared/passwords';
import type { SessionUser } from '../../shared/roles';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import { hashChosenPassword } from '../auth/password-policy';
import type { Db } from '../db/client';
import { loginThrottle, outbox, passwordResetTokens, sessions, users } from '../db/schema';
import { passwordChanged, passwordReset } from '../mail/templates';
import { parseInput } from './checks';
import { forbidden, invalid, unauthenticated } from '../../shared/errors';
import type { MailService } from './mail';
import { DEFAULT_FORGOT_PASSWORD_LIMITS, createLoginThrottle, createRequestLimiter, type ThrottleLimits } from './throttle';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  full_name: users.full_name,
  role: users.role,
};

export function createAccountService(
  db: Db,
  options: { loginLimits?: ThrottleLimits; forgotPasswordLimits?: ThrottleLimits; mail: Pick<MailService, 'compose' | 'toUser'> },
) {
  const throttle = createLoginThrottle(db, options.loginLimits);
  const forgotLimiter = createRequestLimiter(
    'forgot',
    options.forgotPasswordLimits ?? DEFAULT_FORGOT_PASSWORD_LIMITS,
    'Too many password requests.',
  );

  async function startSession(userId: string) {
    const token = randomBytes(32).toString('base64url');
    await db.insert(sessions).values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000),
    });
    return token;
  }

  // Every signed-in request asks this (session and user in one query): a named prepared statement,
  // so neither drizzle nor PostgreSQL builds and plans it again on each connection (ADR 024).
  const sessionUser = db
    .select(userColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.token_hash, sql.placeholder('tokenHash')), gt(sessions.expires_at, sql`now()`)))
    .prepare('session_user');
  return {
    /** Opens a session for a user who just proved who they are another way (a new registration). */
    startSession,

    /** Checks the password (rate-limited per username and address) and opens a session. */
    async login(input: LoginInput, address: string): Promise<{ access_token: string; user: SessionUser }> {
      await throttle.countAttempt(input.username, address);
      // The username or the account's e-mail address (issue 21), whatever the case.
      const name = input.username.toLowerCase();
      const [row] = await db
        .select({ ...userColumns, password_hash: users.password_hash, disabled_at: users.disabled_at, activated_at: users.activated_at })
        .from(users)
        .where(name.includes('@') ? eq(sql`lower(${users.email})`, name) : eq(sql`lower(${users.username})`, name));
      const valid = await verifyPassword(input.password, row?.password_hash ?? DUMMY_HASH);
      if (!row || !valid) throw unauthenticated(INVALID_CREDENTIALS);
      // Only someone who knows the password learns that the login is switched off.
      if (row.disabled_at) throw forbidden(LOGIN_DISABLED);
      // A login the admin made with a password they passed on is in use from its first sign-in.
      if (!row.activated_at) await db.update(users).set({ activated_at: new Date() }).where(eq(users.id, row.id));
      await throttle.succeeded(input.username, address);
      const { password_hash: _hash, disabled_at: _disabled, activated_at: _activated, ...user } = row;
      return { access_token: await startSession(user.id), user };
    },

    /** The user a session token belongs to, or null when it is unknown or expired. */
    async userForToken(token: string | undefined): Promise<SessionUser | null> {
      if (!token || token.length > 200) return null;
      const [row] = await sessionUser.execute({ tokenHash: hashToken(token) });
      return row ?? null;
    },

    async logout(token: string | undefined) {
      if (!token) return;
      await db.delete(sessions).where(eq(sessions.token_hash, hashToken(token)));
    },

    /** Ends every session of a user (after a password reset). */
    async endAllSessions(userId: string) {
      await db.delete(sessions).where(eq(sessions.user_id, userId));
    },

    async purgeExpiredSessions() {
      await db.delete(sessions).where(lt(sessions.expires_at, new Date()));
      await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expires_at, new Date()));
    },

    /**
     * "Forgot password?": the same work for a known and an unknown address, so neither the answer nor
     * its timing tells them apart. The token and the mail are rendered either way and written by one
     * statement that inserts them only when the address belongs to a user. It shares one transaction
     * (one commit) with the rate-limit counters, which are written on both paths, so the link exists
     * exactly when its mail does and both paths end in the same kind of commit. Limited per address
     * asked about and per client, in the database.
     */
    async requestPasswordReset(input: unknown, address: string) {
      const { email } = parseInput(forgotPasswordSchema, input);
      const token = randomBytes(32).toString('base64url');
      const tokenHash = hashToken(token);
      const mail = options.mail.compose(passwordReset, { token });
      const refusal = await db.transaction(async (tx) => {
        const limited = await forgotLimiter.count(tx, email, address);
        if (limited) return limited;
        await tx.execute(sql`
        with u as (
          select id, email from ${users} where lower(${users.email}) = lower(${email}) limit 1
        ), t as (
          insert into ${passwordResetTokens} (token_hash, user_id, expires_at)
          select ${tokenHash}, id, now() + ${`${RESET_TOKEN_HOURS} hours`}::interval from u
          returning user_id
        )
        insert into ${outbox} (dedupe_key, kind, to_address, subject, text_body, html_body, headers)
        select ${`password-reset:${tokenHash}`}, ${mail.kind}, u.email, ${mail.subject}, ${mail.text}, ${mail.html}, ${JSON.stringify(mail.headers)}::jsonb
        from u join t on t.user_id = u.id`);
        return null;
      });
      if (refusal) throw refusal;
    },

    /**
     * Sets the password from a mailed link: the token works once and for an hour; every session of
     * the user ends (and their other links stop working); the caller is signed in afresh.
     */
    async resetPasswordWithToken(input: unknown): Promise<{ access_token: string; user: SessionUser }> {
      const { token, password } = parseInput(resetWithTokenSchema, input);
      const passwordHash = await hashChosenPassword(password);
      const userId = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResetTokens)
          .set({ used_at: new Date() })
          .where(
            and(
              eq(passwordResetTokens.token_hash, hashToken(token)),
              isNull(passwordResetTokens.used_at),
              gt(passwordResetTokens.expires_at, new Date()),
            ),
          )
          .returning({ user_id: passwordResetTokens.user_id });
        if (!used) throw invalid(RESET_LINK_INVALID, [{ field: 'token', message: RESET_LINK_INVALID }]);
        // Choosing one's own password activates a login the club made (the invitation's link is a reset link).
        await tx.update(users).set({ password_hash: passwordHash, activated_at: sql`coalesce(${users.activated_at}, now())` }).where(eq(users.id, used.user_id));
        await tx.delete(sessions).where(eq(sessions.user_id, used.user_id));
        await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.user_id, used.user_id), isNull(passwordResetTokens.used_at)));
        await options.mail.toUser(tx, used.user_id, { template: passwordChanged, data: { how: 'link' }, dedupeKey: `password-changed:${randomUUID()}` });
        return used.user_id;
      });
      const [user] = await db.select(userColumns).from(users).where(eq(users.id, userId));
      // A locked-out user who proved they own the mailbox may sign in again.
      await db.delete(loginThrottle).where(eq(loginThrottle.key, `user:${user.username.toLowerCase()}`));
      return { access_token: await startSession(user.id), user };
    },

    /**
     * A signed-in user's own change: the current password must be right (wrong guesses count like
     * failed sign-ins); every other session of the user ends, this one stays.
     */
    async changePassword(actor: SessionUser | null, currentToken: string | undefined, input: unknown, address: string) {
      if (!actor || !currentToken) throw unauthenticated();
      const values = parseInput(changePasswordSchema, input);
      await throttle.countAttempt(actor.username, address);
      const [row] = await db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, actor.id));
      if (!row || !(await verifyPassword(values.current_password, row.password_hash))) {
        throw invalid(CURRENT_PASSWORD_WRONG, [{ field: 'current_password', message: CURRENT_PASSWORD_WRONG }]);
      }
      await throttle.succeeded(actor.username, address);
      const passwordHash = await hashChosenPassword(values.new_password, 'new_password');
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, actor.id));
        await tx.delete(sessions).where(and(eq(sessions.user_id, actor.id), ne(sessions.token_hash, hashToken(currentToken))));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.user_id, actor.id));
        await options.mail.toUser(tx, actor.id, { template: passwordChanged, data: { how: 'account' }, dedupeKey: `password-changed:${randomUUID()}` });
      });
    },
  };
}
