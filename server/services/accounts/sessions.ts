/** Signing in and out: the password check, the session a token belongs to, and ending sessions. */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { INVALID_CREDENTIALS, LOGIN_DISABLED, type LoginInput } from '../../../shared/auth';
import type { SessionUser } from '../../../shared/roles';
import { forbidden, unauthenticated } from '../../../shared/errors';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { hashToken, userColumns, type AccountContext } from './context';

export function signIn({ db, throttle, startSession }: AccountContext) {
  // Every signed-in request asks this (session and user in one query): a named prepared statement,
  // so neither drizzle nor PostgreSQL builds and plans it again on each connection (ADR 024).
  // It reads whether the login is switched off too (issue 30): a switched-off login's session ends
  // at its next request, whatever the request.
  const sessionUser = db
    .select({ ...userColumns, disabled_at: users.disabled_at })
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

    /**
     * The user a session token belongs to, or null when it is unknown or expired, or when the login
     * is switched off (left the club, or switched off by the club): then every session of it ends.
     */
    async userForToken(token: string | undefined): Promise<SessionUser | null> {
      if (!token || token.length > 200) return null;
      const [row] = await sessionUser.execute({ tokenHash: hashToken(token) });
      if (!row) return null;
      const { disabled_at, ...user } = row;
      if (disabled_at) {
        await db.delete(sessions).where(eq(sessions.user_id, user.id));
        return null;
      }
      return user;
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
  };
}
