import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';

// Every unsafe operation of the API, as the OpenAPI document lists them, sent every kind of
// malformed body by a signed-in admin (so the body is what gets judged, not the caller): never a
// 5xx, always a `{"detail"}` string, and nothing stored.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');
const doc = (await t.json('/api/openapi.json', { token: admin.token })).body as {
  paths: Record<string, Record<string, { requestBody?: unknown }>>;
};

const UNSAFE = ['post', 'put', 'patch', 'delete'];
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method]) => UNSAFE.includes(method))
    // The one operation that ends the session (with any body) is covered by auth.test.ts.
    .filter(([method]) => !(path === '/auth/logout' && method === 'post'))
    .map(([method, operation]) => ({ method: method.toUpperCase(), path, hasBody: operation.requestBody !== undefined })),
);

const BOUNDARY = '----club-test-boundary';
const truncatedMultipart =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nMinutes\r\n` +
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 trunc`;

/** A body sent as `application/json`. */
const json = (name: string, body: string) => ({ name, contentType: 'application/json', body });

const MALFORMED: { name: string; contentType?: string; body?: string }[] = [
  json('JSON content type, empty body', ''),
  json('invalid JSON', '{"title": '),
  json('JSON null', 'null'),
  json('JSON array', '[1, 2]'),
  json('JSON number', '42'),
  json('JSON string', '"hello"'),
  { name: 'text/plain', contentType: 'text/plain', body: 'hello' },
  { name: 'form-encoded', contentType: 'application/x-www-form-urlencoded', body: 'title=Hello&url=x' },
  { name: 'no content type', body: '{"title":"Hello"}' },
  { name: 'multipart, empty body', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: '' },
  { name: 'multipart without a boundary', contentType: 'multipart/form-data', body: truncatedMultipart },
  { name: 'multipart, truncated', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: truncatedMultipart },
  { name: 'multipart, garbage', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: 'not a multipart body at all' },
];

describe('malformed request bodies', () => {
  it('the document lists the unsafe operations', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations).toContainEqual({ method: 'POST', path: '/documents', hasBody: false });
    expect(operations).toContainEqual(expect.objectContaining({ method: 'POST', path: '/uploads' }));
  });

  it('every unsafe operation answers every malformed body with a 4xx and a detail, storing nothing', async () => {
    const tables = ['documents', 'uploads', 'products', 'orders', 'news', 'fixtures', 'sponsors', 'players', 'users', 'charges', 'ledger_entries', 'feedback', 'messages', 'join_us_submissions'];
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (table) => [table, (await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0].n] as const),
        ),
      );
    const before = await counts();
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const url = `/api${op.path.replace(/\{[^}]+\}/g, randomUUID())}`;
      for (const malformed of MALFORMED) {
        const headers: Record<string, string> = { authorization: `Bearer ${admin.token}` };
        if (malformed.contentType) headers['content-type'] = malformed.contentType;
        const res = await t.app.request(url, { method: op.method, headers, body: malformed.body });
        const text = await res.text();
        let detail: unknown;
        try {
          detail = (JSON.parse(text) as { detail?: unknown }).detail;
        } catch {
          detail = undefined;
        }
        checked++;
        const what = `${op.method} ${op.path} (${malformed.name}): ${res.status} ${text.slice(0, 160)}`;
        if (res.status >= 500) failures.push(what);
        else if (res.status >= 400 && typeof detail !== 'string') failures.push(`no detail: ${what}`);
        else if (res.status < 400 && op.hasBody) failures.push(`accepted: ${what}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(operations.length * MALFORMED.length);
    expect(await counts()).toEqual(before);
  });

  it('a multipart upload that cannot be parsed answers 400 with a plain detail', async () => {
    const multipart = MALFORMED.filter((m) => m.contentType?.startsWith('multipart/'));
    for (const path of ['/api/documents', '/api/uploads']) {
      for (const malformed of multipart) {
        const res = await t.app.request(path, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': malformed.contentType! },
          body: malformed.body,
        });
        expect(res.status, `${path} ${malformed.name}`).toBe(400);
        expect(await res.json()).toEqual({ detail: expect.stringMatching(/^The upload could not be read/) });
      }
    }
  });
});
