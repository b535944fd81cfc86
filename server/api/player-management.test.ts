/** Players' API: stats, payments and feedback, and who may read or change them. */
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { registeredPlayer } from '../../tests/support/players';
import { PLAYER_NOT_FOUND, todayIso } from '../../shared/players';

const t = await createTestContext();

describe('Player management: stats and payments', () => {
  it('stats: default values, staff updates them, bad values refused', async () => {
    const p = await registeredPlayer(t);
    const staff = await t.signedIn('staff');
    const before = await t.json('/api/players/me/stats', { token: p.token });
    expect(before.body).toMatchObject({ training_attendance: null, matches_played: 0, goals: 0 });
    const put = await t.json(`/api/players/${p.playerId}/stats`, {
      method: 'PUT',
      body: { matches_played: 10, goals: 4, training_attendance: 88 },
      token: staff.token,
    });
    expect(put.status).toBe(200);
    // Training attendance is not entered: it comes from recorded sessions (none yet), whatever is sent.
    expect(put.body).toMatchObject({ matches_played: 10, goals: 4, training_attendance: null, assists: 0 });
    const mine = await t.json('/api/players/me/stats', { token: p.token });
    expect(mine.body).toMatchObject({ matches_played: 10, goals: 4, training_attendance: null, training_sessions_recorded: 0 });
    for (const body of [{ goals: -1 }, { goals: 1.5 }, { assists: -2 }, { matches_played: '3' }]) {
      const bad = await t.json(`/api/players/${p.playerId}/stats`, { method: 'PUT', body, token: staff.token });
      expect(bad.status, JSON.stringify(body)).toBe(422);
    }
    expect((await t.json(`/api/players/${p.playerId}/stats`)).body.goals).toBe(4);
  });

  it('payments: admin adds one (defaults, notification), toggles paid_date, the player sees them', async () => {
    const p = await registeredPlayer(t);
    const admin = await t.signedIn('admin');
    const add = await t.json(`/api/players/${p.playerId}/payments`, {
      body: { description: 'Season subscription', amount: 45.5 },
      token: admin.token,
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ description: 'Season subscription', amount: 45.5, payment_type: 'Subscription', status: 'outstanding', due_date: todayIso(), paid_date: null });

    const paid = await t.json(`/api/players/${p.playerId}/payments/${add.body.id}`, { method: 'PUT', body: { status: 'paid' }, token: admin.token });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', paid_date: todayIso() });
    const back = await t.json(`/api/players/${p.playerId}/payments/${add.body.id}`, { method: 'PUT', body: { status: 'outstanding' }, token: admin.token });
    expect(back.body).toMatchObject({ status: 'outstanding', paid_date: null });

    const mine = await t.json('/api/players/me/payments', { token: p.token });
    expect(mine.body).toHaveLength(1);
    const own = await t.json(`/api/players/${p.playerId}/payments`, { token: p.token });
    expect(own.status).toBe(200);

    const notes = await t.json('/api/players/me/notifications', { token: p.token });
    expect(notes.body[0]).toMatchObject({ kind: 'payment', title: 'New payment request: Season subscription', read: false, link: '/players-area/payments' });
  });

  it('payments: refuses bad amounts, dates and statuses', async () => {
    const p = await registeredPlayer(t);
    const admin = await t.signedIn('admin');
    for (const body of [
      { description: 'x', amount: 0 },
      { description: 'x', amount: -5 },
      { description: 'x', amount: 1.234 },
      { description: '', amount: 5 },
      { description: 'x', amount: 5, due_date: '2025-02-30' },
      { description: 'x', amount: 5, status: 'lost' },
    ]) {
      const res = await t.json(`/api/players/${p.playerId}/payments`, { body, token: admin.token });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await t.json('/api/players/me/payments', { token: p.token })).body).toEqual([]);
  });
});

describe('Player management: dates and feedback', () => {
  it("payments and feedback take the date as YYYY-MM-DD or as the ISO date-time earlier clients send, stored as the London date", async () => {
    const p = await registeredPlayer(t);
    const admin = await t.signedIn('admin');
    const cases = [
      { sent: '2026-11-23T10:15:00.000Z', stored: '2026-11-23' },
      { sent: '2026-06-30T23:30:00.000Z', stored: '2026-07-01' }, // BST: already 1 July in London
      { sent: '2026-12-31T23:30:00.000Z', stored: '2026-12-31' }, // GMT
      { sent: '2026-08-01', stored: '2026-08-01' },
    ];
    for (const { sent, stored } of cases) {
      const payment = await t.json(`/api/players/${p.playerId}/payments`, { body: { description: `Subs ${sent}`, amount: 10, due_date: sent }, token: admin.token });
      expect(payment.status, sent).toBe(201);
      expect(payment.body.due_date, sent).toBe(stored);
      const feedback = await t.json(`/api/players/${p.playerId}/feedback`, { body: { feedback: `Note ${sent}`, date: sent }, token: admin.token });
      expect(feedback.status, sent).toBe(201);
      expect(feedback.body.date, sent).toBe(stored);
    }
    const payments = await t.json('/api/players/me/payments', { token: p.token });
    expect(payments.body.map((x: { due_date: string }) => x.due_date).sort()).toEqual(['2026-07-01', '2026-08-01', '2026-11-23', '2026-12-31']);
    const feedback = await t.json('/api/players/me/feedback', { token: p.token });
    expect(feedback.body.map((x: { date: string }) => x.date).sort()).toEqual(['2026-07-01', '2026-08-01', '2026-11-23', '2026-12-31']);

    for (const bad of ['2026-02-30T10:15:00.000Z', '2026-02-30', '23/11/2026', '2026-11-23T25:00:00Z']) {
      const payment = await t.json(`/api/players/${p.playerId}/payments`, { body: { description: 'Bad', amount: 10, due_date: bad }, token: admin.token });
      expect(payment.status, bad).toBe(422);
      expect(payment.body.errors[0].field).toBe('due_date');
      expect(payment.body.detail).toMatch(/^Due date (is not a real date|must be a date)/);
      const feedback = await t.json(`/api/players/${p.playerId}/feedback`, { body: { feedback: 'Bad', date: bad }, token: admin.token });
      expect(feedback.status, bad).toBe(422);
      expect(feedback.body.errors[0].field).toBe('date');
    }
    expect((await t.json('/api/players/me/payments', { token: p.token })).body).toHaveLength(4);
  });

  it('feedback: staff adds it (1-5 or no rating), the player sees it and is notified', async () => {
    const p = await registeredPlayer(t);
    const staff = await t.signedIn('staff');
    const add = await t.json(`/api/players/${p.playerId}/feedback`, {
      body: { category: 'Training', feedback: 'Great pressing on Tuesday.', rating: 4 },
      token: staff.token,
    });
    expect(add.status).toBe(201);
    // Signed by whoever wrote it (issue 30), not a name typed in the form.
    expect(add.body).toMatchObject({ coach_name: 'Test staff', category: 'Training', rating: 4, date: todayIso() });
    const noRating = await t.json(`/api/players/${p.playerId}/feedback`, { body: { category: 'General', feedback: 'Note', rating: null }, token: staff.token });
    expect(noRating.status).toBe(201);
    for (const body of [{ feedback: '  ' }, { feedback: 'x', rating: 6 }, { feedback: 'x', rating: 0 }, { feedback: 'x', category: 'Other' }]) {
      expect((await t.json(`/api/players/${p.playerId}/feedback`, { body, token: staff.token })).status, JSON.stringify(body)).toBe(422);
    }
    const mine = await t.json('/api/players/me/feedback', { token: p.token });
    expect(mine.body.map((f: { feedback: string }) => f.feedback).sort()).toEqual(['Great pressing on Tuesday.', 'Note']);
    const notes = await t.json('/api/players/me/notifications', { token: p.token });
    expect(notes.body.filter((n: { kind: string }) => n.kind === 'feedback')).toHaveLength(2);
  });
});

describe('Player management: who may read or change them', () => {
  it("a player cannot read another player's payments or feedback (403)", async () => {
    const me = await registeredPlayer(t);
    const other = await registeredPlayer(t);
    for (const what of ['payments', 'feedback']) {
      const res = await t.json(`/api/players/${other.playerId}/${what}`, { token: me.token });
      expect(res.status, what).toBe(403);
      expect(res.body.detail).toBeTruthy();
    }
  });

  it('401/403/404 matrix for the management endpoints', async () => {
    const p = await registeredPlayer(t);
    const staff = await t.signedIn('staff');
    const admin = await t.signedIn('admin');
    const resetTarget = await t.signedIn('staff');
    const payment = await t.json(`/api/players/${p.playerId}/payments`, { body: { description: 'Kit', amount: 20 }, token: admin.token });
    const cases: Array<{ method: string; path: string; body?: unknown; anon: number; player: number; staff: number; admin: number }> = [
      { method: 'PUT', path: `/api/players/${p.playerId}/stats`, body: { goals: 1 }, anon: 401, player: 403, staff: 200, admin: 200 },
      { method: 'GET', path: `/api/players/${p.playerId}/payments`, anon: 401, player: 200, staff: 403, admin: 200 },
      { method: 'POST', path: `/api/players/${p.playerId}/payments`, body: { description: 'x', amount: 1 }, anon: 401, player: 403, staff: 403, admin: 201 },
      { method: 'PUT', path: `/api/players/${p.playerId}/payments/${payment.body.id}`, body: { status: 'paid' }, anon: 401, player: 403, staff: 403, admin: 200 },
      { method: 'GET', path: `/api/players/${p.playerId}/feedback`, anon: 401, player: 200, staff: 200, admin: 200 },
      { method: 'POST', path: `/api/players/${p.playerId}/feedback`, body: { feedback: 'x' }, anon: 401, player: 403, staff: 201, admin: 201 },
      { method: 'POST', path: '/api/admin/create-player-account', body: { player_id: p.playerId, username: 'zz_nobody', password: 'kick-off at 3', email: 'zz@example.com' }, anon: 401, player: 403, staff: 403, admin: 409 },
      { method: 'PUT', path: `/api/auth/reset-password/${resetTarget.user.id}`, body: { password: 'whatever-123' }, anon: 401, player: 403, staff: 403, admin: 200 },
      { method: 'GET', path: '/api/documents', anon: 401, player: 403, staff: 403, admin: 200 },
      // A coach messages their own players, never the whole club (issue 30).
      { method: 'POST', path: '/api/messages', body: { subject: 's', body: 'b' }, anon: 401, player: 403, staff: 403, admin: 201 },
      { method: 'GET', path: '/api/messages', anon: 401, player: 403, staff: 403, admin: 200 },
    ];
    for (const c of cases) {
      for (const [who, token] of [
        ['anon', undefined],
        ['player', p.token],
        ['staff', staff.token],
        ['admin', admin.token],
      ] as const) {
        const res = await t.json(c.path, { method: c.method, body: c.body, token });
        expect(res.status, `${who} ${c.method} ${c.path}`).toBe(c[who]);
      }
    }
    // Unknown or malformed player ids are 404 for those allowed to manage.
    expect((await t.json('/api/players/00000000-0000-4000-8000-000000000000/payments', { token: admin.token })).body.detail).toBe(PLAYER_NOT_FOUND);
    // A coach learns nothing of players outside their teams (issue 30): 403 whether the id exists or not.
    expect((await t.json('/api/players/not-a-uuid/feedback', { token: staff.token })).status).toBe(403);
    expect((await t.json('/api/players/not-a-uuid/stats')).status).toBe(404);
  });

  it('checks who is asking before the body: an invalid body from someone not allowed is 401/403, never 422', async () => {
    const p = await registeredPlayer(t);
    const staff = await t.signedIn('staff');
    const id = p.playerId;
    // Each body is invalid, so only the role check can answer 401/403 (the body check would say 422).
    const cases: Array<{ method: string; path: string; body: unknown; allowed: Array<'player' | 'staff'> }> = [
      { method: 'POST', path: '/api/products', body: {}, allowed: [] },
      { method: 'PUT', path: `/api/products/${id}`, body: {}, allowed: [] },
      { method: 'PUT', path: `/api/players/${id}/stats`, body: { goals: -1 }, allowed: ['staff'] },
      { method: 'POST', path: `/api/players/${id}/payments`, body: {}, allowed: [] },
      { method: 'PUT', path: `/api/players/${id}/payments/${id}`, body: {}, allowed: [] },
      { method: 'POST', path: `/api/players/${id}/feedback`, body: {}, allowed: ['staff'] },
      { method: 'POST', path: '/api/admin/create-player-account', body: {}, allowed: [] },
      { method: 'PUT', path: `/api/auth/reset-password/${p.userId}`, body: {}, allowed: [] },
      { method: 'POST', path: '/api/messages', body: {}, allowed: ['staff'] },
      { method: 'POST', path: '/api/documents', body: {}, allowed: [] },
      { method: 'POST', path: '/api/uploads', body: {}, allowed: ['staff'] },
      { method: 'PUT', path: '/api/players/me', body: {}, allowed: ['player', 'staff'] },
    ];
    for (const c of cases) {
      const anon = await t.json(c.path, { method: c.method, body: c.body });
      expect(anon.status, `anon ${c.method} ${c.path}`).toBe(401);
      expect(anon.body.detail).toBeTruthy();
      for (const [who, token] of [
        ['player', p.token],
        ['staff', staff.token],
      ] as const) {
        const res = await t.json(c.path, { method: c.method, body: c.body, token });
        expect(res.status, `${who} ${c.method} ${c.path}`).toBe(c.allowed.includes(who) ? 422 : 403);
      }
    }
  });
});
