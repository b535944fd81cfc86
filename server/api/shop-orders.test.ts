import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products, settings } from '../db/schema';
import { createTestContext } from '../../tests/support/api';
import { orderReferencePrefix } from '../../shared/shop-constants';
import { createOrderService } from '../services/orders';
import { createSettingsService } from '../services/settings';

// ADR 023: order references, the success page's token, collect or delivery,
// and the admin's display order for products.

const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');
await t.db.update(settings).set({ whatsapp_number: '+44 7700 900123' }).where(eq(settings.id, 1));

const customer = { customer_name: 'Sam Supporter', customer_email: 'sam@example.com', customer_phone: '07700 900321' };

async function newProduct(overrides: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(products)
    .values({ name: `Ref Shirt ${Math.random().toString(36).slice(2, 8)}`, description: 'A test shirt', category: 'Kit', price: 20, stock: 50, sizes: [], ...overrides })
    .returning();
  return row;
}
const place = (body: unknown) => t.json('/api/orders', { method: 'POST', body });
const REFERENCE = new RegExp(`^${orderReferencePrefix()}-\\d+$`);

describe('Order references', () => {
  it("are the club's initials and a number (RR-1042), in the answer, the WhatsApp text, the admin list and the club's e-mail", async () => {
    expect(orderReferencePrefix()).toBe('RR');
    const product = await newProduct();
    const res = await place({ product_id: product.id, quantity: 1, fulfilment: 'collect', ...customer });
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^RR-\d+$/);
    expect(Number(res.body.reference.slice(3))).toBeGreaterThanOrEqual(1001);
    expect(decodeURIComponent(res.body.whatsapp_url)).toContain(`placed order ${res.body.reference} in the club shop`);
    expect(decodeURIComponent(res.body.whatsapp_url)).toContain('Collection from the club');

    const list = await t.json('/api/orders', { token: admin.token });
    expect(list.body.find((o: { id: string }) => o.id === res.body.id).reference).toBe(res.body.reference);
    const one = await t.json(`/api/orders/${res.body.id}`, { token: admin.token });
    expect(one.body).toMatchObject({ reference: res.body.reference, fulfilment: 'collect' });
    // The admin's views never carry the token: it is the customer's key alone.
    expect(one.body.token).toBeUndefined();

    const { rows } = await t.pool.query<{ subject: string }>('SELECT subject FROM outbox WHERE dedupe_key = $1', [`order:${res.body.id}`]);
    expect(rows[0].subject).toBe(`New shop order ${res.body.reference}: ${product.name}`);
  });

  it('are unique and increasing across two app processes placing orders at once', async () => {
    const product = await newProduct({ stock: 1000 });
    const deps = { settings: createSettingsService(t.db), health: t.services.health, mail: t.services.mail };
    const processes = [createOrderService(t.db, deps), createOrderService(t.db, deps)];
    const placed = await Promise.all(
      Array.from({ length: 40 }, (_, i) => processes[i % 2].placeOrder({ product_id: product.id, quantity: 1, ...customer })),
    );
    const references = placed.map((o) => o.reference);
    for (const reference of references) expect(reference).toMatch(REFERENCE);
    expect(new Set(references).size).toBe(40);
    const tokens = placed.map((o) => o.token);
    expect(new Set(tokens).size).toBe(40);
    // Orders placed one after the other get ever higher numbers.
    const first = await place({ product_id: product.id, quantity: 1, ...customer });
    const second = await place({ product_id: product.id, quantity: 1, ...customer });
    expect(Number(second.body.reference.slice(3))).toBeGreaterThan(Number(first.body.reference.slice(3)));
  });
});

describe('GET /api/orders/receipt/{token}', () => {
  it("answers the customer's own order by its token, without contact details; reading it again gives the same order", async () => {
    const product = await newProduct({ price: 12.5 });
    const res = await place({ product_id: product.id, quantity: 2, fulfilment: 'delivery', customer_address: '1 Mill Lane', ...customer });
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const receipt = await t.json(`/api/orders/receipt/${res.body.token}`);
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('cache-control')).toBe('no-store');
    expect(receipt.body).toMatchObject({
      reference: res.body.reference,
      product_id: product.id,
      product_name: product.name,
      quantity: 2,
      total_amount: 25,
      customer_name: 'Sam Supporter',
      fulfilment: 'delivery',
      status: 'pending',
    });
    expect(Object.keys(receipt.body)).not.toEqual(expect.arrayContaining(['customer_email']));
    for (const hidden of ['id', 'token', 'customer_email', 'customer_phone', 'customer_address', 'notes']) expect(receipt.body).not.toHaveProperty(hidden);
    expect(decodeURIComponent(receipt.body.whatsapp_url)).toContain(res.body.reference);
    expect((await t.json(`/api/orders/receipt/${res.body.token}`)).body).toEqual(receipt.body);
  });

  it('is 404 for unknown or malformed tokens, and no other order can be reached from one', async () => {
    const product = await newProduct();
    const mine = await place({ product_id: product.id, quantity: 1, ...customer });
    const other = await place({ product_id: product.id, quantity: 1, ...customer, customer_name: 'Someone Else' });
    const token: string = mine.body.token;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const probe of [
      flipped,
      'AAAAAAAAAAAAAAAAAAAAAA',
      mine.body.id,
      mine.body.reference,
      String(Number(mine.body.reference.slice(3)) + 1),
      `${token}x`,
      'not a token',
      "'; select 1; --",
      '%00',
    ]) {
      const res = await t.json(`/api/orders/receipt/${encodeURIComponent(probe)}`);
      expect(res.status, probe).toBe(404);
      expect(res.body).toEqual({ detail: 'Order not found' });
    }
    const theirs = await t.json(`/api/orders/receipt/${other.body.token}`);
    expect(theirs.body.customer_name).toBe('Someone Else');
    expect(other.body.token).not.toBe(token);
  });
});

describe('Collect or delivery', () => {
  it('delivery needs an address (422 in plain words, nothing stored); collection does not and keeps none', async () => {
    const product = await newProduct({ stock: 10 });
    const refused = await place({ product_id: product.id, quantity: 1, fulfilment: 'delivery', ...customer });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('Enter the delivery address, or choose collection from the club');
    expect(refused.body.detail).not.toMatch(/[a-z]+_[a-z_]+:/);
    const blank = await place({ product_id: product.id, quantity: 1, fulfilment: 'delivery', customer_address: '   ', ...customer });
    expect(blank.status).toBe(422);
    // Listed with every other problem, not only once the rest is right.
    const all = await place({ product_id: product.id, quantity: 1, fulfilment: 'delivery' });
    expect(all.status).toBe(422);
    expect(all.body.detail).toMatch(/^There are 4 problems/);
    expect(all.body.errors.map((e: { field: string }) => e.field)).toEqual(['customer_name', 'customer_email', 'customer_phone', 'customer_address']);
    expect((await t.db.select().from(orders).where(eq(orders.product_id, product.id))).length).toBe(0);

    const collect = await place({ product_id: product.id, quantity: 1, fulfilment: 'collect', ...customer });
    expect(collect.status).toBe(201);
    expect(collect.body).toMatchObject({ fulfilment: 'collect', customer_address: null });
    // An address typed before switching to collection is not kept.
    const switched = await place({ product_id: product.id, quantity: 1, fulfilment: 'collect', customer_address: '2 Mill Lane', ...customer });
    expect(switched.body).toMatchObject({ fulfilment: 'collect', customer_address: null });
    const delivered = await place({ product_id: product.id, quantity: 1, fulfilment: 'delivery', customer_address: '3 Mill Lane', ...customer });
    expect(delivered.status).toBe(201);
    expect(delivered.body).toMatchObject({ fulfilment: 'delivery', customer_address: '3 Mill Lane' });
    expect(decodeURIComponent(delivered.body.whatsapp_url)).toContain('Delivery to my address');
  });

  it("An earlier client's payload without fulfilment still works: an address means delivery, none collection", async () => {
    const product = await newProduct();
    const withAddress = await place({ product_id: product.id, quantity: 1, customer_address: '4 Mill Lane', ...customer });
    expect(withAddress.body).toMatchObject({ fulfilment: 'delivery', customer_address: '4 Mill Lane' });
    const without = await place({ product_id: product.id, quantity: 1, ...customer });
    expect(without.body).toMatchObject({ fulfilment: 'collect', customer_address: null });
  });

  it('an unknown or empty fulfilment is refused in plain words, with every problem at once', async () => {
    const product = await newProduct();
    for (const fulfilment of ['', 'post', null, 3]) {
      const res = await place({ product_id: product.id, quantity: 1, fulfilment, ...customer });
      expect(res.status, String(fulfilment)).toBe(422);
      expect(res.body.detail).toBe('Choose collection from the club or delivery');
    }
    const empty = await place({ product_id: product.id, quantity: 1, fulfilment: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toMatch(/^There are 4 problems/);
    expect(empty.body.detail).toContain('Please enter your full name');
    expect(empty.body.detail).toContain('Choose collection from the club or delivery');
    expect(empty.body.detail).not.toMatch(/[a-z]+_[a-z_]+:/);
  });
});

describe("Products' display order", () => {
  it('the shop lists by sort_order, then name (the seeded kit first), not alphabetically', async () => {
    const res = await t.json('/api/products');
    const listed = res.body as { name: string; category: string; sort_order: number }[];
    expect(listed[0]).toMatchObject({ name: 'Home Shirt 2025/26', category: 'Kit' });
    const keys = listed.map((p) => [p.sort_order, p.name] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
    expect(listed.slice(0, 4).every((p) => p.category === 'Kit')).toBe(true);
  });

  it('the admin sets it; a new product without one goes after the placed ones; an edit without one keeps it', async () => {
    const base = { description: 'Made by a test', category: 'Zeta', price: 5, stock: 3, sizes: [], images: [] };
    const first = await t.json('/api/products', { token: admin.token, body: { ...base, name: 'Zz Featured Flag', sort_order: 1 } });
    expect(first.status).toBe(201);
    expect(first.body.sort_order).toBe(1);
    const plain = await t.json('/api/products', { token: admin.token, body: { ...base, name: 'Aa Plain Badge' } });
    expect(plain.body.sort_order).toBe(100);
    const names = (await t.json('/api/products?category=Zeta')).body.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Zz Featured Flag', 'Aa Plain Badge']);

    const edited = await t.json(`/api/products/${first.body.id}`, { method: 'PUT', token: admin.token, body: { ...base, name: 'Zz Featured Flag', stock: 4 } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ sort_order: 1, stock: 4 });
    const moved = await t.json(`/api/products/${first.body.id}`, { method: 'PUT', token: admin.token, body: { ...base, name: 'Zz Featured Flag', sort_order: 500 } });
    expect(moved.body.sort_order).toBe(500);

    for (const sort_order of [-1, 1.5, '10', 10_000]) {
      const bad = await t.json('/api/products', { token: admin.token, body: { ...base, name: 'Bad Order', sort_order } });
      expect(bad.status, String(sort_order)).toBe(422);
      expect(bad.body.detail).toMatch(/^Display order /);
    }
  });
});
