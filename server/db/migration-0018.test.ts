import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it, inject } from 'vitest';
import { databaseOf } from '../../tests/support/pg-global-setup';

// Migration 0018 (issue 24, ADR 040) on a club that already has payments: each becomes a charge with
// the same id, in pence, to the member's login or a junior's primary guardian; a paid one gets its
// payment entry; and from then on the ledger refuses changes and deletions.

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

it('turns payments into charges (a paid one with its payment) paid by the member or a junior’s guardian, then locks the ledger', async () => {
  const files = (await fs.readdir(DRIZZLE)).filter((f) => f.endsWith('.sql')).sort();
  const target = files.find((f) => f.startsWith('0018_'))!;
  for (const file of files.slice(0, files.indexOf(target))) await run(client, file);
  const users = await client.query(`
    INSERT INTO users (username, email, full_name, password_hash) VALUES
      ('adult', 'adult@example.com', 'Adam Adult', 'x'), ('parent', 'parent@example.com', 'Pat Parent', 'x'), ('kid', 'kid@example.com', 'Kim Kid', 'x')
    RETURNING id, username`);
  const user = (u: string) => users.rows.find((r) => r.username === u).id;
  const members = await client.query(
    `INSERT INTO players (user_id, full_name, date_of_birth) VALUES ($1, 'Adam Adult', '1990-01-01'), ($2, 'Kim Kid', current_date - interval '10 years') RETURNING id, full_name`,
    [user('adult'), user('kid')],
  );
  const adult = members.rows.find((r) => r.full_name === 'Adam Adult').id;
  const kid = members.rows.find((r) => r.full_name === 'Kim Kid').id;
  await client.query(`INSERT INTO guardians (user_id, player_id, level, approved_by) VALUES ($1, $2, 'primary', 'Secretary')`, [user('parent'), kid]);
  const payments = await client.query(
    `INSERT INTO payments (player_id, description, payment_type, amount, due_date, status, paid_date) VALUES
      ($1, 'Season subs', 'Subscription', 45.50, '2026-09-01', 'paid', '2026-09-03'),
      ($1, 'New kit', 'Kit', 12.99, '2026-10-01', 'overdue', NULL),
      ($2, 'U10 subs', 'Membership', 25, '2027-01-01', 'outstanding', NULL)
    RETURNING id, description`,
    [adult, kid],
  );
  const id = (d: string) => payments.rows.find((r) => r.description === d).id;

  await run(client, target);

  const charges = await client.query(
    `SELECT id, payer_user_id, player_id, category, label, amount_pence, due_date::text, season FROM charges ORDER BY amount_pence`,
  );
  expect(charges.rows).toEqual([
    {
      id: id('New kit'),
      payer_user_id: user('adult'),
      player_id: adult,
      category: 'kit',
      label: 'Kit',
      amount_pence: 1299,
      due_date: '2026-10-01',
      season: '2026-27',
    },
    {
      id: id('U10 subs'),
      payer_user_id: user('parent'),
      player_id: kid,
      category: 'subs',
      label: 'Membership',
      amount_pence: 2500,
      due_date: '2027-01-01',
      season: '2026-27',
    },
    {
      id: id('Season subs'),
      payer_user_id: user('adult'),
      player_id: adult,
      category: 'subs',
      label: 'Subscription',
      amount_pence: 4550,
      due_date: '2026-09-01',
      season: '2026-27',
    },
  ]);
  const entries = await client.query(`SELECT charge_id, kind, amount_pence, occurred_on::text FROM ledger_entries ORDER BY kind, amount_pence`);
  expect(entries.rows).toEqual([
    { charge_id: id('New kit'), kind: 'charge', amount_pence: 1299, occurred_on: expect.any(String) },
    { charge_id: id('U10 subs'), kind: 'charge', amount_pence: 2500, occurred_on: expect.any(String) },
    { charge_id: id('Season subs'), kind: 'charge', amount_pence: 4550, occurred_on: expect.any(String) },
    { charge_id: id('Season subs'), kind: 'payment', amount_pence: -4550, occurred_on: '2026-09-03' },
  ]);
  expect((await client.query(`SELECT to_regclass('payments') AS t`)).rows[0].t).toBeNull();

  await expect(client.query(`UPDATE ledger_entries SET amount_pence = 1`)).rejects.toThrow(/never changed/);
  await expect(client.query(`DELETE FROM charges`)).rejects.toThrow(/never deleted/);
  // Erasing a person keeps the money without their name (the links go null); nothing else changes.
  await client.query(`DELETE FROM players WHERE id = $1`, [adult]);
  expect((await client.query(`SELECT count(*)::int AS n FROM charges WHERE player_id IS NULL`)).rows[0].n).toBe(2);
});
