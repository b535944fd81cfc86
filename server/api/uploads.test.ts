import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { uploadContents, uploads } from '../db/schema';
import { createServices } from '../services';
import { createTestContext } from '../../tests/support/api';

const t = await createTestContext();
const admin = await t.signedIn('admin');
const staff = await t.signedIn('staff');
const player = await t.signedIn('player');

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function upload(bytes: Uint8Array, name: string, token?: string) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name));
  const res = await t.app.request('/api/uploads', {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function nothingStored() {
  expect(await t.db.select().from(uploads)).toEqual([]);
  expect(await t.db.select().from(uploadContents)).toEqual([]);
  expect(existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);
}

describe('POST /api/uploads', () => {
  it('refuses anonymous visitors (401) and players (403), storing nothing', async () => {
    expect((await upload(PNG, 'crest.png')).status).toBe(401);
    expect((await upload(PNG, 'crest.png', player.token)).status).toBe(403);
    await nothingStored();
  });

  it('refuses a text file renamed .png, an oversized image and a path-traversal name, each with a detail', async () => {
    const renamed = await upload(new TextEncoder().encode('just some text, not an image'), 'photo.png', admin.token);
    expect(renamed.status).toBe(422);
    expect(renamed.body.detail).toMatch(/not allowed: upload a JPEG, PNG, WebP or SVG file/);

    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(PNG);
    const oversized = await upload(huge, 'big.png', admin.token);
    expect(oversized.status).toBe(413);
    expect(oversized.body.detail).toMatch(/too large/);

    for (const name of ['../../etc/passwd.png', '..\\evil.png', 'a/b.png']) {
      const traversal = await upload(PNG, name, admin.token);
      expect(traversal.status).toBe(422);
      expect(traversal.body.detail).toMatch(/file name is not allowed/);
    }
    await nothingStored();
  });

  it('stores a real image for admin or staff and serves it publicly with long caching', async () => {
    const res = await upload(PNG, 'crest.png', staff.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content_type: 'image/png', size_bytes: PNG.length });
    expect(res.body.url).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.png$/);

    const served = await t.app.request(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect((await t.app.request('/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
    expect((await t.app.request('/uploads/nope.png')).status).toBe(404);
  });

  it('keeps the bytes in the database, not on disk: another app on the same database serves them', async () => {
    const res = await upload(PNG, 'badge.png', admin.token);
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, res.body.id));
    const [content] = await t.db.select().from(uploadContents).where(eq(uploadContents.upload_id, row.id));
    expect(content.bytes).toEqual(PNG);
    expect(existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);

    // As a second process would: its own services and app, nothing shared but the database.
    const other = createApp({ services: createServices(t.db, { adminUsername: 'admin' }) });
    const served = await other.request(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('answers a revalidation with 304 by its ETag (the never-reused name), and 404 once the image is gone', async () => {
    const res = await upload(PNG, 'etag.png', admin.token);
    const first = await t.app.request(res.body.url);
    const etag = first.headers.get('etag');
    expect(etag).toBe(`"${res.body.url.split('/').pop()}"`);

    const again = await t.app.request(res.body.url, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toContain('immutable');
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect((await t.app.request(res.body.url, { headers: { 'if-none-match': `"other", W/${etag}` } })).status).toBe(304);
    expect((await t.app.request(res.body.url, { headers: { 'if-none-match': '"something-else.png"' } })).status).toBe(200);

    await t.services.uploads.remove(t.db, res.body.id);
    expect(await t.db.select().from(uploadContents).where(eq(uploadContents.upload_id, res.body.id))).toEqual([]);
    expect((await t.app.request(res.body.url, { headers: { 'if-none-match': etag! } })).status).toBe(404);
  });

  it('a used image is kept and shown on the product; an unused one is cleaned up', async () => {
    const used = (await upload(PNG, 'shirt.png', admin.token)).body;
    const unused = (await upload(PNG, 'spare.png', admin.token)).body;
    const product = await t.json('/api/products', {
      token: admin.token,
      body: { name: 'Crest Pin', description: 'Enamel pin', category: 'Accessories', price: 3.5, stock: 10, sizes: [], images: [used.url] },
    });
    expect(product.status).toBe(201);
    expect((await t.json(`/api/products/${product.body.id}`)).body.images).toEqual([used.url]);

    const removed = await t.services.images.removeUnreferenced(0);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await t.app.request(used.url)).status).toBe(200);
    expect((await t.app.request(unused.url)).status).toBe(404);
    const names = await t.services.uploads.storedNames(t.db);
    expect(names).toContain(used.url.split('/').pop());
    expect(names).not.toContain(unused.url.split('/').pop());
    expect(await t.db.select().from(uploadContents).where(eq(uploadContents.upload_id, unused.id))).toEqual([]);
  });

  it('the home page photo (settings hero_image_url) counts as a use: kept while set, cleaned up once replaced', async () => {
    const hero = (await upload(PNG, 'team.png', admin.token)).body;
    const current = { whatsapp_number: '', club_email: 'club@example.org', sales_email: '', club_address: '' };
    expect((await t.json('/api/settings', { method: 'PUT', token: admin.token, body: { ...current, hero_image_url: hero.url } })).status).toBe(200);
    await t.services.images.removeUnreferenced(0);
    expect((await t.app.request(hero.url)).status).toBe(200);

    expect((await t.json('/api/settings', { method: 'PUT', token: admin.token, body: { ...current, hero_image_url: '' } })).status).toBe(200);
    await t.services.images.removeUnreferenced(0);
    expect((await t.app.request(hero.url)).status).toBe(404);
  });
});
