import { count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products, settings } from '../db/schema';
import { createTestContext } from '../../tests/support/api';
import { ORDER_QUANTITY_MAX, PRODUCT_PRICE_MAX } from '../../shared/shop';
import { createOrderService } from '../services/orders';
import { createSettingsService } from '../services/settings';

const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');
const staff = await t.signedIn('staff');
const player = await t.signedIn('player');

const customer = { customer_name: 'Alex Supporter', customer_email: 'alex@example.com', customer_phone: '+44 (0)7700 900-123' };

async function newProduct(overrides: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(products)
    .values({ name: `Test Shirt ${Math.random().toString(36).slice(2, 8)}`, description: 'A test shirt', category: 'Kit', price: 24.99, stock: 5, sizes: ['S', 'M', 'L'], ...overrides })
    .returning();
  return row;
}
const stockOf = async (id: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const ordersFor = async (id: string) => (await t.db.select({ n: count() }).from(orders).where(eq(orders.product_id, id)))[0].n;
const place = (body: unknown) => t.json('/api/orders', { method: 'POST', body });

describe('POST /api/orders', () => {
  it('places an order: 201 with the admin-view fields, a server-side total and a whatsapp_url', async () => {
    const product = await newProduct({ price: 24.99, stock: 10 });
    const res = await place({ product_id: product.id, quantity: 3, size: 'M', ...customer, customer_address: '1 Mill Lane', notes: 'Gift wrap please', total_amount: 0.01 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      product_id: product.id,
      product_name: product.name,
      size: 'M',
      quantity: 3,
      total_amount: 74.97,
      customer_name: 'Alex Supporter',
      customer_email: 'alex@example.com',
      customer_phone: '+44 (0)7700 900-123',
      customer_address: '1 Mill Lane',
      notes: 'Gift wrap please',
      status: 'pending',
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const url = new URL(res.body.whatsapp_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/447700900123');
    const text = url.searchParams.get('text')!;
    expect(text).toContain(res.body.reference);
    expect(text).toContain(product.name);
    expect(text).toContain('Size: M');
    expect(text).toContain('Quantity: 3');
    expect(text).toContain('£74.97');
    expect(await stockOf(product.id)).toBe(7);
  });

  it('defaults the size to the first one, and takes no size for products without sizes', async () => {
    const sized = await newProduct();
    const res = await place({ product_id: sized.id, quantity: 1, ...customer });
    expect(res.status).toBe(201);
    expect(res.body.size).toBe('S');
    const unsized = await newProduct({ sizes: [] });
    const ok = await place({ product_id: unsized.id, quantity: 1, size: null, ...customer });
    expect(ok.status).toBe(201);
    expect(ok.body.size).toBeNull();
    expect(ok.body.whatsapp_url).not.toContain('Size');
    const refused = await place({ product_id: unsized.id, quantity: 1, size: 'M', ...customer });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/size/i);
  });

  it('uses the current price, whatever the client sends', async () => {
    const product = await newProduct({ price: 10 });
    await t.db.update(products).set({ price: 12.5 }).where(eq(products.id, product.id));
    const res = await place({ product_id: product.id, quantity: 2, size: 'L', ...customer, price: 1 });
    expect(res.body.total_amount).toBe(25);
  });

  it('refuses bad input with a 4xx and a detail, leaving stock unchanged and storing no order', async () => {
    const product = await newProduct({ stock: 5 });
    const base = { product_id: product.id, quantity: 1, size: 'M', ...customer };
    const cases: [string, unknown, number][] = [
      ['unknown product', { ...base, product_id: '00000000-0000-4000-8000-000000000000' }, 404],
      ['malformed product id', { ...base, product_id: 'abc' }, 404],
      ['quantity 0', { ...base, quantity: 0 }, 422],
      ['quantity -1', { ...base, quantity: -1 }, 422],
      ['quantity 1.5', { ...base, quantity: 1.5 }, 422],
      ['quantity "2"', { ...base, quantity: '2' }, 422],
      ['quantity missing', { ...base, quantity: undefined }, 422],
      ['quantity above stock', { ...base, quantity: 6 }, 409],
      ['unknown size', { ...base, size: 'XXXL' }, 422],
      ['missing name', { ...base, customer_name: undefined }, 422],
      ['blank name', { ...base, customer_name: '   ' }, 422],
      ['missing email', { ...base, customer_email: undefined }, 422],
      ['missing phone', { ...base, customer_phone: undefined }, 422],
      ['bad e-mail', { ...base, customer_email: 'not-an-email' }, 422],
      ['bad phone letters', { ...base, customer_phone: 'call me maybe' }, 422],
      ['phone too short', { ...base, customer_phone: '12345' }, 422],
      ['phone too long', { ...base, customer_phone: '1'.repeat(21) }, 422],
      ['address over 500', { ...base, customer_address: 'a'.repeat(501) }, 422],
      ['notes over 1000', { ...base, notes: 'n'.repeat(1001) }, 422],
      ['1 MB notes', { ...base, notes: 'n'.repeat(1024 * 1024) }, 413],
      ['not an object', [1, 2], 422],
    ];
    for (const [name, body, status] of cases) {
      const res = await place(body);
      expect(res.status, name).toBe(status);
      expect(typeof res.body.detail, name).toBe('string');
      expect(res.body.detail.length, name).toBeGreaterThan(0);
    }
    const malformed = await t.json('/api/orders', { method: 'POST', body: '{"product_id": ', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    expect(malformed.body.detail).toBeTruthy();
    expect(await stockOf(product.id)).toBe(5);
    expect(await ordersFor(product.id)).toBe(0);
  });

  it('says in plain words how many are left, or that the item is out of stock', async () => {
    const product = await newProduct({ stock: 2 });
    const tooMany = await place({ product_id: product.id, quantity: 3, ...customer });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.detail).toBe('Sorry, only 2 left in stock.');
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, product.id));
    const none = await place({ product_id: product.id, quantity: 1, ...customer });
    expect(none.status).toBe(409);
    expect(none.body.detail).toBe('Sorry, this item is out of stock.');
  });
});

describe('POST /api/orders: concurrent orders', () => {
  it('20 concurrent orders of 1 against a stock of 5: exactly 5 succeed, the rest get 409, stock ends at 0', async () => {
    const product = await newProduct({ stock: 5 });
    const results = await Promise.all(Array.from({ length: 20 }, () => place({ product_id: product.id, quantity: 1, ...customer })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(await stockOf(product.id)).toBe(0);
    expect(await ordersFor(product.id)).toBe(5);
  });

  it('10 concurrent orders of 1 against a stock of 1: exactly 1 succeeds', async () => {
    const product = await newProduct({ stock: 1, sizes: [] });
    const results = await Promise.all(Array.from({ length: 10 }, () => place({ product_id: product.id, quantity: 1, ...customer })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(results.find((r) => r.status === 409)!.body.detail).toBe('Sorry, this item is out of stock.');
    expect(await stockOf(product.id)).toBe(0);
    expect(await ordersFor(product.id)).toBe(1);
  });

  it('orders arriving together for several products each get their own answer: refusals never fail their neighbours', async () => {
    const shirts = await newProduct({ stock: 3 }); // sizes S, M, L
    const mugs = await newProduct({ stock: 2, sizes: [] });
    const scarves = await newProduct({ stock: 5, sizes: [] });
    const bodies = [
      ...Array.from({ length: 5 }, () => ({ product_id: shirts.id, quantity: 1, size: 'M', ...customer })),
      ...Array.from({ length: 4 }, () => ({ product_id: mugs.id, quantity: 1, ...customer })),
      { product_id: shirts.id, quantity: 1, size: 'XXL', ...customer },
      { product_id: mugs.id, quantity: 1, size: 'M', ...customer },
      { product_id: '00000000-0000-4000-8000-000000000000', quantity: 1, ...customer },
      { product_id: scarves.id, quantity: 1, ...customer, notes: 'Leave at the gate\u0000' },
      { product_id: scarves.id, quantity: 2, ...customer, notes: 'Leave at the gate' },
    ];
    const results = await Promise.all(bodies.map(place));
    const statusOf = (i: number) => results[i].status;

    expect(results.slice(0, 5).filter((r) => r.status === 201)).toHaveLength(3);
    expect(results.slice(0, 5).filter((r) => r.status === 409)).toHaveLength(2);
    expect(results.slice(5, 9).filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.slice(5, 9).filter((r) => r.status === 409)).toHaveLength(2);
    expect([statusOf(9), statusOf(10), statusOf(11), statusOf(12)]).toEqual([422, 422, 404, 422]);
    expect(results[9].body.detail).toBe('Please choose one of the sizes: S, M, L');
    expect(results[12].body.detail).toBe('Text cannot contain the NUL character (\\u0000).');
    expect(statusOf(13)).toBe(201);

    expect(await stockOf(shirts.id)).toBe(0);
    expect(await stockOf(mugs.id)).toBe(0);
    expect(await ordersFor(shirts.id)).toBe(3);
    expect(await ordersFor(mugs.id)).toBe(2);
    expect(await stockOf(scarves.id)).toBe(3);
    expect(await ordersFor(scarves.id)).toBe(1);
    // Every acknowledged order is the one stored, each with its own id.
    const ids = results.filter((r) => r.status === 201).map((r) => r.body.id);
    expect(new Set(ids).size).toBe(6);
    const stored = await t.db.select({ id: orders.id }).from(orders).where(inArray(orders.product_id, [shirts.id, mugs.id, scarves.id]));
    expect(stored.map((o) => o.id).sort()).toEqual([...ids].sort());
  });

  it('two app processes ordering the same product at once never oversell (each has its own queue; the row lock decides)', async () => {
    const product = await newProduct({ stock: 7, sizes: [] });
    const settings = createSettingsService(t.db);
    const deps = { settings, health: t.services.health, mail: t.services.mail };
    const processes = [createOrderService(t.db, deps), createOrderService(t.db, deps)];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) => processes[i % 2].placeOrder({ product_id: product.id, quantity: 1, ...customer })),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as { status?: number }).status] : []));
    expect(refusals).toEqual(Array.from({ length: 17 }, () => 409));
    expect(await stockOf(product.id)).toBe(0);
    expect(await ordersFor(product.id)).toBe(7);
  });
});

describe('POST /api/orders: the largest order and the WhatsApp link', () => {
  it('places the largest order the limits allow (top price x top quantity): its total fits, no 500', async () => {
    // Issue 30: an order takes at most the admin's cap (default 10), which goes up to ORDER_QUANTITY_MAX.
    await t.db.update(settings).set({ order_quantity_cap: ORDER_QUANTITY_MAX }).where(eq(settings.id, 1));
    const dear = await newProduct({ price: PRODUCT_PRICE_MAX, stock: ORDER_QUANTITY_MAX, sizes: [] });
    const res = await place({ product_id: dear.id, quantity: ORDER_QUANTITY_MAX, ...customer });
    await t.db.update(settings).set({ order_quantity_cap: 10 }).where(eq(settings.id, 1));
    expect(res.status).toBe(201);
    expect(res.body.total_amount).toBe(PRODUCT_PRICE_MAX * ORDER_QUANTITY_MAX);
  });

  it('whatsapp_url follows the WhatsApp number in the settings, and is absent without one', async () => {
    const product = await newProduct({ stock: 10 });
    await t.db.update(settings).set({ whatsapp_number: '+44 7700 900 999' }).where(eq(settings.id, 1));
    const res = await place({ product_id: product.id, quantity: 1, ...customer });
    expect(res.body.whatsapp_url).toMatch(/^https:\/\/wa\.me\/447700900999\?text=/);
    await t.db.update(settings).set({ whatsapp_number: '' }).where(eq(settings.id, 1));
    const none = await place({ product_id: product.id, quantity: 1, ...customer });
    expect(none.status).toBe(201);
    expect(none.body).not.toHaveProperty('whatsapp_url');
    await t.db.update(settings).set({ whatsapp_number: '447700900123' }).where(eq(settings.id, 1));
  });
});

describe('Order lifecycle (admin)', () => {
  async function newOrder(quantity = 2) {
    const product = await newProduct({ stock: 10 });
    const res = await place({ product_id: product.id, quantity, ...customer });
    expect(res.status).toBe(201);
    return { product, order: res.body };
  }
  const setStatus = (id: string, status: unknown, method = 'PATCH') => t.json(`/api/orders/${id}`, { method, body: { status }, token: admin.token });

  it('GET /api/orders lists orders newest first with the admin-view fields', async () => {
    const { order: older } = await newOrder();
    const { order: newer } = await newOrder();
    const res = await t.json('/api/orders', { token: admin.token });
    expect(res.status).toBe(200);
    const ids = res.body.map((o: { id: string }) => o.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    for (const field of ['id', 'customer_name', 'customer_email', 'customer_phone', 'customer_address', 'product_name', 'size', 'quantity', 'total_amount', 'status', 'created_at', 'notes']) {
      expect(res.body[0]).toHaveProperty(field);
    }
    const times = res.body.map((o: { created_at: string }) => Date.parse(o.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('admin endpoints answer 401 signed out and 403 for player and staff, whatever the body', async () => {
    const { order } = await newOrder();
    for (const call of [
      { path: '/api/orders', method: 'GET' },
      { path: `/api/orders/${order.id}`, method: 'GET' },
      { path: `/api/orders/${order.id}`, method: 'PATCH', body: { status: 'confirmed' } },
      { path: `/api/orders/${order.id}`, method: 'PUT', body: { status: 'confirmed' } },
      // Who asks is checked before what they send: a bad body is still 401/403, not 422.
      { path: `/api/orders/${order.id}`, method: 'PATCH', body: { status: 'lost-in-the-post' } },
      { path: `/api/orders/${order.id}`, method: 'PUT', body: {} },
    ]) {
      expect((await t.json(call.path, call)).status, call.method).toBe(401);
      expect((await t.json(call.path, { ...call, token: player.token })).status, call.method).toBe(403);
      expect((await t.json(call.path, { ...call, token: staff.token })).status, call.method).toBe(403);
    }
    expect((await t.json(`/api/orders/${order.id}`, { token: admin.token })).body.status).toBe('pending');
  });

  it('moves pending -> confirmed -> paid -> fulfilled (PATCH or PUT), and nothing changes after fulfilled', async () => {
    const { product, order } = await newOrder();
    expect((await setStatus(order.id, 'confirmed')).body.status).toBe('confirmed');
    expect((await setStatus(order.id, 'paid', 'PUT')).body.status).toBe('paid');
    expect((await setStatus(order.id, 'fulfilled')).body.status).toBe('fulfilled');
    for (const status of ['cancelled', 'pending', 'paid', 'fulfilled']) {
      const res = await setStatus(order.id, status);
      expect(res.status, status).toBe(409);
      expect(res.body.detail).toBeTruthy();
    }
    expect(await stockOf(product.id)).toBe(8);
  });

  it('refuses skipped or backward steps with 409, unknown statuses with 422 and unknown orders with 404', async () => {
    const { order } = await newOrder();
    const skip = await setStatus(order.id, 'paid');
    expect(skip.status).toBe(409);
    expect(skip.body.detail).toBe('A pending order can only become confirmed or cancelled, not paid.');
    expect((await setStatus(order.id, 'pending')).status).toBe(409);
    expect((await setStatus(order.id, 'shipped')).status).toBe(422);
    expect((await setStatus('00000000-0000-4000-8000-000000000000', 'confirmed')).status).toBe(404);
    expect((await setStatus('nope', 'confirmed')).status).toBe(404);
    expect((await t.json(`/api/orders/${order.id}`, { token: admin.token })).body.status).toBe('pending');
  });

  it('cancelling returns the quantity to stock once, and a cancelled order stays cancelled', async () => {
    const { product, order } = await newOrder(3);
    await setStatus(order.id, 'confirmed');
    await setStatus(order.id, 'paid');
    expect(await stockOf(product.id)).toBe(7);
    const res = await setStatus(order.id, 'cancelled');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(10);
    const again = await setStatus(order.id, 'cancelled');
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('The order is already cancelled.');
    expect((await setStatus(order.id, 'confirmed')).status).toBe(409);
    expect(await stockOf(product.id)).toBe(10);
  });

  it('two concurrent cancels return the stock exactly once', async () => {
    for (let round = 0; round < 3; round++) {
      const { product, order } = await newOrder(4);
      expect(await stockOf(product.id)).toBe(6);
      const results = await Promise.all([setStatus(order.id, 'cancelled'), setStatus(order.id, 'cancelled', 'PUT')]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await stockOf(product.id)).toBe(10);
    }
  });

  it('cancelling an order of a deleted product still works', async () => {
    const { product, order } = await newOrder();
    await t.json(`/api/products/${product.id}`, { method: 'DELETE', token: admin.token });
    const res = await setStatus(order.id, 'cancelled');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', product_id: null, product_name: product.name });
  });
});

describe('POST /api/orders while a product row is locked', () => {
  it('orders for other products go straight through; the locked product answers 503 within its bound, then sells once free', async () => {
    const held = await newProduct({ stock: 10, sizes: [] });
    const other = await newProduct({ stock: 10, sizes: [] });
    // Another transaction (an admin's edit, another process) holds the product's row.
    const locker = await t.pool.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [held.id]);

      const lockedOrder = place({ product_id: held.id, quantity: 1, ...customer }).then((res) => ({ res, at: Date.now() }));
      const startedAt = Date.now();
      // Orders for another product, sent after the locked one, are answered at once.
      for (let i = 0; i < 5; i++) {
        const res = await place({ product_id: other.id, quantity: 1, ...customer });
        expect(res.status).toBe(201);
      }
      expect(Date.now() - startedAt).toBeLessThan(1_000);

      const { res, at } = await lockedOrder;
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe('This product is being updated right now. Please try again in a moment.');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(at - startedAt).toBeGreaterThanOrEqual(2_500);
      expect(at - startedAt).toBeLessThan(4_500);
    } finally {
      await locker.query('ROLLBACK');
      locker.release();
    }
    expect(await stockOf(held.id)).toBe(10);
    expect(await ordersFor(held.id)).toBe(0);
    expect(await stockOf(other.id)).toBe(5);

    // Free again: the same order sells.
    expect((await place({ product_id: held.id, quantity: 1, ...customer })).status).toBe(201);
    expect(await stockOf(held.id)).toBe(9);
  });

  it('an order waiting briefly for a row another transaction releases soon is placed, not refused', async () => {
    const product = await newProduct({ stock: 3, sizes: [] });
    const locker = await t.pool.connect();
    await locker.query('BEGIN');
    await locker.query('UPDATE products SET stock = stock - 1 WHERE id = $1', [product.id]);
    const pending = place({ product_id: product.id, quantity: 1, ...customer });
    await new Promise((r) => setTimeout(r, 300));
    await locker.query('COMMIT');
    locker.release();
    const res = await pending;
    expect(res.status).toBe(201);
    expect(await stockOf(product.id)).toBe(1);
  });
});
