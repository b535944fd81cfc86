/**
 * The saved squad's version (issue 22): a manager's save carries the version they loaded; a save
 * from an older one is refused (409) naming who saved since and when, so nobody's picks are lost.
 */
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/roles';
import { conflict } from '../../shared/errors';
import { formatClubDateTime } from '../../shared/dates';
import type { DbOrTx } from '../db/client';
import { selectionVersions } from '../db/schema';

export interface SquadVersion {
  version: number;
  saved_by: string | null;
  saved_at: string | null;
}

export async function squadVersion(executor: DbOrTx, fixtureId: string): Promise<SquadVersion> {
  const [row] = await executor.select().from(selectionVersions).where(eq(selectionVersions.fixture_id, fixtureId));
  return { version: row?.version ?? 0, saved_by: row?.saved_by_name ?? null, saved_at: row?.saved_at?.toISOString() ?? null };
}

/** The 409 a stale save gets: who saved, and when (club time). */
export const staleSquad = (by: string | null, at: Date | null) =>
  conflict(
    `${by ?? 'Someone'} saved this squad${at ? ` on ${formatClubDateTime(at)}` : ''} after you opened it, so your changes were not saved. ` +
      'Load their squad, then make your changes again.',
  );

/**
 * Inside the save's transaction: locks the fixture's version row, refuses a save based on another
 * version (`expected` absent: an API client that does not send one, accepted), and moves it on.
 */
export async function claimSquadVersion(tx: DbOrTx, fixtureId: string, expected: number | undefined, actor: SessionUser): Promise<number> {
  await tx.insert(selectionVersions).values({ fixture_id: fixtureId }).onConflictDoNothing();
  const [row] = await tx.select().from(selectionVersions).where(eq(selectionVersions.fixture_id, fixtureId)).for('update');
  if (expected !== undefined && expected !== row.version) throw staleSquad(row.saved_by_name, row.saved_at);
  const [next] = await tx
    .update(selectionVersions)
    .set({ version: sql`${selectionVersions.version} + 1`, saved_by: actor.id, saved_by_name: actor.full_name, saved_at: new Date() })
    .where(eq(selectionVersions.fixture_id, fixtureId))
    .returning({ version: selectionVersions.version });
  return next.version;
}
