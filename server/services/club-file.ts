/**
 * Take your club and leave (issue 36, point 6): the whole club as one file, and that file brought
 * into another install's first run. The file is the app's own backup (docs/decisions/008-backups.md,
 * the same writer and restore), without what belongs to the install rather than the club: its
 * sign-ins, its sign-in counters and its setup code (CLUB_FILE_LEAVES_EMPTY, written as empty tables).
 * Nothing is held in memory whole: the file is written to a private folder in DATA_DIR and streamed
 * from there; an upload is streamed to disk, counted against CLUB_FILE_MAX_BYTES as it comes.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { conflict, DomainError, invalid, isDomainError } from '../../shared/errors';
import type { SessionUser } from '../../shared/roles';
import { clubDateOf } from '../../shared/dates';
import { BackupError, createBackup, restoreBackup, type BackupManifest } from '../db/backup';
import type { Db } from '../db/client';
import { clubFileDownloads, settings } from '../db/schema';
import { identityOf } from './club-identity';
import { mayDownloadClubFile, must } from '../policy';
import type { createSetupService } from './setup';

/**
 * Tables that belong to the install, not the club: a club file holds them empty (and an import empties them).
 * The club's own web addresses too: they point at the install the club leaves, and are added and verified again at the next.
 */
export const CLUB_FILE_LEAVES_EMPTY = ['sessions', 'login_throttle', 'setup_code', 'club_domains'] as const;
/** The largest club file an install takes (uploads are at most 10 MB each; a club with hundreds fits). */
export const CLUB_FILE_MAX_BYTES = 1024 * 1024 * 1024;
/** How many downloads the admin sees beside the button. */
export const CLUB_FILE_DOWNLOADS_SHOWN = 20;

export const ONLY_ADMINS_DOWNLOAD = "Only the club's admins can download the whole club: it holds everyone's personal data.";
export const NOT_A_CLUB_FILE =
  'This file is not a club file, or it is damaged. Download it again on your old site (Settings → Your club’s data → Download everything) and bring that file. Nothing was stored.';
export const NEWER_CLUB_FILE =
  'This club file was made by a newer version of the club website than this one. Update this install to the latest version, then bring the file again. Nothing was stored.';
export const EMPTY_CLUB_FILE = 'This club file holds no club: it was made before that site was set up. Nothing was stored.';
export const NO_CLUB_FILE = 'Choose your club file (it ends in .club.tar.gz).';
export const UPLOAD_CUT_OFF = 'The club file did not arrive whole (the connection was cut off): nothing was stored. Try again.';
export const CLUB_FILE_TOO_LARGE = (maxBytes: number) =>
  `The club file is too large: this install takes files up to ${Math.round(maxBytes / (1024 * 1024))} MB. Nothing was stored.`;

const tooLarge = (maxBytes: number) => new DomainError('too_large', CLUB_FILE_TOO_LARGE(maxBytes));

/** `riverside-rovers-2026-11-28.club.tar.gz`: the club's name and the day (in the club's time zone). */
export function clubFileName(clubName: string, now = new Date()) {
  const slug =
    clubName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'club';
  return `${slug}-${clubDateOf(now)}.club.tar.gz`;
}

/** Counts the bytes going through; past `maxBytes` it fails with 413 (the rest is never written). */
function byteLimit(maxBytes: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
}

/** A refused file in plain words (the backup's own messages name server paths and npm commands). */
function plainWords(error: unknown): unknown {
  if (!(error instanceof BackupError)) return error;
  return invalid(error.newerApp ? NEWER_CLUB_FILE : NOT_A_CLUB_FILE);
}

/** The club the request is for (the connection's club, ADR 065). */
async function currentClub(db: Db) {
  const { rows } = await db.execute<{ id: string | null }>(sql`select nullif(current_setting('app.club_id', true), '') as id`);
  if (!rows[0]?.id) throw new Error('No club here');
  return rows[0].id;
}

/** Streams the upload to `file`; too large is said as such, anything else is an upload that stopped half way. */
async function receive(body: WebReadableStream<Uint8Array>, file: string, maxBytes: number) {
  try {
    await pipeline(Readable.fromWeb(body), byteLimit(maxBytes), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    if (isDomainError(error)) throw error;
    throw invalid(UPLOAD_CUT_OFF);
  }
}

export interface ClubFileDownload {
  stream: Readable;
  fileName: string;
  bytes: number;
}

/**
 * A pool of one connection to the app's database without the app's short statement bounds (a
 * request's 3 seconds): writing or restoring a whole club takes longer. Ended after the job.
 */
async function ownConnection<T>(db: Db, job: (pool: pg.Pool) => Promise<T>): Promise<T> {
  // drizzle(pool) keeps the pool as $client (the Db type leaves it out): its connection settings are the app's.
  const appPool = (db as unknown as { $client: pg.Pool }).$client;
  const pool = new pg.Pool({
    ...appPool.options,
    max: 1,
    statement_timeout: 0,
    query_timeout: 0,
    lock_timeout: 30_000,
    idle_in_transaction_session_timeout: 60_000,
  });
  pool.on('error', () => undefined);
  try {
    return await job(pool);
  } finally {
    await pool.end();
  }
}

/** A private folder in `root` (mode 0700), removed after `job` whatever happens. */
async function privateFolder<T>(root: string, prefix: string, job: (dir: string) => Promise<T>): Promise<T> {
  await fs.mkdir(root, { recursive: true });
  const dir = await fs.mkdtemp(path.join(root, prefix));
  try {
    return await job(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

/** One club's file (by its id), written to a private folder and opened; the folder is gone when it returns. */
function clubFileOpened(db: Db, root: string, club: string) {
  return privateFolder(root, '.club-file-out-', async (dir) => {
    const file = path.join(dir, 'club.tar.gz');
    await ownConnection(db, (pool) => createBackup(pool, { file, leaveEmpty: CLUB_FILE_LEAVES_EMPTY, club }));
    // Opened before its folder goes: the open file is read to its end, and nothing is left on disk.
    return fs.open(file);
  });
}

export function createClubFileService(db: Db, options: { setup: ReturnType<typeof createSetupService>; dataDir?: string; maxBytes?: number }) {
  const maxBytes = options.maxBytes ?? CLUB_FILE_MAX_BYTES;
  const workRoot = () => options.dataDir ?? os.tmpdir();

  const withOwnConnection = <T>(job: (pool: pg.Pool) => Promise<T>) => ownConnection(db, job);
  const inPrivateFolder = <T>(prefix: string, job: (dir: string) => Promise<T>) => privateFolder(workRoot(), prefix, job);
  const writeClubFile = (club: string) => clubFileOpened(db, workRoot(), club);

  /** The club's name as the database holds it now (after an import, the file's club). */
  const clubName = async () => identityOf((await db.select().from(settings).where(eq(settings.id, 1)))[0]).club_name;

  return {
    maxBytes,

    /**
     * Any club's file by its id, for the host's operator (GET /api/hosting/clubs/{id}/export): the
     * same file its admins download; `fileName` from the name given.
     */
    async writeFor(clubId: string, clubName: string): Promise<ClubFileDownload> {
      const handle = await writeClubFile(clubId);
      const { size } = await handle.stat();
      return { stream: handle.createReadStream(), fileName: clubFileName(clubName), bytes: size };
    },

    /**
     * The whole club as one file, for an admin (mayDownloadClubFile). The download is recorded
     * (who, when) after the snapshot, so a file never lists its own download.
     */
    async download(user: SessionUser | null): Promise<ClubFileDownload> {
      const actor = await must(db, user, mayDownloadClubFile, ONLY_ADMINS_DOWNLOAD);
      const handle = await writeClubFile(await currentClub(db));
      try {
        const { size } = await handle.stat();
        await db.insert(clubFileDownloads).values({ downloaded_by: actor.id, downloaded_by_name: actor.name, bytes: size });
        return { stream: handle.createReadStream(), fileName: clubFileName(await clubName()), bytes: size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    /** Who downloaded the club file, and when (newest first): for the admins. */
    async downloads(user: SessionUser | null) {
      await must(db, user, mayDownloadClubFile, ONLY_ADMINS_DOWNLOAD);
      const rows = await db.select().from(clubFileDownloads).orderBy(desc(clubFileDownloads.created_at)).limit(CLUB_FILE_DOWNLOADS_SHOWN);
      return rows.map((r) => ({ downloaded_by_name: r.downloaded_by_name, bytes: r.bytes, created_at: r.created_at.toISOString() }));
    },

    /**
     * Brings a club file into this install's first run: only before a club exists (409), with the
     * setup code (403/429), a file of at most `maxBytes` (413). A file that is not a club file, is
     * damaged, unsafe, empty or from a newer app is refused (422) and nothing is stored. The club's
     * admins then sign in with their own passwords.
     */
    async bring(request: { setupCode?: string; address?: string; body: WebReadableStream<Uint8Array> | null; declaredBytes?: number }) {
      await options.setup.mayBringClubFile(request);
      if (request.declaredBytes !== undefined && request.declaredBytes > maxBytes) throw tooLarge(maxBytes);
      if (!request.body || request.declaredBytes === 0) throw invalid(NO_CLUB_FILE);
      const body = request.body;
      return inPrivateFolder('.club-file-in-', async (dir) => {
        const file = path.join(dir, 'club.tar.gz');
        await receive(body, file, maxBytes);
        if ((await fs.stat(file)).size === 0) throw invalid(NO_CLUB_FILE);
        try {
          // The rows go under this install's club (its id and address stay; its name becomes the file's).
          const intoClub = await currentClub(db);
          const { manifest, counts } = await withOwnConnection((pool) =>
            restoreBackup(pool, {
              file,
              workDir: dir,
              intoClub,
              checkManifest: (m: BackupManifest) => {
                if (!m.tables?.database_initialization) throw invalid(EMPTY_CLUB_FILE);
              },
              // The lock makes a concurrent /initialize or a second import wait, then find the club.
              beforeReplace: async (client) => {
                await client.query('LOCK TABLE database_initialization IN ACCESS EXCLUSIVE MODE');
                const { rowCount } = await client.query('SELECT 1 FROM database_initialization');
                if (rowCount) throw conflict('This install already has a club. A club file can only be brought to a new, empty install.');
              },
            }),
          );
          return { club_name: await clubName(), created_at: manifest.created_at, rows: Object.values(counts).reduce((a, b) => a + b, 0) };
        } catch (error) {
          throw plainWords(error);
        }
      });
    },
  };
}

export type ClubFileService = ReturnType<typeof createClubFileService>;
