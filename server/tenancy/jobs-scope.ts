/**
 * Work that crosses clubs on purpose (ADR 065 "Jobs across clubs"): the outbox workers claim the
 * due rows of every club in one query. Row-level security lets it through only in a transaction
 * whose `app.scope` is 'jobs' (migration 0044's policies on outbox and push_outbox, for reading and
 * updating a claim); the setting is local to the transaction, so it ends with it.
 */
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';

export const JOBS_SCOPE = 'jobs';

/** Runs `work` in a transaction that may read and update the claims of every club's outbox rows. */
export function inJobsScope<T>(db: Db, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.scope', ${JOBS_SCOPE}, true)`);
    return work(tx);
  });
}
