import { describe, expect, it } from 'vitest';
import { uploads } from '../db/schema';
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
  expect(await t.services.uploads.storedFiles()).toEqual([]);
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
    expect(renamed.body.detail).toMatch(/not allowed: upload a JPEG, PNG or WebP file/);

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
    const files = await t.services.uploads.storedFiles();
    expect(files).toContain(used.url.split('/').pop());
    expect(files).not.toContain(unused.url.split('/').pop());
  });
});
