/**
 * The former_member rule erases the whole person. Until the erasure engine (issue 34, point 4)
 * arrives, this is the existing player deletion's core: the record and what cascades from it,
 * their stored documents, and a login that was only theirs (ledger rows keep their amounts: the
 * charge's player becomes null, the ledger is never touched).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, players, uploads, users } from '../../db/schema';
import { loginGoesWithPlayer } from '../../policy';

/** Who purges: null for the nightly job acting on an automatic rule. */
export type RetentionActor = { id: string; name: string } | null;

export async function eraseFormerMembers(tx: DbOrTx, playerIds: string[], _by: RetentionActor): Promise<number> {
  if (!playerIds.length) return 0;
  const files = await tx
    .select({ id: documents.upload_id })
    .from(documents)
    .where(and(inArray(documents.player_id, playerIds), isNotNull(documents.upload_id)));
  const deleted = await tx.delete(players).where(inArray(players.id, playerIds)).returning({ id: players.id, user_id: players.user_id });
  if (files.length)
    await tx.delete(uploads).where(
      inArray(
        uploads.id,
        files.map((f) => f.id!),
      ),
    );
  for (const { user_id } of deleted) {
    if (!user_id) continue;
    const [login] = await tx.select({ role: users.role }).from(users).where(eq(users.id, user_id));
    if (login && loginGoesWithPlayer(login.role)) await tx.delete(users).where(eq(users.id, user_id));
  }
  return deleted.length;
}
