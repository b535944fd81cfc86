// Bundles the server (server/main.ts and what it imports) into build/server/main.js, writes the
// common-password list beside it, and pre-compresses the browser assets so they are served as brotli or gzip without work per request.
import { build } from 'esbuild';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'build/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// The common-password list the server checks new passwords against, ready to read (server/auth/common-password-list.ts).
const { dictionary } = await import('@zxcvbn-ts/language-common');
const common = new Set(dictionary['passwords-common'].filter((word) => word.length >= 8).map((word) => word.toLowerCase()));
await writeFile('build/server/common-passwords.txt', `\n${[...common].join('\n')}\n`);

const COMPRESSIBLE = /\.(js|css|svg|json|html|txt|xml|map|webmanifest)$/;
async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}
let count = 0;
for await (const file of files('build/client')) {
  if (!COMPRESSIBLE.test(file) || (await stat(file)).size < 1024) continue;
  const content = await readFile(file);
  await writeFile(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  count++;
}
console.log(`server bundled; ${count} browser files pre-compressed`);
