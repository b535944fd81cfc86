// The production build (`npm start`'s command) on a free port with a fresh embedded database:
// shared by `npm run lighthouse` and `npm run screenshots`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The production build (`npm start`'s command) on a free port with a fresh data directory. */
export async function startServer({ adminPassword = 'lighthouse-admin-password', prefix = 'club-lighthouse-' } = {}) {
  const entry = path.join(root, 'build', 'server', 'main.js');
  if (!existsSync(entry)) throw new Error('No production build: run `npm run build` first (`npm run lighthouse` does).');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const port = await freePort();
  let output = '';
  // Its own embedded database, never a DATABASE_URL from the shell.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Canonical and og:* links come from PUBLIC_URL, never from the request (issue 30, finding 9).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`Server exited during start-up:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not answer within 60s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

