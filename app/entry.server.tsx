import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { isDatabaseOutage } from '../server/services/errors';
import { NonceContext } from './lib/page-scripts';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';

export const streamTimeout = 5_000;

/**
 * Pages are rendered whole (onAllReady) rather than streamed: they are small, and complete HTML
 * is what crawlers, link previews and the page cache want. The CSP nonce of this response is
 * handed to React Router's scripts, and to the layout's own (NonceContext).
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
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        onAllReady() {
          settled = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-cache');
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          responseStatusCode = 500;
          if (settled) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
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
