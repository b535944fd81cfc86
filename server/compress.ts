import { brotliCompressSync, constants, deflateSync, gzipSync, zstdCompressSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress, COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/compress';
import { readSessionCookie } from '../shared/auth';
import { renderedBodyOf } from '../shared/rendered-body';
import { isPublicPath, responseEncoding } from './cache';

const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;
/** An answer the public cache will keep is compressed once for many visitors: the smallest output. */
const LEVEL_CACHED = 9;
/**
 * …and in brotli, to every browser that takes it (all current ones): on the fixtures page (52 KB)
 * quality 6 gives 6.5 KB in 0.7 ms against gzip level 9's 7.5 KB in 1.1 ms. Quality 11 would save
 * another 10 % at 60 ms, too slow for a page the cache drops on every content change (an order).
 */
const BROTLI_QUALITY_CACHED = 6;
/** A page made for one request, to a browser that takes brotli but not Zstandard (Safari): a fast quality. */
const BROTLI_QUALITY_FRESH = 4;
/**
 * A page made for one request (a signed-in page): a fast level. On a 44 KB page,
 * level 4 costs 0.37 ms of CPU against 0.53 ms for the default 6, for 3 % more bytes.
 */
const LEVEL_FRESH = 4;
/**
 * A page made for one request, to a browser that takes Zstandard (Chrome, Edge and Firefox do): half
 * the CPU of gzip at level 4 for the same size (a 33 KB news page: 0.06 ms and 5.5 KB against
 * 0.12 ms and 5.4 KB). Cached pages are brotli (or gzip): one stored copy per encoding serves every browser.
 */
const ZSTD_LEVEL_FRESH = 3;

/** Whether Accept-Encoding names Zstandard with a q-value above 0. */
export function acceptsZstd(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [type, ...params] = part.trim().split(';');
    if (type.trim().toLowerCase() !== 'zstd') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Compresses pages as hono's compress() does (same rules, by Accept-Encoding: brotli, then gzip, then deflate,
 * compressible types only, none below `threshold` bytes, none with no-transform, Vary set), but the
 * whole body at once, instead of through a CompressionStream chunk by chunk. On the main thread:
 * it is a fraction of a millisecond, and zlib's thread pool would cost more CPU in hand-offs and
 * more memory (a malloc arena and a zlib state per thread). Our answers are small and complete (pages are rendered whole,
 * app/entry.server.tsx), and a signed-in page rendered on every request spent a fifth of its CPU
 * on the stream's bookkeeping. The public cache keys its entries on the same choice of encoding
 * (responseEncoding). Static files do not come here: they are served pre-compressed (static-files.ts).
 */
export function compressAnswers(options: { threshold: number }): MiddlewareHandler {
  const { threshold } = options;
  const streaming = compress({ threshold });
  return async function compressAnswers(c, next) {
    await next();
    const res = c.res;
    // Pages (HTML, rendered whole) are compressed here; everything else (API JSON, feeds, files
    // sent by the API) as before, by hono's compress(), which leaves a kept-alive connection
    // exactly as it was for answers sent before their request body was read (server/http.ts).
    if (!/^text\/html\b/i.test(res.headers.get('Content-Type') ?? '')) return streaming(c, async () => undefined);
    const length = res.headers.get('Content-Length');
    if (
      res.status === 206 ||
      !res.body ||
      c.req.method === 'HEAD' ||
      res.headers.has('Content-Encoding') ||
      res.headers.has('Transfer-Encoding') ||
      (length && Number(length) < threshold) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '') ||
      NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const headers = new Headers(res.headers);
    const vary = headers.get('Vary');
    if (vary !== '*' && !(vary && VARY_ACCEPT_ENCODING.test(vary))) headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = responseEncoding(c.req.header('Accept-Encoding'));
    // A page React rendered carries its bytes (shared/rendered-body.ts): no second copy of them.
    const rendered = renderedBodyOf(res);
    const body = rendered ?? new Uint8Array(await res.arrayBuffer());
    if (encoding === 'identity' || body.byteLength < threshold) {
      c.res = undefined;
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    const cached = c.req.method === 'GET' && isPublicPath(c.req.path) && !c.req.header('authorization') && !readSessionCookie(c.req.header('cookie'));
    const zstd = !cached && acceptsZstd(c.req.header('Accept-Encoding'));
    const level = cached ? LEVEL_CACHED : LEVEL_FRESH;
    const compressed = zstd
      ? zstdCompressSync(body, { params: { [constants.ZSTD_c_compressionLevel]: ZSTD_LEVEL_FRESH } })
      : encoding === 'br'
        ? brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: cached ? BROTLI_QUALITY_CACHED : BROTLI_QUALITY_FRESH,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            },
          })
        : encoding === 'gzip'
          ? gzipSync(body, { level })
          : deflateSync(body, { level });
    headers.set('Content-Encoding', zstd ? 'zstd' : encoding);
    headers.set('Content-Length', String(compressed.byteLength));
    const etag = headers.get('ETag');
    if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    c.res = undefined;
    c.res = new Response(new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength), { status: res.status, statusText: res.statusText, headers });
  };
}
