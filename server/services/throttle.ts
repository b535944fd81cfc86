import { eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { loginThrottle } from '../db/schema';
import { rateLimited } from './errors';

export interface ThrottleLimits {
  /** Failed attempts allowed per window for one username. */
  perUser: number;
  /** Failed attempts allowed per window from one address (many usernames). */
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = { perUser: 5, perAddress: 30, windowSeconds: 60 };

/**
 * Counts failed sign-ins in the database, so every app process sees the same counters.
 * A key is locked once its failures reach the limit, until its window ends.
 */
export function createLoginThrottle(db: Db, limits: ThrottleLimits = DEFAULT_LOGIN_LIMITS) {
  const keysFor = (username: string, address: string) => [
    { key: `user:${username.toLowerCase()}`, max: limits.perUser },
    { key: `addr:${address}`, max: limits.perAddress },
  ];

  return {
    async assertAllowed(username: string, address: string) {
      const keys = keysFor(username, address);
      const rows = await db
        .select()
        .from(loginThrottle)
        .where(inArray(loginThrottle.key, keys.map((k) => k.key)));
      const now = Date.now();
      for (const { key, max } of keys) {
        const row = rows.find((r) => r.key === key);
        if (row && row.failures >= max && row.window_ends_at.getTime() > now) {
          const seconds = Math.max(1, Math.ceil((row.window_ends_at.getTime() - now) / 1000));
          throw rateLimited(`Too many failed sign-in attempts. Please try again in ${seconds} seconds.`, seconds);
        }
      }
    },

    async recordFailure(username: string, address: string) {
      const window = sql.raw(`interval '${Math.floor(limits.windowSeconds)} seconds'`);
      for (const { key } of keysFor(username, address)) {
        await db
          .insert(loginThrottle)
          .values({ key, failures: 1, window_ends_at: sql`now() + ${window}` })
          .onConflictDoUpdate({
            target: loginThrottle.key,
            set: {
              failures: sql`CASE WHEN ${loginThrottle.window_ends_at} < now() THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
              window_ends_at: sql`CASE WHEN ${loginThrottle.window_ends_at} < now() THEN now() + ${window} ELSE ${loginThrottle.window_ends_at} END`,
            },
          });
      }
    },

    async clearUser(username: string) {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, `user:${username.toLowerCase()}`));
    },
  };
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
      const window = sql.raw(`interval '${Math.floor(limits.windowSeconds)} seconds'`);
      const keys = [
        { key: `${prefix}:user:${subject.toLowerCase()}`, max: limits.perUser },
        ...(address === undefined ? [] : [{ key: `${prefix}:addr:${address}`, max: limits.perAddress }]),
      ];
      for (const { key, max } of keys) {
        const [row] = await db
          .insert(loginThrottle)
          .values({ key, failures: 1, window_ends_at: sql`now() + ${window}` })
          .onConflictDoUpdate({
            target: loginThrottle.key,
            set: {
              failures: sql`CASE WHEN ${loginThrottle.window_ends_at} < now() THEN 1 ELSE ${loginThrottle.failures} + 1 END`,
              window_ends_at: sql`CASE WHEN ${loginThrottle.window_ends_at} < now() THEN now() + ${window} ELSE ${loginThrottle.window_ends_at} END`,
            },
          })
          .returning({ failures: loginThrottle.failures, window_ends_at: loginThrottle.window_ends_at });
        if (row.failures > max) {
          const seconds = Math.max(1, Math.ceil((row.window_ends_at.getTime() - Date.now()) / 1000));
          return rateLimited(`${message} Please try again in ${seconds} seconds.`, seconds);
        }
      }
      return null;
    },
  };
}
