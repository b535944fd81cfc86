/**
 * Consents per child per season (issue 23, ADR 038). The table is append-only: the latest row for
 * (child, season, kind) is the answer, and no row means no. Public pages read them through
 * `currentConsents`; only a guardian of the child writes them (server/services/juniors/guardians.ts).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { consents } from '../../db/schema';
import type { ConsentKind } from '../../../shared/juniors';

/** The consents in force for each of `playerIds` in `season` ("2026-27"): only the kinds given. Players with none get an empty set. */
export async function currentConsents(db: DbOrTx, playerIds: readonly string[], season: string): Promise<Map<string, Set<ConsentKind>>> {
  const result = new Map<string, Set<ConsentKind>>(playerIds.map((id) => [id, new Set<ConsentKind>()]));
  if (playerIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([consents.player_id, consents.kind], { player_id: consents.player_id, kind: consents.kind, given: consents.given })
    .from(consents)
    .where(and(inArray(consents.player_id, [...new Set(playerIds)]), eq(consents.season, season)))
    .orderBy(consents.player_id, consents.kind, desc(consents.created_at), desc(consents.id));
  for (const row of rows) if (row.given) result.get(row.player_id)?.add(row.kind);
  return result;
}

/** Whether one child has one consent in force this season. */
export async function hasConsent(db: DbOrTx, playerId: string, season: string, kind: ConsentKind): Promise<boolean> {
  return (await currentConsents(db, [playerId], season)).get(playerId)?.has(kind) ?? false;
}
