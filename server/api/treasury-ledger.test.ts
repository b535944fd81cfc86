import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { adultMembers, seniorTeamId, signedInTreasurer, starlingCsv, uploadStatement } from '../../tests/support/treasury';
import { charges, guardians, ledgerEntries, outbox, payerReferences, players, playerTeams, teams } from '../db/schema';
import { addDaysIso, clubDateOf } from '../../shared/dates';

// Issue 24: the ledger is append-only (corrections are reversals with who and why), the export
// reconciles to the penny, and nobody sees other members' money but the treasurer and admins.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');
const treasurer = await signedInTreasurer(t, admin.token);
const player = await t.signedIn('player', { full_name: 'Pat Player' });
const staff = await t.signedIn('staff', { full_name: 'Stan Staff' });
const [ada, ben, cal] = await adultMembers(t, ['Ada Adams', 'Ben Brown', 'Cal Clark']);
const senior = await seniorTeamId(t);

async function charge(memberId: string, pence: number, extra: Record<string, unknown> = {}) {
  const res = await t.json('/api/treasury/charges', {
    token: treasurer.token,
    body: { member_id: memberId, category: 'subs', description: 'Subs', amount_pence: pence, due_date: '2026-09-01', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.charges[0] as { id: string; payer_id: string };
}
const account = async (userId: string) => (await t.json(`/api/treasury/payers/${userId}`, { token: treasurer.token })).body;

describe('The ledger is append-only', () => {
  it('no charge, entry or line is changed or deleted through the API: 405 for the treasurer, 403 for others, 401 signed out', async () => {
    const c = await charge(ada.playerId, 3000);
    const [entry] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.charge_id, c.id));
    for (const path of [`/api/treasury/charges/${c.id}`, `/api/treasury/entries/${entry.id}`]) {
      for (const method of ['PUT', 'PATCH', 'DELETE']) {
        const body = method === 'DELETE' ? undefined : { amount_pence: 1 };
        const res = await t.json(path, { method, token: treasurer.token, body });
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.body.detail).toMatch(/never changed or deleted: record a reversal/);
        expect((await t.json(path, { method, token: admin.token, body })).status).toBe(405);
        expect((await t.json(path, { method, token: player.token, body })).status).toBe(403);
        expect((await t.json(path, { method, body })).status).toBe(401);
      }
    }
    expect(await account(ada.userId)).toMatchObject({ owed_pence: 3000 });
  });

  it('the database itself refuses to change or delete a ledger row', async () => {
    const [entry] = await t.db.select().from(ledgerEntries).limit(1);
    await expect(t.db.update(ledgerEntries).set({ amount_pence: 1 }).where(eq(ledgerEntries.id, entry.id))).rejects.toThrow();
    await expect(t.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry.id))).rejects.toThrow();
    await expect(t.db.update(charges).set({ amount_pence: 1 }).where(eq(charges.id, entry.charge_id!))).rejects.toThrow();
    await expect(t.db.execute(sql`delete from charges where id = ${entry.charge_id}`)).rejects.toThrow();
  });

  it('a reversal is a new row with who and why, and the balance follows; money paid for it becomes credit', async () => {
    const c = await charge(ben.playerId, 2000);
    const rows = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.payer_user_id, ben.userId));
    expect(await account(ben.userId)).toMatchObject({ owed_pence: 2000, balance_pence: -2000 });
    const missing = await t.json(`/api/treasury/charges/${c.id}/reversal`, { token: treasurer.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toBe('Reason is required');
    const reversed = await t.json(`/api/treasury/charges/${c.id}/reversal`, { token: treasurer.token, body: { reason: 'Charged twice by mistake' } });
    expect(reversed.status).toBe(201);
    expect(reversed.body).toMatchObject({ status: 'reversed', reversed: true, outstanding_pence: 0 });
    const after = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.payer_user_id, ben.userId));
    expect(after).toHaveLength(rows.length + 1);
    expect(after.find((e) => e.kind === 'reversal')).toMatchObject({
      amount_pence: -2000,
      reason: 'Charged twice by mistake',
      created_by_name: 'Tess Treasurer',
    });
    // The original rows are as they were.
    for (const row of rows) expect(after.find((e) => e.id === row.id)).toEqual(row);
    expect(await account(ben.userId)).toMatchObject({ owed_pence: 0, balance_pence: 0 });
    expect((await t.json(`/api/treasury/charges/${c.id}/reversal`, { token: treasurer.token, body: { reason: 'Again' } })).status).toBe(409);

    // A paid charge reversed: the payment stays Ben's, as credit, and pays his next charge.
    const paid = await charge(ben.playerId, 1500);
    const csv = starlingCsv([{ date: '2026-09-03', counterparty: 'BEN BROWN', reference: (await account(ben.userId)).reference, pence: 1500 }]);
    const preview = await uploadStatement(t, treasurer.token, csv);
    await t.json(`/api/treasury/imports/${preview.body.id}/commit`, { method: 'POST', token: treasurer.token });
    expect(await account(ben.userId)).toMatchObject({ owed_pence: 0, credit_pence: 0 });
    await t.json(`/api/treasury/charges/${paid.id}/reversal`, { token: treasurer.token, body: { reason: 'Kit returned' } });
    expect(await account(ben.userId)).toMatchObject({ owed_pence: 0, credit_pence: 1500, balance_pence: 1500 });
    await charge(ben.playerId, 1000);
    expect(await account(ben.userId)).toMatchObject({ owed_pence: 0, credit_pence: 500, balance_pence: 500 });
    // Ben is told: the charge his credit paid asks for nothing, and one credit pays in part asks for the rest.
    const bensMail = async (subject: string) =>
      (await t.db.select({ subject: outbox.subject, text: outbox.text_body }).from(outbox).where(and(eq(outbox.to_address, ben.email), like(outbox.subject, `${subject}%`))));
    const [fromCredit] = await bensMail('Paid from your credit: Subs, £10.00');
    expect(fromCredit?.text).toContain('There is nothing to pay.');
    expect(fromCredit?.text).toContain('You have £5.00 of credit left');
    await charge(ben.playerId, 800);
    expect(await account(ben.userId)).toMatchObject({ owed_pence: 300, credit_pence: 0 });
    const [rest] = await bensMail('Payment request: Subs, £3.00 due 1 September 2026');
    expect(rest?.text).toContain('£5.00 of it is paid from the money you had already paid (your credit): please pay the other £3.00');
  });
});

describe('The export', () => {
  it('totals charges, payments, credits and reversals, and they reconcile to the penny with the balances', async () => {
    const res = await t.app.request('/api/treasury/export.csv', { headers: { authorization: `Bearer ${treasurer.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = await res.text();
    const lines = text.trim().split('\r\n');
    const totals = Object.fromEntries(lines.filter((l) => l.startsWith('Total ')).map((l) => [l.split(',')[0], Math.round(Number(l.split(',')[2]) * 100)]));
    const entryRows = lines.slice(1, lines.indexOf(''));
    const byKind: Record<string, number> = { charge: 0, payment: 0, credit: 0, reversal: 0 };
    for (const row of entryRows) {
      const [, kind, amount] = row.split(',');
      byKind[kind] += Math.round(Number(amount) * 100);
    }
    expect(totals).toEqual({
      'Total charges': byKind.charge,
      'Total payments': byKind.payment,
      'Total credits': byKind.credit,
      'Total reversals': byKind.reversal,
    });
    const [db] = (await t.db.execute<{ kind: string; pence: number }>(sql`select coalesce(sum(amount_pence), 0)::int as pence from ledger_entries`)).rows;
    const balance = Math.round(Number(lines.at(-1)!.split(',').at(-1)) * 100);
    expect(balance).toBe(byKind.charge + byKind.payment + byKind.credit + byKind.reversal);
    expect(balance).toBe(db.pence);
    // …and with what the payers owe less what they hold in credit.
    let owedLessCredit = 0;
    for (const p of [ada, ben]) {
      const a = await account(p.userId);
      owedLessCredit += a.owed_pence - a.credit_pence;
    }
    expect(balance).toBe(owedLessCredit);
    expect(totals['Total charges']).toBe(3000 + 2000 + 1500 + 1000 + 800);
  });

  it('filters by category, team and season; bad filters are 422 with a detail', async () => {
    const kit = await t.app.request('/api/treasury/export.csv?category=kit', { headers: { authorization: `Bearer ${treasurer.token}` } });
    expect((await kit.text()).split('\r\n')[1]).toBe('');
    const team = await t.app.request(`/api/treasury/export.csv?team=${senior}&season=2025-26`, { headers: { authorization: `Bearer ${treasurer.token}` } });
    expect(team.status).toBe(200);
    for (const [query, detail] of [
      ['category=beer', /Category must be/],
      ['team=nope', /Team is not a valid id/],
      ['season=2026', /Season must look like 2026-27/],
    ] as const) {
      const res = await t.json(`/api/treasury/export.csv?${query}`, { token: treasurer.token });
      expect(res.status, query).toBe(422);
      expect(res.body.detail).toMatch(detail);
    }
  });
});

describe('Who sees money', () => {
  it('anonymous 401; a player 403 on others’ money but sees their own; staff paid/unpaid for their team only; treasurer and admin everything', async () => {
    const reads = [
      '/api/treasury/arrears',
      '/api/treasury/lines',
      '/api/treasury/charges',
      `/api/treasury/payers/${ada.userId}`,
      '/api/treasury/plans',
      '/api/treasury/payers?q=ada',
    ];
    for (const path of reads) {
      expect((await t.json(path)).status, path).toBe(401);
      expect((await t.json(path, { token: player.token })).status, path).toBe(403);
      expect((await t.json(path, { token: staff.token })).status, path).toBe(403);
      expect((await t.json(path, { token: treasurer.token })).status, path).toBe(200);
      expect((await t.json(path, { token: admin.token })).status, path).toBe(200);
    }
    const writes: [string, unknown][] = [
      ['/api/treasury/charges', { member_id: ada.playerId, category: 'kit', description: 'Kit', amount_pence: 100, due_date: '2026-09-01' }],
      ['/api/treasury/plans', { name: 'P', kind: 'annual', amount_pence: 100, first_due_date: '2026-09-01' }],
    ];
    for (const [path, body] of writes) {
      expect((await t.json(path, { body })).status).toBe(401);
      expect((await t.json(path, { token: player.token, body })).status).toBe(403);
      expect((await t.json(path, { token: staff.token, body })).status).toBe(403);
    }
    expect((await uploadStatement(t, player.token, 'x')).status).toBe(403);
    const own = await t.json(`/api/treasury/payers/${player.user.id}`, { token: player.token });
    expect(own.status).toBe(200);

    // Staff: paid or not, for their team, nothing more.
    const paid = await t.json(`/api/treasury/teams/${senior}/paid`, { token: staff.token });
    expect(paid.status).toBe(200);
    const adaRow = paid.body.players.find((p: { member_id: string }) => p.member_id === ada.playerId);
    expect(adaRow).toEqual({ member_id: ada.playerId, full_name: 'Ada Adams', paid_up: false });
    expect(paid.body.players.find((p: { member_id: string }) => p.member_id === cal.playerId).paid_up).toBe(true);
    expect((await t.json(`/api/treasury/teams/${senior}/paid`, { token: player.token })).status).toBe(403);
    const [other] = await t.db.insert(teams).values({ name: 'Ladies', slug: 'ladies' }).returning();
    await t.db.execute(sql`delete from team_staff where team_id = ${other.id}`);
    expect((await t.json(`/api/treasury/teams/${other.id}/paid`, { token: staff.token })).status).toBe(403);
  });

  it('GET /api/treasury/me: any member’s own reference (made once, never another’s) with the club’s bank details from Settings', async () => {
    expect((await t.json('/api/treasury/me')).status).toBe(401);
    const bad = await t.json('/api/settings', {
      method: 'PUT',
      token: admin.token,
      body: { whatsapp_number: '', club_email: 'club@example.org', sort_code: '12-34', account_number: '1234' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/Sort code must be 6 digits.*Account number must be 8 digits/);
    const saved = await t.json('/api/settings', {
      method: 'PUT',
      token: admin.token,
      body: { whatsapp_number: '', club_email: 'club@example.org', account_name: 'Riverside Rovers FC', sort_code: '30-91-74', account_number: '12345678' },
    });
    expect(saved.body).toMatchObject({ account_name: 'Riverside Rovers FC', sort_code: '309174', account_number: '12345678' });
    const first = await t.json('/api/treasury/me', { token: player.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      account_name: 'Riverside Rovers FC',
      sort_code: '30-91-74',
      account_number: '12345678',
      bank_details_set: true,
      balance_pence: 0,
    });
    expect(first.body.reference).toMatch(/^RRFC[A-Z2-9]{6}$/);
    expect((await t.json('/api/treasury/me', { token: player.token })).body.reference).toBe(first.body.reference);
    expect((await t.json('/api/treasury/me', { token: staff.token })).body.reference).not.toBe(first.body.reference);
  });

  it('a junior’s charge goes to their primary guardian, never to the child', async () => {
    const [parent] = await adultMembers(t, ['Gill Guardian']);
    const [child] = await t.db
      .insert(players)
      .values({ full_name: 'Kit Junior', position: 'Forward', team_type: 'Senior', date_of_birth: '2016-03-03' })
      .returning();
    await t.db.insert(playerTeams).values({ player_id: child.id, team_id: senior, joined_on: '2025-09-01' });
    await t.db.insert(guardians).values({ user_id: parent.userId, player_id: child.id, level: 'primary', approved_by: 'Test' });
    const c = await charge(child.id, 2000);
    expect(c.payer_id).toBe(parent.userId);
    expect((await account(parent.userId)).charges[0]).toMatchObject({ member_name: 'Kit Junior', payer_name: 'Gill Guardian' });

    // The child signs in: they see their charge and the reference their guardian pays with; none is made for them.
    const kid = await t.signedIn('player', { full_name: 'Kid Login' });
    await t.db.update(players).set({ date_of_birth: '2014-04-04' }).where(eq(players.id, kid.playerId!));
    await t.db.insert(guardians).values({ user_id: parent.userId, player_id: kid.playerId!, level: 'primary', approved_by: 'Test' });
    await charge(kid.playerId!, 700);
    const me = await t.json('/api/treasury/me', { token: kid.token });
    expect(me.body).toMatchObject({ paid_by_guardian: true, reference: (await account(parent.userId)).reference, owed_pence: 700 });
    expect(me.body.charges.map((x: { member_name: string }) => x.member_name)).toEqual(['Kid Login']);
    expect(await t.db.select().from(payerReferences).where(eq(payerReferences.payer_user_id, kid.user.id))).toEqual([]);
  });
});

describe('The players’ payments form, on the ledger', () => {
  it('keeps its statuses: overdue is a mark, paid a payment entry, back to outstanding a reversal; the answers keep their shape', async () => {
    const [dee] = await adultMembers(t, ['Dee Dues']);
    const added = await t.json(`/api/players/${dee.playerId}/payments`, {
      token: admin.token,
      body: { description: 'Tour deposit', amount: 40, due_date: addDaysIso(clubDateOf(new Date()), 30) },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ description: 'Tour deposit', payment_type: 'Subscription', amount: 40, status: 'outstanding', paid_date: null });
    const put = (status: string) => t.json(`/api/players/${dee.playerId}/payments/${added.body.id}`, { method: 'PUT', token: admin.token, body: { status } });
    expect((await put('overdue')).body.status).toBe('overdue');
    const paid = await put('paid');
    expect(paid.body).toMatchObject({ status: 'paid', paid_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(await account(dee.userId)).toMatchObject({ owed_pence: 0 });
    expect((await put('outstanding')).body).toMatchObject({ status: 'outstanding', paid_date: null });
    expect(await account(dee.userId)).toMatchObject({ owed_pence: 4000 });
    const kinds = (await account(dee.userId)).entries.map((e: { kind: string; amount_pence: number }) => [e.kind, e.amount_pence]);
    expect(kinds).toEqual([
      ['charge', 4000],
      ['payment', -4000],
      ['reversal', 4000],
    ]);
    expect((await t.json('/api/players/me/payments', { token: player.token })).status).toBe(200);
  });

  it('calls a charge still owed after its due date overdue, with no mark, as the admin pages do (issue 31)', async () => {
    const [eve] = await adultMembers(t, ['Eve Late']);
    const late = await t.json(`/api/players/${eve.playerId}/payments`, { token: admin.token, body: { description: 'Kit', amount: 15, due_date: '2026-08-01' } });
    expect(late.body).toMatchObject({ status: 'overdue', outstanding_amount: 15, member_name: 'Eve Late', payer_name: 'Eve Late' });
    const back = await t.json(`/api/players/${eve.playerId}/payments/${late.body.id}`, { method: 'PUT', token: admin.token, body: { status: 'outstanding' } });
    expect(back.body.status).toBe('overdue');
  });
});
