/**
 * npm run db:restore <file>: replaces the database's content (uploaded files included) with a backup
 * made by npm run db:backup (any version: a format 1 backup's uploads/ folder is stored in the database). Stop the app first. See README "Backups".
 */
import path from 'node:path';
import { loadConfig } from '../server/config';
import { BackupError, openForMaintenance, restoreBackup } from '../server/db/backup';
import { setLogLevel } from '../server/log';

async function main() {
  const arg = process.argv[2];
  if (!arg) {
    console.error('Usage: npm run db:restore <backup file>   (e.g. npm run db:restore backups/club-20261122-053800.tar.gz)');
    process.exit(2);
  }
  const file = path.resolve(arg);
  const config = loadConfig();
  setLogLevel('warn');
  const connection = await openForMaintenance(config, 'restore');
  try {
    console.log(`Restoring ${file} into ${connection.via}`);
    const { manifest, counts } = await restoreBackup(connection.pool, { file, workDir: connection.dataDir });
    for (const [table, count] of Object.entries(counts)) console.log(`  ${table.padEnd(24)} ${count}`);
    console.log(`  uploaded files           ${counts.upload_contents} (the backup had ${manifest.uploads.files})`);
    console.log(`Restored the backup taken at ${manifest.created_at}.`);
  } finally {
    await connection.close();
  }
}

main().catch((error) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
