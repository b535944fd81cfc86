import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { adultMembers, signedInTreasurer, starlingCsv, uploadStatement, type StatementRow } from '../../tests/support/treasury';
import { bankLines, ledgerEntries, payerReferences } from '../db/schema';

// Issue 24: a statement of 100 lines for 60 payers, end to end through the API. Exact references are
// allocated to the right payer; a one-character typo and a name with the exact amount are suggested,
// never allocated; two payers with the same name and amount are left for the treasurer; the same file
// again, and an overlapping one, add nothing twice.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');
const treasurer = await signedInTreasurer(t, admin.token);

const names = Array.from({ length: 58 }, (_, i) => `Payer${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))} Member${i}`);
const payers = await adultMembers(t, [...names, 'Sam Taylor', 'Sam Taylor']);
const [samOne, samTwo] = payers.slice(58);

// Every payer owes £25 subs, due 1 October; the payers are mailed, and so get their references.
const charged = await t.json('/api/treasury/charges', {
  token: treasurer.token,
  body: { member_ids: payers.map((p) => p.playerId), category: 'subs', description: 'October subs', amount_pence: 2500, due_date: '2026-10-01' },
});
expect(charged.status, JSON.stringify(charged.body)).toBe(201);
expect(charged.body.created).toBe(60);
const referenceOf = new Map((await t.db.select().from(payerReferences)).map((r) => [r.payer_user_id, r.reference]));
const ref = (i: number) => referenceOf.get(payers[i].userId)!;

/** The reference with one character changed (a typo the check character catches). */
function typo(reference: string) {
  const at = reference.length - 3;
  const swap = reference[at] === 'A' ? 'B' : 'A';
  return reference.slice(0, at) + swap + reference.slice(at + 1);
}

const day = (n: number) => `2026-10-${String(n).padStart(2, '0')}`;
const rows: StatementRow[] = [];
// 50 exact references (payers 0-49), some typed with spaces and in lower case as people do.
for (let i = 0; i < 50; i++)
  rows.push({
    date: day(2 + (i % 15)),
    counterparty: names[i].toUpperCase(),
    reference:
      i % 5 === 0
        ? ref(i)
            .toLowerCase()
            .replace(/(.{4})/, '$1 ')
        : ref(i),
    pence: 2500,
  });
rows.push({ date: day(5), counterparty: names[50], reference: typo(ref(50)), pence: 2500 }); // suggested
rows.push({ date: day(6), counterparty: 'SAM TAYLOR', reference: 'SUBS', pence: 2500 }); // a tie: unmatched
rows.push({ date: day(7), counterparty: 'SAM TAYLOR', reference: 'OCTOBER', pence: 2500 }); // a tie: unmatched
rows.push({ date: day(8), counterparty: names[51].toUpperCase(), reference: 'FOOTBALL', pence: 2500 }); // name + amount: suggested
rows.push({ date: day(9), counterparty: names[52], reference: ref(52), pence: 4000 }); // overpaid: £15 credit
rows.push({ date: day(10), counterparty: names[53], reference: ref(53), pence: 1000 }); // part-paid
for (let i = 0; i < 20; i++) rows.push({ date: day(3 + (i % 20)), counterparty: 'PITCH HIRE LTD', reference: `INV${i}`, pence: -4500 - i });
while (rows.length < 100)
  rows.push({ date: day(1 + (rows.length % 25)), counterparty: 'BAR TAKINGS', reference: `DEPOSIT ${rows.length}`, pence: 10000 + rows.length });
const csv = starlingCsv(rows);

const lineCount = async () => (await t.db.select({ n: count() }).from(bankLines))[0].n;
const paymentEntries = async () => (await t.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.kind, 'payment')))[0].n;
const account = async (i: number) => (await t.json(`/api/treasury/payers/${payers[i].userId}`, { token: treasurer.token })).body;

describe('A statement of 100 lines for 60 payers', () => {
  let importId = '';

  it('previews what it would do and writes nothing to the ledger', async () => {
    const before = await paymentEntries();
    const res = await uploadStatement(t, treasurer.token, csv, { name: 'october.csv' });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(201);
    importId = res.body.id;
    const incoming = rows.filter((r) => r.pence > 0).reduce((sum, r) => sum + r.pence, 0);
    expect(res.body).toMatchObject({
      layout: 'starling',
      status: 'previewed',
      lines_read: 100,
      incoming_pence: incoming,
      duplicates: 0,
      failed: [],
      new_lines: 100,
    });
    expect(res.body).toMatchObject({ allocated: 52, suggested: 2, unmatched: 26, outgoing: 20 });
    expect(await paymentEntries()).toBe(before);
    expect(await lineCount()).toBe(0);
  });

  it('on commit allocates every exact reference to the right payer, oldest charge first, and suggests or leaves the rest', async () => {
    const res = await t.json(`/api/treasury/imports/${importId}/commit`, { method: 'POST', token: treasurer.token });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body).toMatchObject({ status: 'committed', lines_added: 100 });
    for (const i of [0, 5, 17, 49]) expect(await account(i)).toMatchObject({ payer_id: payers[i].userId, owed_pence: 0, credit_pence: 0, balance_pence: 0 });
    // Each allocated line went to the payer whose reference it carried, and to no one else.
    const allocated = await t.json('/api/treasury/lines?status=allocated', { token: treasurer.token });
    expect(allocated.body).toHaveLength(52);
    for (const line of allocated.body) {
      const index = payers.findIndex((p) => p.userId === line.payer_id);
      expect(line.reference.toUpperCase().replace(/ /g, '')).toBe(ref(index));
    }
    expect(await account(52)).toMatchObject({ owed_pence: 0, credit_pence: 1500, balance_pence: 1500 });
    const partPaid = await account(53);
    expect(partPaid).toMatchObject({ owed_pence: 1500, balance_pence: -1500 });
    expect(partPaid.charges[0]).toMatchObject({ status: 'part_paid', paid_pence: 1000, outstanding_pence: 1500 });
  });

  it('suggests a one-character typo and a name with the exact amount, never allocating either', async () => {
    const suggested = await t.json('/api/treasury/lines?status=suggested', { token: treasurer.token });
    expect(suggested.body.map((l: { payer_id: string }) => l.payer_id).sort()).toEqual([payers[50].userId, payers[51].userId].sort());
    for (const i of [50, 51]) expect(await account(i)).toMatchObject({ owed_pence: 2500, credit_pence: 0 });
  });

  it('never allocates a line to one of two payers with the same name and amount', async () => {
    const unmatched = await t.json('/api/treasury/lines?status=unmatched', { token: treasurer.token });
    expect(unmatched.body.filter((l: { counterparty: string }) => l.counterparty === 'SAM TAYLOR')).toHaveLength(2);
    expect(await account(58)).toMatchObject({ owed_pence: 2500 });
    expect(await account(59)).toMatchObject({ owed_pence: 2500 });
    const outgoing = await t.json('/api/treasury/lines?status=outgoing', { token: treasurer.token });
    expect(outgoing.body).toHaveLength(20);
  });

  it('committing twice, the same file again and an overlapping file add nothing twice (counts read back)', async () => {
    const again = await t.json(`/api/treasury/imports/${importId}/commit`, { method: 'POST', token: treasurer.token });
    expect(again.body).toMatchObject({ status: 'committed', lines_added: 100 });
    expect(await lineCount()).toBe(100);
    const entries = await paymentEntries();

    const same = await uploadStatement(t, treasurer.token, csv, { name: 'october-again.csv' });
    expect(same.body).toMatchObject({ lines_read: 100, duplicates: 100, new_lines: 0, allocated: 0 });
    expect((await t.json(`/api/treasury/imports/${same.body.id}/commit`, { method: 'POST', token: treasurer.token })).body.lines_added).toBe(0);
    expect(await lineCount()).toBe(100);
    expect(await paymentEntries()).toBe(entries);

    // The second half of October again, and ten new lines into November.
    const later = [
      ...rows.slice(70),
      ...Array.from({ length: 10 }, (_, i) => ({ date: `2026-11-0${1 + (i % 9)}`, counterparty: 'BAR TAKINGS', reference: `NOV ${i}`, pence: 5000 + i })),
    ];
    const overlap = await uploadStatement(t, treasurer.token, starlingCsv(later), { name: 'overlap.csv' });
    expect(overlap.body).toMatchObject({ lines_read: 40, duplicates: 30, new_lines: 10 });
    expect((await t.json(`/api/treasury/imports/${overlap.body.id}/commit`, { method: 'POST', token: treasurer.token })).body.lines_added).toBe(10);
    expect(await lineCount()).toBe(110);
    expect(await paymentEntries()).toBe(entries);
  });

  it('the treasurer confirms a suggestion, and finds a payer by name to allocate an unmatched line by hand', async () => {
    const [suggestion] = (await t.json('/api/treasury/lines?status=suggested', { token: treasurer.token })).body.filter(
      (l: { payer_id: string }) => l.payer_id === payers[50].userId,
    );
    const confirmed = await t.json(`/api/treasury/lines/${suggestion.id}/allocate`, { token: treasurer.token, body: { payer_id: payers[50].userId } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'allocated', reason: 'Suggestion confirmed', decided_by: 'Tess Treasurer' });
    expect(await account(50)).toMatchObject({ owed_pence: 0 });

    const found = await t.json('/api/treasury/payers?q=sam tay', { token: treasurer.token });
    expect(found.body.map((p: { payer_id: string }) => p.payer_id).sort()).toEqual([samOne.userId, samTwo.userId].sort());
    const [tie] = (await t.json('/api/treasury/lines?status=unmatched', { token: treasurer.token })).body.filter(
      (l: { counterparty: string }) => l.counterparty === 'SAM TAYLOR',
    );
    expect((await t.json(`/api/treasury/lines/${tie.id}/allocate`, { token: treasurer.token, body: { payer_id: samTwo.userId } })).status).toBe(200);
    expect(await account(59)).toMatchObject({ owed_pence: 0 });
    expect(await account(58)).toMatchObject({ owed_pence: 2500 });
    // Allocated already: 409; money out: 422.
    expect((await t.json(`/api/treasury/lines/${tie.id}/allocate`, { token: treasurer.token, body: { payer_id: samOne.userId } })).status).toBe(409);
    const [out] = (await t.json('/api/treasury/lines?status=outgoing', { token: treasurer.token })).body;
    const refused = await t.json(`/api/treasury/lines/${out.id}/allocate`, { token: treasurer.token, body: { payer_id: samOne.userId } });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/going out is not a payment/);
  });

  it('undoing a wrong allocation reverses its entries (new rows) and the line is unmatched again', async () => {
    const [line] = (await t.json('/api/treasury/lines?status=allocated', { token: treasurer.token })).body.filter(
      (l: { payer_id: string }) => l.payer_id === samTwo.userId,
    );
    const entriesBefore = (await t.db.select({ n: count() }).from(ledgerEntries))[0].n;
    const undone = await t.json(`/api/treasury/lines/${line.id}/reversal`, { token: treasurer.token, body: { reason: 'It was the other Sam' } });
    expect(undone.body).toMatchObject({ status: 'unmatched', payer_id: null });
    expect((await t.db.select({ n: count() }).from(ledgerEntries))[0].n).toBe(entriesBefore + 1);
    expect(await account(59)).toMatchObject({ owed_pence: 2500 });
    expect((await t.json(`/api/treasury/lines/${line.id}/allocate`, { token: treasurer.token, body: { payer_id: samOne.userId } })).status).toBe(200);
    expect(await account(58)).toMatchObject({ owed_pence: 0 });
  });
});
