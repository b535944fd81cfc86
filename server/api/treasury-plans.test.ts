import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { signedInTreasurer } from '../../tests/support/treasury';
import { charges, feedback, playerStats, playerTeams, selectionPublications, settings } from '../db/schema';

// Issue 31: termly plans, proration that says what it did, the family discount counted across all
// of a family's children (every team, every charge run), several teams charged at once, and who
// charges: the treasurer and the secretary; the treasurer never touches a child's stats or feedback.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');
const treasurer = await signedInTreasurer(t, admin.token);
const people = juniorFixtures(t);
const secretary = await people.adult('Sue Secretary', 'secretary');
// Junior teams need a welfare officer and the welfare e-mail address first.
await people.adult('Wendy Welfare', 'welfare_officer');
await t.db.update(settings).set({ welfare_email: 'welfare@club.org' }).where(eq(settings.id, 1));
const as = (token: string) => (path: string, body?: unknown, method?: string) => t.json(path, { token, body, method });
const money = as(treasurer.token);

async function team(name: string, age_group: string) {
  const res = await t.json('/api/teams', { token: admin.token, body: { name, age_group, format: '7v7' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; slug: string };
}
const u9 = await team('U9 Wrens', 'U9');
const u12 = await team('U12 Robins', 'U12');

type ChargeBody = { member_id: string; amount_pence: number; period: string; due_date: string; discount_note: string | null; payer_id: string };

/** A family: an elder child in U12 and a younger one in U9, one primary parent. */
async function family(surname: string) {
  const elder = await people.child(`Ava ${surname}`, bornYearsAgo(11), u12.slug);
  const younger = await people.child(`Ben ${surname}`, bornYearsAgo(8), u9.slug);
  const parent = await people.guardian(`Pat ${surname}`, [elder, 'primary'], [younger, 'primary']);
  return { elder, younger, parent };
}

async function termlyPlan(name: string, extra: Record<string, unknown> = {}) {
  const plan = await money('/api/treasury/plans', {
    name,
    kind: 'termly',
    amount_pence: 15000,
    first_due_date: '2026-09-01',
    sibling_discount_percent: 10,
    prorate_joiners: false,
    ...extra,
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  return plan.body as { id: string; kind: string; instalments: number };
}

describe('Termly plans and the family discount across teams', () => {
  it('a termly plan charged to U9 and U12 at once: three terms each, the discount once per term, on the second child', async () => {
    const { elder, younger, parent } = await family('Shah');
    const plan = await termlyPlan('Junior subs 2026-27');
    expect(plan).toMatchObject({ kind: 'termly', instalments: 3 });
    const made = await money(`/api/treasury/plans/${plan.id}/charges`, { team_ids: [u9.id, u12.id] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const mine = (made.body.charges as ChargeBody[]).filter((c) => c.payer_id === parent.user.id);
    expect(mine).toHaveLength(6);
    const of = (id: string) =>
      mine
        .filter((c) => c.member_id === id)
        .map((c) => [c.period, c.due_date, c.amount_pence, c.discount_note])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(of(elder.id)).toEqual([
      ['Autumn term 2026', '2026-09-01', 5000, null],
      ['Spring term 2027', '2027-01-01', 5000, null],
      ['Summer term 2027', '2027-04-01', 5000, null],
    ]);
    const note = 'Family discount 10%: second child of the family on this plan (Ava Shah is charged in full)';
    expect(of(younger.id)).toEqual([
      ['Autumn term 2026', '2026-09-01', 4500, note],
      ['Spring term 2027', '2027-01-01', 4500, note],
      ['Summer term 2027', '2027-04-01', 4500, note],
    ]);
    // Each charge is filed under the team it was charged through.
    const rows = await t.db.select({ player: charges.player_id, team: charges.team_id }).from(charges).where(eq(charges.plan_id, plan.id));
    expect(rows.filter((r) => r.player === younger.id).every((r) => r.team === u9.id)).toBe(true);
    expect(rows.filter((r) => r.player === elder.id).every((r) => r.team === u12.id)).toBe(true);
    // Again: nothing new, and no second discount.
    expect((await money(`/api/treasury/plans/${plan.id}/charges`, { team_ids: [u9.id, u12.id] })).body.created).toBe(0);
  });

  it('charged in two runs (U9 today, U12 tomorrow), the second child still gets the discount', async () => {
    const { elder, younger } = await family('Patel');
    const plan = await termlyPlan('Junior subs, two runs');
    const first = await money(`/api/treasury/plans/${plan.id}/charges`, { team_id: u9.id });
    const benFirst = (first.body.charges as ChargeBody[]).filter((c) => c.member_id === younger.id);
    expect(benFirst.map((c) => [c.amount_pence, c.discount_note])).toEqual([
      [5000, null],
      [5000, null],
      [5000, null],
    ]);
    const second = await money(`/api/treasury/plans/${plan.id}/charges`, { team_id: u12.id });
    const ava = (second.body.charges as ChargeBody[]).filter((c) => c.member_id === elder.id);
    expect(ava.map((c) => c.amount_pence)).toEqual([4500, 4500, 4500]);
    expect(ava[0].discount_note).toBe('Family discount 10%: second child of the family on this plan (Ben Patel is charged in full)');
  });

  it('a termly joiner in February: the autumn term is not charged, spring is prorated 2 of 3 months and due on joining, said in words', async () => {
    const child = await people.child('Cara Late', bornYearsAgo(8), u9.slug);
    await people.guardian('Carl Late', [child, 'primary']);
    await t.db.update(playerTeams).set({ joined_on: '2027-02-10' }).where(and(eq(playerTeams.player_id, child.id), eq(playerTeams.team_id, u9.id)));
    const plan = await termlyPlan('Junior subs, prorated', { prorate_joiners: true });
    const made = await money(`/api/treasury/plans/${plan.id}/charges`, { member_ids: [child.id] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const byDue = (made.body.charges as ChargeBody[]).sort((a, b) => a.due_date.localeCompare(b.due_date));
    expect(byDue.map((c) => [c.period, c.due_date, c.amount_pence, c.discount_note])).toEqual([
      [
        'Spring term 2027',
        '2027-02-10',
        3333,
        'Not charged: 1 term over before they joined on 10 February 2027. Prorated: joined in February 2027, 2 of 3 months (£33.33 of £50.00); due on 10 February 2027, the day they joined, not 1 January 2027',
      ],
      ['Summer term 2027', '2027-04-01', 5000, null],
    ]);
  });
});

describe('Who charges', () => {
  it('the secretary charges several teams at once (a player in both is charged once) and charges a plan; creating plans and reversing stay the treasurer’s', async () => {
    const both = await people.child('Dev Both', bornYearsAgo(10), u9.slug);
    await t.db.insert(playerTeams).values({ player_id: both.id, team_id: u12.id, joined_on: '2020-01-01' });
    const sec = as(secretary.token);
    const socks = await sec('/api/treasury/charges', { team_ids: [u9.id, u12.id], category: 'kit', description: 'Club socks', amount_pence: 500, due_date: '2026-12-01' });
    expect(socks.status, JSON.stringify(socks.body)).toBe(201);
    expect((socks.body.charges as ChargeBody[]).filter((c) => c.member_id === both.id)).toHaveLength(1);
    expect(socks.body.charges.every((c: { created_by: string }) => c.created_by === 'Sue Secretary')).toBe(true);

    expect((await sec('/api/treasury/plans')).status).toBe(200);
    const plan = await termlyPlan('Secretary charges this');
    const charged = await sec(`/api/treasury/plans/${plan.id}/charges`, { member_ids: [both.id] });
    expect(charged.status, JSON.stringify(charged.body)).toBe(201);

    expect((await sec('/api/treasury/plans', { name: 'Not mine', kind: 'annual', amount_pence: 1000, first_due_date: '2026-09-01' })).status).toBe(403);
    expect((await sec(`/api/treasury/charges/${socks.body.charges[0].id}/reversal`, { reason: 'Mistake' })).status).toBe(403);
    expect((await sec('/api/treasury/arrears')).status).toBe(403);
    // A coach charges nobody.
    const parent = await people.adult('Nosy Parent');
    expect((await as(parent.token)('/api/treasury/charges', { member_id: both.id, category: 'kit', description: 'x', amount_pence: 1, due_date: '2026-12-01' })).status).toBe(403);
  });

  it('match fees from the screen: the secretary lists recent fixtures with a published squad (how many players) and charges one', async () => {
    const kid = await people.child('Fay Fixture', bornYearsAgo(11), u12.slug);
    const today = new Date().toISOString().slice(0, 10);
    const fixture = await t.json('/api/fixtures', {
      token: admin.token,
      body: { away_team: 'Sources Rovers', match_date: today, match_time: '10:00', venue: 'Home ground', competition: 'League', is_home: true, team_id: u12.id },
    });
    expect(fixture.status, JSON.stringify(fixture.body)).toBe(201);
    const sec = as(secretary.token);
    expect((await sec('/api/treasury/match-fee-sources')).body.fixtures.map((f: { id: string }) => f.id)).not.toContain(fixture.body.id);
    await t.db.insert(selectionPublications).values({ fixture_id: fixture.body.id, published_at: new Date(), published_player_ids: [kid.id] });
    const sources = await sec('/api/treasury/match-fee-sources');
    expect(sources.status).toBe(200);
    expect(sources.body.fixtures.find((f: { id: string }) => f.id === fixture.body.id)).toEqual({
      id: fixture.body.id,
      team_name: 'U12 Robins',
      opponent: 'Sources Rovers',
      date: today,
      players: 1,
    });
    const fees = await sec('/api/treasury/match-fees', { fixture_id: fixture.body.id, amount_pence: 300, due_date: today });
    expect(fees.status, JSON.stringify(fees.body)).toBe(201);
    expect(fees.body.charges.map((c: ChargeBody) => c.member_id)).toEqual([kid.id]);
    const parent = await people.adult('Nosy Parent Two');
    expect((await as(parent.token)('/api/treasury/match-fee-sources')).status).toBe(403);
  });

  it('a team id that names no team is a 422 naming the field; a team with nobody in it says so', async () => {
    const unknown = await money('/api/treasury/charges', {
      team_ids: [u9.id, '00000000-0000-4000-8000-000000000000'],
      category: 'kit',
      description: 'Socks',
      amount_pence: 500,
      due_date: '2026-12-01',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0]).toMatchObject({ field: 'team_ids', message: 'No team has this id.' });
    const empty = await team('U7 Empty', 'U7');
    const none = await money('/api/treasury/charges', { team_ids: [empty.id], category: 'kit', description: 'Socks', amount_pence: 500, due_date: '2026-12-01' });
    expect(none.status).toBe(422);
    expect(none.body.detail).toBe('This team has no current players to charge.');
    const both = await money('/api/treasury/charges', { team_id: u9.id, team_ids: [u12.id], category: 'kit', description: 'Socks', amount_pence: 500, due_date: '2026-12-01' });
    expect(both.status).toBe(422);
  });

  it('the treasurer never changes a child’s stats or coach feedback', async () => {
    const child = await people.child('Eli Stats', bornYearsAgo(11), u12.slug);
    const stats = await money(`/api/players/${child.id}/stats`, { goals: 9 }, 'PUT');
    expect(stats.status).toBe(403);
    const note = await money(`/api/players/${child.id}/feedback`, { category: 'General', feedback: 'Made up' });
    expect(note.status).toBe(403);
    expect(await t.db.select().from(playerStats).where(eq(playerStats.player_id, child.id))).toEqual([]);
    expect(await t.db.select().from(feedback).where(eq(feedback.player_id, child.id))).toEqual([]);
  });
});
