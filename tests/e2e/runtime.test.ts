import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths';
import { freePort } from '../support/server';

/** ADR 019: the app runs on a supported Node.js (24 LTS), whatever the machine's own Node is. */
const major = (version: string) => Number(/^v?(\d+)/.exec(version)?.[1]);

async function processesUsing(dir: string) {
  let count = 0;
  for (const pid of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes(dir)) count++;
  }
  return count;
}

describe('The runtime', () => {
  it('the tests run on Node.js 24 or newer', () => {
    expect(major(process.version)).toBeGreaterThanOrEqual(24);
  });

  it('`npm start` serves the site on Node.js 24 or newer', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'club-runtime-'));
    await fs.chmod(dataDir, 0o755);
    const port = await freePort();
    // The plain command a club runs, with a PATH that has no Node.js of ours on it.
    const start = spawn('npm', ['start'], {
      cwd: projectRoot(),
      env: { ...process.env, PATH: process.env.PATH!.split(path.delimiter).filter((dir) => !dir.includes('node_modules')).join(path.delimiter), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_PASSWORD: 'runtime-test-password', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    start.stdout!.on('data', (d) => (output += d));
    start.stderr!.on('data', (d) => (output += d));
    try {
      const deadline = Date.now() + 60_000;
      while (!/Club site listening/.test(output)) {
        if (start.exitCode !== null || Date.now() > deadline) throw new Error(`npm start did not come up:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const version = /Node\.js (v\d+\.\d+\.\d+)/.exec(output)?.[1];
      expect(version, output).toBeDefined();
      expect(major(version!)).toBeGreaterThanOrEqual(24);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    } finally {
      process.kill(-start.pid!, 'SIGTERM');
      await new Promise<void>((resolve) => (start.exitCode !== null ? resolve() : start.once('exit', () => resolve())));
      // The app stops its embedded PostgreSQL on SIGTERM: wait (bounded) until nothing runs on the folder.
      for (let i = 0; i < 100 && (await processesUsing(dataDir)) > 0; i++) await new Promise((r) => setTimeout(r, 100));
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
