/**
 * Addresses whose owner asked the club to erase their data (issue 34): only a SHA-256 of the
 * lower-cased address is kept, so the club does not invite them again or make them a login; the
 * person registering themselves clears it.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailSuppressions } from '../../db/schema';
import { invalid } from '../../../shared/errors';

export const SUPPRESSED_ADDRESS = 'This address asked the club to erase their data; they can register again themselves.';

export const hashAddress = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Whether the club may not invite or create a login for this address. */
export async function isSuppressed(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db.select({ h: emailSuppressions.email_sha256 }).from(emailSuppressions).where(eq(emailSuppressions.email_sha256, hashAddress(email)));
  return rows.length > 0;
}

/** Refuses the club's own invitation or login for an erased address (422 on the e-mail field). */
export async function refuseSuppressed(db: DbOrTx, email: string, field = 'email') {
  if (await isSuppressed(db, email)) throw invalid(SUPPRESSED_ADDRESS, [{ field, message: SUPPRESSED_ADDRESS }]);
}

/** The person registered themselves again: the club may write to them. */
export async function clearSuppression(db: DbOrTx, email: string) {
  await db.delete(emailSuppressions).where(eq(emailSuppressions.email_sha256, hashAddress(email)));
}
