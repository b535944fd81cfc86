/**
 * Backups made by the app itself (see docs/decisions/008-backups.md): one consistent snapshot of
 * every table of the public schema (a REPEATABLE READ, READ ONLY transaction), one JSON line per
 * row, in a .tar.gz with a manifest. Uploaded files are rows too (upload_contents, a bytea column:
 * docs/decisions/013-uploads-in-the-database.md). Restoring checks the manifest against the
 * database's applied migrations, then replaces every table in one transaction.
 *
 * Nothing is held in memory whole: a backup streams each table (a cursor, FETCH_ROWS at a time, one
 * row at a time for a table with a bytea column: a file of up to 10 MB is one row) into a private
 * staging folder beside the destination, which the tar package then packs; a restore extracts the
 * archive into a private staging folder in DATA_DIR (refusing any entry that is not a plain file or
 * folder inside it) and reads the tables from there line by line, in batches bounded in rows and size.
 *
 * Format 1 (before uploads moved into the database) kept the files in an uploads/ folder of the
 * archive; such a backup still restores: its files are stored into upload_contents.
 */

export { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BackupError, NOT_BACKED_UP, type BackupManifest } from './backup/format';
export { backupFileName, createBackup } from './backup/write';
export { readBackup } from './backup/read';
export { restoreBackup } from './backup/restore';
export { openForMaintenance } from './backup/maintenance';
