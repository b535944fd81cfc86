import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { isDatabaseOutage } from '../server/services/errors';
import { NonceContext } from './lib/page-scripts';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';

export const streamTimeout = 5_000;

/**
 * Pages are rendered whole (onAllReady) rather than streamed: they are small, and complete HTML
 * is what crawlers, link previews and the page cache want. The CSP nonce of this response is
 * handed to React Router's scripts, and to the layout's own (NonceContext). The HTML is collected
 * into one buffer and answered as such: no stream between React and the socket (the compression
 * and the cache take it in one piece, and a signed-in page, rendered every time, spends its CPU on
 * rendering, not on passing chunks).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let settled = false;
    // Cleared once rendered: a pending timer would keep the whole render in memory for seconds.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          settled = true;
          clearTimeout(timer);
          const chunks: Buffer[] = [];
          const body = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
              if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-cache');
              const html = Buffer.concat(chunks);
              resolve(new Response(new Uint8Array(html.buffer, html.byteOffset, html.byteLength), { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(body);
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          responseStatusCode = 500;
          if (settled) console.error(error);
        },
      },
    );
    if (!settled) timer = setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // The database is away: the server answers with its outage page (or a stale copy), not this render.
  if (isDatabaseOutage(error)) {
    context.databaseOutage = true;
    return;
  }
  console.error(`[error] ${request.method} ${new URL(request.url).pathname}:`, error);
};
