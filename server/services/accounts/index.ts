/** createAccountService: builds the accounts' context and joins the use cases below into one service. */
import type { Db } from '../../db/client';
import { DEFAULT_FORGOT_PASSWORD_LIMITS, createLoginThrottle, createRequestLimiter } from '../throttle';
import { sessionStarter, type AccountContext, type AccountOptions } from './context';
import { passwords } from './passwords';
import { signIn } from './sessions';

export { userColumns } from './context';

/** Accounts: signing in and out, sessions, and passwords (forgotten, reset by link, changed). */
export function createAccountService(db: Db, options: AccountOptions) {
  const ctx: AccountContext = {
    db,
    mail: options.mail,
    throttle: createLoginThrottle(db, options.loginLimits),
    forgotLimiter: createRequestLimiter('forgot', options.forgotPasswordLimits ?? DEFAULT_FORGOT_PASSWORD_LIMITS, 'Too many password requests.'),
    anonymousWrites: options.anonymousWrites,
    startSession: sessionStarter(db),
  };
  return { ...signIn(ctx), ...passwords(ctx) };
}
