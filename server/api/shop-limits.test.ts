import { eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { orders, outbox, products } from '../db/schema';
import { unconfirmedOrders } from '../jobs/unconfirmed-orders';
import { JOBS } from '../jobs';

// Issue 30, finding 11 and Build 9: one order takes at most the admin's cap of a product (default
// 10), and a pending order nobody confirms releases its stock after the days set (default 7),
// telling the buyer and the shop.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');

const customer = { customer_name: 'Alex Supporter', customer_email: 'alex@example.com', customer_phone: '07700 900123' };
const DAY_MS = 24 * 60 * 60 * 1000;

async function newProduct(stock: number) {
  const [row] = await t.db
    .insert(products)
    .values({ name: `Club Mug ${Math.random().toString(36).slice(2, 8)}`, description: 'A mug', category: 'Accessories', price: 8, stock, sizes: [] })
    .returning();
  return row;
}
const stockOf = async (id: string) => (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0].stock;
const place = (productId: string, quantity: number, who = customer) => t.json('/api/orders', { body: { product_id: productId, quantity, ...who } });
const settingsNow = async () => (await t.json('/api/settings', { token: admin.token })).body;
const saveSettings = async (changes: Record<string, unknown>) => t.json('/api/settings', { method: 'PUT', token: admin.token, body: { ...(await settingsNow()), ...changes } });

describe('The most of one product an order may take', () => {
  it('is 10 by default: one order of 22 mugs is refused next to the quantity, and the next buyer still gets theirs', async () => {
    const mugs = await newProduct(22);
    const greedy = await place(mugs.id, 22);
    expect(greedy.status).toBe(422);
    expect(greedy.body).toEqual({ detail: 'You can order at most 10 of each item.', errors: [{ field: 'quantity', message: 'You can order at most 10 of each item.' }] });
    expect(await stockOf(mugs.id)).toBe(22);
    expect((await place(mugs.id, 10)).status).toBe(201);
    expect((await place(mugs.id, 2, { ...customer, customer_name: 'Bea Buyer' })).status).toBe(201);
    expect(await stockOf(mugs.id)).toBe(10);
  });

  it('the admin changes it in Settings, and orders follow at once', async () => {
    expect((await settingsNow()).order_quantity_cap).toBe(10);
    const saved = await saveSettings({ order_quantity_cap: 3 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.order_quantity_cap).toBe(3);
    const scarves = await newProduct(50);
    const refused = await place(scarves.id, 4);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('You can order at most 3 of each item.');
    expect((await place(scarves.id, 3)).status).toBe(201);
    expect((await saveSettings({ order_quantity_cap: 10 })).status).toBe(200);
  });

  it('refuses a cap or a number of days that is not a whole number in range, keeping the old values', async () => {
    const before = await settingsNow();
    for (const bad of [{ order_quantity_cap: 0 }, { order_quantity_cap: 1001 }, { order_quantity_cap: 2.5 }, { order_quantity_cap: 'lots' }, { pending_order_days: 0 }, { pending_order_days: 91 }]) {
      const res = await saveSettings(bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.errors[0].field).toBe(Object.keys(bad)[0]);
    }
    expect(await settingsNow()).toEqual(before);
  });

  it('only the admin changes it', async () => {
    const player = await t.signedIn('player');
    const res = await t.json('/api/settings', { method: 'PUT', token: player.token, body: { ...(await settingsNow()), order_quantity_cap: 1000 } });
    expect(res.status).toBe(403);
    expect((await settingsNow()).order_quantity_cap).toBe(10);
  });
});

describe('A pending order nobody confirms', () => {
  it('is cancelled after 7 days, its stock returned, and the buyer and the shop are told once', async () => {
    const shirts = await newProduct(10);
    const waiting = (await place(shirts.id, 4)).body;
    const confirmed = (await place(shirts.id, 2)).body;
    expect((await t.json(`/api/orders/${confirmed.id}`, { method: 'PATCH', token: admin.token, body: { status: 'confirmed' } })).status).toBe(200);
    expect(await stockOf(shirts.id)).toBe(4);

    // Six days on: still waiting.
    expect(await t.services.orders.releaseUnconfirmed(new Date(Date.now() + 6 * DAY_MS))).toBe(0);
    // Eight days on: released (with the orders of the tests above, all still pending).
    const later = new Date(Date.now() + 8 * DAY_MS);
    const pending = (await t.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'pending'))).length;
    expect(await t.services.orders.releaseUnconfirmed(later)).toBe(pending);
    const statuses = await t.db.select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, [waiting.id, confirmed.id]));
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({ [waiting.id]: 'cancelled', [confirmed.id]: 'confirmed' });
    expect(await stockOf(shirts.id)).toBe(8);

    const mails = await t.db.select().from(outbox).where(like(outbox.dedupe_key, `order-released%:${waiting.id}`));
    const buyer = mails.find((m) => m.kind === 'order_released')!;
    expect(buyer.to_address).toBe('alex@example.com');
    expect(buyer.subject).toBe(`Your order ${waiting.reference} has been cancelled`);
    expect(buyer.text_body).toContain(`was not confirmed within 7 days, so we have cancelled it and put the items back on sale`);
    const shop = mails.find((m) => m.kind === 'order_released_shop')!;
    // Whoever gets new-order mails: the sales e-mail of Settings.
    const [newOrderMail] = await t.db.select().from(outbox).where(eq(outbox.dedupe_key, `order:${waiting.id}`));
    expect(shop.to_address).toBe(newOrderMail.to_address);
    expect(shop.subject).toBe(`Order ${waiting.reference} cancelled: not confirmed within 7 days`);

    // Run again (or in a second process): nothing twice.
    expect(await t.services.orders.releaseUnconfirmed(later)).toBe(0);
    expect(await stockOf(shirts.id)).toBe(8);
    expect(await t.db.select().from(outbox).where(like(outbox.dedupe_key, `order-released%:${waiting.id}`))).toHaveLength(2);
  });

  it('waits the days the admin set', async () => {
    expect((await saveSettings({ pending_order_days: 2 })).status).toBe(200);
    const hats = await newProduct(5);
    const order = (await place(hats.id, 1)).body;
    expect(await t.services.orders.releaseUnconfirmed(new Date(Date.now() + 1 * DAY_MS))).toBe(0);
    expect(await t.services.orders.releaseUnconfirmed(new Date(Date.now() + 3 * DAY_MS))).toBe(1);
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)))[0].status).toBe('cancelled');
    expect(await stockOf(hats.id)).toBe(5);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.dedupe_key, `order-released:${order.id}`));
    expect(mail.text_body).toContain('within 2 days');
    expect((await saveSettings({ pending_order_days: 7 })).status).toBe(200);
  });

  it('is released by a scheduled job that runs hourly', () => {
    expect(JOBS).toContain(unconfirmedOrders);
    expect(unconfirmedOrders.everyMs).toBe(60 * 60 * 1000);
  });
});
