// Shared by the bench's scripts (scripts/bench.mjs, scripts/bench-hosting.mjs): a free port, waiting for
// /api/health, and the memory sampler (node + every PostgreSQL process of a data directory, from /proc).
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

export const round = (n, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(HOST = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once GET /api/health answers ok (polled every pollMs: the start-up time's resolution). */
export async function waitForHealth(base, child, timeoutMs = 60_000, pollMs = 200) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(pollMs);
  }
  throw new Error('the server did not answer /api/health in time');
}

// ---- memory: node + every postgres process of this data directory, from /proc -------------------

async function readKb(pid, file, field) {
  try {
    const text = await fs.readFile(`/proc/${pid}/${file}`, 'utf8');
    const match = text.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

async function findPostmasterPid(dataDir) {
  // The embedded server's data directory is somewhere under DATA_DIR; postmaster.pid names the server.
  const stack = [[dataDir, 0]];
  while (stack.length) {
    const [dir, depth] = stack.pop();
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isFile() && entry.name === 'postmaster.pid') {
        const pid = Number((await fs.readFile(full, 'utf8')).split('\n')[0]);
        if (pid > 0) return pid;
      } else if (entry.isDirectory() && depth < 3 && entry.name !== 'uploads' && entry.name !== 'base' && entry.name !== 'pg_wal') {
        stack.push([full, depth + 1]);
      }
    }
  }
  return undefined;
}

async function childrenOf(pid) {
  const kids = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = await fs.readFile(`/proc/${name}/status`, 'utf8');
      if (status.match(/^PPid:\s+(\d+)/m)?.[1] === String(pid)) kids.push(Number(name));
    } catch {
      // gone
    }
  }
  return kids;
}

export function startMemorySampler(nodePid, dataDir) {
  const peak = { rssKb: 0, nodeKb: 0, postgresKb: 0, pssKb: 0, samples: 0, postgresProcesses: 0 };
  let phase = { rssKb: 0, nodeKb: 0, postgresKb: 0 };
  let stopped = false;
  let postmaster;
  const loop = (async () => {
    while (!stopped) {
      postmaster ??= await findPostmasterPid(dataDir);
      const pgPids = postmaster ? [postmaster, ...(await childrenOf(postmaster))] : [];
      const nodeKb = await readKb(nodePid, 'status', 'VmRSS');
      let postgresKb = 0;
      let pssKb = await readKb(nodePid, 'smaps_rollup', 'Pss');
      for (const pid of pgPids) {
        postgresKb += await readKb(pid, 'status', 'VmRSS');
        pssKb += await readKb(pid, 'smaps_rollup', 'Pss');
      }
      peak.samples++;
      if (nodeKb + postgresKb > phase.rssKb) phase = { rssKb: nodeKb + postgresKb, nodeKb, postgresKb };
      if (nodeKb + postgresKb > peak.rssKb) {
        peak.rssKb = nodeKb + postgresKb;
        peak.nodeKb = nodeKb;
        peak.postgresKb = postgresKb;
        peak.postgresProcesses = pgPids.length;
      }
      peak.pssKb = Math.max(peak.pssKb, pssKb);
      await sleep(200);
    }
  })();
  return {
    /** The peak since the last call (per target). */
    takePhase() {
      const result = phase;
      phase = { rssKb: 0, nodeKb: 0, postgresKb: 0 };
      return { rss_mb: round(result.rssKb / 1024, 1), node_mb: round(result.nodeKb / 1024, 1), postgres_mb: round(result.postgresKb / 1024, 1) };
    },
    async stop() {
      stopped = true;
      await loop;
      return peak;
    },
  };
}
