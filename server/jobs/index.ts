import { log } from '../log';
import { availabilityReminders } from './availability-reminders';
import { dbsNotices } from './dbs-notices';
import { eventAnnouncements } from './event-announcements';
import { imageSweep } from './image-sweep';
import type { Job, JobContext, PeriodicJob } from './job';
import { outboxWorker } from './outbox-worker';
import { forEachClub } from './per-club';
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
 * for each active club in its context when hosting (./per-club.ts),
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
