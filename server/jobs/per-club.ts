/**
 * The periodic jobs run club by club on a hosted install (ADR 065): each club's run in its own
 * context (its rows, its identity in mails), one after another, a suspended club skipped (its jobs
 * stop; nothing of it is deleted). A single-club install runs each job once, as it always did: the
 * pool gives every connection its one club.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clubs } from '../db/schema/clubs';
import { log } from '../log';
import { withClub } from '../tenancy/context';
import type { JobContext } from './job';

/** The clubs whose jobs run now: every active one (clubs is the install's own table, read without a club). */
export async function activeClubIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.status, 'active')).orderBy(asc(clubs.created_at), asc(clubs.slug));
  return rows.map((row) => row.id);
}

/**
 * Runs `work` for each active club in its context (hosted), or once (single club). One club's
 * failure is logged and the next club still runs; the run fails only when every club's did. Once
 * `stopping`, no further club starts.
 */
export async function forEachClub(context: JobContext, name: string, work: () => Promise<unknown>, stopping: () => boolean = () => false): Promise<void> {
  if (!context.config?.hostingDomain) {
    await work();
    return;
  }
  const ids = await activeClubIds(context.db);
  let failed = 0;
  let lastError: unknown;
  for (const clubId of ids) {
    if (stopping()) return; // the process is stopping: the other clubs' turn comes at the next run
    try {
      await withClub(clubId, work);
    } catch (error) {
      failed++;
      lastError = error;
      log.warn(`${name} failed for a club`, { club_id: clubId, error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (failed > 0 && failed === ids.length) throw lastError;
}
