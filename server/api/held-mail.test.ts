import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HELD_MAIL_DAYS, heldMailExpiredNote, WAITING_FOR_CONFIRMATION } from '../../shared/mail';
import { createMailingTestContext } from '../../tests/support/mail';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { registration } from '../../tests/support/players';
import { waitFor } from '../../tests/support/smtp';
import { signedInTreasurer } from '../../tests/support/treasury';
import { outbox, users } from '../db/schema';

// Issue 31: club mail to an address not yet confirmed is held, not dropped without a word. A
// payment request to a member who has not confirmed their address waits in the outbox (the staff
// see why), goes out once they confirm, exactly once; held too long, it expires with a note and is
// never sent late. Mails about the account itself still go to the unconfirmed address at once.
const t = await createMailingTestContext();
const { smtp } = t;
await t.initialize();
const admin = await t.signedIn('admin');
const treasurer = await signedInTreasurer(t, admin.token);

const mailsTo = (address: string, subject: string) => smtp.received.filter((m) => m.to.includes(address) && m.subject === subject);
async function arrives(address: string, subject: string) {
  await waitFor(() => mailsTo(address, subject).length > 0, 10_000, `"${subject}" to ${address}`);
  return mailsTo(address, subject).at(-1)!;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));
const confirmToken = (text: string) => /https:\/\/club\.example\.org\/confirm-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];

/** A member who registered and was approved, but has not followed the welcome mail's link. */
async function unconfirmedMember(fullName: string) {
  const body = registration({ full_name: fullName });
  const res = await t.json('/api/players/register', { body });
  expect(res.status).toBe(201);
  expect((await t.json(`/api/admin/registrations/${res.body.player_id}/approve`, { token: admin.token, body: {} })).status).toBe(200);
  const welcome = await arrives(body.email, 'Thanks for registering');
  return { email: body.email, playerId: res.body.player_id as string, userId: res.body.user.id as string, confirm: confirmToken(welcome.text)! };
}

async function charge(playerId: string, description: string) {
  const made = await t.json('/api/treasury/charges', {
    token: treasurer.token,
    body: { member_ids: [playerId], category: 'subs', description, amount_pence: 2500, due_date: '2026-12-01' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
}
/** The payment request's whole subject (it names the amount and due date, ADR 047), found by how it begins. */
async function subjectOf(email: string, begins: string) {
  const [row] = await t.db.select({ subject: outbox.subject }).from(outbox).where(and(eq(outbox.to_address, email), like(outbox.subject, `${begins}%`)));
  expect(row, `a mail to ${email} beginning "${begins}"`).toBeDefined();
  return row!.subject;
}
const outboxOf = (email: string, subject: string) => t.db.select().from(outbox).where(and(eq(outbox.to_address, email), eq(outbox.subject, subject)));

describe('A payment request to an address not confirmed yet', () => {
  it('is held (the staff see it waits for the member), and arrives once the address is confirmed, exactly once', async () => {
    const member = await unconfirmedMember('Harry Held');
    await charge(member.playerId, 'December subs');
    const subject = await subjectOf(member.email, 'Payment request: December subs');

    const [held] = await outboxOf(member.email, subject);
    expect(held).toMatchObject({ status: 'held', held_for_user_id: member.userId });
    await settle();
    expect(mailsTo(member.email, subject)).toHaveLength(0);
    // The outbox and the member's page say what it waits for.
    const list = await t.json('/api/admin/outbox?status=held', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.messages.map((m: { subject: string }) => m.subject)).toContain(subject);
    expect(list.body.totals.held).toBeGreaterThanOrEqual(1);
    const players = (await t.json('/api/players', { token: admin.token })).body as { id: string; login: { address_confirmed: boolean; held_mails: number } }[];
    expect(players.find((p) => p.id === member.playerId)!.login).toMatchObject({ address_confirmed: false, held_mails: 1 });
    expect(WAITING_FOR_CONFIRMATION).toBe('Waiting for the member to confirm their address');

    // The welcome mail's link confirms the address: the request goes out now, once.
    expect((await t.json('/api/auth/confirm-email', { body: { token: member.confirm } })).status).toBe(200);
    const mail = await arrives(member.email, subject);
    expect(mail.text).toContain('£25.00');
    await settle();
    expect(mailsTo(member.email, subject)).toHaveLength(1);
    expect((await outboxOf(member.email, subject))[0]!.status).toBe('sent');
    // The worker's next rounds send nothing more, and the member no longer shows as waited for.
    await settle();
    expect(mailsTo(member.email, subject)).toHaveLength(1);
    const after = (await t.json('/api/players', { token: admin.token })).body as { id: string; login: { address_confirmed: boolean; held_mails: number } }[];
    expect(after.find((p) => p.id === member.playerId)!.login).toMatchObject({ address_confirmed: true, held_mails: 0 });
  });

  it(`held longer than ${HELD_MAIL_DAYS} days, it expires with a note and is never sent, even after a late confirmation`, async () => {
    const member = await unconfirmedMember('Olive Overdue');
    await charge(member.playerId, 'Old subs');
    const subject = await subjectOf(member.email, 'Payment request: Old subs');
    await t.db
      .update(outbox)
      .set({ created_at: sql`now() - interval '31 days'` })
      .where(and(eq(outbox.to_address, member.email), eq(outbox.subject, subject)));
    expect(await t.services.outbox.expireHeld()).toBeGreaterThanOrEqual(1);
    const [row] = await outboxOf(member.email, subject);
    expect(row).toMatchObject({ status: 'expired', last_error: heldMailExpiredNote() });
    expect(heldMailExpiredNote()).toBe(`Not sent: the member did not confirm their address within ${HELD_MAIL_DAYS} days.`);

    expect((await t.json('/api/auth/confirm-email', { body: { token: member.confirm } })).status).toBe(200);
    await settle();
    expect(mailsTo(member.email, subject)).toHaveLength(0);
    expect((await outboxOf(member.email, subject))[0]!.status).toBe('expired');
  });

  it('mails about the account itself are never held: a password link reaches an unconfirmed address at once', async () => {
    const member = await unconfirmedMember('Paula Pending');
    expect((await t.json('/api/auth/forgot-password', { body: { email: member.email } })).status).toBe(202);
    await arrives(member.email, 'Choose a new password');
  });
});

describe("A parent whose address is not confirmed yet", () => {
  it('the club’s mail about their child is held, and the child’s parents list says they are waited for', async () => {
    const j = juniorFixtures(t);
    const child = await j.child(`Aarav ${j.unique()}`, bornYearsAgo(8));
    const parent = await j.guardian(`Dev Waiting ${j.unique()}`, [child, 'primary']);
    await t.db.update(users).set({ email_confirmed_at: null }).where(eq(users.id, parent.user.id));
    const sent = await t.json('/api/messages', { token: admin.token, body: { subject: 'Kit collection', body: 'Saturday 9am.', player_id: child.id, copy_guardians: true } });
    expect(sent.status).toBe(201);
    const [held] = await t.db.select().from(outbox).where(eq(outbox.to_address, parent.email));
    expect(held).toMatchObject({ status: 'held', held_for_user_id: parent.user.id });
    const list = await t.json(`/api/players/${child.id}/guardians`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.guardians).toEqual([expect.objectContaining({ user_id: parent.user.id, address_confirmed: false, held_mails: 1 })]);
  });
});
