/**
 * The bytes of a page React rendered, kept on its Response (app/entry.server.tsx) so the compression
 * middleware (server/compress.ts) takes them as they are instead of reading a second copy out of the
 * Response's body. A global symbol: the page build and the server are separate bundles.
 */
export const RENDERED_BODY = Symbol.for('club-site.renderedBody');

export function withRenderedBody(response: Response, body: Uint8Array): Response {
  Object.defineProperty(response, RENDERED_BODY, { value: body });
  return response;
}

export function renderedBodyOf(response: Response): Uint8Array<ArrayBuffer> | undefined {
  return (response as Response & { [RENDERED_BODY]?: Uint8Array<ArrayBuffer> })[RENDERED_BODY];
}
