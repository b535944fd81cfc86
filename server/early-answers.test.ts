import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../tests/support/api';
import { createHttpServer } from './http';

// The real HTTP stack (the production server's createHttpServer + @hono/node-server) on a port,
// called by Node's fetch (undici), because what is tested is what happens on the connection.
const t = await createTestContext();
const server = createHttpServer(getRequestListener(t.app.fetch));
let connections = 0;
server.on('connection', () => connections++);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const admin = await t.signedIn('admin');
const staff = await t.signedIn('staff');
const TRIES = 50;

/** Sends the same request TRIES times, one after another; counts answers by status and socket errors. */
async function tryMany(send: () => Promise<Response>) {
  const answers: Record<number, number> = {};
  const details = new Set<string>();
  const socketErrors: string[] = [];
  for (let i = 0; i < TRIES; i++) {
    try {
      const res = await send();
      const body = (await res.json()) as { detail?: unknown };
      answers[res.status] = (answers[res.status] ?? 0) + 1;
      details.add(typeof body.detail === 'string' ? body.detail : `no detail: ${JSON.stringify(body)}`);
    } catch (error) {
      socketErrors.push(String((error as { cause?: { code?: string } }).cause?.code ?? error));
    }
  }
  return { answers, details: [...details], socketErrors };
}

const jsonPost = (path: string, body: string, token?: string) => () =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });

const padded = (bytes: number) => JSON.stringify({ full_name: 'Sam', message: 'x'.repeat(bytes) });

describe('an answer sent before the request body is read reaches the client, every time', () => {
  it(`a 1.1 MB JSON body: ${TRIES} answers of 413 with the detail, no socket error`, async () => {
    const result = await tryMany(jsonPost('/api/join-us', padded(1.1 * 1024 * 1024)));
    expect(result).toEqual({ answers: { 413: TRIES }, details: ['The request body is too large (the limit is 1 MB).'], socketErrors: [] });
    const orders = await tryMany(jsonPost('/api/orders', padded(1.1 * 1024 * 1024)));
    expect(orders).toMatchObject({ answers: { 413: TRIES }, socketErrors: [] });
  });

  it(`a large body without credentials on an admin-only POST: ${TRIES} answers of 401, no socket error`, async () => {
    const result = await tryMany(jsonPost('/api/products', padded(900 * 1024)));
    expect(result).toMatchObject({ answers: { 401: TRIES }, socketErrors: [] });
    expect(result.details).toHaveLength(1);
  });

  it(`a large body from the wrong role: ${TRIES} answers of 403, no socket error`, async () => {
    const result = await tryMany(jsonPost('/api/products', padded(900 * 1024), staff.token));
    expect(result).toMatchObject({ answers: { 403: TRIES }, socketErrors: [] });
    expect(result.details).toHaveLength(1);
  });

  it(`a large body that is not JSON: ${TRIES} answers of 415, no socket error`, async () => {
    const result = await tryMany(() =>
      fetch(`${base}/api/join-us`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(900 * 1024) }),
    );
    expect(result).toMatchObject({ answers: { 415: TRIES }, socketErrors: [] });
  });

  it(`a 10.5 MB multipart upload: ${TRIES} answers of 413, no socket error; a 5 MB one without credentials: 401`, async () => {
    const upload = (bytes: number, token?: string) => () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'big.pdf');
      form.append('title', 'Big');
      return fetch(`${base}/api/documents`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
    };
    const tooLarge = await tryMany(upload(10.5 * 1024 * 1024, admin.token));
    expect(tooLarge).toMatchObject({ answers: { 413: TRIES }, socketErrors: [] });
    const anonymous = await tryMany(upload(5 * 1024 * 1024));
    expect(anonymous).toMatchObject({ answers: { 401: TRIES }, socketErrors: [] });
  });

  it('a streamed (chunked) body over the limit: 413 with the detail, no socket error', async () => {
    const result = await tryMany(() => {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 1.2 * 1024 * 1024) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      });
      return fetch(`${base}/api/join-us`, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    });
    expect(result).toMatchObject({ answers: { 413: TRIES }, socketErrors: [] });
  });

  it('small refused bodies keep the connection (no new connection per request)', async () => {
    const before = connections;
    const result = await tryMany(jsonPost('/api/products', JSON.stringify({ name: 'Scarf' })));
    expect(result).toMatchObject({ answers: { 401: TRIES }, socketErrors: [] });
    expect(connections - before).toBeLessThanOrEqual(2);
    // The same connection then serves an ordinary request.
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  });
});
