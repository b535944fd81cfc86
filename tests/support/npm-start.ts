import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';

/** Where and how a production build started here runs. */
export interface NpmStartOptions {
  /** The built server (build/server/main.js). */
  entry: string;
  cwd: string;
  port: number;
  host: string;
  dataDir: string;
  /** The first admin's password (username `admin`). */
  adminPassword: string;
  logLevel: 'info' | 'warn';
  /** More environment, over all the rest. */
  env?: Record<string, string>;
  stdio: StdioOptions;
}

/**
 * Starts the production build as `npm start` runs it (package.json): 8 MB semi-spaces and a 128 MB
 * old generation (V8 flags), two malloc arenas (ADR 019, ADR 024). Shared by the browser tests'
 * server (./server.ts) and scripts/bench.mjs.
 */
export function spawnAsNpmStart(options: NpmStartOptions): ChildProcess {
  return spawn(process.execPath, ['--max-semi-space-size=8', '--max-old-space-size=128', options.entry], {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: '2',
      PORT: String(options.port),
      HOST: options.host,
      DATA_DIR: options.dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: options.adminPassword,
      LOG_LEVEL: options.logLevel,
      // Browser tests and the bench send every registration and order from 127.0.0.1: the hourly
      // limits on anonymous writes (issue 30) have their own API tests.
      LIMIT_REGISTRATIONS_PER_HOUR: '1000000',
      LIMIT_JOIN_US_PER_HOUR: '1000000',
      LIMIT_PASSWORD_REQUESTS_PER_HOUR: '1000000',
      LIMIT_ORDERS_PER_HOUR: '1000000',
      ...options.env,
    },
    stdio: options.stdio,
  });
}
