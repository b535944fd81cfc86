import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID } from '../../shared/mail';
import { CURRENT_PASSWORD_WRONG } from '../../shared/passwords';
import { createTestContext } from '../../tests/support/api';
import { startSmtpServer, waitFor } from '../../tests/support/smtp';
import { loginThrottle, outbox, passwordResetTokens, users } from '../db/schema';
import { createOutboxWorker } from '../services/outbox';

const smtp = await startSmtpServer();
const ctx = await createTestContext({
  smtpUrl: smtp.url,
  publicUrl: 'http://club.test',
  // Generous enough for the timing test; the limit itself is tested with its own addresses.
  forgotPasswordLimits: { perUser: 3, perAddress: 1000, windowSeconds: 900 },
});
const worker = createOutboxWorker(ctx.db, { smtpUrl: smtp.url, from: 'Club <club@example.org>', pollMs: 50 });
worker.start();
afterAll(async () => {
  await worker.stop();
  await smtp.stop();
});

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
const linkIn = (text: string) => /http:\/\/club\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);

async function forgot(email: string, address = '203.0.113.5') {
  return ctx.json('/api/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': address } });
}

describe('POST /api/auth/forgot-password', () => {
  it('answers a known and an unknown address alike, and mails only the known one, once, with a working link', async () => {
    const member = await ctx.signedIn('player');
    const known = await forgot(member.user.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ detail: FORGOT_PASSWORD_ANSWER });
    expect(unknown.body).toEqual(known.body);

    await waitFor(() => mailsTo(member.user.email).length === 1, 10_000, 'the reset mail');
    const [mail] = mailsTo(member.user.email);
    expect(mail.subject).toBe('Choose a new password');
    const link = linkIn(mail.text);
    expect(link).not.toBeNull();
    expect(mail.raw).toContain('text/html');
    // Password mails have no notification-settings footer and no unsubscribe header.
    expect(mail.text).not.toContain('notifications');
    expect(mail.header('List-Unsubscribe')).toBeUndefined();
    expect(mail.header('Auto-Submitted')).toBe('auto-generated');
    // Only the hash of the token is stored.
    const [stored] = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.user_id, member.user.id));
    expect(stored.token_hash).not.toContain(link![1]);
    // Nothing is queued for the unknown address.
    expect(await ctx.db.select().from(outbox).where(eq(outbox.to_address, 'nobody-here@example.com'))).toHaveLength(0);

    // The link works once: new password set, every old session and the old password stop working.
    const reset = await ctx.json('/api/auth/reset-password', { body: { token: link![1], password: 'brand new secret' } });
    expect(reset.status).toBe(200);
    expect(reset.body.token_type).toBe('bearer');
    expect(reset.body.user.id).toBe(member.user.id);
    expect(reset.headers.get('set-cookie')).toContain('club_session=');
    expect((await ctx.json('/api/auth/me', { token: member.token })).status).toBe(401);
    expect((await ctx.json('/api/auth/me', { token: reset.body.access_token })).status).toBe(200);
    expect((await ctx.json('/api/auth/login', { body: { username: member.username, password: member.password } })).status).toBe(401);
    expect((await ctx.json('/api/auth/login', { body: { username: member.username, password: 'brand new secret' } })).status).toBe(200);

    const again = await ctx.json('/api/auth/reset-password', { body: { token: link![1], password: 'another secret' } });
    expect(again.status).toBe(422);
    expect(again.body.detail).toBe(RESET_LINK_INVALID);
    expect((await ctx.json('/api/auth/login', { body: { username: member.username, password: 'another secret' } })).status).toBe(401);
    // Delivered once, whatever the worker did since; and the owner is told, once, that it changed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailsTo(member.user.email).map((m) => m.subject)).toEqual(['Choose a new password', 'Your password was changed']);
  });

  it('refuses a link after its hour', async () => {
    const member = await ctx.signedIn('player');
    expect((await forgot(member.user.email)).status).toBe(202);
    await waitFor(() => mailsTo(member.user.email).length === 1, 10_000, 'the reset mail');
    const token = linkIn(mailsTo(member.user.email)[0].text)![1];
    // An hour and a second later.
    await ctx.db
      .update(passwordResetTokens)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.user_id, member.user.id));
    const late = await ctx.json('/api/auth/reset-password', { body: { token, password: 'too late now' } });
    expect(late.status).toBe(422);
    expect(late.body.detail).toBe(RESET_LINK_INVALID);
    expect((await ctx.json('/api/auth/login', { body: { username: member.username, password: member.password } })).status).toBe(200);
  });

  it('takes about as long for an unknown address as for a known one', async () => {
    // Fresh addresses each time, so the per-address limit is not what is measured.
    const known = await ctx.db
      .insert(users)
      .values(Array.from({ length: 12 }, (_, i) => ({ username: `timing${i}`, email: `timing${i}@example.com`, full_name: `Timing ${i}`, password_hash: 'x' })))
      .returning({ email: users.email });
    const timings = { known: [] as number[], unknown: [] as number[] };
    // Interleaved, so load on the machine affects both alike.
    for (let i = 0; i < known.length; i++) {
      for (const which of ['known', 'unknown'] as const) {
        const started = performance.now();
        const res = await forgot(which === 'known' ? known[i].email : `ghost-${i}@example.com`);
        timings[which].push(performance.now() - started);
        expect(res.status).toBe(202);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const a = median(timings.known);
    const b = median(timings.unknown);
    // Both do the same work (the limiter's two updates, one statement); allow for noise.
    expect(Math.abs(a - b)).toBeLessThan(Math.max(5, 0.5 * Math.min(a, b)));
  });

  it('is rate-limited per address asked about, counted in the database', async () => {
    const email = 'limited@example.com';
    for (let i = 0; i < 3; i++) expect((await forgot(email, `192.0.2.${i}`)).status).toBe(202);
    const refused = await forgot(email, '192.0.2.99');
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too many password requests/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const [row] = await ctx.db.select().from(loginThrottle).where(eq(loginThrottle.key, `forgot:user:${email}`));
    expect(row.failures).toBe(4);
  });

  it.each([
    ['missing', {}],
    ['empty', { email: '' }],
    ['malformed', { email: 'not-an-address' }],
    ['too long', { email: `${'a'.repeat(200)}@example.com` }],
    ['not a string', { email: 42 }],
  ])('refuses a %s e-mail with 422 {detail} and stores nothing', async (_, body) => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    const res = await ctx.json('/api/auth/forgot-password', { body });
    expect(res.status).toBe(422);
    expect(typeof res.body.detail).toBe('string');
    const after = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    expect(after[0].n).toBe(before[0].n);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('refuses forged, malformed and missing tokens and bad passwords with 422, and a bad password leaves the link usable', async () => {
    const member = await ctx.signedIn('player');
    await forgot(member.user.email, '192.0.2.200');
    await waitFor(() => mailsTo(member.user.email).length === 1, 10_000, 'the reset mail');
    const token = linkIn(mailsTo(member.user.email)[0].text)![1];

    for (const body of [
      { token: 'x'.repeat(43), password: 'a fine password' },
      { token: 'x'.repeat(500), password: 'a fine password' },
      { password: 'a fine password' },
      { token, password: '123' },
      { token },
      { token, password: 'p'.repeat(201) },
    ]) {
      const res = await ctx.json('/api/auth/reset-password', { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(typeof res.body.detail).toBe('string');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    // Nothing was stored: the old password and session still work, the link is still unused.
    expect((await ctx.json('/api/auth/me', { token: member.token })).status).toBe(200);
    const [row] = await ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.user_id, member.user.id));
    expect(row.used_at).toBeNull();
    expect((await ctx.json('/api/auth/reset-password', { body: { token, password: 'a fine password' } })).status).toBe(200);
  });
});

describe('PUT /api/auth/password', () => {
  it('is 401 signed out, before the body is looked at', async () => {
    const res = await ctx.json('/api/auth/password', { method: 'PUT', body: {} });
    expect(res.status).toBe(401);
  });

  it('refuses a wrong current password next to its field, and a short new one, storing nothing', async () => {
    const member = await ctx.signedIn('staff');
    const wrong = await ctx.json('/api/auth/password', {
      method: 'PUT',
      token: member.token,
      body: { current_password: 'not it', new_password: 'a new password' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.detail).toBe(CURRENT_PASSWORD_WRONG);
    expect(wrong.body.errors).toEqual([{ field: 'current_password', message: CURRENT_PASSWORD_WRONG }]);
    const short = await ctx.json('/api/auth/password', {
      method: 'PUT',
      token: member.token,
      body: { current_password: member.password, new_password: '123' },
    });
    expect(short.status).toBe(422);
    expect(short.body.detail).toMatch(/at least 8/);
    expect((await ctx.json('/api/auth/login', { body: { username: member.username, password: member.password } })).status).toBe(200);
  });

  it('changes the password and ends every other session, keeping this one', async () => {
    const member = await ctx.signedIn('player');
    const other = await ctx.json('/api/auth/login', { body: { username: member.username, password: member.password } });
    const res = await ctx.json('/api/auth/password', {
      method: 'PUT',
      token: member.token,
      body: { current_password: member.password, new_password: 'changed it myself' },
    });
    expect(res.status).toBe(200);
    expect((await ctx.json('/api/auth/me', { token: member.token })).status).toBe(200);
    expect((await ctx.json('/api/auth/me', { token: other.body.access_token })).status).toBe(401);
    expect((await ctx.json('/api/auth/login', { body: { username: member.username, password: member.password } })).status).toBe(401);
    expect((await ctx.json('/api/auth/login', { body: { username: member.username, password: 'changed it myself' } })).status).toBe(200);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, member.user.id));
    expect(user.password_hash).not.toContain('changed it myself');
  });
});
