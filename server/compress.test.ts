import { Hono } from 'hono';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../shared/auth';
import { acceptsZstd, compressAnswers } from './compress';

// A page of about 20 KB, as the app renders them: one piece of HTML.
const page = `<!DOCTYPE html><html><body>${Array.from({ length: 400 }, (_, i) => `<p>Match report line ${i}</p>`).join('')}</body></html>`;
const app = new Hono();
app.use('*', compressAnswers({ threshold: 1400 }));
app.get('*', (c) => c.html(page));

const member = { cookie: `${SESSION_COOKIE}=a-member-token` };

describe('compressAnswers', () => {
  it("a member's page (made for one request) goes as Zstandard to a browser that takes it, and decodes to the page", async () => {
    const res = await app.request('/news', { headers: { ...member, 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.headers.get('content-encoding')).toBe('zstd');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(page.length / 5);
    expect(zstdDecompressSync(body).toString('utf8')).toBe(page);
  });

  it('brotli, else gzip, for a browser without Zstandard (or refusing it with q=0), and for an anonymous public page the cache keeps', async () => {
    for (const [headers, encoding, why] of [
      [{ ...member, 'accept-encoding': 'gzip, deflate, br' }, 'br', 'no zstd'],
      [{ ...member, 'accept-encoding': 'gzip, zstd;q=0' }, 'gzip', 'zstd refused, no brotli'],
      [{ 'accept-encoding': 'gzip, deflate, br, zstd' }, 'br', 'anonymous public page'],
      [{ 'accept-encoding': 'gzip, deflate' }, 'gzip', 'anonymous public page, no brotli'],
    ] as const) {
      const res = await app.request('/news', { headers });
      expect(res.headers.get('content-encoding'), why).toBe(encoding);
      const body = Buffer.from(await res.arrayBuffer());
      expect((encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString('utf8'), why).toBe(page);
    }
  });

  it('reads Accept-Encoding as HTTP does: names case-insensitive, q=0 refuses', () => {
    expect(acceptsZstd('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsZstd('ZSTD;q=0.5')).toBe(true);
    expect(acceptsZstd('zstd;q=0')).toBe(false);
    expect(acceptsZstd('gzip, br')).toBe(false);
    expect(acceptsZstd(undefined)).toBe(false);
  });
});
