import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { projectRoot } from '../../server/paths';
import { spawnAsNpmStart } from './npm-start';

export const E2E_ADMIN_PASSWORD = 'e2e-admin-password';

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed, for assertions and debugging. */
  output: () => string;
  /** SIGTERM and wait (a clean stop). */
  stop(): Promise<void>;
  /** SIGKILL: a crash. The embedded database is left running, as after a real crash. */
  kill(): Promise<void>;
  /** Removes the data directory (call after stop). */
  cleanup(): Promise<void>;
}

/** Whether a process is still running (signal 0 checks without signalling). */
export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A database of its own on TEST_DATABASE_URL's server, when the suite runs against one. */
export async function externalDatabaseUrl() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `club_e2e_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts the production build (`npm start`'s command) on a free port with its own data directory,
 * exactly as a club would run it. Pass `dataDir` to restart on existing data.
 */
export async function startServer(options: { dataDir?: string; env?: Record<string, string>; port?: number } = {}): Promise<RunningServer> {
  const root = projectRoot();
  const entry = path.join(root, 'build', 'server', 'main.js');
  if (!existsSync(entry)) throw new Error('No production build: run `npm run build` first (npm test does).');
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'club-e2e-')));
  await fs.chmod(dataDir, 0o755);
  const port = options.port ?? (await freePort());
  const databaseUrl = options.dataDir ? undefined : await externalDatabaseUrl();
  let output = '';
  const child = spawnAsNpmStart({
    entry,
    cwd: root,
    port,
    host: '127.0.0.1',
    dataDir,
    adminPassword: E2E_ADMIN_PASSWORD,
    logLevel: 'info',
    // The address the tests reach it at is its public address: canonical, og:* and feed links (issue 30, finding 9).
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 60_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`Server exited during start-up:\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not answer within 60s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const exited = () =>
    new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));
  return {
    baseURL,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited();
    },
    async kill() {
      child.kill('SIGKILL');
      await exited();
    },
    async cleanup() {
      if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST /api/admin/initialize-database: sample content and the admin (E2E_ADMIN_PASSWORD). */
export async function initializeDatabase(baseURL: string) {
  const res = await fetch(`${baseURL}/api/admin/initialize-database`, { method: 'POST' });
  if (!res.ok) throw new Error(`initialize failed: ${res.status} ${await res.text()}`);
  return res.json();
}
