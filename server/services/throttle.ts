import { eq, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { loginThrottle } from '../db/schema';
import { rateLimited } from '../../shared/errors';

export interface ThrottleLimits {
  /** Sign-in attempts allowed per window for one username from one address (a successful one resets the count). */
  perUser: number;
  /** Failed attempts allowed per window from one address (many usernames). */
  perAddress: number;
  windowSeconds: number;
}

/** Sign-in only: the account-wide ceiling, past which guesses are slowed down, never refused (ADR 042). */
export interface AccountSlowdown {
  /** Failed attempts per window on one username, from every address together, before each next one waits. */
  perAccount: number;
  /** How much longer each attempt past the ceiling waits than the one before… */
  stepMs: number;
  /** …up to this. */
  maxDelayMs: number;
}

export const DEFAULT_LOGIN_LIMITS: ThrottleLimits & AccountSlowdown = {
  perUser: 5,
  perAddress: 30,
  windowSeconds: 60,
  perAccount: 20,
  stepMs: 250,
  maxDelayMs: 5000,
};

/**
 * Counts sign-in attempts in the database, so every app process sees the same counters.
 *
 * An attempt is counted *before* its password is checked, in one atomic upsert per key: of 20
 * attempts sent at once for one username from one address, only the first `perUser` get a count
 * within the limit and are checked; the rest are refused without touching the password hash. A
 * successful sign-in clears that username's count at that address and gives the address an attempt
 * back, so only failures add up.
 *
 * The username's count is kept per address (ADR 042): someone guessing from their address locks out
 * only themselves, never the owner signing in from another. Across all addresses the username has a
 * much higher ceiling (`perAccount`) past which every attempt is slowed down, never refused.
 */
export function createLoginThrottle(db: Db, options: Partial<ThrottleLimits & AccountSlowdown> = {}) {
  const limits = { ...DEFAULT_LOGIN_LIMITS, ...options };
  const window = sql.raw(`interval '${Math.floor(limits.windowSeconds)} seconds'`);
  const name = (username: string) => username.toLowerCase();
  // A space cannot be part of a username or an e-mail address, so it ends the name unambiguously.
  const userPrefix = (username: string) => `user:${name(username)} `;
  const pairKey = (username: string, address: string) => `${userPrefix(username)}addr:${address}`;
  const accountKey = (username: string) => `account:${name(username)}`;
  const addressKey = (address: string) => `addr:${address}`;

  return {
    /**
     * Counts this attempt; refuses it (429) when the username at this address, or the address, is
     * over its limit; waits first when the username is over its account-wide ceiling.
     */
    async countAttempt(username: string, address: string) {
      const refusing = [
        { key: pairKey(username, address), max: limits.perUser },
        { key: addressKey(address), max: limits.perAddress },
      ];
      const keys = [...refusing.map(({ key }) => key), accountKey(username)];
      const rows = await db
        .insert(loginThrottle)
        .values(keys.map((key) => ({ key, failures: 1, window_ends_at: sql`now() + ${window}` })))
        .onConflictDoUpdate({
          target: [loginThrottle.club_id, loginThrottle.key],
          set: {
            failures: sql`CASE WHEN ${loginThrottle.window_ends_at} < now() THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
            window_ends_at: sql`CASE WHEN ${loginThrottle.window_ends_at} < now() THEN now() + ${window} ELSE ${loginThrottle.window_ends_at} END`,
          },
        })
        .returning({ key: loginThrottle.key, failures: loginThrottle.failures, window_ends_at: loginThrottle.window_ends_at });
      const now = Date.now();
      for (const { key, max } of refusing) {
        const row = rows.find((r) => r.key === key);
        if (row && row.failures > max) {
          const seconds = Math.max(1, Math.ceil((row.window_ends_at.getTime() - now) / 1000));
          throw rateLimited(`Too many failed sign-in attempts. Please try again in ${seconds} seconds.`, seconds);
        }
      }
      const account = rows.find((r) => r.key === accountKey(username));
      const over = (account?.failures ?? 0) - limits.perAccount;
      if (over > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(limits.maxDelayMs, over * limits.stepMs)));
    },

    /** After a successful sign-in: the username starts afresh at this address, and the address gets its attempt back. */
    async succeeded(username: string, address: string) {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, pairKey(username, address)));
      await db
        .update(loginThrottle)
        .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
        .where(eq(loginThrottle.key, addressKey(address)));
    },

    /** After a password reset: the username starts afresh everywhere. */
    async forget(username: string) {
      await db
        .delete(loginThrottle)
        .where(or(eq(loginThrottle.key, accountKey(username)), sql`starts_with(${loginThrottle.key}, ${userPrefix(username)})`));
    },
  };
}

/** Counts one request under `key` in a window of `windowSeconds` (one atomic upsert): the count so far and when its window ends. */
async function countRequest(db: DbOrTx, key: string, windowSeconds: number) {
  const window = sql.raw(`interval '${Math.floor(windowSeconds)} seconds'`);
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 1, window_ends_at: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: [loginThrottle.club_id, loginThrottle.key],
      set: {
        failures: sql`CASE WHEN ${loginThrottle.window_ends_at} < now() THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
        window_ends_at: sql`CASE WHEN ${loginThrottle.window_ends_at} < now() THEN now() + ${window} ELSE ${loginThrottle.window_ends_at} END`,
      },
    })
    .returning({ failures: loginThrottle.failures, window_ends_at: loginThrottle.window_ends_at });
  return row;
}

/** Password-recovery requests: per e-mail address asked about, and per client address. */
export const DEFAULT_FORGOT_PASSWORD_LIMITS: ThrottleLimits = { perUser: 3, perAddress: 20, windowSeconds: 15 * 60 };

/**
 * Counts every request (not only failures) per key in the database, shared by every app process;
 * the request that goes over a limit is refused with 429 until the window ends.
 */
export function createRequestLimiter(prefix: string, limits: ThrottleLimits, message: string) {
  return {
    /**
     * Counts the request (in the caller's transaction); the 429 to throw once it commits, or null.
     * Without a client address only the subject is counted.
     */
    async count(db: DbOrTx, subject: string, address?: string) {
      const keys = [
        { key: `${prefix}:user:${subject.toLowerCase()}`, max: limits.perUser },
        ...(address === undefined ? [] : [{ key: `${prefix}:addr:${address}`, max: limits.perAddress }]),
      ];
      for (const { key, max } of keys) {
        const row = await countRequest(db, key, limits.windowSeconds);
        if (row.failures > max) {
          const seconds = Math.max(1, Math.ceil((row.window_ends_at.getTime() - Date.now()) / 1000));
          return rateLimited(`${message} Please try again in ${seconds} seconds.`, seconds);
        }
      }
      return null;
    },
  };
}

/** What a visitor without a login may send, counted per client address (issue 30, finding 11). */
export type AnonymousWrite = 'registration' | 'join_us' | 'forgot_password' | 'order';

/** How many of each anonymous write one client address may send per hour. */
export type AnonymousWriteLimits = Record<AnonymousWrite, number>;

/**
 * The defaults, chosen for a club: a family registering its players together, or a sign-up evening
 * on the clubhouse Wi-Fi, stays under 10 registrations an hour; one person sends a Join Us form once
 * or twice; a forgotten password is asked for a few times at most; a family's kit order is a few
 * items (each order is one product). Each is set by an environment variable (README, Configuration).
 */
export const DEFAULT_ANONYMOUS_WRITE_LIMITS: AnonymousWriteLimits = { registration: 10, join_us: 5, forgot_password: 10, order: 10 };

const ANONYMOUS_WRITE_NAMES: Record<AnonymousWrite, string> = {
  registration: 'registrations',
  join_us: 'Join Us applications',
  forgot_password: 'password requests',
  order: 'orders',
};

/** The plain answer once a connection is over its hourly limit. */
export function anonymousWriteRefusal(kind: AnonymousWrite, minutes: number) {
  return `Too many ${ANONYMOUS_WRITE_NAMES[kind]} from your connection. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/**
 * Counts anonymous writes per client address and hour in the database (shared by every app
 * process, like the sign-in throttle), before anything is written: the write that goes over its
 * limit is refused with 429 and Retry-After until the hour is up. A database fault while counting
 * is thrown as it is, and answers 503 like any other (never 500).
 */
export function createAnonymousWriteLimiter(db: DbOrTx, limits: Partial<AnonymousWriteLimits> = {}) {
  const max = { ...DEFAULT_ANONYMOUS_WRITE_LIMITS, ...limits };
  return {
    /** Counts one write from this client address (none given: a call from inside the app, not counted). */
    async count(kind: AnonymousWrite, address: string | undefined) {
      if (address === undefined) return;
      const row = await countRequest(db, `anon:${kind}:addr:${address}`, 60 * 60);
      if (row.failures <= max[kind]) return;
      const seconds = Math.max(1, Math.ceil((row.window_ends_at.getTime() - Date.now()) / 1000));
      throw rateLimited(anonymousWriteRefusal(kind, Math.ceil(seconds / 60)), seconds);
    },
  };
}

export type AnonymousWriteLimiter = ReturnType<typeof createAnonymousWriteLimiter>;
