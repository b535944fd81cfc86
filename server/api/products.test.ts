import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products } from '../db/schema';
import { createTestContext } from '../../tests/support/api';

const t = await createTestContext();
const admin = await t.signedIn('admin');
const staff = await t.signedIn('staff');
const player = await t.signedIn('player');

const valid = {
  name: 'Test Hoodie',
  description: 'A warm hoodie for cold touchlines.',
  category: 'Training',
  price: 29.99,
  stock: 7,
  sizes: [' S ', 'M', 'L'],
  images: ['/images/seed/training-top-front.svg', 'https://example.com/hoodie-back.png'],
};

async function create(overrides: Record<string, unknown> = {}) {
  const res = await t.json('/api/products', { body: { ...valid, ...overrides }, token: admin.token });
  expect(res.status).toBe(201);
  return res.body;
}

describe('GET /api/products', () => {
  it("lists the seeded catalogue publicly, in the admin's display order (kit first), with categories", async () => {
    await t.initialize();
    const res = await t.json('/api/products');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(5);
    // docs/product.md#shop: by sort_order, then name (shop-orders.test.ts tests the order itself).
    expect(res.body[0].category).toBe('Kit');
    expect(Object.keys(res.body[0]).sort()).toEqual(
      ['category', 'created_at', 'description', 'id', 'images', 'name', 'price', 'sizes', 'sort_order', 'stock', 'updated_at'].sort(),
    );
    const categories = await t.json('/api/products/categories');
    expect(categories.status).toBe(200);
    expect(categories.body).toEqual(['Accessories', 'Kit', 'Training']);
  });

  it('searches name and description case-insensitively', async () => {
    const byName = await t.json('/api/products?search=SCARF');
    expect(byName.body.map((p: { name: string }) => p.name)).toEqual(['Bar Scarf']);
    const byDescription = await t.json('/api/products?search=dishwasher');
    expect(byDescription.body.map((p: { name: string }) => p.name)).toEqual(['Club Water Bottle']);
    const wildcard = await t.json('/api/products?search=%25');
    expect(wildcard.status).toBe(200);
    expect(wildcard.body).toEqual([]);
  });

  it('filters by category, and combines with search', async () => {
    const kit = await t.json('/api/products?category=kit');
    expect(kit.body.length).toBeGreaterThan(0);
    expect(kit.body.every((p: { category: string }) => p.category === 'Kit')).toBe(true);
    const both = await t.json('/api/products?category=Kit&search=junior');
    expect(both.body.map((p: { name: string }) => p.name)).toEqual(['Junior Home Shirt']);
    const tooLong = await t.json(`/api/products?search=${'x'.repeat(101)}`);
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail).toBeTruthy();
  });
});

describe('GET /api/products/{id}', () => {
  it('returns one product, or 404 "Product not found" for unknown and malformed ids', async () => {
    const product = await create();
    const res = await t.json(`/api/products/${product.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Test Hoodie', price: 29.99, stock: 7, sizes: ['S', 'M', 'L'] });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await t.json(`/api/products/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: 'Product not found' });
    }
  });
});

describe('Admin product management', () => {
  it('POST, PUT and DELETE need a signed-in admin: 401 signed out, 403 for player and staff', async () => {
    const product = await create();
    const calls = [
      { path: '/api/products', method: 'POST', body: valid },
      { path: `/api/products/${product.id}`, method: 'PUT', body: valid },
      { path: `/api/products/${product.id}`, method: 'DELETE' },
    ];
    for (const call of calls) {
      expect((await t.json(call.path, call)).status).toBe(401);
      expect((await t.json(call.path, { ...call, token: player.token })).status).toBe(403);
      const asStaff = await t.json(call.path, { ...call, token: staff.token });
      expect(asStaff.status).toBe(403);
      expect(asStaff.body.detail).toBeTruthy();
    }
    expect((await t.json(`/api/products/${product.id}`)).body.name).toBe('Test Hoodie');
  });

  it('creates with trimmed lists and replaces with PUT', async () => {
    const product = await create({ name: '  Spaced Name  ', sizes: [], images: [] });
    expect(product).toMatchObject({ name: 'Spaced Name', sizes: [], images: [] });
    const res = await t.json(`/api/products/${product.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { ...valid, name: 'Renamed', price: 10, stock: 0, sizes: ['One Size'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: product.id, name: 'Renamed', price: 10, stock: 0, sizes: ['One Size'] });
    const missing = await t.json('/api/products/00000000-0000-4000-8000-000000000000', { method: 'PUT', token: admin.token, body: valid });
    expect(missing.status).toBe(404);
  });

  it('rejects invalid products with 422 and a detail, storing nothing', async () => {
    const before = (await t.json('/api/products')).body.length;
    const bad: Record<string, unknown>[] = [
      { name: '' },
      { name: undefined },
      { description: undefined },
      { category: '   ' },
      { price: -1 },
      { price: 1.999 },
      { price: '9.99' },
      { price: undefined },
      { stock: -1 },
      { stock: 1.5 },
      { stock: undefined },
      { sizes: ['S', ' '] },
      { sizes: 'S, M' },
      { sizes: ['M', 'M'] },
      { images: ['javascript:alert(1)'] },
      { images: [''] },
    ];
    for (const overrides of bad) {
      const res = await t.json('/api/products', { token: admin.token, body: { ...valid, ...overrides } });
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(res.body.detail).toBeTruthy();
    }
    expect((await t.json('/api/products')).body.length).toBe(before);
  });

  it('accepts a price of 0 and whole-pound prices', async () => {
    expect((await create({ price: 0 })).price).toBe(0);
    expect((await create({ price: 12 })).price).toBe(12);
    expect((await create({ price: 0.1 + 0.2 - 0.00000000000000004 })).price).toBe(0.3);
  });

  it('deleting a product keeps its orders readable with product_name and a null product_id', async () => {
    const product = await create({ name: 'Doomed Mug', sizes: [] });
    const order = await t.json('/api/orders', {
      body: {
        product_id: product.id,
        quantity: 1,
        customer_name: 'Sam Fan',
        customer_email: 'sam@example.com',
        customer_phone: '07700 900123',
      },
    });
    expect(order.status).toBe(201);
    const del = await t.json(`/api/products/${product.id}`, { method: 'DELETE', token: admin.token });
    expect(del.status).toBe(200);
    expect((await t.json(`/api/products/${product.id}`)).status).toBe(404);
    expect((await t.json(`/api/products/${product.id}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
    const list = await t.json('/api/orders', { token: admin.token });
    const kept = list.body.find((o: { id: string }) => o.id === order.body.id);
    expect(kept).toMatchObject({ product_id: null, product_name: 'Doomed Mug' });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.body.id));
    expect(row.product_id).toBeNull();
    expect(await t.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
  });
});
