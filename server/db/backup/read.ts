/** Reading a backup file: its manifest, and its extraction into a staging folder (refusing anything but plain files and folders). */
import { existsSync } from 'node:fs';
import * as tar from 'tar';
import { BackupError, checkManifest, unreadable } from './format';

/** Reads and checks a backup file's manifest, without extracting anything. */
export async function readBackup(file: string) {
  if (!existsSync(file)) throw new BackupError(`No such backup file: ${file}`);
  let raw: string | undefined;
  try {
    await tar.list({
      file,
      strict: true,
      filter: (name) => name.replace(/^(\.\/)+/, '') === 'manifest.json',
      onReadEntry: (entry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => (raw = Buffer.concat(chunks).toString('utf8')));
      },
    });
  } catch (error) {
    throw unreadable(file, error);
  }
  return { manifest: checkManifest(raw, file) };
}

/** Regular files and folders, by a relative path that stays inside: all a backup ever holds. */
const SAFE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory']);

function unsafeEntry(name: string, type: string) {
  if (!SAFE_TYPES.has(type)) return `a ${type} entry, not a file or folder`;
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  if (name.split(/[\\/]/).includes('..')) return "a path with '..'";
  return null;
}

/**
 * Extracts a backup into `dir`. An archive with anything else than plain files and folders
 * under relative paths (absolute paths, `..`, links, devices) is refused: such entries are never
 * written, and the restore stops before touching the database. So is a damaged one.
 */
export async function extractBackup(file: string, dir: string) {
  const refused: string[] = [];
  const warnings: string[] = [];
  try {
    // Not `strict`: a damaged entry is a warning, so extraction still runs to its end (nothing
    // left writing into the staging folder while it is removed), and any warning fails it below.
    await tar.extract({
      file,
      cwd: dir,
      preserveOwner: false, // files belong to whoever restores, even as root
      onwarn: (code, message) => warnings.push(`${code}: ${message}`),
      filter: (name, entry) => {
        const problem = unsafeEntry(name, 'type' in entry ? entry.type : 'Unsupported');
        if (problem) refused.push(`${name} (${problem})`);
        return !problem;
      },
    });
  } catch (error) {
    throw unreadable(file, error);
  }
  if (refused.length > 0) {
    throw new BackupError(
      `${file} is refused: it holds entries no backup made by npm run db:backup has: ${refused.slice(0, 5).join(', ')}${refused.length > 5 ? ', …' : ''}`,
    );
  }
  if (warnings.length > 0) throw unreadable(file, new Error(warnings.slice(0, 3).join('; ')));
}
