import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { log } from '../log';

/** Stored names are random base64url plus an extension: nothing else is ever looked up on disk. */
const STORED_NAME = /^[A-Za-z0-9_-]+\.[a-z]+$/;

export interface UploadFileMigration {
  /** Files whose bytes this call stored in the database. */
  migrated: number;
  /** Uploads without bytes in the database and without a file in this DATA_DIR/uploads. */
  missing: number;
}

/**
 * Before the uploads moved into the database (docs/decisions/013-uploads-in-the-database.md) their
 * bytes were files under DATA_DIR/uploads. Copies each file whose upload row has no bytes yet into
 * upload_contents. Safe on every start and from several processes at once: one INSERT … ON
 * CONFLICT DO NOTHING per file, each its own transaction, so a crash loses nothing and a second run
 * (or a second process) stores nothing twice. Cheap once done: one query finds nothing to do.
 *
 * The old files are left where they are, never removed: the previous app version still needs them
 * if the upgrade is rolled back, and deleting files is the one step here that could lose data.
 */
export async function moveUploadFilesIntoDatabase(pool: pg.Pool, dataDir: string): Promise<UploadFileMigration> {
  const { rows: pending } = await pool.query<{ id: string; stored_name: string }>(
    `SELECT u.id, u.stored_name FROM uploads u
      WHERE NOT EXISTS (SELECT 1 FROM upload_contents c WHERE c.upload_id = u.id)
      ORDER BY u.created_at`,
  );
  if (pending.length === 0) return { migrated: 0, missing: 0 };

  const directory = path.join(dataDir, 'uploads');
  let migrated = 0;
  let missing = 0;
  for (const upload of pending) {
    let bytes: Buffer;
    try {
      if (!STORED_NAME.test(upload.stored_name)) throw new Error('not a stored name');
      bytes = await fs.readFile(path.join(directory, upload.stored_name));
    } catch {
      missing++;
      continue;
    }
    // One file in memory at a time (at most 10 MB); the upload may have been removed meanwhile.
    const inserted = await pool.query(
      `INSERT INTO upload_contents (upload_id, bytes) SELECT id, $2 FROM uploads WHERE id = $1 ON CONFLICT (club_id, upload_id) DO NOTHING`,
      [upload.id, bytes],
    );
    if (inserted.rowCount === 1) migrated++;
  }
  if (migrated > 0) {
    log.info(
      `Moved ${migrated} uploaded file(s) from ${directory} into the database; the folder is no longer used and may be deleted once a backup is taken`,
    );
  }
  if (missing > 0) {
    log.warn(`${missing} upload(s) have no bytes in the database and no file in ${directory}: they answer 404 until their file is put back and the app restarted`);
  }
  return { migrated, missing };
}
