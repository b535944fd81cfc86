/**
 * An e-mail address someone tries to use that already belongs to an account (issue 30, finding 14):
 * registering with it, or asking to change a login's address to it, is answered as for a new address
 * (no "already registered" that would tell anyone who the members are), and the owner is told by
 * mail instead, at most once a day per kind of attempt.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { todayIso } from '../../shared/players';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';
import { addressInUse } from '../mail/templates';
import type { MailService } from './mail';

export type AddressOwner = { id: string; username: string; email: string; full_name: string };
export type AddressAttempt = 'registration' | 'email_change';

/** The account (other than `exceptUserId`) whose address this is, whatever the case. */
export async function ownerOfAddress(tx: DbOrTx, email: string, exceptUserId?: string): Promise<AddressOwner | undefined> {
  const sameAddress = eq(sql`lower(${users.email})`, email.toLowerCase());
  const [owner] = await tx
    .select({ id: users.id, username: users.username, email: users.email, full_name: users.full_name })
    .from(users)
    .where(exceptUserId ? and(sameAddress, ne(users.id, exceptUserId)) : sameAddress);
  return owner;
}

/** Tells the owner that someone tried to use their address (one mail a day per kind of attempt). */
export async function tellAddressOwner(tx: DbOrTx, mail: Pick<MailService, 'toAddress'>, owner: AddressOwner, attempt: AddressAttempt) {
  await mail.toAddress(
    tx,
    owner.email,
    { template: addressInUse, data: { attempt, username: owner.username }, dedupeKey: `address-in-use:${owner.id}:${attempt}:${todayIso()}` },
    { name: owner.full_name },
  );
}
