import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { adultMembers, seniorTeamId, signedInTreasurer, uploadStatement } from '../../tests/support/treasury';
import {
  bankImports,
  charges,
  guardians,
  ledgerEntries,
  players,
  playerTeams,
  selectionPublications,
  statementMappings,
  trainingAttendance,
  trainingSessions,
} from '../db/schema';

// Issue 24: charges made one by one, for a team, from a plan (sibling discount, family cap,
// prorated joiners) and as match fees; arrears by age and team; every bank layout; bad input is a
// 422 with a plain detail that stores nothing, never a 500.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');
const treasurer = await signedInTreasurer(t, admin.token);
const senior = await seniorTeamId(t);
const post = (path: string, body: unknown) => t.json(path, { token: treasurer.token, body });
const ledgerRows = async () => (await t.db.select({ n: count() }).from(ledgerEntries))[0].n;

describe('Plans', () => {
  it('monthly splits the season’s total to the penny; a second child gets the sibling discount; a family cap holds; a joiner is prorated', async () => {
    const [parent] = await adultMembers(t, ['Pam Parent']);
    const kids = await t.db
      .insert(players)
      .values([
        { full_name: 'Eldest Child', position: 'Forward', team_type: 'Senior', date_of_birth: '2014-01-01' },
        { full_name: 'Youngest Child', position: 'Forward', team_type: 'Senior', date_of_birth: '2016-01-01' },
      ])
      .returning();
    await t.db.insert(guardians).values(kids.map((k) => ({ user_id: parent.userId, player_id: k.id, level: 'primary' as const, approved_by: 'Test' })));
    const [joiner] = await adultMembers(t, ['Jo Joiner']);

    const plan = await post('/api/treasury/plans', {
      name: 'Junior subs',
      kind: 'monthly',
      instalments: 3,
      amount_pence: 10000,
      first_due_date: '2026-09-01',
      sibling_discount_percent: 10,
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(201);
    expect(plan.body).toMatchObject({ kind: 'monthly', instalments: 3, season: '2026-27', prorate_joiners: true });
    const made = await post(`/api/treasury/plans/${plan.body.id}/charges`, { member_ids: kids.map((k) => k.id) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.created).toBe(6);
    const eldest = made.body.charges.filter((c: { member_id: string }) => c.member_id === kids[0].id);
    const youngest = made.body.charges.filter((c: { member_id: string }) => c.member_id === kids[1].id);
    expect(eldest.map((c: { amount_pence: number }) => c.amount_pence).sort()).toEqual([3333, 3333, 3334]);
    expect(youngest.map((c: { amount_pence: number }) => c.amount_pence).sort()).toEqual([3000, 3000, 3001]);
    expect(youngest[0].discount_note).toBe('Family discount 10%: second child of the family on this plan (Eldest Child is charged in full)');
    expect(new Set(made.body.charges.map((c: { payer_id: string }) => c.payer_id))).toEqual(new Set([parent.userId]));
    expect(eldest.map((c: { period: string }) => c.period).sort()).toEqual(['November 2026', 'October 2026', 'September 2026']);
    // Again: nothing new.
    expect((await post(`/api/treasury/plans/${plan.body.id}/charges`, { member_ids: kids.map((k) => k.id) })).body.created).toBe(0);

    const capped = await post('/api/treasury/plans', {
      name: 'Family tour',
      kind: 'annual',
      category: 'tour',
      amount_pence: 20000,
      first_due_date: '2026-09-01',
      family_cap_pence: 30000,
    });
    const tour = await post(`/api/treasury/plans/${capped.body.id}/charges`, { member_ids: kids.map((k) => k.id) });
    expect(tour.body.charges.map((c: { amount_pence: number }) => c.amount_pence).sort()).toEqual([10000, 20000]);
    expect(tour.body.charges.find((c: { amount_pence: number }) => c.amount_pence === 10000).discount_note).toBe('Family cap of £300.00 reached');

    // Jo joined Senior on 15 January: an annual £120 plan charges the 8 months to August.
    await t.db.update(playerTeams).set({ joined_on: '2027-01-15' }).where(eq(playerTeams.player_id, joiner.playerId));
    const annual = await post('/api/treasury/plans', {
      name: 'Senior subs',
      kind: 'annual',
      amount_pence: 12000,
      first_due_date: '2026-09-01',
      team_id: senior,
    });
    const res = await post(`/api/treasury/plans/${annual.body.id}/charges`, { member_ids: [joiner.playerId] });
    expect(res.body.charges[0]).toMatchObject({ amount_pence: 8000, due_date: '2027-01-15', discount_note: 'Prorated: joined in January 2027, 8 of 12 months (£80.00 of £120.00); due on 15 January 2027, the day they joined, not 1 September 2026',
    });
  });
});

describe('Charges and match fees', () => {
  it('charges a whole team; match fees for who came to a session or a published squad, once per player', async () => {
    const [a, b] = await adultMembers(t, ['Tam Team', 'Tom Team']);
    const team = await post('/api/treasury/charges', {
      team_id: senior,
      category: 'kit',
      description: 'Training tops',
      amount_pence: 1500,
      due_date: '2026-09-10',
    });
    expect(team.status).toBe(201);
    expect(team.body.charges.map((c: { member_id: string }) => c.member_id)).toEqual(expect.arrayContaining([a.playerId, b.playerId]));
    const [session] = await t.db
      .insert(trainingSessions)
      .values({
        team_id: senior,
        session_date: '2026-09-08',
        starts_at: new Date('2026-09-08T18:00:00Z'),
        ends_at: new Date('2026-09-08T19:30:00Z'),
        place: 'Pitch',
        one_off: true,
        kind: 'tournament',
        title: 'Cup day',
        attendance_recorded_at: new Date(),
      })
      .returning();
    await t.db.insert(trainingAttendance).values([{ session_id: session.id, player_id: a.playerId }]);
    const fees = await post('/api/treasury/match-fees', { session_id: session.id, amount_pence: 500, due_date: '2026-09-15' });
    expect(fees.status, JSON.stringify(fees.body)).toBe(201);
    expect(fees.body.charges).toHaveLength(1);
    expect(fees.body.charges[0]).toMatchObject({ member_id: a.playerId, category: 'match_fee', description: 'Cup day fee, 08/09/2026' });
    expect((await post('/api/treasury/match-fees', { session_id: session.id, amount_pence: 500, due_date: '2026-09-15' })).body.created).toBe(0);

    // A fixture: nothing until its squad is published, then each player of the published squad once.
    const fixture = await t.json('/api/fixtures', {
      token: admin.token,
      body: { away_team: 'Fee Rovers', match_date: '2026-09-20', match_time: '15:00', venue: 'Home ground', competition: 'League', is_home: true, team_id: senior },
    });
    expect(fixture.status, JSON.stringify(fixture.body)).toBe(201);
    const unpublished = await post('/api/treasury/match-fees', { fixture_id: fixture.body.id, amount_pence: 700, due_date: '2026-09-27' });
    expect(unpublished.status).toBe(409);
    expect(unpublished.body.detail).toMatch(/not published yet/);
    await t.db.insert(selectionPublications).values({ fixture_id: fixture.body.id, published_at: new Date(), published_player_ids: [a.playerId, b.playerId] });
    const squadFees = await post('/api/treasury/match-fees', { fixture_id: fixture.body.id, amount_pence: 700, due_date: '2026-09-27' });
    expect(squadFees.status).toBe(201);
    expect(squadFees.body.charges.map((c: { member_id: string }) => c.member_id).sort()).toEqual([a.playerId, b.playerId].sort());
    expect(squadFees.body.charges[0].description).toBe('Match fee: Fee Rovers, 20/09/2026');
    expect((await post('/api/treasury/match-fees', { fixture_id: fixture.body.id, amount_pence: 700, due_date: '2026-09-27' })).body.created).toBe(0);
  });

  it('refuses bad input with a 422 and a plain detail, storing nothing', async () => {
    const [m] = await adultMembers(t, ['Val Valid']);
    const before = await ledgerRows();
    const cases: [string, unknown, RegExp][] = [
      [
        '/api/treasury/charges',
        { member_id: m.playerId, category: 'subs', description: 'Subs', amount_pence: 12.5, due_date: '2026-09-01' },
        /whole number of pence/,
      ],
      ['/api/treasury/charges', { member_id: m.playerId, category: 'subs', description: 'Subs', amount_pence: -5, due_date: '2026-09-01' }, /more than 0/],
      [
        '/api/treasury/charges',
        { member_id: m.playerId, category: 'beer', description: 'Subs', amount_pence: 500, due_date: '2026-09-01' },
        /Category must be/,
      ],
      ['/api/treasury/charges', { member_id: m.playerId, category: 'subs', description: 'Subs', amount_pence: 500, due_date: '2026-02-30' }, /Due date/],
      ['/api/treasury/charges', { category: 'subs', description: 'Subs', amount_pence: 500, due_date: '2026-09-01' }, /Say who pays/],
      [
        '/api/treasury/charges',
        { member_id: '00000000-0000-4000-8000-000000000000', category: 'subs', description: 'Subs', amount_pence: 500, due_date: '2026-09-01' },
        /No member/,
      ],
      [
        '/api/treasury/charges',
        { team_id: '00000000-0000-4000-8000-000000000000', category: 'subs', description: 'Subs', amount_pence: 500, due_date: '2026-09-01' },
        /No team/,
      ],
      [
        '/api/treasury/charges',
        { member_id: m.playerId, category: 'subs', description: 'x'.repeat(201), amount_pence: 500, due_date: '2026-09-01' },
        /at most 200/,
      ],
      ['/api/treasury/plans', { name: 'P', kind: 'weekly', amount_pence: 100, first_due_date: '2026-09-01' }, /Kind must be/],
      ['/api/treasury/plans', { name: 'P', kind: 'monthly', instalments: 13, amount_pence: 100, first_due_date: '2026-09-01' }, /At most 12/],
      ['/api/treasury/match-fees', { amount_pence: 500, due_date: '2026-09-01' }, /Choose a fixture/],
      ['/api/treasury/lines/00000000-0000-4000-8000-000000000000/allocate', { payer_id: 'me' }, /Payer is not a valid id/],
    ];
    for (const [path, body, detail] of cases) {
      const res = await post(path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(res.body.detail, path).toMatch(detail);
    }
    expect(await ledgerRows()).toBe(before);
    expect((await t.json('/api/treasury/arrears?as_of=2026-13-01', { token: treasurer.token })).status).toBe(422);
    expect((await t.json('/api/treasury/lines?status=lost', { token: treasurer.token })).status).toBe(422);
    expect((await t.json('/api/treasury/charges/nope/reversal', { token: treasurer.token, body: { reason: 'x' } })).status).toBe(404);
    expect((await t.json('/api/treasury/imports/nope/commit', { method: 'POST', token: treasurer.token })).status).toBe(404);
  });
});

describe('Arrears', () => {
  it('on a day: 0-30, 31-60 and 60+ days past due, by team and by payer; a charge not yet due is not arrears', async () => {
    const [x] = await adultMembers(t, ['Xena Owes']);
    for (const [due, pence] of [
      ['2026-01-10', 1000],
      ['2026-02-15', 2000],
      ['2026-03-20', 4000],
      ['2026-04-15', 8000],
    ] as const) {
      expect(
        (await post('/api/treasury/charges', { member_id: x.playerId, category: 'subs', description: `Subs ${due}`, amount_pence: pence, due_date: due }))
          .status,
      ).toBe(201);
    }
    const res = await t.json('/api/treasury/arrears?as_of=2026-04-01', { token: treasurer.token });
    expect(res.status).toBe(200);
    const xena = res.body.payers.find((p: { payer_id: string }) => p.payer_id === x.userId);
    // 81 days (60+), 45 days (31-60), 12 days (0-30); 15 April is not due yet.
    expect(xena).toMatchObject({ total_pence: 7000, buckets: { '0-30': 4000, '31-60': 2000, '60+': 1000 } });
    const team = res.body.teams.find((tm: { team_id: string }) => tm.team_id === senior);
    expect(team.buckets['60+']).toBeGreaterThanOrEqual(1000);
    expect(res.body.total_pence).toBe(res.body.buckets['0-30'] + res.body.buckets['31-60'] + res.body.buckets['60+']);
  });
});

describe('Statements from every bank we know', () => {
  const samples: [string, string, { date: string; pence: number }[]][] = [
    [
      'starling',
      '\uFEFFDate,Counter Party,Reference,Type,Amount (GBP),Balance (GBP),Spending Category\r\n01/09/2026,"SMITH, JOHN",SUBS,FASTER PAYMENT,25.00,125.00,INCOME\r\n02/09/2026,PITCH CO,HIRE,PAYMENT,-40.50,84.50,BILLS\r\n',
      [
        { date: '2026-09-01', pence: 2500 },
        { date: '2026-09-02', pence: -4050 },
      ],
    ],
    [
      'monzo',
      'Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency,Notes and #tags,Address,Receipt,Description,Category split\ntx_1,03/09/2026,10:00:00,Faster payment,Ann Lee,,income,1234.56,GBP,1234.56,GBP,SUBS,,,SUBS,\n',
      [{ date: '2026-09-03', pence: 123456 }],
    ],
    [
      'barclays',
      'Number,Date,Account,Amount,Subcategory,Memo\n1,04/09/2026,20-00-00 12345678,30.00,Credit,J BLOGGS SUBS\n',
      [{ date: '2026-09-04', pence: 3000 }],
    ],
    [
      'lloyds',
      "Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance\n28/08/2026,FPI,'30-91-74,12345678,NAME REASON,,20.00,120.00\n29/08/2026,DEB,'30-91-74,12345678,SHOP,5.25,,114.75\n",
      [
        { date: '2026-08-28', pence: 2000 },
        { date: '2026-08-29', pence: -525 },
      ],
    ],
    ['hsbc', ' Transaction Date,Description,Amount,Balance,\n5 Sep 2026,J SMITH SUBS,"1,234.56","2,000.00",\n', [{ date: '2026-09-05', pence: 123456 }]],
    [
      'natwest',
      'Date,Type,Description,Value,Balance,Account Name,Account Number\n06/09/2026,BAC,A PAYER SUBS,15.00,115.00,CLUB,123\n',
      [{ date: '2026-09-06', pence: 1500 }],
    ],
  ];
  for (const [layout, csv, expected] of samples) {
    it(`${layout}: the right lines, dates and pence`, async () => {
      const res = await uploadStatement(t, treasurer.token, csv, { name: `${layout}.csv` });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.layout).toBe(layout);
      expect(res.body.lines.map((l: { date: string; amount_pence: number }) => ({ date: l.date, pence: l.amount_pence }))).toEqual(expected);
    });
  }

  it('an unknown header answers 422 with a detail and the headers; a mapping reads it and is kept for next time', async () => {
    const csv = 'Posted,Details,Value\n07/09/2026,K KING SUBS,45.00\n';
    const unknown = await uploadStatement(t, treasurer.token, csv);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ headers: ['Posted', 'Details', 'Value'] });
    expect(unknown.body.detail).toMatch(/do not match a bank we know/);
    expect((await uploadStatement(t, treasurer.token, csv, { mapping: { date: 'Posted' } })).status).toBe(422);
    const mapped = await uploadStatement(t, treasurer.token, csv, { mapping: { date: 'Posted', description: 'Details', amount: 'Value' } });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(201);
    expect(mapped.body).toMatchObject({ layout: 'custom', lines_read: 1, incoming_pence: 4500 });
    expect(await t.db.select().from(statementMappings)).toHaveLength(1);
    expect((await uploadStatement(t, treasurer.token, csv)).body.layout).toBe('custom');
    const rubbish = await uploadStatement(t, treasurer.token, '', { name: 'empty.csv' });
    expect(rubbish.status).toBe(422);
    expect(rubbish.body.detail).toMatch(/empty/);
    expect((await t.db.select({ n: count() }).from(bankImports))[0].n).toBeGreaterThan(0);
    expect((await t.db.select({ n: count() }).from(charges).where(eq(charges.category, 'other')))[0].n).toBe(0);
  });
});
