import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project folder: the nearest package.json above this module (source or bundle alike). */
export function projectRoot() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project folder (no package.json above the server code).');
    dir = parent;
  }
  return dir;
}
