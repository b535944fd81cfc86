/**
 * The host's operator (issue 36, ADR 065): one login, from OPERATOR_USERNAME and OPERATOR_PASSWORD,
 * made or brought in step at every start, valid only on the hosting domain itself, never a club's.
 *
 * Sessions are rows of `operator_sessions` (an install table), like a club's `sessions`, rather than
 * signed tokens: signing out ends a token at once, and a new OPERATOR_PASSWORD ends every session at
 * the next start, without a signing key to keep or rotate. A club's session token is never found
 * here, nor the operator's in a club's `sessions`: each side refuses the other's token.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { INVALID_CREDENTIALS, type LoginInput } from '../../../shared/auth';
import { DomainError, unauthenticated } from '../../../shared/errors';
import { OPERATOR_SIGN_IN_THROTTLED } from '../../../shared/hosting';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { operators, operatorSessions } from '../../db/schema';
import { log } from '../../log';
import { hashToken } from '../accounts/context';

/** An operator's session lasts this long (shorter than a member's: the operator can delete clubs). */
export const OPERATOR_SESSION_HOURS = 12;
/** Failed sign-ins per client address in OPERATOR_THROTTLE_WINDOW_MS before 429 (held in memory: there is no club to count them in). */
export const OPERATOR_FAILURES_ALLOWED = 10;
export const OPERATOR_THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export interface Operator {
  id: string;
  username: string;
}

export function createOperatorService(db: Db, options: { operator?: { username: string; password: string } }) {
  const failures = new LRUCache<string, { count: number }>({ max: 10_000, ttl: OPERATOR_THROTTLE_WINDOW_MS });
  const sessionOperator = db
    .select({ id: operators.id, username: operators.username })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operator_id))
    .where(and(eq(operatorSessions.token_hash, sql.placeholder('tokenHash')), gt(operatorSessions.expires_at, sql`now()`)))
    .prepare('operator_session');

  return {
    /** Whether an operator login is configured (OPERATOR_USERNAME and OPERATOR_PASSWORD). */
    configured: Boolean(options.operator),

    /**
     * At start: the configured operator exists with the configured password; any other operator
     * (a changed OPERATOR_USERNAME, or none configured) is removed with its sessions, and a changed
     * password ends every session of the operator.
     */
    async ensureOperator(): Promise<'made' | 'updated' | 'unchanged' | 'none'> {
      const wanted = options.operator;
      if (!wanted) {
        await db.delete(operators);
        return 'none';
      }
      await db.delete(operators).where(ne(operators.username, wanted.username));
      const [row] = await db.select().from(operators).where(eq(operators.username, wanted.username));
      if (row && (await verifyPassword(wanted.password, row.password_hash))) return 'unchanged';
      const password_hash = await hashPassword(wanted.password);
      if (!row) {
        await db.insert(operators).values({ username: wanted.username, password_hash }).onConflictDoNothing();
        log.info(`Operator login "${wanted.username}" made from OPERATOR_USERNAME and OPERATOR_PASSWORD.`);
        return 'made';
      }
      await db.transaction(async (tx) => {
        await tx.update(operators).set({ password_hash, updated_at: new Date() }).where(eq(operators.id, row.id));
        await tx.delete(operatorSessions).where(eq(operatorSessions.operator_id, row.id));
      });
      log.info(`Operator login "${wanted.username}": OPERATOR_PASSWORD changed, its sessions ended.`);
      return 'updated';
    },

    /** Checks the operator's password (failures limited per client address) and opens a session. */
    async login(input: LoginInput, address: string): Promise<{ access_token: string; operator: Operator }> {
      const failed = failures.get(address);
      if (failed && failed.count >= OPERATOR_FAILURES_ALLOWED) {
        const ttl = failures.getRemainingTTL(address);
        throw new DomainError('rate_limited', OPERATOR_SIGN_IN_THROTTLED, { retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) });
      }
      const [row] = await db
        .select()
        .from(operators)
        .where(eq(sql`lower(${operators.username})`, input.username.toLowerCase()));
      const valid = await verifyPassword(input.password, row?.password_hash ?? DUMMY_HASH);
      if (!row || !valid) {
        if (failed) failed.count += 1;
        else failures.set(address, { count: 1 });
        throw unauthenticated(INVALID_CREDENTIALS);
      }
      failures.delete(address);
      const token = randomBytes(32).toString('base64url');
      await db.insert(operatorSessions).values({
        token_hash: hashToken(token),
        operator_id: row.id,
        expires_at: new Date(Date.now() + OPERATOR_SESSION_HOURS * 3_600_000),
      });
      return { access_token: token, operator: { id: row.id, username: row.username } };
    },

    /** The operator a token belongs to, or null (unknown, expired, a club's token). */
    async operatorForToken(token: string | undefined): Promise<Operator | null> {
      if (!token || token.length > 200) return null;
      const [row] = await sessionOperator.execute({ tokenHash: hashToken(token) });
      return row ?? null;
    },

    async logout(token: string | undefined) {
      if (!token) return;
      await db.delete(operatorSessions).where(eq(operatorSessions.token_hash, hashToken(token)));
    },

    async purgeExpiredSessions() {
      await db.delete(operatorSessions).where(lt(operatorSessions.expires_at, new Date()));
    },
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
