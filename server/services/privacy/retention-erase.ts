/**
 * The former_member rule erases the whole person through the erasure engine (issue 34, point 4):
 * the same plan from the data map a request's erasure runs, inside the purge's transaction, each
 * person under a pseudonym of their own ("Former member 7f3a"); ledger rows keep their amounts.
 */
import type { DbOrTx } from '../../db/client';
import { DATA_MAP } from '../../privacy/map';
import { executeErasure, pseudonymFor } from './erasure';
import { resolveErasureSubjects, subjectDisplayNames } from './erasure-subject';

/** Who purges: null for the nightly job acting on an automatic rule. */
export type RetentionActor = { id: string; name: string } | null;

/** How an automatic erasure is signed in the erasures' record. */
export const AUTOMATIC_ERASURE_BY = 'Retention rule (automatic)';

export async function eraseFormerMembers(tx: DbOrTx, playerIds: string[], by: RetentionActor): Promise<number> {
  for (const playerId of playerIds) {
    const subjects = await resolveErasureSubjects(tx, { player_id: playerId, user_id: null, include_children: false });
    const people = await subjectDisplayNames(tx, subjects);
    const pseudonym = await pseudonymFor(tx, `retention:${playerId}`);
    await executeErasure(tx, { map: DATA_MAP, subjects, people, pseudonym, requestId: null, by: by ?? { id: null, name: AUTOMATIC_ERASURE_BY } });
  }
  return playerIds.length;
}
