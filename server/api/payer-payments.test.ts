import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { createMailingTestContext } from '../../tests/support/mail';
import { waitFor } from '../../tests/support/smtp';
import { signedInTreasurer, starlingCsv, uploadStatement } from '../../tests/support/treasury';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { amountOwed } from '../../shared/payment-status';
import { outbox, teams } from '../db/schema';

// Issue 31: one money model. The players' area reads the ledger from the payer's side too: a
// member sees their own charges and payments, a parent every charge they pay for their children,
// with the total and how to pay. Matched money sends the payer one receipt, never two.
const t = await createMailingTestContext();
const { smtp } = t;
await t.initialize();
const j = juniorFixtures(t);
const admin = await t.signedIn('admin');
const treasurer = await signedInTreasurer(t, admin.token);
await t.json('/api/settings', {
  method: 'PUT',
  token: admin.token,
  body: { whatsapp_number: '', club_email: 'club@example.org', account_name: 'Riverside Rovers FC', sort_code: '309174', account_number: '12345678' },
});
await t.db.insert(teams).values([
  { name: 'Under 9s', slug: 'u9', age_group: 'U9', format: '7v7' },
  { name: 'Under 12s', slug: 'u12', age_group: 'U12', format: '9v9' },
]);

const today = clubDateOf(new Date());
const PAST_DUE = '2026-10-01';
const charge = (token: string, body: Record<string, unknown>) => t.json('/api/treasury/charges', { token, body: { category: 'subs', ...body } });
const myPayments = async (token: string) => {
  const res = await t.json('/api/players/me/payments', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Array<Record<string, any>>;
};
const referenceOf = async (token: string) => (await t.json('/api/treasury/me', { token })).body.reference as string;
const commit = (id: string) => t.json(`/api/treasury/imports/${id}/commit`, { method: 'POST', token: treasurer.token });
async function delivered() {
  await waitFor(async () => (await t.db.select().from(outbox)).every((r) => r.status === 'sent'), 10_000, 'the outbox to be sent');
  await new Promise((resolve) => setTimeout(resolve, 150));
}
const mailsTo = (address: string, subject: RegExp) => smtp.received.filter((m) => m.to.includes(address) && subject.test(m.subject));

// A parent who pays for two children, one in U9 and one in U12, neither with a login.
const aarav = await j.child('Aarav Shah', bornYearsAgo(8), 'u9');
const meera = await j.child('Meera Shah', bornYearsAgo(11), 'u12');
const priya = await j.guardian('Priya Shah', [aarav, 'primary'], [meera, 'primary']);

describe('GET /api/players/me/payments reads the ledger', () => {
  it('lists a member’s ledger charges and payments (no payment typed in before the ledger)', async () => {
    const mo = await t.signedIn('player', { full_name: 'Mo Member' });
    const subs = await charge(treasurer.token, { member_id: mo.playerId, description: 'October subs', amount_pence: 2500, due_date: PAST_DUE });
    expect(subs.status, JSON.stringify(subs.body)).toBe(201);
    const kitDue = addDaysIso(today, 20);
    expect((await charge(treasurer.token, { member_id: mo.playerId, category: 'kit', description: 'Training top', amount_pence: 1000, due_date: kitDue })).status).toBe(201);

    // Before paying: both owed; the subs are past their due date, so overdue.
    const before = await myPayments(mo.token);
    expect(before.map((p) => [p.description, p.status])).toEqual([
      ['Training top', 'outstanding'],
      ['October subs', 'overdue'],
    ]);
    expect(amountOwed(before as never)).toMatchObject({ count: 2, overdue: 1, total: 35 });

    const csv = starlingCsv([{ date: '2026-10-02', counterparty: 'MO MEMBER', reference: await referenceOf(mo.token), pence: 2500 }]);
    const preview = await uploadStatement(t, treasurer.token, csv);
    expect((await commit(preview.body.id)).status).toBe(200);

    const after = await myPayments(mo.token);
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({
      description: 'Training top',
      payment_type: 'Kit',
      amount: 10,
      due_date: kitDue,
      status: 'outstanding',
      paid_date: null,
      outstanding_amount: 10,
      member_name: 'Mo Member',
      payer_name: 'Mo Member',
    });
    expect(after[1]).toMatchObject({ description: 'October subs', amount: 25, status: 'paid', paid_date: '2026-10-02', outstanding_amount: 0, player_id: mo.playerId });
  });

  it('a parent who pays for two children sees both children’s charges, whom each is for, and the total', async () => {
    const termly = { description: 'Autumn term subs', amount_pence: 3750, due_date: PAST_DUE };
    expect((await charge(treasurer.token, { ...termly, member_id: aarav.id })).status).toBe(201);
    expect((await charge(treasurer.token, { ...termly, member_id: meera.id })).status).toBe(201);

    const list = await myPayments(priya.token);
    expect(list.map((p) => p.member_name).sort()).toEqual(['Aarav Shah', 'Meera Shah']);
    for (const p of list) expect(p).toMatchObject({ description: 'Autumn term subs', amount: 37.5, status: 'overdue', payer_name: 'Priya Shah', outstanding_amount: 37.5 });
    expect(amountOwed(list as never)).toEqual({ count: 2, overdue: 2, total: 75, overdue_total: 75 });
    // The same total and the reference to pay it with, beside the club's bank details.
    const me = await t.json('/api/treasury/me', { token: priya.token });
    expect(me.body).toMatchObject({ owed_pence: 7500, paid_by_guardian: false, bank_details_set: true, account_number: '12345678' });
    expect(me.body.reference).toMatch(/^RRFC/);

    // Each child's request has its own subject, and links to the page that lists them.
    await delivered();
    const requests = mailsTo(priya.email, /^Payment request:/);
    expect(requests.map((m) => m.subject).sort()).toEqual([
      'Payment request: Autumn term subs for Aarav Shah, £37.50 due 1 October 2026',
      'Payment request: Autumn term subs for Meera Shah, £37.50 due 1 October 2026',
    ]);
    for (const mail of requests) {
      expect(mail.text).toContain('https://club.example.org/players-area/payments');
      expect(mail.text).toContain(me.body.reference);
    }
  });

  it('a login with nothing to pay and no member record has no payment records; signed out is 401', async () => {
    const nobody = await j.adult('Nina Nobody');
    expect(await myPayments(nobody.token)).toEqual([]);
    expect((await t.json('/api/players/me/payments')).status).toBe(401);
  });
});

describe('Receipts when money is matched', () => {
  const receipts = () => mailsTo(priya.email, /^Payment received:/);

  it('a statement line that pays both charges turns them to paid and sends the payer exactly one receipt', async () => {
    await delivered();
    smtp.received.length = 0;
    const csv = starlingCsv([{ date: '2026-10-03', counterparty: 'MRS P SHAH', reference: await referenceOf(priya.token), pence: 7500 }]);
    const preview = await uploadStatement(t, treasurer.token, csv);
    expect(preview.body).toMatchObject({ allocated: 1 });
    const done = await commit(preview.body.id);
    expect(done.body).toMatchObject({ status: 'committed', lines_added: 1 });

    const list = await myPayments(priya.token);
    expect(list.map((p) => [p.member_name, p.status, p.paid_date]).sort()).toEqual([
      ['Aarav Shah', 'paid', '2026-10-03'],
      ['Meera Shah', 'paid', '2026-10-03'],
    ]);
    await delivered();
    expect(receipts()).toHaveLength(1);
    const [receipt] = receipts();
    expect(receipt.subject).toBe('Payment received: £75.00, thank you');
    const text = receipt.text.replace(/\s+/g, ' ');
    expect(text).toContain('your payment of £75.00 reached the club’s bank account on 3 October 2026');
    expect(text).toContain('Autumn term subs for Aarav Shah: £37.50, now paid in full');
    expect(text).toContain('Autumn term subs for Meera Shah: £37.50, now paid in full');
    expect(text).toContain('You have nothing left to pay.');
    expect(text).toContain('https://club.example.org/players-area/payments');
  });

  it('committing the same import again, or the same file again, sends no second receipt', async () => {
    const [line] = (await t.json('/api/treasury/lines?status=allocated', { token: treasurer.token })).body.filter(
      (l: { counterparty: string }) => l.counterparty === 'MRS P SHAH',
    );
    const imports = await t.json(`/api/treasury/imports/${line.import_id}/commit`, { method: 'POST', token: treasurer.token });
    expect(imports.status).toBe(200);
    const again = await uploadStatement(
      t,
      treasurer.token,
      starlingCsv([{ date: '2026-10-03', counterparty: 'MRS P SHAH', reference: await referenceOf(priya.token), pence: 7500 }]),
    );
    expect((await commit(again.body.id)).body.lines_added).toBe(0);
    await delivered();
    expect(receipts()).toHaveLength(1);
    const queued = await t.db.select().from(outbox).where(and(like(outbox.dedupe_key, 'payment-receipt:%'), eq(outbox.to_address, priya.email)));
    expect(queued).toHaveLength(1);
  });

  it('two transfers of one payer in one statement: one receipt for both', async () => {
    const sam = await t.signedIn('player', { full_name: 'Sam Twice' });
    expect((await charge(treasurer.token, { member_id: sam.playerId, description: 'Season subs', amount_pence: 5000, due_date: PAST_DUE })).status).toBe(201);
    const reference = await referenceOf(sam.token);
    const csv = starlingCsv([
      { date: '2026-10-02', counterparty: 'SAM TWICE', reference, pence: 2500 },
      { date: '2026-10-09', counterparty: 'SAM TWICE', reference, pence: 2500 },
    ]);
    const preview = await uploadStatement(t, treasurer.token, csv);
    expect(preview.body).toMatchObject({ allocated: 2 });
    expect((await commit(preview.body.id)).status).toBe(200);
    await delivered();
    const mails = mailsTo(sam.user.email, /^Payment received:/);
    expect(mails.map((m) => m.subject)).toEqual(['Payment received: £50.00, thank you']);
    const text = mails[0]!.text.replace(/\s+/g, ' ');
    expect(text).toContain('your payments of £50.00 reached the club’s bank account on 2 October 2026 and 9 October 2026');
    expect(text).toContain('Season subs: £50.00, now paid in full');
    expect(text).toContain('You have nothing left to pay.');
  });

  it('a line the treasurer allocates by hand, and a payment marked paid by hand, each send one receipt saying what is left', async () => {
    const due = addDaysIso(today, 14);
    const kit = await charge(treasurer.token, { member_id: aarav.id, category: 'kit', description: 'Kit', amount_pence: 3000, due_date: due });
    expect(kit.status).toBe(201);
    const csv = starlingCsv([{ date: '2026-10-20', counterparty: 'P SHAH', reference: 'KIT AARAV', pence: 1000 }]);
    const preview = await uploadStatement(t, treasurer.token, csv);
    expect((await commit(preview.body.id)).status).toBe(200);
    const [line] = (await t.json('/api/treasury/lines?status=unmatched', { token: treasurer.token })).body.filter(
      (l: { reference: string }) => l.reference === 'KIT AARAV',
    );
    const allocated = await t.json(`/api/treasury/lines/${line.id}/allocate`, { token: treasurer.token, body: { payer_id: priya.user.id } });
    expect(allocated.status, JSON.stringify(allocated.body)).toBe(200);
    await delivered();
    const byHand = receipts().filter((m) => m.subject === 'Payment received: £10.00, thank you');
    expect(byHand).toHaveLength(1);
    const text = byHand[0]!.text.replace(/\s+/g, ' ');
    expect(text).toContain('Kit for Aarav Shah: £10.00, £20.00 of it still to pay');
    expect(text).toContain('You still have £20.00 outstanding in all.');
    expect(text).toContain('sort code 30-91-74, account 12345678');

    // The admin marks the rest paid on the player's page: a payment entry, and a receipt for £20.00.
    const paid = await t.json(`/api/players/${aarav.id}/payments/${kit.body.charges[0].id}`, { method: 'PUT', token: admin.token, body: { status: 'paid' } });
    expect(paid.body).toMatchObject({ status: 'paid', outstanding_amount: 0 });
    await delivered();
    const cash = receipts().filter((m) => m.subject === 'Payment received: £20.00, thank you');
    expect(cash).toHaveLength(1);
    expect(cash[0]!.text.replace(/\s+/g, ' ')).toContain('the club has recorded your payment of £20.00');
  });
});

describe('A junior with a login of their own', () => {
  it('sees their own charges, paid by their parent or carer (who is the one who owes them)', async () => {
    const teen = await j.child('Tia Teen', bornYearsAgo(14), 'u12', true);
    const dad = await j.guardian('Dev Teen', [teen, 'primary']);
    expect((await charge(treasurer.token, { member_id: teen.id, description: 'Tour deposit', amount_pence: 2000, due_date: addDaysIso(today, 10) })).status).toBe(201);
    const own = await myPayments(teen.token!);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ description: 'Tour deposit', status: 'outstanding', member_name: 'Tia Teen', payer_name: 'Dev Teen' });
    expect((await t.json('/api/treasury/me', { token: teen.token! })).body).toMatchObject({ paid_by_guardian: true, reference: await referenceOf(dad.token) });
    expect((await myPayments(dad.token)).map((p) => p.member_name)).toEqual(['Tia Teen']);
  });
});
