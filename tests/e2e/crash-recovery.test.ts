import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { alive, E2E_ADMIN_PASSWORD, initializeDatabase, startServer, type RunningServer } from '../support/server';

const WARM_START_GUARD_MS = 10_000;
const servers: RunningServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  await servers[0]?.cleanup();
});

async function login(baseURL: string) {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: E2E_ADMIN_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('Crash safety of the embedded database', () => {
  it('After kill -9 the server starts again without manual clean-up and acknowledged writes are kept', async () => {
    const first = await startServer();
    servers.push(first);
    if (process.env.TEST_DATABASE_URL) return; // nothing embedded to crash
    await initializeDatabase(first.baseURL);
    const token = await login(first.baseURL); // an acknowledged write: the session row

    await first.kill(); // SIGKILL: the embedded PostgreSQL is orphaned, still running

    const started = performance.now();
    const second = await startServer({ dataDir: first.dataDir });
    servers.push(second);
    const startMs = performance.now() - started;
    console.log(`restart after kill -9 answered in ${Math.round(startMs)} ms`);
    expect(second.output()).toContain('left running by a previous run');

    const me = await fetch(`${second.baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    const status = await (await fetch(`${second.baseURL}/api/admin/database-status`)).json();
    expect(status.needs_initialization).toBe(false);
    // The counts are the admin's (issue 30, finding 20): the products themselves show the data survived.
    const products = (await (await fetch(`${second.baseURL}/api/products`)).json()) as unknown[];
    expect(products.length).toBeGreaterThan(0);

    // A clean stop (SIGTERM) then a start on the existing data directory: under 3 seconds.
    await second.stop();
    const t0 = performance.now();
    const third = await startServer({ dataDir: first.dataDir });
    servers.push(third);
    const warmStartMs = performance.now() - t0;
    console.log(`start on an existing data directory answered in ${Math.round(warmStartMs)} ms`);
    // The target is under 3 s on a quiet machine (the existing database is started, not created again);
    // other browser tests run beside this one, so here we only guard against a gross regression
    // such as re-initializing the cluster or waiting out a time-out.
    expect(warmStartMs).toBeLessThan(WARM_START_GUARD_MS);
    expect((await fetch(`${third.baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  // Development mode loads Vite, whose own servers exit the process on SIGTERM: that once cut the
  // shutdown short and left the embedded PostgreSQL running.
  for (const mode of ['production', 'development']) {
    it(`SIGTERM stops the app and its embedded PostgreSQL cleanly (${mode} mode)`, async () => {
      const server = await startServer({ env: { NODE_ENV: mode } });
      let postmaster = 0;
      try {
        expect((await fetch(`${server.baseURL}/api/health`)).status).toBe(200);
        const pidFile = path.join(server.dataDir, 'postgres', 'postmaster.pid');
        postmaster = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
        expect(alive(postmaster)).toBe(true);
        await server.stop();
        expect(server.output()).toContain('Stopped cleanly');
        expect(alive(postmaster)).toBe(false);
        await expect(fs.access(pidFile)).rejects.toThrow();
      } finally {
        await server.kill().catch(() => undefined);
        if (postmaster && alive(postmaster)) process.kill(postmaster, 'SIGINT'); // a failed run leaves no database behind
        await server.cleanup();
      }
    });
  }
});
