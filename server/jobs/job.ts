import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Services } from '../services';

/** What a job may use: the process's database, services and mail settings. */
export interface JobContext {
  db: Db;
  services: Services;
  /** With `hostingDomain` (many clubs), the periodic jobs run club by club (forEachClub in ./index.ts). */
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'mailRetryDelaysMs' | 'vapidSubject' | 'pushAllowedOrigins'> & Partial<Pick<Config, 'hostingDomain'>>;
}

/**
 * Work that runs every `everyMs` in every app process (the first run one interval after start-up).
 * Each run must be safe to repeat and to run in several processes at once (dedupe keys, deletes).
 */
export interface PeriodicJob {
  /** For the log: "Availability reminders". */
  name: string;
  everyMs: number;
  run(context: JobContext): Promise<unknown>;
}

/** Work with a loop of its own (the outbox worker): started once, stopped on shutdown. */
export interface WorkerJob {
  name: string;
  start(context: JobContext): { stop(): Promise<void> };
}

export type Job = PeriodicJob | WorkerJob;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
