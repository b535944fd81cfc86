import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { startSmtpServer, waitFor } from '../../tests/support/smtp';
import { outbox, products, settings } from '../db/schema';
import { createOutboxWorker } from '../services/outbox';

const smtp = await startSmtpServer();
const ctx = await createTestContext({ smtpUrl: smtp.url, publicUrl: 'https://club.example.org' });
const worker = createOutboxWorker(ctx.db, { smtpUrl: smtp.url, from: 'Riverside Rovers FC <club@example.org>', pollMs: 50 });
worker.start();
afterAll(async () => {
  await worker.stop();
  await smtp.stop();
});

const admin = await ctx.signedIn('admin');
await ctx.db.insert(settings).values({ id: 1, club_email: 'hello@club.example.org', sales_email: 'sales@club.example.org' }).onConflictDoUpdate({
  target: settings.club_id,
  set: { sales_email: 'sales@club.example.org' },
});

const mailsTo = (address: string, subject?: string | RegExp) =>
  smtp.received.filter((m) => m.to.includes(address) && (subject === undefined || (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject))));
async function arrives(address: string, subject: string | RegExp) {
  await waitFor(() => mailsTo(address, subject).length > 0, 10_000, `a mail to ${address} about ${subject}`);
  // Nothing more comes for the same event.
  await new Promise((resolve) => setTimeout(resolve, 150));
  const mails = mailsTo(address, subject);
  expect(mails).toHaveLength(1);
  return mails[0];
}

describe('Mails for club events', () => {
  it('registration sends a mail saying the club will approve it, with a link to the portal and the settings footer', async () => {
    const res = await ctx.json('/api/players/register', {
      body: {
        username: 'welcome_me',
        email: 'welcome@example.com',
        password: 'a good password',
        full_name: 'Wendy Welcome',
        phone_number: '07700 900111',
        date_of_birth: '1999-09-09',
        position_preference: 'Defender',
        emergency_contact_name: 'Ed Welcome',
        emergency_contact_phone: '07700 900222',
      },
    });
    expect(res.status).toBe(201);
    const mail = await arrives('welcome@example.com', 'Thanks for registering');
    expect(mail.text).toContain('Hello Wendy Welcome,');
    expect(mail.text).toContain('https://club.example.org/players-area');
    expect(mail.text).toContain('https://club.example.org/players-area/account');
    expect(mail.text).toMatch(/https:\/\/club\.example\.org\/confirm-email\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toContain('#14532d'); // the club's green
    // Always sent, so no unsubscribe; automatic, like every mail.
    expect(mail.header('Auto-Submitted')).toBe('auto-generated');
    expect(mail.header('List-Unsubscribe')).toBeUndefined();
  });

  it('a registration refused as a duplicate sends nothing', async () => {
    const before = smtp.received.length;
    const res = await ctx.json('/api/players/register', {
      body: {
        username: 'welcome_me',
        email: 'other@example.com',
        password: 'a good password',
        full_name: 'Dup',
        phone_number: '07700 900111',
        date_of_birth: '1999-09-09',
        position_preference: 'Defender',
        emergency_contact_name: 'E',
        emergency_contact_phone: '07700 900222',
      },
    });
    expect(res.status).toBe(409);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.to_address, 'other@example.com'))).toHaveLength(0);
    expect(smtp.received.length).toBe(before);
  });

  it('a message, a document, a payment request and feedback each reach the player once, with a one-click unsubscribe header', async () => {
    const player = await ctx.signedIn('player', { full_name: 'Pat Player' });
    const email = player.user.email;

    expect((await ctx.json('/api/messages', { token: admin.token, body: { subject: 'Training moved', body: 'Thursday at 7pm.', player_id: player.playerId } })).status).toBe(201);
    const message = await arrives(email, 'Training moved');
    expect(message.text).toContain('Thursday at 7pm.');
    expect(message.text).toContain('https://club.example.org/players-area/messages');
    expect(message.header('List-Unsubscribe')).toMatch(/^<https:\/\/club\.example\.org\/unsubscribe\?user=[0-9a-f-]+&kind=message&sig=[A-Za-z0-9_-]+>$/);
    expect(message.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(message.header('Auto-Submitted')).toBe('auto-generated');
    expect(message.text).toContain(`Stop e-mails like this one: ${/^<(.+)>$/.exec(message.header('List-Unsubscribe')!)![1]}`);

    expect((await ctx.json('/api/documents', { token: admin.token, body: { title: 'Kit policy', url: 'https://example.org/kit.pdf', player_id: player.playerId } })).status).toBe(201);
    const doc = await arrives(email, 'New document: Kit policy');
    expect(doc.text).toContain('https://club.example.org/players-area/documents');

    expect((await ctx.json(`/api/players/${player.playerId}/payments`, { token: admin.token, body: { description: 'Season subs', amount: 45 } })).status).toBe(201);
    const payment = await arrives(email, /^Payment request: Season subs, £45\.00 due /);
    expect(payment.text).toContain('£45.00');
    expect(payment.text).not.toMatch(/\d{4}-\d{2}-\d{2}/); // the due date in words

    // A payment recorded as already paid asks for nothing: the payer gets a receipt for it (issue 31).
    expect((await ctx.json(`/api/players/${player.playerId}/payments`, { token: admin.token, body: { description: 'Paid cash', amount: 5, status: 'paid' } })).status).toBe(201);
    const receipt = await arrives(email, 'Payment received: £5.00, thank you');
    expect(receipt.text.replace(/\s+/g, ' ')).toContain('Paid cash: £5.00, now paid in full');

    expect((await ctx.json(`/api/players/${player.playerId}/feedback`, { token: admin.token, body: { category: 'Training', feedback: 'Great first touch.', rating: 4 } })).status).toBe(201);
    const feedback = await arrives(email, /New training feedback/);
    expect(feedback.text).toContain('Great first touch.');
    expect(mailsTo(email, /Paid cash/)).toHaveLength(0);
  });

  it('an uploaded document for all players is mailed to each of them', async () => {
    const a = await ctx.signedIn('player');
    const b = await ctx.signedIn('player');
    const form = new FormData();
    form.set('title', 'Season handbook');
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');
    form.set('file', new File([pdf as BlobPart], 'handbook.pdf', { type: 'application/pdf' }));
    const res = await ctx.app.request('/api/documents', { method: 'POST', body: form, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(201);
    await arrives(a.user.email, 'New document: Season handbook');
    await arrives(b.user.email, 'New document: Season handbook');
  });

  it('a message to all players reaches every player with a login once', async () => {
    const a = await ctx.signedIn('player');
    const b = await ctx.signedIn('player');
    expect((await ctx.json('/api/messages', { token: admin.token, body: { subject: 'Club BBQ', body: 'Saturday, all welcome.' } })).status).toBe(201);
    await arrives(a.user.email, 'Club BBQ');
    await arrives(b.user.email, 'Club BBQ');
  });
});

describe('Mails for club events: shop orders and join-us applications', () => {
  it('a shop order reaches the sales e-mail once per order; a refused order sends nothing', async () => {
    const [product] = await ctx.db
      .insert(products)
      .values({ name: 'Mail Scarf', description: 'Warm', category: 'Accessories', price: 12, stock: 2, sizes: [] })
      .returning();
    const customer = { customer_name: 'Alex Supporter', customer_email: 'alex@example.com', customer_phone: '+44 7700 900123' };
    const placed = await ctx.json('/api/orders', { body: { product_id: product.id, quantity: 2, ...customer } });
    expect(placed.status).toBe(201);
    const mail = await arrives('sales@club.example.org', new RegExp(`New shop order ${placed.body.reference}:`));
    expect(mail.text).toContain('Mail Scarf');
    expect(mail.text).toContain('alex@example.com');
    expect(mail.text).toContain('https://club.example.org/admin/orders');
    const refused = await ctx.json('/api/orders', { body: { product_id: product.id, quantity: 1, ...customer } });
    expect(refused.status).toBe(409);
    const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.kind, 'order'));
    expect(n).toBe(1);
  });

  it('orders committed together (group commit) give one mail each', async () => {
    const [product] = await ctx.db
      .insert(products)
      .values({ name: 'Group Mug', description: 'Tea', category: 'Accessories', price: 8, stock: 50, sizes: [] })
      .returning();
    const customer = { customer_name: 'Grace Group', customer_email: 'grace@example.com', customer_phone: '+44 7700 900123' };
    const placed = await Promise.all(Array.from({ length: 8 }, () => ctx.json('/api/orders', { body: { product_id: product.id, quantity: 1, ...customer } })));
    expect(placed.every((r) => r.status === 201)).toBe(true);
    const rows = await ctx.db.select().from(outbox).where(sql`${outbox.kind} = 'order' and ${outbox.subject} like '%: Group Mug'`);
    expect(rows.map((r) => r.dedupe_key).sort()).toEqual(placed.map((r) => `order:${r.body.id}`).sort());
    expect(rows.every((r) => r.to_address === 'sales@club.example.org')).toBe(true);
  });

  it('a join-us application reaches the club, and the applicant gets a receipt', async () => {
    const res = await ctx.json('/api/join-us', {
      body: { full_name: 'Jo Applicant', email: 'jo@example.com', phone_number: '+44 7700 900456', message: 'Sundays please.', interest_types: ['player'] },
    });
    expect(res.status).toBe(201);
    const club = await arrives('sales@club.example.org', 'New Join Us application: Jo Applicant');
    expect(club.text).toContain('jo@example.com');
    expect(club.text).toContain('Sundays please.');
    const receipt = await arrives('jo@example.com', 'We have your application');
    expect(receipt.text).toContain('Hello Jo Applicant,');
    for (const mail of [club, receipt]) {
      expect(mail.header('Auto-Submitted')).toBe('auto-generated');
      expect(mail.header('List-Unsubscribe')).toBeUndefined();
    }
  });

  it('the applicant receipt is limited per address per day (the form is public); the club still hears of each', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await ctx.json('/api/join-us', {
        body: { full_name: `Rep ${i}`, email: 'repeat@example.com', phone_number: '+44 7700 900456', message: 'Again.', interest_types: ['player'] },
      });
      expect(res.status).toBe(201);
    }
    expect(await ctx.db.select().from(outbox).where(eq(outbox.to_address, 'repeat@example.com'))).toHaveLength(3);
    const club = await ctx.db.select().from(outbox).where(sql`${outbox.kind} = 'join_us' and ${outbox.subject} like 'New Join Us application: Rep %'`);
    expect(club).toHaveLength(4);
  });

  it('refused input sends nothing', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect((await ctx.json('/api/join-us', { body: { full_name: 'No Email', interest_types: ['player'] } })).status).toBe(422);
    expect((await ctx.json('/api/messages', { token: admin.token, body: { subject: '', body: 'x' } })).status).toBe(422);
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after[0].n).toBe(before[0].n);
  });
});
