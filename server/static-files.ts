import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/**
 * The browser files (build/client: Vite's hashed assets under /assets, and the files of public/)
 * served from memory. They are read once at start-up with their pre-compressed variants
 * (`.br`/`.gz`, written by scripts/build-server.mjs; made here once when missing), so a request
 * costs a Map lookup and a write: no file system call, no compression, no stream.
 *
 * - Encoding: brotli, else gzip, else identity, by the request's Accept-Encoding (q-values honoured);
 *   `Vary: Accept-Encoding` on every file that has variants.
 * - Validation: a strong ETag per file and encoding (from the content's hash); If-None-Match with
 *   any of the file's tags is answered 304.
 * - Caching: hashed assets (`/assets/…`) are immutable for a year; other files for a day.
 * - Only the files found at start-up are served: a path is looked up as a key, never joined to a
 *   directory, so `..` and encoded slashes cannot reach anything else. An unknown `/assets/…` path
 *   is 404 at once; any other unknown path goes on to the pages.
 * See docs/decisions/024-memory-caching-and-static-files.md.
 */

/** Smaller files are not worth compressing (one TCP packet either way). */
const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml|map|webmanifest|ico)$/;
const ASSETS_PREFIX = '/assets/';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const PUBLIC_FILE_CACHE_CONTROL = 'public, max-age=86400';
/** The service worker and the script it imports: checked on every load, so a new version is picked up at once (issue 35). */
export const SERVICE_WORKER_FILES = new Set(['/sw.js', '/sw-push.js']);
const cacheControlOf = (urlPath: string) =>
  urlPath.startsWith(ASSETS_PREFIX) ? IMMUTABLE : SERVICE_WORKER_FILES.has(urlPath) ? 'no-cache' : PUBLIC_FILE_CACHE_CONTROL;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

type Encoding = 'br' | 'gzip' | 'identity';

interface Variant {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

interface StaticFile {
  type: string;
  cacheControl: string;
  variants: Partial<Record<Encoding, Variant>>;
  /** Every ETag of the file (any of them in If-None-Match means the client has it). */
  etags: string[];
}

export interface StaticFiles {
  files: Map<string, StaticFile>;
  /** Bytes held, all variants counted. */
  bytes: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

const readIfExists = (file: string) => fs.readFile(file).catch(() => undefined);
const view = (b: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/** Reads every file under `root` (once, at start-up). */
export async function loadStaticFiles(root: string): Promise<StaticFiles> {
  const files = new Map<string, StaticFile>();
  let bytes = 0;
  for await (const full of walk(root)) {
    if (/\.(br|gz)$/.test(full) && (await fs.stat(full.slice(0, -3)).catch(() => undefined))) continue; // a variant of a file
    const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
    const content = await fs.readFile(full);
    const hash = createHash('sha256').update(content).digest('base64url').slice(0, 22);
    const variants: StaticFile['variants'] = { identity: { body: view(content), etag: `"${hash}"` } };
    if (COMPRESSIBLE.test(full) && content.byteLength >= COMPRESS_MIN_BYTES) {
      const br = (await readIfExists(`${full}.br`)) ?? brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      const gz = (await readIfExists(`${full}.gz`)) ?? gzipSync(content, { level: 9 });
      // A variant that does not save anything is not worth a header.
      if (br.byteLength < content.byteLength) variants.br = { body: view(br), etag: `"${hash}-br"` };
      if (gz.byteLength < content.byteLength) variants.gzip = { body: view(gz), etag: `"${hash}-gz"` };
    }
    for (const v of Object.values(variants)) bytes += v.body.byteLength;
    files.set(urlPath, {
      type: TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: cacheControlOf(urlPath),
      variants,
      etags: Object.values(variants).map((v) => v.etag),
    });
  }
  return { files, bytes };
}

/** The best encoding this file has for this Accept-Encoding: br, then gzip (by q-value), else identity. */
export function chooseEncoding(acceptEncoding: string | undefined, has: Partial<Record<Encoding, unknown>>): Encoding {
  if (!acceptEncoding || (!has.br && !has.gzip)) return 'identity';
  let best: Encoding = 'identity';
  let bestQ = 0;
  let identityQ: number | undefined;
  let wildcardQ: number | undefined;
  const explicit = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const type = name.trim().toLowerCase();
    const value = Number.isFinite(q) ? q : 0;
    if (type === '*') wildcardQ = value;
    else if (type === 'identity') identityQ = value;
    else explicit.set(type, value);
  }
  for (const encoding of ['br', 'gzip'] as const) {
    if (!has[encoding]) continue;
    const q = explicit.get(encoding) ?? (encoding === 'gzip' ? explicit.get('x-gzip') : undefined) ?? wildcardQ ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  // identity is acceptable unless refused; it wins only when no compressed variant is wanted more.
  if (best !== 'identity' && (identityQ ?? 0) > bestQ) return 'identity';
  return best;
}

function matches(ifNoneMatch: string, etags: string[]) {
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || etags.includes(t.replace(/^W\//, ''));
  });
}

/** An HTML file is a page: it carries every security header. */
const PAGE_TYPE = /^(text\/html|application\/xhtml)/;
/** An SVG (or XML) file can be opened as a document and run script: its CSP (frame-ancestors too) goes with it. */
const SCRIPTABLE_TYPE = /^(image\/svg\+xml|application\/xml|text\/xml)/;
/** What a script, stylesheet, font or bitmap needs of them; the rest only ever applies to pages. */
const SUBRESOURCE_HEADERS = new Set(['x-content-type-options', 'cross-origin-resource-policy']);

/**
 * The security headers for one file: all of them for an HTML page; for the rest, only those that mean
 * something on a subresource, plus the CSP for an SVG (its frame-ancestors also forbids framing it).
 * Framing, referrer, HSTS and the like are read from pages only, and the home page's seventeen other
 * requests repeating them cost about 12 KB (the home page's transfer budget: README, Accessibility and Lighthouse).
 */
export function headersFor(type: string, all: Record<string, string>): Record<string, string> {
  if (PAGE_TYPE.test(type)) return all;
  const scriptable = SCRIPTABLE_TYPE.test(type);
  return Object.fromEntries(
    Object.entries(all).filter(([name]) => SUBRESOURCE_HEADERS.has(name.toLowerCase()) || (scriptable && name.toLowerCase() === 'content-security-policy')),
  );
}

/**
 * Serves the loaded files; `headers` (the security headers, without a nonce) are added to each
 * answer as headersFor says.
 */
export function serveStaticFiles(staticFiles: StaticFiles, headers: () => Record<string, string>): MiddlewareHandler {
  const { files } = staticFiles;
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const pathname = c.req.path;
    const file = files.get(pathname);
    if (!file) {
      if (pathname.startsWith(ASSETS_PREFIX)) return c.body('Not found', 404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', ...headers() });
      return next();
    }
    const encoding = chooseEncoding(c.req.header('accept-encoding'), file.variants);
    const variant = file.variants[encoding] ?? file.variants.identity!;
    const answer: Record<string, string> = { ...headersFor(file.type, headers()), 'Cache-Control': file.cacheControl, ETag: variant.etag };
    if (file.variants.br || file.variants.gzip) answer.Vary = 'Accept-Encoding';
    const ifNoneMatch = c.req.header('if-none-match');
    if (ifNoneMatch && matches(ifNoneMatch, file.etags)) return c.body(null, 304, answer);
    answer['Content-Type'] = file.type;
    answer['Content-Length'] = String(variant.body.byteLength);
    if (encoding !== 'identity') answer['Content-Encoding'] = encoding;
    return method === 'HEAD' ? c.body(null, 200, answer) : c.body(variant.body, 200, answer);
  };
}
