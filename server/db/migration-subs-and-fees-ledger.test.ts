import { expect, it } from 'vitest';
import { migrationDatabase } from '../../tests/support/migration-db';

// The subs-and-fees ledger migration (issue 24, ADR 040) on a club that already has payments: each becomes a charge with
// the same id, in pence, to the member's login or a junior's primary guardian; a paid one gets its
// payment entry; and from then on the ledger refuses changes and deletions.

const { client, upTo, apply } = await migrationDatabase();

it('turns payments into charges (a paid one with its payment) paid by the member or a junior’s guardian, then locks the ledger', async () => {
  await upTo('subs_and_fees_ledger');
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

  await apply('subs_and_fees_ledger');

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
  // "Overdue" as the admin set it stays a mark on the list.
  expect((await client.query(`SELECT charge_id FROM charge_overdue_marks`)).rows).toEqual([{ charge_id: id('New kit') }]);
  expect((await client.query(`SELECT to_regclass('payments') AS t`)).rows[0].t).toBeNull();

  await expect(client.query(`UPDATE ledger_entries SET amount_pence = 1`)).rejects.toThrow(/never changed/);
  await expect(client.query(`DELETE FROM charges`)).rejects.toThrow(/never deleted/);
  // Erasing a person keeps the money without their name (the links go null); nothing else changes.
  await client.query(`DELETE FROM players WHERE id = $1`, [adult]);
  expect((await client.query(`SELECT count(*)::int AS n FROM charges WHERE player_id IS NULL`)).rows[0].n).toBe(2);
});
