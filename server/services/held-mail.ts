/**
 * The club's mail to a member whose address is not confirmed yet (issue 31): held in the outbox,
 * not dropped; sent once they confirm it; expired, with a note, if they never do. Which mails are
 * held is each template's policy (`heldUntilConfirmed`, server/mail/template.ts): account mails (the
 * links that confirm the address or set a password) never are.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { outbox, users } from '../db/schema';
import { HELD_MAIL_DAYS, heldMailExpiredNote } from '../../shared/mail';

/**
 * The member's address is confirmed (the confirm-email link, or a password link that proves the
 * mailbox is theirs): the club's mail held for them goes out now, to the address they confirmed.
 * Inside the confirming transaction; returns how many were released.
 */
export async function releaseHeldMail(tx: DbOrTx, userId: string) {
  const released = await tx
    .update(outbox)
    .set({
      status: 'pending',
      to_address: sql`(select ${users.email} from ${users} where ${users.id} = ${userId})`,
      next_attempt_at: new Date(),
    })
    .where(and(eq(outbox.held_for_user_id, userId), eq(outbox.status, 'held')))
    .returning({ id: outbox.id });
  return released.length;
}

/** How many of the club's mails wait for each of these members to confirm their address (the staff's view of a member). */
export async function heldMailCounts(tx: DbOrTx, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, number>();
  const rows = await tx
    .select({ user_id: outbox.held_for_user_id, n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(inArray(outbox.held_for_user_id, userIds), eq(outbox.status, 'held')))
    .groupBy(outbox.held_for_user_id);
  return new Map(rows.map((r) => [r.user_id!, r.n]));
}

/** Held longer than `days`: expired with a note saying so, never sent late. Returns how many. */
export async function expireHeldMail(db: Db, days = HELD_MAIL_DAYS) {
  const expired = await db
    .update(outbox)
    .set({ status: 'expired', last_error: heldMailExpiredNote(days) })
    .where(and(eq(outbox.status, 'held'), sql`${outbox.created_at} < now() - ${`${days} days`}::interval`))
    .returning({ id: outbox.id });
  return expired.length;
}
