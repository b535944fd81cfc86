/**
 * The loop both outboxes' workers run (mail: server/services/outbox.ts, push:
 * server/services/push/delivery.ts): a round claims and sends a batch; a full batch goes again at
 * once, otherwise the loop sleeps for `pollMs` or until woken. A failed round (the database away)
 * is logged and tried again after the pause: it never ends the worker. `stop()` lets the round in
 * hand finish (the round itself gives back what it has not sent once `stopping()` is true).
 * Also here: the claim both outboxes make (claimDue), and the round's walk over what it claimed
 * (sendClaimed).
 */
import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { clubs } from '../db/schema/clubs';
import { log } from '../log';
import { withClub } from '../tenancy/context';
import { inJobsScope } from '../tenancy/jobs-scope';

export interface RoundResult {
  claimed: number;
  sent: number;
}

/** What a round claims: how many rows, for how long, and under which token. */
export interface Claim {
  token: string;
  leaseMs: number;
  batchSize: number;
}

/**
 * Claims up to `batchSize` due rows of an outbox table (one with club_id, status, next_attempt_at,
 * locked_until and claim_token) for `leaseMs` under `token`, oldest due first; another worker skips
 * them meanwhile (FOR UPDATE SKIP LOCKED). Every club's rows in one query (ADR 065: in the jobs
 * scope, which row-level security allows for this), but none of a suspended club: they stay due,
 * and go once the club is resumed. Returns each row's `club_id` and `returning` columns, as the
 * driver reads them.
 */
export async function claimDue(db: Db, table: PgTable, returning: readonly PgColumn[], claim: Claim) {
  const columns = sql.join(
    ['club_id', ...returning.map((column) => column.name).filter((name) => name !== 'club_id')].map((name) => sql.identifier(name)),
    sql`, `,
  );
  const result = await inJobsScope(db, (tx) =>
    tx.execute<Record<string, unknown> & { club_id: string }>(sql`
      update ${table} set locked_until = now() + ${`${claim.leaseMs} milliseconds`}::interval, claim_token = ${claim.token}
      where (club_id, id) in (
        select due.club_id, due.id from ${table} due
        where due.status in ('pending', 'failed') and due.next_attempt_at <= now()
          and (due.locked_until is null or due.locked_until < now())
          and not exists (select 1 from ${clubs} where ${clubs.id} = due.club_id and ${clubs.status} = 'suspended')
        order by due.next_attempt_at
        limit ${claim.batchSize}
        for update of due skip locked)
      returning ${columns}`),
  );
  return result.rows;
}

/**
 * Gives claimed-but-unsent rows of any club back at once (on stop), so another worker needn't wait
 * for the lease: in the jobs scope, only the rows still under this claim's token.
 */
export async function releaseClaimed(db: Db, table: PgTable, token: string, ids: string[]) {
  if (ids.length === 0) return;
  const listed = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await inJobsScope(db, (tx) => tx.execute(sql`update ${table} set locked_until = null, claim_token = null where claim_token = ${token} and id in (${listed})`));
}

export interface SendClaimedOptions<Row> {
  /** True once the worker is stopping: the rows not sent yet are given back. */
  stopping: () => boolean;
  /** Gives these rows' claims back at once, so another worker needn't wait for the lease. */
  release: (ids: string[]) => Promise<void>;
  /** Sends one row and records the answer; true when it was sent. */
  send: (row: Row) => Promise<boolean>;
}

/**
 * A round's claimed rows sent one at a time, in order, each in its own club's context (its sender
 * name, its links, its rows: ADR 065); once stopping, the rest is given back.
 */
export async function sendClaimed<Row extends { id: string; club_id: string }>(rows: readonly Row[], options: SendClaimedOptions<Row>): Promise<RoundResult> {
  let sent = 0;
  for (let i = 0; i < rows.length; i++) {
    if (options.stopping()) {
      await options.release(rows.slice(i).map((r) => r.id));
      break;
    }
    const row = rows[i];
    if (await withClub(row.club_id, () => options.send(row))) sent++;
  }
  return { claimed: rows.length, sent };
}

export interface WorkerLoopOptions {
  /** "Outbox", "Push outbox": the log's words for a failed round. */
  name: string;
  round: () => Promise<RoundResult>;
  batchSize: number;
  pollMs: number;
  onRound?: (result: RoundResult) => void;
}

export function workerLoop(options: WorkerLoopOptions) {
  let stopping = false;
  let running: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function loop() {
    while (!stopping) {
      let claimed = 0;
      try {
        const result = await options.round();
        claimed = result.claimed;
        options.onRound?.(result);
      } catch (error) {
        // The database being away is not the worker's end: it tries again after the pause.
        log.warn(`${options.name} round failed`, { error: error instanceof Error ? error.message : String(error) });
      }
      if (stopping) break;
      // A full batch means more may be due: go again at once.
      if (claimed < options.batchSize) {
        await new Promise<void>((resolve) => {
          wakeUp = resolve;
          timer = setTimeout(resolve, options.pollMs);
        });
        wakeUp = undefined;
      }
    }
  }

  return {
    /** True once stop() was called: a round gives back the rest of its batch. */
    stopping: () => stopping,
    start() {
      if (running) return;
      stopping = false;
      running = loop();
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      wakeUp?.();
      await running;
      running = undefined;
    },
    /** Looks for due rows now, instead of at the next poll. */
    wake() {
      wakeUp?.();
    },
  };
}
