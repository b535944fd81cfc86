import { describe, expect, it } from 'vitest';
import { fixtures, joinUsSubmissions, orders, players, products, sponsors } from '../db/schema';
import { createTestContext } from '../../tests/support/api';

const t = await createTestContext();

describe('GET /api/admin/dashboard', () => {
  it('answers 401 to an anonymous caller', async () => {
    const res = await t.json('/api/admin/dashboard');
    expect(res.status).toBe(401);
    expect(typeof res.body.detail).toBe('string');
  });

  it('answers 403 to a player', async () => {
    const { token } = await t.signedIn('player');
    const res = await t.json('/api/admin/dashboard', { token });
    expect(res.status).toBe(403);
    expect(typeof res.body.detail).toBe('string');
  });

  it('says a database that was never initialized needs it, with its counts', async () => {
    const { token } = await t.signedIn('admin');
    const res = await t.json('/api/admin/dashboard', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      orders: 0,
      players: 1, // the player signed in above
      products: 0,
      fixtures: 0,
      join_us: 0,
      sponsors: 0,
      needs_initialization: true,
      users_count: 2, // that player and this admin
      products_count: 0,
      news_count: 0,
      fixtures_count: 0,
    });
  });

  it('counts every table after initialization, for admin and staff alike', async () => {
    await t.initialize();
    const [p] = await t.db.select().from(products).limit(1);
    await t.db.insert(orders).values({
      product_id: p.id,
      product_name: p.name,
      quantity: 1,
      unit_price: p.price,
      total_amount: p.price,
      customer_name: 'Ann Buyer',
      customer_email: 'ann@example.com',
      customer_phone: '07700 900000',
    });
    await t.db.insert(joinUsSubmissions).values({
      full_name: 'Jo Joiner',
      email: 'jo@example.com',
      phone_number: '07700 900001',
      message: 'Hello',
      interest_types: ['player'],
    });
    const expected = {
      orders: (await t.db.select().from(orders)).length,
      players: (await t.db.select().from(players)).length,
      products: (await t.db.select().from(products)).length,
      fixtures: (await t.db.select().from(fixtures)).length,
      join_us: (await t.db.select().from(joinUsSubmissions)).length,
      sponsors: (await t.db.select().from(sponsors)).length,
    };
    expect(expected.orders).toBe(1);
    expect(expected.join_us).toBe(1);
    expect(expected.products).toBeGreaterThan(0);

    for (const role of ['admin', 'staff'] as const) {
      const { token } = await t.signedIn(role);
      const res = await t.json('/api/admin/dashboard', { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ...expected, needs_initialization: false, products_count: expected.products, fixtures_count: expected.fixtures });
      expect(res.body.news_count).toBeGreaterThan(0);
      expect(res.body.users_count).toBeGreaterThan(1);
    }
  });
});
