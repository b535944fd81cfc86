import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { charges, fixtures, joinUsSubmissions, ledgerEntries, orders, players, products, sponsors, teams } from '../db/schema';
import { clubDateOf } from '../../shared/dates';
import { createTestContext } from '../../tests/support/api';

const t = await createTestContext();

/** A one-item order for the first product, written straight to the table. */
async function anOrder(status: 'pending' | 'confirmed') {
  const [p] = await t.db.select().from(products).limit(1);
  return {
    product_id: p.id,
    product_name: p.name,
    quantity: 1,
    unit_price: p.price,
    total_amount: p.price,
    customer_name: 'Ann Buyer',
    customer_email: 'ann@example.com',
    customer_phone: '07700 900000',
    status,
  };
}

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
      today: {
        pending_orders: 0,
        join_us: 0,
        registrations: 0,
        parent_requests: 0,
        results_to_enter: [],
        outstanding_payments: { payments: 0, amount: 0, players: [] },
        match_week: [],
        dbs_checks: [],
        // An admin handles personal data (issue 34): nothing is past its time to keep in a new club.
        retention_due: 0,
        privacy_requests: [],
        // Migration 0005 made the teams Senior and Vets; nothing else yet, and this admin is the only one with a club role.
        first_steps: { teams: true, fixture: false, kit: false, committee: false },
      },
    });
  });

  it('counts every table after initialization, for admin and staff alike', async () => {
    await t.initialize();
    await t.db.insert(orders).values(await anOrder('pending'));
    await t.db.insert(joinUsSubmissions).values({
      full_name: 'Jo Joiner',
      email: 'jo@example.com',
      phone_number: '07700 900001',
      message: 'Hello',
      interest_types: ['player'],
    });
    // Signed in first: a member of staff is on the club's list of members (the Players tab) too.
    const tokens = { admin: (await t.signedIn('admin')).token, staff: (await t.signedIn('staff')).token };
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
      const token = tokens[role];
      const res = await t.json('/api/admin/dashboard', { token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ...expected, needs_initialization: false, products_count: expected.products, fixtures_count: expected.fixtures });
      expect(res.body.news_count).toBeGreaterThan(0);
      expect(res.body.users_count).toBeGreaterThan(1);
    }
  });
});

describe('GET /api/admin/dashboard: what needs doing today', () => {
  it('lists what needs doing today: pending orders, join-us submissions, played fixtures without a score, unpaid payments by player (staff: no payments)', async () => {
    // The database was initialized by the test above (the sample fixtures are all scored or upcoming).
    const before = (await t.db.select().from(orders).where(eq(orders.status, 'pending'))).length;
    await t.db.insert(orders).values([await anOrder('pending'), await anOrder('pending'), await anOrder('confirmed')]);

    const [team] = await t.db.select().from(teams).limit(1);
    const day = (offset: number) => clubDateOf(new Date(Date.now() + offset * 86_400_000));
    const fixture = (away_team: string, match_date: string, extra: Partial<typeof fixtures.$inferInsert> = {}) => ({
      team_id: team.id,
      away_team,
      match_date,
      match_time: '10:00',
      venue: 'Home Ground',
      competition: 'League',
      ...extra,
    });
    const [played] = await t.db
      .insert(fixtures)
      .values([
        fixture('Needs A Score FC', day(-3)),
        fixture('Half Scored FC', day(-2), { home_score: 2 }),
        fixture('Scored FC', day(-2), { home_score: 1, away_score: 0, status: 'completed' }),
        fixture('Called Off FC', day(-1), { status: 'cancelled' }),
        fixture('Future FC', day(3)),
      ])
      .returning();

    const [owing, paidUp] = await t.db
      .insert(players)
      .values([
        { full_name: 'Owen Owing', position: 'Defender', team_type: 'Senior', nationality: 'English' },
        { full_name: 'Pam Paid', position: 'Defender', team_type: 'Senior', nationality: 'English' },
      ])
      .returning();
    // Charges in the ledger (issue 24): Owen owes two, Pam's is paid.
    const charged = await t.db
      .insert(charges)
      .values([
        { player_id: owing.id, category: 'subs', description: 'Subs', amount_pence: 2500, due_date: day(10), season: '2026-27', created_by_name: 'Test' },
        { player_id: owing.id, category: 'kit', description: 'Kit', amount_pence: 1250, due_date: day(-5), season: '2026-27', created_by_name: 'Test' },
        { player_id: paidUp.id, category: 'subs', description: 'Subs', amount_pence: 2500, due_date: day(-5), season: '2026-27', created_by_name: 'Test' },
      ])
      .returning();
    await t.db
      .insert(ledgerEntries)
      .values([
        ...charged.map((c) => ({ kind: 'charge' as const, charge_id: c.id, amount_pence: c.amount_pence, occurred_on: day(-5), created_by_name: 'Test' })),
        { kind: 'payment' as const, charge_id: charged[2].id, amount_pence: -2500, occurred_on: day(-5), created_by_name: 'Test' },
      ]);

    const { token } = await t.signedIn('admin');
    const res = await t.json('/api/admin/dashboard', { token });
    expect(res.status).toBe(200);
    const today = res.body.today;
    expect(today.pending_orders).toBe(before + 2);
    expect(today.join_us).toBe(res.body.join_us);
    const names = (today.results_to_enter as { away_team: string }[]).map((f) => f.away_team);
    expect(names).toContain('Needs A Score FC');
    expect(names).toContain('Half Scored FC');
    expect(names).not.toContain('Scored FC');
    expect(names).not.toContain('Called Off FC');
    expect(names).not.toContain('Future FC');
    expect(today.results_to_enter.find((f: { id: string }) => f.id === played.id)).toMatchObject({ team: team.name, match_time: '10:00', is_home: true });
    const owen = today.outstanding_payments.players.find((o: { full_name: string }) => o.full_name === 'Owen Owing');
    expect(owen).toEqual({ player_id: owing.id, full_name: 'Owen Owing', payments: 2, amount: 37.5, overdue: true });
    expect(today.outstanding_payments.players.some((o: { full_name: string }) => o.full_name === 'Pam Paid')).toBe(false);

    // Staff see the same to-do list without the payments (they do not see payments anywhere).
    const staff = await t.json('/api/admin/dashboard', { token: (await t.signedIn('staff')).token });
    expect(staff.status).toBe(200);
    expect(staff.body.today).toMatchObject({ pending_orders: today.pending_orders, outstanding_payments: null });
    expect(staff.body.today.results_to_enter).toEqual(today.results_to_enter);
  });
});
