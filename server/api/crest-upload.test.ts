import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { SVG_CONTENT_SECURITY_POLICY, sanitizeSvg } from '../services/svg';

const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');

async function upload(text: string, name: string) {
  const form = new FormData();
  form.append('file', new File([new TextEncoder().encode(text)], name));
  const res = await t.app.request('/api/uploads', { method: 'POST', body: form, headers: { authorization: `Bearer ${admin.token}` } });
  return { status: res.status, body: (await res.json()) as any };
}

const HOSTILE_CREST = `<?xml version="1.0" encoding="UTF-8"?>
<!-- drawn by hand -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 64 72" onload="alert(1)">
  <script>alert('crest')</script>
  <style>svg { background: url(https://tracker.example/pixel.png) }</style>
  <defs><linearGradient id="sky"><stop offset="0" stop-color="#1e3a8a"/></linearGradient></defs>
  <path d="M32 1 62 8.5V34C62 52 44 64 32 71 20 64 2 52 2 34V8.5Z" fill="url(#sky)" onclick="steal()"/>
  <a href="javascript:alert(1)"><circle cx="32" cy="31" r="12" fill="#fff"/></a>
  <use xlink:href="https://evil.example/sprite.svg#shield"/>
  <use href="#sky"/>
  <image href="https://tracker.example/pixel.png" width="1" height="1"/>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>
  <rect width="4" height="4" fill="url(https://evil.example/x.svg#p)"/>
</svg>`;

describe('an SVG crest', () => {
  it('is cleaned on the server: no script, no event handlers, no outside links; the drawing and its gradient stay', async () => {
    const res = await upload(HOSTILE_CREST, 'crest.svg');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content_type: 'image/svg+xml' });
    expect(res.body.url).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.svg$/);
    const served = await t.app.request(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    // An image, never a page: even a cleaning miss would run nothing.
    expect(served.headers.get('content-security-policy')).toBe(SVG_CONTENT_SECURITY_POLICY);
    const svg = await served.text();
    for (const banned of [/<script/i, /alert/, /\bon[a-z]+=/i, /<style/i, /javascript:/i, /https:\/\/(tracker|evil)\./, /<foreignObject/i, /<image/i, /steal/]) {
      expect(svg, String(banned)).not.toMatch(banned);
    }
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 64 72"/);
    expect(svg).toContain('fill="url(#sky)"');
    expect(svg).toContain('<use href="#sky"');
    expect(svg).toContain('<circle cx="32" cy="31" r="12" fill="#fff"');
  });

  it('refuses a file that only claims to be an SVG', async () => {
    const res = await upload('<html><body><svg></body>', 'crest.svg');
    expect(res.status).toBe(422);
    expect(sanitizeSvg('<script>alert(1)</script>')).toBeNull();
  });

  it('becomes the header crest, the favicon and the manifest icon once saved in Settings; nothing removes it as unused', async () => {
    const { body } = await upload('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#1e3a8a"/></svg>', 'c.svg');
    const settings = (await t.json('/api/settings', { token: admin.token })).body;
    const saved = await t.json('/api/settings', { method: 'PUT', token: admin.token, body: { ...settings, crest_url: body.url } });
    expect(saved.status).toBe(200);
    expect(saved.body.crest_url).toBe(body.url);
    const favicon = await t.app.request('/favicon.svg');
    expect(favicon.status).toBe(302);
    expect(favicon.headers.get('location')).toBe(body.url);
    const manifest = await (await t.app.request('/manifest.webmanifest')).json();
    // The crest itself, then the PNGs drawn from it (issue 35, server/api/app-manifest.test.ts).
    expect(manifest.icons[0]).toEqual({ src: body.url, sizes: 'any', type: 'image/svg+xml', purpose: 'any' });
    await t.services.images.removeUnreferenced(0);
    expect((await t.app.request(body.url)).status).toBe(200);
  });
});
