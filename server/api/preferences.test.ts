import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { appSecrets, notificationPreferences, outbox } from '../db/schema';
import { createPool } from '../db/pool';
import { createDb } from '../db/client';
import { createServices } from '../services';
import { createMailService } from '../services/mail';

const ctx = await createTestContext({ publicUrl: 'https://club.example.org' });
const admin = await ctx.signedIn('admin');

const mailRows = (to: string, kind?: string) =>
  ctx.db.select().from(outbox).where(kind ? and(eq(outbox.to_address, to), eq(outbox.kind, kind)) : eq(outbox.to_address, to));
const prefCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(notificationPreferences))[0].n;

async function sendMessage(subject: string, playerId?: string) {
  const res = await ctx.json('/api/messages', { token: admin.token, body: { subject, body: 'Details inside.', player_id: playerId } });
  expect(res.status).toBe(201);
}

describe('/api/preferences', () => {
  it('needs a signed-in user', async () => {
    expect((await ctx.json('/api/preferences')).status).toBe(401);
    expect((await ctx.json('/api/preferences', { method: 'PUT', body: { message: false } })).status).toBe(401);
  });

  it('starts with every kind on, and keeps what the user turns off', async () => {
    const player = await ctx.signedIn('player');
    const initial = await ctx.json('/api/preferences', { token: player.token });
    expect(initial.status).toBe(200);
    expect(initial.body.map((p: { kind: string; email: boolean }) => [p.kind, p.email])).toEqual([
      ['message', true],
      ['document', true],
      ['payment', true],
      ['feedback', true],
      ['matchday', true],
      ['selection', true],
      ['changes', true],
    ]);
    const saved = await ctx.json('/api/preferences', { method: 'PUT', token: player.token, body: { message: false, payment: false } });
    expect(saved.status).toBe(200);
    const byKind = Object.fromEntries(saved.body.map((p: { kind: string; email: boolean }) => [p.kind, p.email]));
    expect(byKind).toEqual({ message: false, document: true, payment: false, feedback: true, matchday: true, selection: true, changes: true });
    const again = await ctx.json('/api/preferences', { method: 'PUT', token: player.token, body: { payment: true } });
    expect(Object.fromEntries(again.body.map((p: { kind: string; email: boolean }) => [p.kind, p.email]))).toMatchObject({ message: false, payment: true });
  });

  it('answers the same at its earlier, deprecated path /api/notifications/preferences', async () => {
    const player = await ctx.signedIn('player');
    expect((await ctx.json('/api/notifications/preferences')).status).toBe(401);
    const saved = await ctx.json('/api/notifications/preferences', { method: 'PUT', token: player.token, body: { document: false } });
    expect(saved.status).toBe(200);
    const now = await ctx.json('/api/preferences', { token: player.token });
    expect(now.body).toEqual(saved.body);
    expect((await ctx.json('/api/notifications/preferences', { token: player.token })).body).toEqual(now.body);
  });

  it.each([
    ['an unknown kind', { newsletter: false }],
    ['a value that is not true or false', { message: 'no' }],
    ['nothing to change', {}],
    ['not an object', [true]],
  ])('refuses %s with 422 {detail} and stores nothing', async (_, body) => {
    const player = await ctx.signedIn('player');
    const before = await prefCount();
    const res = await ctx.json('/api/preferences', { method: 'PUT', token: player.token, body });
    expect(res.status).toBe(422);
    expect(typeof res.body.detail).toBe('string');
    expect(await prefCount()).toBe(before);
  });

  it('a user who turned a kind off gets none of it; other kinds and other players are unaffected', async () => {
    const quiet = await ctx.signedIn('player');
    const keen = await ctx.signedIn('player');
    await ctx.json('/api/preferences', { method: 'PUT', token: quiet.token, body: { message: false } });
    await sendMessage('Just for you', quiet.playerId);
    await sendMessage('Everyone please read');
    expect(await mailRows(quiet.user.email, 'message')).toHaveLength(0);
    expect((await mailRows(keen.user.email, 'message')).map((r) => r.subject)).toEqual(['Everyone please read']);
    // The in-site notification still arrives.
    const notes = await ctx.json('/api/players/me/notifications', { token: quiet.token });
    expect(notes.body.map((n: { title: string }) => n.title)).toContain('New message: Just for you');
    // Feedback is another kind: still mailed.
    const fb = await ctx.json(`/api/players/${quiet.playerId}/feedback`, { token: admin.token, body: { category: 'Training', feedback: 'Solid session.' } });
    expect(fb.status).toBe(201);
    expect(await mailRows(quiet.user.email, 'feedback')).toHaveLength(1);
  });
});

describe('One-click unsubscribe', () => {
  async function linkFor() {
    const player = await ctx.signedIn('player');
    await sendMessage(`For ${player.username}`, player.playerId);
    const [row] = await mailRows(player.user.email, 'message');
    expect(row.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<(.+)>$/.exec(row.headers['List-Unsubscribe'])![1]);
    expect(url.origin).toBe('https://club.example.org');
    // The mail points at the page (which the browser tests drive); the API does the same with the same parameters.
    expect(url.pathname).toBe('/unsubscribe');
    return { player, url, path: `/api/preferences/unsubscribe${url.search}` };
  }

  it('works at its earlier, deprecated path /api/notifications/unsubscribe too', async () => {
    const { player, url } = await linkFor();
    const res = await ctx.json(`/api/notifications/unsubscribe${url.search}`, { method: 'POST' });
    expect(res.status).toBe(200);
    const prefs = await ctx.json('/api/preferences', { token: player.token });
    expect(prefs.body.find((p: { kind: string }) => p.kind === 'message').email).toBe(false);
  });

  it('works without signing in (the POST mail providers send) and turns that kind off', async () => {
    const { player, path } = await linkFor();
    const res = await ctx.json(path, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe('You will no longer get e-mails about: Messages from the club.');
    const prefs = await ctx.json('/api/preferences', { token: player.token });
    expect(prefs.body.find((p: { kind: string }) => p.kind === 'message').email).toBe(false);
    await sendMessage('After unsubscribing', player.playerId);
    expect((await mailRows(player.user.email, 'message')).map((r) => r.subject)).not.toContain('After unsubscribing');
  });

  it('cannot be forged: a changed signature, another user or another kind is refused, and nothing changes', async () => {
    const { url } = await linkFor();
    const other = await ctx.signedIn('player');
    const user = url.searchParams.get('user')!;
    const sig = url.searchParams.get('sig')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const before = await prefCount();
    for (const params of [
      { user, kind: 'message', sig: flipped },
      { user: other.user.id, kind: 'message', sig },
      { user, kind: 'feedback', sig },
      { user, kind: 'message', sig: '' },
      { user: 'not-a-uuid', kind: 'message', sig },
    ]) {
      const res = await ctx.json(`/api/preferences/unsubscribe?${new URLSearchParams(params)}`, { method: 'POST' });
      expect(res.status, JSON.stringify(params)).toBe(403);
      expect(res.body.detail).toBe('This unsubscribe link is not valid.');
    }
    const missing = await ctx.json(`/api/preferences/unsubscribe?user=${user}&kind=message`, { method: 'POST' });
    expect(missing.status).toBe(422);
    expect(await prefCount()).toBe(before);
  });

  it('signs inside the event\'s transaction: works with a single database connection', async () => {
    // As the app makes its pools (server/db/pool.ts): each connection given the install's club (ADR 065).
    const pool = createPool(ctx.pool.options, { max: 1, installClubId: ctx.installClub?.id });
    pool.on('error', () => undefined);
    try {
      const services = createServices(createDb(pool), { adminUsername: 'admin', publicUrl: 'https://club.example.org' });
      const player = await ctx.signedIn('player');
      const sent = services.messages.send(admin.user, { subject: 'One connection', body: 'Still fine.', player_id: player.playerId! });
      const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('deadlocked waiting for a second connection')), 5_000));
      await Promise.race([sent, timeout]);
      const [row] = await mailRows(player.user.email, 'message');
      expect(row.headers['List-Unsubscribe']).toContain('sig=');
    } finally {
      await pool.end();
    }
  });

  it('the signing key is made once and shared: another app instance signs the same link', async () => {
    const other = createMailService(ctx.db, { publicUrl: 'https://club.example.org' });
    const { player, url } = await linkFor();
    expect(await other.unsubscribeUrl(player.user.id, 'message')).toBe(url.toString());
    expect(await ctx.db.select().from(appSecrets)).toHaveLength(1);
  });
});
