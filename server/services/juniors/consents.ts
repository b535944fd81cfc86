import { and, desc, inArray, eq } from 'drizzle-orm';
import type { ConsentKind } from '../../../shared/juniors';
import type { DbOrTx } from '../../db/client';
import { consents } from '../../db/schema';

/**
 * The consents in force for some children in a season: the latest row per (child, season, kind)
 * decides (consents are append-only; a withdrawal is a newer row with `given` false); none means no.
 */
export async function currentConsents(db: DbOrTx, playerIds: string[], season: string): Promise<Map<string, Set<ConsentKind>>> {
  const result = new Map<string, Set<ConsentKind>>();
  if (playerIds.length === 0) return result;
  const rows = await db
    .selectDistinctOn([consents.player_id, consents.kind], { player_id: consents.player_id, kind: consents.kind, given: consents.given })
    .from(consents)
    .where(and(inArray(consents.player_id, playerIds), eq(consents.season, season)))
    .orderBy(consents.player_id, consents.kind, desc(consents.created_at), desc(consents.id));
  for (const row of rows) {
    if (!row.given) continue;
    const kinds = result.get(row.player_id) ?? new Set<ConsentKind>();
    kinds.add(row.kind);
    result.set(row.player_id, kinds);
  }
  return result;
}
