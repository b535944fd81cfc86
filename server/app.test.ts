import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../tests/support/api';
import { UNSUPPORTED_BODY } from './api/errors';

const t = await createTestContext();

describe('HTTP conventions', () => {
  it('GET /api/health answers {"status":"ok"}', async () => {
    const res = await t.json('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('unknown /api paths answer 404 JSON with a detail', async () => {
    const res = await t.json('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body.detail).toMatch(/No API endpoint/);
  });

  it('a JSON body over 1 MB answers 413 with a detail', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 10), password: 'y' });
    const res = await t.json('/api/auth/login', { body: big, headers: { 'content-length': String(big.length) } });
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/too large/);
  });

  it('text the database cannot store (a NUL character) answers 422 with a detail and stores nothing, on every kind of input', async () => {
    const nul = 'Sam\u0000';
    const cases = [
      { path: '/api/auth/login', body: { username: nul, password: 'whatever-password' } },
      { path: '/api/join-us', body: { full_name: nul, email: 'sam@example.com', phone_number: '07700 900123', message: 'Hello', interest_types: ['player'] } },
      {
        path: '/api/players/register',
        body: {
          username: `nul${Date.now()}`, password: 'secret-pass', email: 'sam@example.com', full_name: nul, phone_number: '07700 900123',
          date_of_birth: '1990-01-01', position_preference: 'Defender', emergency_contact_name: 'Kim', emergency_contact_phone: '07700 900124',
        },
      },
    ];
    for (const { path, body } of cases) {
      const res = await t.json(path, { method: 'POST', body });
      expect(res.status, path).toBe(422);
      expect(res.body.detail, path).toMatch(/NUL character/);
    }
    const search = await t.json(`/api/products?search=${encodeURIComponent(nul)}`);
    expect(search.status).toBeLessThan(500);
    const stored = await t.db.execute(sql`select (select count(*) from join_us_submissions)::int as submissions, (select count(*) from users)::int as users`);
    expect(stored.rows[0]).toEqual({ submissions: 0, users: 0 });
  });

  it('a body that is not JSON answers 415 with a detail saying how to send it', async () => {
    const contentTypes: Record<string, string>[] = [{}, { 'content-type': 'application/x-www-form-urlencoded' }, { 'content-type': 'text/plain' }];
    for (const headers of contentTypes) {
      const res = await t.app.request('/api/join-us', { method: 'POST', headers, body: 'full_name=Sam' });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ detail: UNSUPPORTED_BODY });
    }
  });

  it('sends the security headers', async () => {
    const res = await t.app.request('/api/health');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('compresses JSON responses for clients that accept gzip', async () => {
    await t.initialize();
    const res = await t.app.request('/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('publishes an OpenAPI 3 document generated from the schemas', async () => {
    const res = await t.json('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.servers).toEqual([{ url: '/api' }]);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/auth/login', '/auth/me', '/admin/initialize-database']));
  });
});

describe('GET /api/docs', () => {
  it('serves a readable documentation page for the OpenAPI document, without inline scripts', async () => {
    const res = await t.app.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/<script>[^<]/);
    const bundle = await t.app.request('/api/docs/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await t.app.request('/api/docs/..%2Fpackage.json')).status).toBe(404);
  });
});
