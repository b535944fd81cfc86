import { describe, expect, it } from 'vitest';
import { createTestContext } from '../tests/support/api';

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
