import { describe, expect, it } from 'vitest';
import { createMailingTestContext } from '../../tests/support/mail';
import { waitFor } from '../../tests/support/smtp';
import { adultMembers, signedInTreasurer, starlingCsv, uploadStatement } from '../../tests/support/treasury';
import { outbox, players, playerTeams, users } from '../db/schema';
import { hashPassword } from '../auth/passwords';
import { seniorTeamId } from '../../tests/support/treasury';
import { REMINDER_DAYS, dueReminder } from '../services/treasury/reminders';

// Issue 24: reminders go to the payer 3, 10 and 21 days after the due date, then stop; never to
// someone who has paid, never to a child, and not while the payer has a bank line the treasurer
// has not decided yet dated after the charge. Mails go through the outbox to a real SMTP server.
const t = await createMailingTestContext();
const { smtp } = t;
await t.initialize();
const admin = await t.signedIn('admin');
const treasurer = await signedInTreasurer(t, admin.token);
await t.json('/api/settings', {
  method: 'PUT',
  token: admin.token,
  body: { whatsapp_number: '', club_email: 'club@example.org', account_name: 'Riverside Rovers FC', sort_code: '309174', account_number: '12345678' },
});
const [polly, hal, nora] = await adultMembers(t, ['Polly Paid', 'Hal Held', 'Nora Nopay']);

// A 16-year-old with a login of their own and no guardian yet: nobody to ask, and never the child.
const [teen] = await t.db
  .insert(users)
  .values({
    username: 'teen_kid',
    email: 'teen_kid@example.com',
    full_name: 'Teddy Teen',
    password_hash: await hashPassword('correct horse battery'),
    email_confirmed_at: new Date(),
  })
  .returning();
const [teenMember] = await t.db
  .insert(players)
  .values({ user_id: teen.id, full_name: 'Teddy Teen', position: 'Forward', team_type: 'Senior', date_of_birth: '2010-06-01' })
  .returning();
await t.db.insert(playerTeams).values({ player_id: teenMember.id, team_id: await seniorTeamId(t), joined_on: '2025-09-01' });

const DUE = '2026-10-01';
const charged = await t.json('/api/treasury/charges', {
  token: treasurer.token,
  body: {
    member_ids: [polly.playerId, hal.playerId, nora.playerId, teenMember.id],
    category: 'subs',
    description: 'October subs',
    amount_pence: 2500,
    due_date: DUE,
  },
});
expect(charged.status, JSON.stringify(charged.body)).toBe(201);
expect(charged.body.charges.find((c: { member_id: string }) => c.member_id === teenMember.id).payer_id).toBeNull();

const atDay = (days: number) => new Date(Date.parse(`${DUE}T12:00:00Z`) + days * 86_400_000);
const run = (days: number) => t.services.treasury.sendPaymentReminders(atDay(days));
// Issue 31: each stage has its own subject (a reminder, then overdue, then the final one).
const reminders = (address: string) => smtp.received.filter((m) => m.to.includes(address) && /^(Payment reminder|Payment overdue|Final reminder):/.test(m.subject));
async function delivered() {
  await waitFor(async () => (await t.db.select().from(outbox)).every((r) => r.status === 'sent'), 10_000, 'the outbox to be sent');
  await new Promise((resolve) => setTimeout(resolve, 150));
}
const reference = async (userId: string) => (await t.json(`/api/treasury/payers/${userId}`, { token: treasurer.token })).body.reference as string;

describe('Payment reminders', () => {
  it('are due 3, 10 and 21 days after the due date, and not after', () => {
    expect(REMINDER_DAYS).toEqual([3, 10, 21]);
    expect([0, 2, 3, 9, 10, 20, 21, 28, 29].map(dueReminder)).toEqual([undefined, undefined, 3, 3, 10, 10, 21, 21, undefined]);
  });

  it('go to an unpaid payer with their reference and the bank details; none to a payer who paid, a held payer or a child', async () => {
    // Polly paid (her reference, matched); Hal's line has his name and a different amount: unmatched, undecided.
    const csv = starlingCsv([
      { date: '2026-10-02', counterparty: 'POLLY PAID', reference: await reference(polly.userId), pence: 2500 },
      { date: '2026-10-03', counterparty: 'HAL HELD', reference: 'SUBS', pence: 2000 },
    ]);
    const preview = await uploadStatement(t, treasurer.token, csv);
    expect(preview.body).toMatchObject({ allocated: 1, unmatched: 1 });
    expect((await t.json(`/api/treasury/imports/${preview.body.id}/commit`, { method: 'POST', token: treasurer.token })).status).toBe(200);
    smtp.received.length = 0;

    expect((await run(2)).queued).toBe(0);
    expect((await run(3)).queued).toBe(1);
    expect((await run(3)).queued).toBe(0); // once per reminder
    await delivered();
    expect(reminders(polly.email)).toHaveLength(0);
    expect(reminders(hal.email)).toHaveLength(0);
    expect(reminders(teen.email)).toHaveLength(0);
    const [mail] = reminders(nora.email);
    expect(mail.subject).toBe('Payment reminder: October subs was due on 1 October 2026');
    expect(mail.text).toContain(await reference(nora.userId));
    expect(mail.text).toContain('sort code 30-91-74, account 12345678');
    expect(mail.text).toContain('Riverside Rovers FC');
  });

  it('a held payer gets theirs once the treasurer has decided the line', async () => {
    const [line] = (await t.json('/api/treasury/lines?status=unmatched', { token: treasurer.token })).body;
    expect(line.counterparty).toBe('HAL HELD');
    expect((await run(4)).queued).toBe(0);
    const ignored = await t.json(`/api/treasury/lines/${line.id}/ignore`, { token: treasurer.token, body: { reason: 'A donation, not subs' } });
    expect(ignored.status).toBe(200);
    expect((await run(4)).queued).toBe(1);
    await delivered();
    expect(reminders(hal.email)).toHaveLength(1);
  });

  it('the third reminder is the last; a payer who paid meanwhile gets no more', async () => {
    expect((await run(10)).queued).toBe(2); // Nora and Hal
    // Hal pays (matched by his reference) before the third.
    const paid = await uploadStatement(
      t,
      treasurer.token,
      starlingCsv([{ date: '2026-10-15', counterparty: 'HAL HELD', reference: await reference(hal.userId), pence: 2500 }]),
    );
    await t.json(`/api/treasury/imports/${paid.body.id}/commit`, { method: 'POST', token: treasurer.token });
    expect((await run(21)).queued).toBe(1);
    for (const day of [22, 25, 28, 35, 60]) expect((await run(day)).queued, `day ${day}`).toBe(0);
    await delivered();
    const nora3 = reminders(nora.email);
    expect(nora3).toHaveLength(3);
    // Only the third says it is the last (the text part is wrapped, so any white space between words).
    expect(nora3.filter((m) => /This is our last\s+reminder/.test(m.text))).toHaveLength(1);
    expect(nora3.map((m) => m.subject)).toEqual([
      'Payment reminder: October subs was due on 1 October 2026',
      'Payment overdue: October subs, £25.00 still to pay',
      'Final reminder: October subs is overdue, £25.00 still to pay',
    ]);
    expect(reminders(hal.email)).toHaveLength(2);
    expect(reminders(polly.email)).toHaveLength(0);
    expect(reminders(teen.email)).toHaveLength(0);
  });
});
