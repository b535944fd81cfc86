import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findRunningServer } from '../../server/db/embedded';
import { EMBEDDED_DATABASE_NAME } from '../../server/db/client';
import { apiAs } from '../support/admin';
import { E2E_ADMIN_PASSWORD, externalDatabaseUrl, initializeDatabase, startServer, type RunningServer } from '../support/server';

/**
 * Two app processes on one PostgreSQL, each with its own DATA_DIR (as on two machines): an image
 * uploaded through one is served by the other, because its bytes are in the database, not on a disk.
 * No browser: fetch, as a visitor's browser would.
 */

/** A real 1×1 PNG, made unique per run so nothing else could have served it. */
const PNG = Buffer.concat([
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
  Buffer.from(`trailing bytes ${Date.now()}`),
]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const servers: RunningServer[] = [];
afterAll(async () => {
  // The second process uses the first one's database: stop it first.
  for (const server of servers.reverse()) {
    await server.stop();
    await server.cleanup();
  }
});

/** The first process's database, as a DATABASE_URL for another: its embedded server's socket, or TEST_DATABASE_URL's. */
async function sharedDatabase(): Promise<{ first: RunningServer; databaseUrl: string }> {
  const external = await externalDatabaseUrl();
  if (external) {
    const first = await startServer({ env: { DATABASE_URL: external } });
    servers.push(first);
    return { first, databaseUrl: external };
  }
  const first = await startServer();
  servers.push(first);
  const running = await findRunningServer(first.dataDir);
  if (!running) throw new Error(`No embedded PostgreSQL found in ${first.dataDir}:\n${first.output()}`);
  const databaseUrl = `postgres://${running.user}@/${EMBEDDED_DATABASE_NAME}?host=${encodeURIComponent(running.socketDir)}&port=${running.port}`;
  return { first, databaseUrl };
}

describe('Uploads live in the database', () => {
  it('an image uploaded through one process is served by another process with its own DATA_DIR', async () => {
    const { first, databaseUrl } = await sharedDatabase();
    await initializeDatabase(first.baseURL);
    const second = await startServer({ env: { DATABASE_URL: databaseUrl } });
    servers.push(second);
    expect(second.dataDir).not.toBe(first.dataDir);

    const admin = await apiAs(first.baseURL, 'admin', E2E_ADMIN_PASSWORD);
    const form = new FormData();
    form.append('file', new File([new Uint8Array(PNG)], 'crest.png'));
    const uploaded = await fetch(`${first.baseURL}/api/uploads`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin.token}` } });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect(url).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.png$/);

    const fromSecond = await fetch(`${second.baseURL}${url}`);
    expect(fromSecond.status).toBe(200);
    expect(fromSecond.headers.get('content-type')).toBe('image/png');
    expect(fromSecond.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await fromSecond.arrayBuffer());
    expect(sha256(bytes)).toBe(sha256(PNG));
    expect(bytes.length).toBe(PNG.length);

    // The same answer from the first process; a revalidation at the second is a 304 by the ETag.
    const fromFirst = await fetch(`${first.baseURL}${url}`);
    expect(sha256(Buffer.from(await fromFirst.arrayBuffer()))).toBe(sha256(PNG));
    const etag = fromSecond.headers.get('etag');
    expect(etag).toBe(fromFirst.headers.get('etag'));
    const revalidated = await fetch(`${second.baseURL}${url}`, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);

    // Neither process wrote the file to its disk.
    for (const server of [first, second]) expect(existsSync(path.join(server.dataDir, 'uploads'))).toBe(false);
  });
});
