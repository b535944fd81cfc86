import http from 'node:http';
import type { Socket } from 'node:net';

/** How long, and how much, a refused request's remaining body is read and thrown away before the socket closes. */
export const LINGER_MS = 5_000;
export const LINGER_BYTES = 16 * 1024 * 1024;
/** A body up to this size that is still arriving is read and discarded on a kept-alive connection. */
export const SMALL_BODY_BYTES = 64 * 1024;

const lingering = new WeakSet<Socket>();
type Headers = http.OutgoingHttpHeaders | http.OutgoingHttpHeader[];

/**
 * Closes a connection whose request body is still arriving without resetting it: FIN after the
 * answer, then read and discard what the client still sends (bounded in time and bytes) and close
 * once the client has closed its side. Closing a socket with unread data makes the kernel send a
 * reset, which can throw away the answer before the client has read it (browsers then show a
 * network error instead of the 413/401 message).
 */
function lingeringClose(socket: Socket, request: http.IncomingMessage) {
  if (lingering.has(socket) || socket.destroyed) return;
  lingering.add(socket);
  let bytes = 0;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.once('end', close);
  socket.once('close', () => clearTimeout(timer));
  // The HTTP parser still owns the socket and hands the rest of the body to the request: discard it
  // there, counting it (any other 'data' listener would pause it; see createHttpServer).
  request.removeAllListeners('data');
  request.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > LINGER_BYTES) close();
  });
  request.resume();
  socket.end();
}

/**
 * A response that notices an early answer: one sent before its request body has fully arrived
 * (413 over the size limit, 401/403 before an upload is read, 415). Such an answer says
 * `Connection: close`, and the connection then closes by lingering (above), never by a reset. The
 * client may have stopped sending the body or not; closing is the one ending that is unambiguous
 * for every client, and it costs only a new connection after a refusal.
 */
class EarlyAnswerResponse extends http.ServerResponse {
  override writeHead(statusCode: number, ...rest: [string?, Headers?] | [Headers?]): this {
    const request = this.req;
    // Without Content-Length or Transfer-Encoding a request has no body. A small body is on its way
    // in full (clients write it with the headers): discarding it keeps the connection.
    const length = Number(request.headers['content-length'] ?? 0);
    const smallBody = !request.headers['transfer-encoding'] && length <= SMALL_BODY_BYTES;
    if (!request.complete && !smallBody && !this.headersSent) {
      // Node then writes `Connection: close` and ends the socket with destroySoon() after the answer.
      this.shouldKeepAlive = false;
      const socket = request.socket;
      socket.destroySoon = () => lingeringClose(socket, request);
    }
    return super.writeHead(statusCode, ...(rest as [string?, Headers?]));
  }
}

/**
 * The app's HTTP server. A request body nobody read (an answer that did not need it) is discarded
 * once the answer is sent, whatever stream adapters still listen to it, so a kept-alive connection
 * stays usable and a closing one does not reset.
 */
export function createHttpServer(listener: http.RequestListener) {
  return http.createServer({ ServerResponse: EarlyAnswerResponse as typeof http.ServerResponse }, (request, response) => {
    response.once('finish', () => {
      if (request.readableEnded || request.destroyed || lingering.has(request.socket)) return;
      // What Node does itself for an unread body (IncomingMessage._dump), also when a web-stream
      // adapter (@hono/node-server's body) holds a 'data' listener that keeps pausing the request.
      request.removeAllListeners('data');
      request.resume();
    });
    listener(request, response);
  });
}
