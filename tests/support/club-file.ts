/** Take your club and leave (issue 36): downloading a club file and bringing it to an install, as a client does. */
import fs from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import type { createTestContext } from './api';

type Install = Awaited<ReturnType<typeof createTestContext>>;

/** A real 1×1 PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** GET /api/club-file as `token`: the answer and its bytes. */
export async function downloadClubFile(install: Install, token?: string) {
  const res = await install.app.request('/api/club-file', { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** POST /api/club-file with the file as the body (and its length, as a browser sends it). */
export async function bringClubFile(install: Install, bytes: Uint8Array | null, setupCode?: string, headers: Record<string, string> = {}) {
  const res = await install.app.request('/api/club-file', {
    method: 'POST',
    headers: {
      'content-type': 'application/gzip',
      ...(bytes ? { 'content-length': String(bytes.length) } : {}),
      ...(setupCode ? { 'x-setup-code': setupCode } : {}),
      ...headers,
    },
    body: bytes ? new Uint8Array(bytes) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { detail: string; [key: string]: unknown } };
}

/** The install's setup code, as the owner reads it in the server log (an install without ADMIN_PASSWORD). */
export async function setupCodeOf(install: Install) {
  const code = await install.services.setup.announceSetupCode();
  if (!code) throw new Error('this install has no setup code: make it with adminPassword: undefined');
  return code;
}

/** An image uploaded by `token` (an admin): its stored address. */
export async function uploadImage(install: Install, token: string) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(PNG_1X1)], 'crest.png'));
  const res = await install.app.request('/api/uploads', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

/** A club file unpacked into `dir`: its manifest and the names of its table files. */
export async function unpackClubFile(bytes: Uint8Array, dir: string) {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, 'club.tar.gz');
  await fs.writeFile(file, bytes);
  await tar.extract({ file, cwd: dir });
  await fs.rm(file);
  const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  const tables = (await fs.readdir(path.join(dir, 'tables'))).sort();
  return { manifest, tables };
}

/** A .tar.gz of `files` (name -> text), as a hand-made or hostile "club file" would be. */
export async function packFiles(dir: string, files: Record<string, string>, options: { preservePaths?: boolean } = {}) {
  const src = path.join(dir, 'src');
  await fs.mkdir(src, { recursive: true });
  for (const [name, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(src, name)), { recursive: true });
    await fs.writeFile(path.join(src, name), text);
  }
  const file = path.join(dir, 'packed.tar.gz');
  await tar.create({ gzip: true, file, cwd: src, preservePaths: options.preservePaths, portable: true }, Object.keys(files));
  return fs.readFile(file);
}
