/** What the account use cases share: the context type, token hashing, the user columns a session answers, and opening a session. */
import { createHash, randomBytes } from 'node:crypto';
import { SESSION_DAYS } from '../../../shared/auth';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { MailService } from '../mail';
import type { AccountSlowdown, AnonymousWriteLimiter, createLoginThrottle, createRequestLimiter, ThrottleLimits } from '../throttle';

/** What createAccountService is given: sign-in and forgot-password limits (tests lower them) and the mail composer. */
export interface AccountOptions {
  loginLimits?: ThrottleLimits & Partial<AccountSlowdown>;
  forgotPasswordLimits?: ThrottleLimits;
  /** Password requests per client address and hour (issue 30), beside the per-address-asked limit above. */
  anonymousWrites?: AnonymousWriteLimiter;
  mail: Pick<MailService, 'compose' | 'toUser'>;
}

export interface AccountContext {
  db: Db;
  mail: AccountOptions['mail'];
  throttle: ReturnType<typeof createLoginThrottle>;
  forgotLimiter: ReturnType<typeof createRequestLimiter>;
  anonymousWrites?: AnonymousWriteLimiter;
  startSession: (userId: string) => Promise<string>;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  full_name: users.full_name,
  role: users.role,
};

/** Opens a session for a user and answers its token (only the token's hash is stored). */
export function sessionStarter(db: Db) {
  return async function startSession(userId: string) {
    const token = randomBytes(32).toString('base64url');
    await db.insert(sessions).values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000),
    });
    return token;
  };
}
