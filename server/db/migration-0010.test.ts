import { expect, it } from 'vitest';
import { migrationDatabase } from '../../tests/support/migration-db';

// Migration 0010 (ADR 023) on a shop that already has orders and products: every existing order
// gets a number in the order it was placed, a token and its fulfilment; Kit goes first.

const { client, upTo, apply } = await migrationDatabase();

it('numbers existing orders in placing order, gives each a token, keeps delivery for those with an address, puts Kit first', async () => {
  await upTo('shop_order_reference_and_display_order');
  await client.query(`INSERT INTO products (name, description, category, price, stock) VALUES ('Mug', 'd', 'Accessories', 5, 3), ('Shirt', 'd', 'Kit', 30, 3)`);
  await client.query(`
    INSERT INTO orders (product_name, unit_price, total_amount, customer_name, customer_email, customer_phone, customer_address, created_at) VALUES
      ('Mug', 5, 5, 'Second', 'b@example.com', '07700 900000', NULL, now() - interval '1 day'),
      ('Mug', 5, 5, 'First', 'a@example.com', '07700 900000', '1 Mill Lane', now() - interval '2 days'),
      ('Shirt', 30, 30, 'Third', 'c@example.com', '07700 900000', NULL, now())`);

  await apply('shop_order_reference_and_display_order');

  const { rows } = await client.query(`SELECT customer_name, number, token, fulfilment FROM orders ORDER BY number`);
  expect(rows.map((r) => [r.customer_name, r.number, r.fulfilment])).toEqual([
    ['First', 1001, 'delivery'],
    ['Second', 1002, 'collect'],
    ['Third', 1003, 'collect'],
  ]);
  for (const row of rows) expect(row.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
  expect(new Set(rows.map((r) => r.token)).size).toBe(3);
  const next = await client.query(
    `INSERT INTO orders (product_name, unit_price, total_amount, customer_name, customer_email, customer_phone) VALUES ('Mug', 5, 5, 'New', 'd@example.com', '07700 900000') RETURNING number`,
  );
  expect(next.rows[0].number).toBe(1004);
  const products = await client.query(`SELECT name, sort_order FROM products ORDER BY sort_order, name`);
  expect(products.rows).toEqual([
    { name: 'Shirt', sort_order: 10 },
    { name: 'Mug', sort_order: 100 },
  ]);
});
