/** Opening the app's database for a backup or a restore, the way the app does (DATABASE_URL, the running app's socket, or the embedded server). */
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { EMBEDDED_DATABASE_NAME, openDatabase } from '../client';
import { findRunningServer } from '../embedded';
import { moveUploadFilesIntoDatabase } from '../upload-files';
import { BackupError } from './format';

/**
 * Connects to the app's database for a backup or restore, the way the app does: DATABASE_URL, or
 * the embedded server in DATA_DIR. When the app is running on DATA_DIR, a backup goes through its
 * socket (a snapshot does not disturb it) and a restore is refused (the running app would keep
 * serving what it has cached). Otherwise the embedded server is started for the job and stopped after.
 * Before a backup, files still under DATA_DIR/uploads from before the uploads moved into the
 * database are moved in (as the app's start does), so the backup has them.
 */
export async function openForMaintenance(
  config: { databaseUrl?: string; dataDir: string },
  purpose: 'backup' | 'restore',
): Promise<{ pool: pg.Pool; dataDir: string; via: string; close(): Promise<void> }> {
  const connection = await connectForMaintenance(config, purpose);
  if (purpose === 'backup') {
    try {
      await moveUploadFilesIntoDatabase(connection.pool, config.dataDir);
    } catch (error) {
      await connection.close();
      throw error;
    }
  }
  return { ...connection, dataDir: config.dataDir };
}

async function connectForMaintenance(
  config: { databaseUrl?: string; dataDir: string },
  purpose: 'backup' | 'restore',
): Promise<{ pool: pg.Pool; via: string; close(): Promise<void> }> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
    return { pool, via: 'DATABASE_URL', close: () => pool.end() };
  }
  const running = await findRunningServer(config.dataDir);
  if (running?.appPid) {
    if (purpose === 'restore') {
      throw new BackupError(
        `The app is running on ${config.dataDir} (process ${running.appPid}). Stop it first, then run npm run db:restore again.`,
      );
    }
    const pool = new pg.Pool({ host: running.socketDir, port: running.port, user: running.user, database: EMBEDDED_DATABASE_NAME, max: 2 });
    return { pool, via: `the running app's database (socket in ${running.socketDir})`, close: () => pool.end() };
  }
  if (purpose === 'backup' && !existsSync(path.join(config.dataDir, 'postgres', 'PG_VERSION'))) {
    throw new BackupError(`There is no database in ${config.dataDir} to back up (set DATA_DIR to the app's data directory).`);
  }
  // Starts the embedded server (recovering one left running by a crash) and applies migrations,
  // as the app's start does; a restore into a new DATA_DIR creates the database first.
  const database = await openDatabase({ dataDir: config.dataDir, poolSize: 2, maintenance: true });
  return { pool: database.pool, via: `the embedded database in ${config.dataDir}`, close: () => database.close() };
}
