import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_MAIL_SUBJECT } from '../../shared/mail';
import { mailSenderName } from '../../shared/club';
import { createTestContext } from '../../tests/support/api';
import { startSmtpServer, waitFor, type Verdict } from '../../tests/support/smtp';
import { outbox } from '../db/schema';
import { setLogLevel } from '../log';
import { createOutboxWorker, enqueueMail } from '../services/outbox';

setLogLevel('error');
const smtp = await startSmtpServer({
  decide: (mail): Verdict => (mail.to.some((to) => to.startsWith('refuse')) ? { code: 550, message: 'Mailbox unavailable: no such user' } : 'accept'),
});
const ctx = await createTestContext({ smtpUrl: smtp.url });
const unconfigured = await createTestContext();
afterAll(() => smtp.stop());

const admin = await ctx.signedIn('admin');
const player = await ctx.signedIn('player');

async function queued(to: string) {
  const key = `admin-test:${randomUUID()}`;
  await enqueueMail(ctx.db, { dedupe_key: key, kind: 'test', to, subject: `To ${to}`, text: 't', html: '<p>t</p>' });
  const [row] = await ctx.db.select().from(outbox).where(eq(outbox.dedupe_key, key));
  return row;
}

describe('GET /api/admin/outbox', () => {
  it('is for admins only', async () => {
    expect((await ctx.json('/api/admin/outbox')).status).toBe(401);
    expect((await ctx.json('/api/admin/outbox', { token: player.token })).status).toBe(403);
  });

  it('lists messages with their status and last error, filtered by status, with totals', async () => {
    const dead = await queued('refuse-list@example.com');
    const pending = await queued('fine-list@example.com');
    const worker = createOutboxWorker(ctx.db, { smtpUrl: smtp.url, from: 'club@example.org' });
    await worker.round();
    await worker.stop();

    const all = await ctx.json('/api/admin/outbox', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.configured).toBe(true);
    expect(all.body.totals.dead).toBeGreaterThanOrEqual(1);
    const deadView = all.body.messages.find((m: { id: string }) => m.id === dead.id);
    expect(deadView).toMatchObject({ status: 'dead', attempts: 1, to_address: 'refuse-list@example.com' });
    expect(deadView.last_error).toContain('550 Mailbox unavailable');

    const onlyDead = await ctx.json('/api/admin/outbox?status=dead', { token: admin.token });
    expect(onlyDead.body.messages.every((m: { status: string }) => m.status === 'dead')).toBe(true);
    expect(onlyDead.body.messages.map((m: { id: string }) => m.id)).not.toContain(pending.id);

    const bad = await ctx.json('/api/admin/outbox?status=lost', { token: admin.token });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/status/);
  });

  it('says when mail is not configured', async () => {
    const other = await unconfigured.signedIn('admin');
    const res = await unconfigured.json('/api/admin/outbox', { token: other.token });
    expect(res.body.configured).toBe(false);
  });
});

describe('POST /api/admin/outbox/{id}/retry', () => {
  it('puts a dead message back in the queue, and it is sent once the problem is fixed', async () => {
    const row = await queued('refuse-then-ok@example.com');
    const worker = createOutboxWorker(ctx.db, { smtpUrl: smtp.url, from: 'club@example.org', pollMs: 50 });
    await worker.round();
    expect((await ctx.db.select().from(outbox).where(eq(outbox.id, row.id)))[0].status).toBe('dead');
    // The address is corrected on the server side; the admin retries.
    smtp.setDecide(() => 'accept');
    const res = await ctx.json(`/api/admin/outbox/${row.id}/retry`, { method: 'POST', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, status: 'pending', attempts: 0 });
    worker.start();
    await waitFor(async () => (await ctx.db.select().from(outbox).where(eq(outbox.id, row.id)))[0].status === 'sent', 10_000, 'sent');
    await worker.stop();
    expect(smtp.received.filter((m) => m.to.includes('refuse-then-ok@example.com'))).toHaveLength(1);

    const again = await ctx.json(`/api/admin/outbox/${row.id}/retry`, { method: 'POST', token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/this one is sent/);
    smtp.setDecide((mail): Verdict => (mail.to.some((to) => to.startsWith('refuse')) ? { code: 550, message: 'Mailbox unavailable: no such user' } : 'accept'));
  });

  it('answers 404 for an unknown id, 401/403 for others', async () => {
    expect((await ctx.json(`/api/admin/outbox/${randomUUID()}/retry`, { method: 'POST', token: admin.token })).status).toBe(404);
    expect((await ctx.json('/api/admin/outbox/not-an-id/retry', { method: 'POST', token: admin.token })).status).toBe(404);
    expect((await ctx.json(`/api/admin/outbox/${randomUUID()}/retry`, { method: 'POST' })).status).toBe(401);
    expect((await ctx.json(`/api/admin/outbox/${randomUUID()}/retry`, { method: 'POST', token: player.token })).status).toBe(403);
  });
});

describe('POST /api/admin/outbox/test', () => {
  it("sends at once and reports the server's acceptance", async () => {
    const res = await ctx.json('/api/admin/outbox/test', { token: admin.token, body: { to: 'me@example.com' } });
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe('The mail server accepted the test e-mail to me@example.com.');
    expect(res.body.response).toMatch(/^250/);
    const sent = smtp.received.filter((m) => m.to.includes('me@example.com') && m.subject === TEST_MAIL_SUBJECT);
    expect(sent).toHaveLength(1);
    expect(sent[0].header('Auto-Submitted')).toBe('auto-generated');
    // From the club's sender name, as every mail of the outbox is (issue 33).
    expect(sent[0].header('From')).toMatch(new RegExp(`^"?${mailSenderName()}"? <`));
  });

  it("answers with the SMTP server's own error when it refuses, or cannot be reached", async () => {
    const refused = await ctx.json('/api/admin/outbox/test', { token: admin.token, body: { to: 'refuse@example.com' } });
    expect(refused.status).toBe(502);
    expect(refused.body.detail).toContain('550 Mailbox unavailable: no such user');
    await smtp.stop();
    try {
      const down = await ctx.json('/api/admin/outbox/test', { token: admin.token, body: { to: 'me@example.com' } });
      expect(down.status).toBe(502);
      expect(down.body.detail).toMatch(/ECONNREFUSED/);
    } finally {
      await smtp.start();
    }
  });

  it('answers 503 when mail is not configured', async () => {
    const other = await unconfigured.signedIn('admin');
    const res = await unconfigured.json('/api/admin/outbox/test', { token: other.token, body: { to: 'me@example.com' } });
    expect(res.status).toBe(503);
    expect(res.body.detail).toMatch(/SMTP_URL/);
  });

  it('refuses bad input with 422 and strangers with 401/403, sending nothing', async () => {
    const before = smtp.received.length;
    for (const body of [{}, { to: '' }, { to: 'not-an-address' }, { to: `${'a'.repeat(200)}@example.com` }]) {
      const res = await ctx.json('/api/admin/outbox/test', { token: admin.token, body });
      expect(res.status).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await ctx.json('/api/admin/outbox/test', { body: { to: 'me@example.com' } })).status).toBe(401);
    expect((await ctx.json('/api/admin/outbox/test', { token: player.token, body: { to: 'me@example.com' } })).status).toBe(403);
    expect(smtp.received.length).toBe(before);
  });
});

describe('The OpenAPI document', () => {
  it('describes every mail, password and notification operation with an operationId, its security and its 4xx answers', async () => {
    const doc = (await ctx.json('/api/openapi.json')).body;
    const expected: [string, string, string, boolean][] = [
      ['/auth/forgot-password', 'post', 'requestPasswordReset', false],
      ['/auth/reset-password', 'post', 'resetPassword', false],
      ['/auth/password', 'put', 'changePassword', true],
      ['/preferences', 'get', 'getEmailPreferences', true],
      ['/preferences', 'put', 'setEmailPreferences', true],
      ['/preferences/unsubscribe', 'post', 'unsubscribeWithLink', false],
      ['/notifications/preferences', 'get', 'getNotificationPreferences', true],
      ['/notifications/preferences', 'put', 'setNotificationPreferences', true],
      ['/notifications/unsubscribe', 'post', 'unsubscribeOneClick', false],
      ['/admin/outbox', 'get', 'listOutbox', true],
      ['/admin/outbox/{id}/retry', 'post', 'retryOutboxMessage', true],
      ['/admin/outbox/test', 'post', 'sendTestMail', true],
    ];
    for (const [path, method, operationId, signedIn] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.operationId).toBe(operationId);
      expect(op.security).toEqual(signedIn ? [{ bearer: [] }] : []);
      expect(Object.keys(op.responses).some((code) => code.startsWith('4')), `${operationId} lists its 4xx answers`).toBe(true);
      // E-mail preferences moved to /preferences; their earlier paths stay, marked deprecated.
      expect(op.deprecated ?? false, `${method} ${path} deprecated`).toBe(path.startsWith('/notifications/'));
    }
  });
});
