import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { INVALID_CREDENTIALS, SESSION_DAYS, type LoginInput } from '../../shared/auth';
import type { SessionUser } from '../../shared/roles';
import { DUMMY_HASH, verifyPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { unauthenticated } from './errors';
import { createLoginThrottle, type ThrottleLimits } from './throttle';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  full_name: users.full_name,
  role: users.role,
};

export function createAccountService(db: Db, options: { loginLimits?: ThrottleLimits } = {}) {
  const throttle = createLoginThrottle(db, options.loginLimits);

  async function startSession(userId: string) {
    const token = randomBytes(32).toString('base64url');
    await db.insert(sessions).values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000),
    });
    return token;
  }

  return {
    /** Checks the password (rate-limited per username and address) and opens a session. */
    async login(input: LoginInput, address: string): Promise<{ access_token: string; user: SessionUser }> {
      await throttle.countAttempt(input.username, address);
      const [row] = await db
        .select({ ...userColumns, password_hash: users.password_hash })
        .from(users)
        .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()));
      const valid = await verifyPassword(input.password, row?.password_hash ?? DUMMY_HASH);
      if (!row || !valid) throw unauthenticated(INVALID_CREDENTIALS);
      await throttle.succeeded(input.username, address);
      const { password_hash: _hash, ...user } = row;
      return { access_token: await startSession(user.id), user };
    },

    /** The user a session token belongs to, or null when it is unknown or expired. */
    async userForToken(token: string | undefined): Promise<SessionUser | null> {
      if (!token || token.length > 200) return null;
      const [row] = await db
        .select(userColumns)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(and(eq(sessions.token_hash, hashToken(token)), gt(sessions.expires_at, new Date())));
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
    },
  };
}
