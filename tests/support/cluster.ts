import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../server/db/embedded';
import { alive, startServer, type RunningServer } from './server';
import { inTheClub } from './the-club';

/** The database the cluster's app processes share. */
export const CLUSTER_DATABASE = 'club';

/**
 * Production app processes (the build, default settings) sharing one PostgreSQL that the test runs
 * itself, so it can kill its connections, freeze it (SIGSTOP), stop and restart it: the database
 * fault and match-day rush tests.
 */
export interface Cluster {
  /** The database server (a new one after restartDatabase). */
  readonly postgres: EmbeddedPostgres;
  /** Starts the database again on the same files, after the test stopped it. */
  restartDatabase(): Promise<void>;
  databaseUrl: string;
  servers: RunningServer[];
  /** Every process of the PostgreSQL cluster: the postmaster and its children (backends, checkpointer, …). */
  pids(): Promise<number[]>;
  /** One statement on a connection of its own. */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  /** No app process has exited. */
  expectAllAlive(): void;
  /** Wakes a frozen cluster, stops the processes and the database, removes the files. */
  stop(): Promise<void>;
}

export async function startCluster(name: string, processes = 2): Promise<Cluster> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), `${name}-`));
  await fs.chmod(root, 0o755);
  let postgres = await startEmbeddedPostgres(root);
  const admin = new pg.Client({ ...postgres.connection, database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${CLUSTER_DATABASE}`);
  await admin.end();
  const { host, port, user } = postgres.connection;
  const databaseUrl = `postgres://${user}@localhost:${port}/${CLUSTER_DATABASE}?host=${encodeURIComponent(host)}`;
  const servers: RunningServer[] = [];
  for (let i = 0; i < processes; i++) servers.push(await startServer({ env: { DATABASE_URL: databaseUrl } }));

  async function pids() {
    const postmaster = Number((await fs.readFile(path.join(postgres.dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    const children: number[] = [];
    for (const entry of await fs.readdir('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) children.push(Number(entry));
    }
    return [postmaster, ...children];
  }

  return {
    get postgres() {
      return postgres;
    },
    async restartDatabase() {
      postgres = await startEmbeddedPostgres(root);
    },
    databaseUrl,
    servers,
    pids,
    async sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ ...postgres.connection, database: CLUSTER_DATABASE });
      await client.connect();
      try {
        await inTheClub(client);
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    expectAllAlive() {
      for (const server of servers) {
        expect(server.process.exitCode, server.output()).toBeNull();
        expect(alive(server.process.pid!)).toBe(true);
      }
    },
    async stop() {
      for (const pid of await pids().catch(() => [])) {
        try {
          process.kill(pid, 'SIGCONT');
        } catch {
          // already gone
        }
      }
      for (const server of servers) {
        await server.stop().catch(() => undefined);
        await server.cleanup().catch(() => undefined);
      }
      await postgres.stop();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
