import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '../log';
import { JOBS, startJobs } from './index';
import type { Job, JobContext, PeriodicJob } from './job';

// Each run first reads the club's identity as it is now (issue 33); counted here.
let identityReads = 0;
const context = { services: { identity: { refresh: async () => void identityReads++ } } } as unknown as JobContext;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls `ok` every 10 ms for at most `ms` (the machine is shared: bounds are generous). */
async function until(ok: () => boolean, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}

const isJob = (value: unknown): value is Job =>
  typeof value === 'object' && value !== null && typeof (value as Job).name === 'string' && ('everyMs' in value || 'start' in value);

const running: Array<ReturnType<typeof startJobs>> = [];
const start = (...args: Parameters<typeof startJobs>) => {
  const jobs = startJobs(...args);
  running.push(jobs);
  return jobs;
};
afterEach(async () => {
  for (const jobs of running.splice(0)) await jobs.stop();
  vi.restoreAllMocks();
});

describe('the jobs registry', () => {
  it('starts every job in this folder (a new one cannot be forgotten)', async () => {
    const files = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts' && f !== 'job.ts');
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const jobs = Object.values(await import(/* @vite-ignore */ `./${file}`)).filter(isJob);
      expect(jobs.length, `${file} exports a job`).toBe(1);
      expect(JOBS, `${file}'s job is in JOBS`).toContain(jobs[0]);
    }
    expect(JOBS.map((j) => j.name)).toEqual(['Outbox worker', 'Push worker', 'Availability reminders', 'Change announcements', 'Payment reminders', 'Session clean-up', 'Held mail expiry', 'Image clean-up', 'Turning-18 notices', 'DBS notices', 'Unconfirmed orders', 'Data request reminders', 'Retention']);
  });

  it('runs a job on its interval, never two runs of it at once (a tick during a run is skipped)', async () => {
    let runs = 0;
    let inFlight = 0;
    let most = 0;
    const slow: PeriodicJob = {
      name: 'Slow',
      everyMs: 20,
      async run() {
        runs++;
        most = Math.max(most, ++inFlight);
        await sleep(100);
        inFlight--;
      },
    };
    start(context, [slow]);
    await until(() => runs >= 3, 5_000, 'three runs');
    expect(most).toBe(1);
    expect(identityReads).toBeGreaterThanOrEqual(3);
  });

  it("logs a job's failure and keeps running it; nothing is thrown", async () => {
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    let runs = 0;
    start(context, [
      {
        name: 'Broken',
        everyMs: 20,
        async run() {
          runs++;
          throw new Error('the database is away');
        },
      },
    ]);
    await until(() => runs >= 2, 5_000, 'two failed runs');
    expect(warn).toHaveBeenCalledWith('Broken failed', { error: 'the database is away' });
  });

  it("does not keep the process up: every job's timer is unref'd", () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    start(context, [
      { name: 'A', everyMs: 60_000, run: async () => undefined },
      { name: 'B', everyMs: 60_000, run: async () => undefined },
    ]);
    const timers = setInterval.mock.results.map((r) => r.value as NodeJS.Timeout);
    expect(timers).toHaveLength(2);
    for (const timer of timers) expect(timer.hasRef()).toBe(false);
  });

  it('stop() stops the workers, runs nothing more, and waits for a run under way', async () => {
    let finished = 0;
    let started = 0;
    const stopped = vi.fn(async () => undefined);
    const jobs = start(context, [
      { name: 'Worker', start: () => ({ stop: stopped }) },
      {
        name: 'Short',
        everyMs: 20,
        async run() {
          started++;
          await sleep(150);
          finished++;
        },
      },
    ]);
    await until(() => jobs.running === 1, 5_000, 'a run under way');
    await jobs.stop();
    expect(stopped).toHaveBeenCalledTimes(1);
    expect(finished).toBe(started);
    await sleep(100);
    expect(started).toBe(finished);
  });

  it('stop() waits for a run that never ends for a bounded time only', async () => {
    const jobs = start(context, [{ name: 'Stuck', everyMs: 20, run: () => new Promise(() => undefined) }], { stopWaitMs: 200 });
    await until(() => jobs.running === 1, 5_000, 'the stuck run');
    const began = performance.now();
    await jobs.stop();
    const took = performance.now() - began;
    expect(took).toBeGreaterThanOrEqual(150);
    expect(took).toBeLessThan(3_000);
  });
});
