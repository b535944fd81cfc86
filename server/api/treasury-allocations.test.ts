import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { adultMembers, signedInTreasurer, starlingCsv, uploadStatement } from '../../tests/support/treasury';
import { bankLines } from '../db/schema';
import { overAllocated } from '../services/treasury/ledger';

// Issue 30, finding 13: allocations never pay a charge more than it still owes, also when one line
// names the same charge twice or two lines are allocated to it at the same moment.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');
const treasurer = await signedInTreasurer(t, admin.token);
const [payer, other] = await adultMembers(t, ['Alex Allocated', 'Bo Concurrent']);

async function chargeOf(playerId: string) {
  const made = await t.json('/api/treasury/charges', {
    token: treasurer.token,
    body: { member_ids: [playerId], category: 'subs', description: 'November subs', amount_pence: 2500, due_date: '2026-11-01' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
}
await chargeOf(payer.playerId);
await chargeOf(other.playerId);

// Lines with references nobody has, so they wait unmatched for the treasurer.
const csv = starlingCsv([
  { date: '2026-11-02', counterparty: 'A ALLOCATED', reference: 'FOOTY ONE', pence: 3000 },
  { date: '2026-11-03', counterparty: 'B CONCURRENT', reference: 'FOOTY TWO', pence: 2000 },
  { date: '2026-11-04', counterparty: 'B CONCURRENT', reference: 'FOOTY THREE', pence: 2000 },
]);
const preview = await uploadStatement(t, treasurer.token, csv);
expect(preview.status, JSON.stringify(preview.body)).toBe(201);
const committed = await t.json(`/api/treasury/imports/${preview.body.id}/commit`, { method: 'POST', token: treasurer.token });
expect(committed.status, JSON.stringify(committed.body)).toBe(200);
const lineBy = async (reference: string) => (await t.db.select().from(bankLines).where(eq(bankLines.reference, reference)))[0];

const account = async (payerId: string) => (await t.json(`/api/treasury/payers/${payerId}`, { token: treasurer.token })).body;

describe('POST /api/treasury/lines/{id}/allocate', () => {
  it('refuses one line allocated twice to the same 25.00 charge (10.00 + 20.00), naming what is left, and writes nothing', async () => {
    const before = await account(payer.userId);
    const charge = before.charges[0];
    const line = await lineBy('FOOTY ONE');
    const res = await t.json(`/api/treasury/lines/${line.id}/allocate`, {
      token: treasurer.token,
      body: {
        payer_id: payer.userId,
        allocations: [
          { charge_id: charge.id, pence: 1000 },
          { charge_id: charge.id, pence: 2000 },
        ],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('This charge has only £15.00 left to pay; allocate £15.00 or less, or record the rest as credit.');
    expect(res.body.detail).toBe(overAllocated(1500));
    const after = await account(payer.userId);
    expect(after.charges[0]).toMatchObject({ paid_pence: 0, outstanding_pence: 2500 });
    expect(after).toMatchObject({ owed_pence: 2500, credit_pence: 0, balance_pence: -2500 });
    expect((await lineBy('FOOTY ONE')).status).toBe('unmatched');
  });

  it('the charge and the payer reconcile when the treasurer allocates 25.00 and the 5.00 over is credit', async () => {
    const charge = (await account(payer.userId)).charges[0];
    const line = await lineBy('FOOTY ONE');
    const res = await t.json(`/api/treasury/lines/${line.id}/allocate`, {
      token: treasurer.token,
      body: { payer_id: payer.userId, allocations: [{ charge_id: charge.id, pence: 2500 }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await account(payer.userId);
    expect(after.charges[0]).toMatchObject({ paid_pence: 2500, outstanding_pence: 0, status: 'paid' });
    expect(after).toMatchObject({ owed_pence: 0, credit_pence: 500, balance_pence: 500 });
  });

  it('of two lines allocated to the same charge at the same moment, only what the charge owes is paid', async () => {
    const charge = (await account(other.userId)).charges[0];
    const lines = [await lineBy('FOOTY TWO'), await lineBy('FOOTY THREE')];
    const answers = await Promise.all(
      lines.map((line) =>
        t.json(`/api/treasury/lines/${line.id}/allocate`, {
          token: treasurer.token,
          body: { payer_id: other.userId, allocations: [{ charge_id: charge.id, pence: 2000 }] },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.status === 422)!.body.detail).toBe(overAllocated(500));
    const after = await account(other.userId);
    expect(after.charges[0]).toMatchObject({ paid_pence: 2000, outstanding_pence: 500 });
    expect(after).toMatchObject({ owed_pence: 500, credit_pence: 0, balance_pence: -500 });
  });
});
