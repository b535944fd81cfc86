/**
 * The push outbox's rows as the worker moves them (docs/decisions/062-web-push.md): claimed with
 * FOR UPDATE SKIP LOCKED and a lease, then sent, retried or dead; every change is made only while
 * the claim is still the worker's own (claim_token), so a worker whose lease ran out changes nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, pushOutbox, pushSubscriptions } from '../../db/schema';
import type { FallbackMail } from './enqueue';
import { claimDue, releaseClaimed } from '../worker-loop';
import { withClub } from '../../tenancy/context';

export type ClaimedPush = Pick<
  typeof pushOutbox.$inferSelect,
  'id' | 'club_id' | 'message_key' | 'user_id' | 'subscription_id' | 'title' | 'body' | 'url' | 'tag' | 'urgency' | 'attempts' | 'created_at'
>;

/** The columns a claim reads: what a send needs. */
const CLAIMED_COLUMNS = [
  pushOutbox.id,
  pushOutbox.message_key,
  pushOutbox.user_id,
  pushOutbox.subscription_id,
  pushOutbox.title,
  pushOutbox.body,
  pushOutbox.url,
  pushOutbox.tag,
  pushOutbox.urgency,
  pushOutbox.attempts,
  pushOutbox.created_at,
];

/** Claims up to `batchSize` due rows for `leaseMs` under `token`; another worker skips them meanwhile. */
export async function claimDuePush(db: Db, token: string, leaseMs: number, batchSize: number): Promise<ClaimedPush[]> {
  const rows = await claimDue(db, pushOutbox, CLAIMED_COLUMNS, { token, leaseMs, batchSize });
  return rows.map((r) => ({ ...(r as unknown as ClaimedPush), created_at: new Date(r.created_at as string) }));
}

/**
 * The devices of claimed rows, by club and id (a row whose device is gone has none): one read per
 * club among the rows, each in that club's context (ADR 065).
 */
export async function devicesOf(db: Db, rows: ClaimedPush[]) {
  const devices = new Map<string, typeof pushSubscriptions.$inferSelect>();
  const byClub = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.subscription_id === null) continue;
    const ids = byClub.get(row.club_id) ?? new Set<string>();
    byClub.set(row.club_id, ids.add(row.subscription_id));
  }
  for (const [clubId, ids] of byClub) {
    // Awaited inside the club's context: a Drizzle query runs when awaited, not when built.
    const found = await withClub(clubId, async () => await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids])));
    for (const device of found) devices.set(deviceKey(clubId, device.id), device);
  }
  return devices;
}

/** How devicesOf's map names a device: ids are a club's own (its keys include the club). */
export const deviceKey = (clubId: string, subscriptionId: string) => `${clubId}:${subscriptionId}`;

/** Gives claimed-but-unsent rows back at once (on stop), so another worker needn't wait for the lease. */
export async function releasePush(db: Db, token: string, ids: string[]) {
  await releaseClaimed(db, pushOutbox, token, ids);
}

/**
 * Once the push service has the message, recording it matters more than anything else: a database
 * blip here would mean sending it again when the lease runs out, so the update is retried a while.
 */
export async function markPushSent(db: Db, row: ClaimedPush, token: string, attempts: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      await db
        .update(pushOutbox)
        .set({ status: 'sent', attempts, sent_at: new Date(), locked_until: null, claim_token: null, last_error: null })
        .where(and(eq(pushOutbox.id, row.id), eq(pushOutbox.claim_token, token)));
      break;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)));
    }
  }
  if (row.subscription_id) await db.update(pushSubscriptions).set({ last_success_at: new Date() }).where(eq(pushSubscriptions.id, row.subscription_id));
}

/** A temporary failure: tried again at `nextAttemptAt`. */
export async function markPushRetry(db: Db, row: ClaimedPush, token: string, attempts: number, error: string, nextAttemptAt: Date) {
  await db
    .update(pushOutbox)
    .set({ status: 'failed', attempts, last_error: error, next_attempt_at: nextAttemptAt, locked_until: null, claim_token: null })
    .where(and(eq(pushOutbox.id, row.id), eq(pushOutbox.claim_token, token)));
}

/**
 * The device is gone for good (404/410): it is removed, so nothing is sent to it again and its
 * owner no longer sees it among their devices. Only if it is still the endpoint that answered.
 */
export async function removeGoneDevice(db: Db, subscriptionId: string, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, subscriptionId), eq(pushSubscriptions.endpoint, endpoint)));
}

/**
 * The message will never reach this device. When it is now dead on every device of the person and
 * none got it, its fallback mail goes into the mail outbox (once: the mail's own dedupe key). The
 * check and the insert hold a lock on the message, so two workers finishing its last two devices
 * at the same moment cannot both miss that the other was the last.
 */
export async function markPushDead(db: Db, row: ClaimedPush, token: string, attempts: number, error: string): Promise<{ fellBack: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`push:${row.message_key}:${row.user_id}`}, 0))`);
    const marked = await tx
      .update(pushOutbox)
      .set({ status: 'dead', attempts, last_error: error, locked_until: null, claim_token: null })
      .where(and(eq(pushOutbox.id, row.id), eq(pushOutbox.claim_token, token)))
      .returning({ id: pushOutbox.id });
    if (marked.length === 0) return { fellBack: false };
    const [state] = await tx
      .select({
        open: sql<number>`count(*) filter (where ${pushOutbox.status} <> 'dead')::int`,
        fallback: sql<FallbackMail | null>`(array_agg(${pushOutbox.fallback_mail}) filter (where ${pushOutbox.fallback_mail} is not null))[1]`,
      })
      .from(pushOutbox)
      .where(and(eq(pushOutbox.message_key, row.message_key), eq(pushOutbox.user_id, row.user_id)));
    if (!state || state.open > 0 || !state.fallback) return { fellBack: false };
    const mail = state.fallback;
    const inserted = await tx
      .insert(outbox)
      .values({
        dedupe_key: mail.dedupe_key,
        kind: mail.kind,
        to_address: mail.to_address,
        subject: mail.subject,
        text_body: mail.text_body,
        html_body: mail.html_body,
        headers: mail.headers ?? {},
      })
      .onConflictDoNothing({ target: [outbox.club_id, outbox.dedupe_key] })
      .returning({ id: outbox.id });
    return { fellBack: inserted.length > 0 };
  });
}
