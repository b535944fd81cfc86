/**
 * npm run db:backup [-- <file>]: a consistent backup of the database, uploaded files included, into
 * one .tar.gz (default backups/club-YYYYMMDD-HHMMSS.tar.gz, or BACKUP_DIR). See README "Backups".
 */
import path from 'node:path';
import { loadConfig } from '../server/config';
import { BackupError, backupFileName, createBackup, openForMaintenance } from '../server/db/backup';
import { setLogLevel } from '../server/log';

async function main() {
  const config = loadConfig();
  setLogLevel('warn');
  const file = path.resolve(process.argv[2] ?? path.join(process.env.BACKUP_DIR || 'backups', backupFileName()));
  const connection = await openForMaintenance(config, 'backup');
  try {
    console.log(`Backing up ${connection.via} (uploaded files included)`);
    const manifest = await createBackup(connection.pool, { file });
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    for (const [table, count] of Object.entries(manifest.tables)) console.log(`  ${table.padEnd(24)} ${count}`);
    console.log(`  uploaded files           ${manifest.uploads.files} (${manifest.uploads.bytes} bytes)`);
    console.log(`Backup written: ${file} (${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.migrations.count} migrations)`);
  } finally {
    await connection.close();
  }
}

main().catch((error) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
