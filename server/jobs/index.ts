import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clubs } from '../db/schema/clubs';
import { log } from '../log';
import { withClub } from '../tenancy/context';
import { availabilityReminders } from './availability-reminders';
import { dbsNotices } from './dbs-notices';
import { eventAnnouncements } from './event-announcements';
import { imageSweep } from './image-sweep';
import type { Job, JobContext, PeriodicJob } from './job';
import { outboxWorker } from './outbox-worker';
import { paymentReminders } from './payment-reminders';
import { pushWorker } from './push-worker';
import { privacyReminders } from './privacy-reminders';
import { retention } from './retention';
import { heldMailExpiry } from './held-mail-expiry';
import { sessionPurge } from './session-purge';
import { turningEighteenNotices } from './turning-eighteen';
import { unconfirmedOrders } from './unconfirmed-orders';

/** Every scheduled job of an app process, one file each in this folder, with its schedule. */
export const JOBS: readonly Job[] = [outboxWorker, pushWorker, availabilityReminders, eventAnnouncements, paymentReminders, sessionPurge, heldMailExpiry, imageSweep, turningEighteenNotices, dbsNotices, unconfirmedOrders, privacyReminders, retention];

/** How long stopping waits for periodic runs still under way (their queries are bounded by the pool's timeouts). */
export const STOP_WAIT_MS = 5_000;

const isPeriodic = (job: Job): job is PeriodicJob => 'everyMs' in job;

/**
 * Starts the jobs: each periodic one on its own timer (unref'd: no timer keeps the process up), run
 * for each active club in its context when hosting (forEachClub below),
 * never overlapping itself (a tick while the last run is still going is skipped), its failures
 * logged, never thrown. `stop()` clears the timers, stops the workers, and waits for runs under way
 * for at most STOP_WAIT_MS.
 */
export function startJobs(context: JobContext, jobs: readonly Job[] = JOBS, options: { stopWaitMs?: number } = {}) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  const workers: Array<{ name: string; stop(): Promise<void> }> = [];
  let stopped = false;

  for (const job of jobs) {
    if (!isPeriodic(job)) {
      workers.push({ name: job.name, ...job.start(context) });
      continue;
    }
    let current: Promise<void> | undefined;
    const tick = () => {
      if (current || stopped) return;
      current = Promise.resolve()
        // Club by club on a hosted install, a suspended one skipped; once on a single-club one.
        .then(() =>
          forEachClub(context, job.name, async () => {
            // The club's name and colours as they are now (mails, feeds): another process may have changed them.
            await context.services.identity.refresh();
            await job.run(context);
          }, () => stopped),
        )
        .then(
          () => undefined,
          (error: unknown) => log.warn(`${job.name} failed`, { error: error instanceof Error ? error.message : String(error) }),
        )
        .finally(() => {
          running.delete(current!);
          current = undefined;
        });
      running.add(current);
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    timers.push(timer);
  }

  return {
    /** Runs under way now (tests). */
    get running() {
      return running.size;
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      let wait: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        wait = setTimeout(resolve, options.stopWaitMs ?? STOP_WAIT_MS);
        wait.unref();
      });
      await Promise.all([
        // The workers' own stops are bounded (the outbox worker's by its SMTP timeouts).
        ...workers.map((w) => w.stop().catch((error: unknown) => log.warn(`${w.name} did not stop cleanly`, { error: String(error) }))),
        Promise.race([Promise.all([...running]), waited]),
      ]);
      clearTimeout(wait);
    },
  };
}

export type RunningJobs = ReturnType<typeof startJobs>;

/*
 * The periodic jobs run club by club on a hosted install (ADR 065): each club's run in its own
 * context (its rows, its identity in mails), one after another, a suspended club skipped (its jobs
 * stop; nothing of it is deleted). A single-club install runs each job once, as it always did: the
 * pool gives every connection its one club.
 */

/** The clubs whose jobs run now: every active one (clubs is the install's own table, read without a club). */
export async function activeClubs(db: Db): Promise<{ id: string; slug: string }[]> {
  return db.select({ id: clubs.id, slug: clubs.slug }).from(clubs).where(eq(clubs.status, 'active')).orderBy(asc(clubs.created_at), asc(clubs.slug));
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
  const active = await activeClubs(context.db);
  let failed = 0;
  let lastError: unknown;
  for (const club of active) {
    if (stopping()) return; // the process is stopping: the other clubs' turn comes at the next run
    try {
      await withClub(club.id, work, club.slug);
    } catch (error) {
      failed++;
      lastError = error;
      log.warn(`${name} failed for a club`, { club_id: club.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  if (failed > 0 && failed === active.length) throw lastError;
}

