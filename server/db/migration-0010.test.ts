import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it, inject } from 'vitest';
import { databaseOf } from '../../tests/support/pg-global-setup';

// Migration 0010 (ADR 023) on a shop that already has orders and products: every existing order
// gets a number in the order it was placed, a token and its fulfilment; Kit goes first.

const DRIZZLE = path.resolve(import.meta.dirname, '../../drizzle');
const admin = JSON.parse(inject('pgAdmin')) as pg.ClientConfig;
const name = `club_migration_${randomBytes(6).toString('hex')}`;

async function run(client: pg.Client, file: string) {
  const text = await fs.readFile(path.join(DRIZZLE, file), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await client.query(statement);
}

const setup = new pg.Client(admin);
await setup.connect();
await setup.query(`CREATE DATABASE ${name}`);
await setup.end();
const client = new pg.Client({ ...admin, ...databaseOf(admin, name) });
await client.connect();

afterAll(async () => {
  await client.end();
  const c = new pg.Client(admin);
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
});

it('numbers existing orders in placing order, gives each a token, keeps delivery for those with an address, puts Kit first', async () => {
  const files = (await fs.readdir(DRIZZLE)).filter((f) => f.endsWith('.sql')).sort();
  const target = files.find((f) => f.startsWith('0010_'))!;
  for (const file of files.slice(0, files.indexOf(target))) await run(client, file);
  await client.query(`INSERT INTO products (name, description, category, price, stock) VALUES ('Mug', 'd', 'Accessories', 5, 3), ('Shirt', 'd', 'Kit', 30, 3)`);
  await client.query(`
    INSERT INTO orders (product_name, unit_price, total_amount, customer_name, customer_email, customer_phone, customer_address, created_at) VALUES
      ('Mug', 5, 5, 'Second', 'b@example.com', '07700 900000', NULL, now() - interval '1 day'),
      ('Mug', 5, 5, 'First', 'a@example.com', '07700 900000', '1 Mill Lane', now() - interval '2 days'),
      ('Shirt', 30, 30, 'Third', 'c@example.com', '07700 900000', NULL, now())`);

  await run(client, target);

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
