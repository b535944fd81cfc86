import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../tests/support/api';
import { createApp } from './app';
import { chooseEncoding, IMMUTABLE, loadStaticFiles, PUBLIC_FILE_CACHE_CONTROL } from './static-files';

const t = await createTestContext();

// A build/client of our own: a hashed asset (compressible, big enough), a public file, a tiny file,
// an image; and, beside the directory, a file that must never be served.
const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'club-static-test-'));
afterAll(() => fs.rm(parent, { recursive: true, force: true }));
const root = path.join(parent, 'client');
await fs.mkdir(path.join(root, 'assets'), { recursive: true });
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;
await fs.writeFile(path.join(root, 'assets', 'entry-AbC123.js'), script);
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`;
await fs.writeFile(path.join(root, 'favicon.svg'), svg);
await fs.writeFile(path.join(root, 'tiny.txt'), 'hi');
await fs.writeFile(path.join(root, 'sw.js'), "importScripts('/sw-push.js');\n");
const png = randomBytes(2000);
await fs.writeFile(path.join(root, 'logo.png'), png);
await fs.writeFile(path.join(parent, 'secret.txt'), 'TOP SECRET');

const staticFiles = await loadStaticFiles(root);
const app = createApp({ services: t.services, staticFiles });
const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => app.request(url, { method, headers });
const ASSET = '/assets/entry-AbC123.js';

describe('static files from memory', () => {
  it('serves brotli, gzip or identity by Accept-Encoding, with Vary and the right length', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.byteLength);
    expect(brotliDecompressSync(brBytes).toString()).toBe(script);

    const gz = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await get(ASSET);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(script);

    // q-values: gzip preferred over br; br refused; identity only.
    expect((await get(ASSET, { 'accept-encoding': 'br;q=0.5, gzip' })).headers.get('content-encoding')).toBe('gzip');
    expect((await get(ASSET, { 'accept-encoding': 'br;q=0, gzip;q=0.1' })).headers.get('content-encoding')).toBe('gzip');
    expect((await get(ASSET, { 'accept-encoding': 'identity' })).headers.get('content-encoding')).toBeNull();
  });

  it('marks hashed assets immutable for a year and public files for a day, with the security headers', async () => {
    const asset = await get(ASSET);
    expect(asset.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // A script is no document: the document-only headers (CSP, framing, referrer…) are left off.
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('x-frame-options')).toBeNull();

    const icon = await get('/favicon.svg', { 'accept-encoding': 'br' });
    // An SVG can be opened as a document and carry script: it keeps its CSP; a file runs no inline
    // script, so its CSP has no nonce.
    expect(icon.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(icon.headers.get('content-security-policy')).not.toContain('nonce');
    expect(icon.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(icon.headers.get('strict-transport-security')).toBeNull();
    expect(icon.headers.get('cache-control')).toBe(PUBLIC_FILE_CACHE_CONTROL);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(brotliDecompressSync(Buffer.from(await icon.arrayBuffer())).toString()).toBe(svg);

    // Not worth compressing (tiny, or an image): one variant, no Vary.
    const tiny = await get('/tiny.txt', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(tiny.headers.get('vary')).toBeNull();
    expect(await tiny.text()).toBe('hi');
    const image = await get('/logo.png', { 'accept-encoding': 'br, gzip' });
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
  });

  it('has the service worker checked on every load (no-cache), so a new version is picked up at once', async () => {
    const sw = await get('/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers 304 to If-None-Match with the file’s ETag, and 200 to another tag', async () => {
    const first = await get(ASSET, { 'accept-encoding': 'br' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await get(ASSET, { 'accept-encoding': 'gzip' })).headers.get('etag')).not.toBe(etag); // one tag per encoding

    const again = await get(ASSET, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(await again.text()).toBe('');
    // A weak comparison, a list, and the tag of another encoding of the same file all match.
    expect((await get(ASSET, { 'accept-encoding': 'br', 'if-none-match': `"x", W/${etag}` })).status).toBe(304);
    expect((await get(ASSET, { 'if-none-match': etag })).status).toBe(304);

    const changed = await get(ASSET, { 'accept-encoding': 'br', 'if-none-match': '"something-else"' });
    expect(changed.status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await get(ASSET, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(await head.text()).toBe('');
  });

  it('answers 404 to an unknown asset, and leaves other unknown paths to the pages', async () => {
    const missing = await get('/assets/entry-Nope99.js', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-cache');
    // No page renderer here: the app's own 404.
    expect((await get('/no-such-file.txt')).status).toBe(404);
  });

  it('never serves a file outside the directory, however the path is spelled', async () => {
    for (const url of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/secret.txt',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('TOP SECRET');
    }
  });
});

describe('static files: start-up and the encoding choice', () => {
  it('reads each file once at start-up, with its variants', () => {
    expect([...staticFiles.files.keys()].sort()).toEqual([ASSET, '/favicon.svg', '/logo.png', '/sw.js', '/tiny.txt']);
    expect(staticFiles.bytes).toBeGreaterThan(script.length + svg.length + png.length);
  });

  it('picks the encoding a browser asks for', () => {
    const both = { br: 1, gzip: 1, identity: 1 };
    expect(chooseEncoding(undefined, both)).toBe('identity');
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('br', { gzip: 1, identity: 1 })).toBe('identity');
    expect(chooseEncoding('deflate', both)).toBe('identity');
  });
});
