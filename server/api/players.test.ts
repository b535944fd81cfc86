import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { PASSWORD_TOO_SHORT } from '../../shared/auth';
import { EMAIL_TAKEN, NO_PLAYER_PROFILE, PLAYER_NOT_FOUND, USERNAME_TAKEN, todayIso } from '../../shared/players';
import { fixtures, notifications, players, users } from '../db/schema';
import { defaultTeamId } from '../services/teams';

const t = await createTestContext();

const unique = () => randomBytes(4).toString('hex');

function registration(overrides: Record<string, unknown> = {}) {
  const name = `reg_${unique()}`;
  return {
    username: name,
    password: 'kick-off at 3',
    email: `${name}@example.com`,
    full_name: 'Riley Registered',
    phone_number: '07700 900123',
    date_of_birth: '1995-04-12',
    position_preference: 'Defender',
    emergency_contact_name: 'Pat Registered',
    emergency_contact_phone: '07700 900456',
    medical_notes: 'Asthma (inhaler in bag)',
    previous_club: 'Hilltop Harriers',
    ...overrides,
  };
}

/** A registered player the club has approved (issue 21: registrations wait for approval). */
async function registeredPlayer(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const res = await t.json('/api/players/register', { body });
  expect(res.status).toBe(201);
  const admin = await t.signedIn('admin');
  expect((await t.json(`/api/admin/registrations/${res.body.player_id}/approve`, { token: admin.token, body: {} })).status).toBe(200);
  const login = await t.json('/api/auth/login', { body: { username: body.username, password: body.password } });
  return { ...body, token: login.body.access_token as string, playerId: res.body.player_id as string, userId: res.body.user.id as string };
}

describe('POST /api/players/register', () => {
  it('creates a player user and the linked squad record from every field', async () => {
    const body = registration();
    const res = await t.json('/api/players/register', { body });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username: body.username, email: body.email, full_name: 'Riley Registered', role: 'player' });
    const [player] = await t.db.select().from(players).where(eq(players.id, res.body.player_id));
    expect(player).toMatchObject({
      user_id: res.body.user.id,
      full_name: 'Riley Registered',
      position: 'Defender',
      position_preference: 'Defender',
      team_type: 'Senior',
      nationality: '',
      date_of_birth: '1995-04-12',
      phone_number: '07700 900123',
      emergency_contact_name: 'Pat Registered',
      emergency_contact_phone: '07700 900456',
      medical_notes: 'Asthma (inhaler in bag)',
      previous_club: 'Hilltop Harriers',
    });
    const login = await t.json('/api/auth/login', { body: { username: body.username, password: body.password } });
    expect(login.status).toBe(200);
  });

  it('accepts a registration without the optional medical notes and previous club', async () => {
    const res = await t.json('/api/players/register', { body: registration({ medical_notes: undefined, previous_club: undefined }) });
    expect(res.status).toBe(201);
  });

  const requiredFields = [
    'username',
    'password',
    'email',
    'full_name',
    'phone_number',
    'date_of_birth',
    'position_preference',
    'emergency_contact_name',
    'emergency_contact_phone',
  ];
  it.each(requiredFields)('refuses a registration without %s (422, nothing stored)', async (field) => {
    const body = registration({ [field]: undefined });
    const res = await t.json('/api/players/register', { body });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    const stored = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(stored).toHaveLength(0);
  });

  it('refuses blank required fields too', async () => {
    const res = await t.json('/api/players/register', { body: registration({ full_name: '   ' }) });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContain('Full name is required');
  });

  it(`refuses a password under 8 characters with '${PASSWORD_TOO_SHORT}'`, async () => {
    const res = await t.json('/api/players/register', { body: registration({ password: 'x7-long' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field: 'password', message: 'Password must be at least 8 characters long' });
  });

  it('refuses a malformed e-mail', async () => {
    const res = await t.json('/api/players/register', { body: registration({ email: 'not-an-email' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toEqual({ field: 'email', message: 'Please enter a valid e-mail address' });
  });

  it('refuses a date of birth in the future, today, or that is not a real date', async () => {
    for (const date_of_birth of ['2999-01-01', todayIso(), '1990-02-30', '12/04/1995']) {
      const res = await t.json('/api/players/register', { body: registration({ date_of_birth }) });
      expect(res.status, date_of_birth).toBe(422);
      expect(res.body.errors[0].field).toBe('date_of_birth');
    }
  });

  it('refuses a position outside Goalkeeper, Defender, Midfielder, Forward', async () => {
    const res = await t.json('/api/players/register', { body: registration({ position_preference: 'Staff' }) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('position_preference');
  });

  it("always creates a player, even when the body says role 'admin'", async () => {
    const body = registration({ role: 'admin' });
    const res = await t.json('/api/players/register', { body });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('player');
    const [user] = await t.db.select().from(users).where(eq(users.username, body.username));
    expect(user.role).toBe('player');
  });

  it('answers 409 for a username or e-mail already registered, whatever the case', async () => {
    const first = registration();
    expect((await t.json('/api/players/register', { body: first })).status).toBe(201);
    const sameName = await t.json('/api/players/register', { body: registration({ username: first.username.toUpperCase() }) });
    expect(sameName.status).toBe(409);
    expect(sameName.body.detail).toBe(USERNAME_TAKEN);
    const sameEmail = await t.json('/api/players/register', { body: registration({ email: first.email.toUpperCase() }) });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.detail).toBe(EMAIL_TAKEN);
  });

  it('lets exactly one of 8 concurrent registrations of one username succeed', async () => {
    const username = `race_${unique()}`;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.json('/api/players/register', { body: registration({ username, email: `${username}_${i}@example.com` }) }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.detail).toBe(USERNAME_TAKEN);
    const rows = await t.db.select().from(users).where(eq(users.username, username));
    expect(rows).toHaveLength(1);
    const linked = await t.db.select().from(players).where(eq(players.user_id, rows[0].id));
    expect(linked).toHaveLength(1);
  });
});

describe("GET/PUT /api/players/me (the player's own profile)", () => {
  it('answers 401 signed out and 404 for a user without a linked player', async () => {
    expect((await t.json('/api/players/me')).status).toBe(401);
    const staff = await t.signedIn('staff');
    const res = await t.json('/api/players/me', { token: staff.token });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(NO_PLAYER_PROFILE);
  });

  it('returns the player record with the account e-mail', async () => {
    const p = await registeredPlayer();
    const res = await t.json('/api/players/me', { token: p.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: p.playerId,
      user_id: p.userId,
      email: p.email,
      full_name: 'Riley Registered',
      position: 'Defender',
      jersey_number: null,
      availability: [],
    });
  });

  it('saves profile edits, including the account name and e-mail, and they persist', async () => {
    const p = await registeredPlayer();
    const edit = {
      full_name: 'Riley Edited',
      email: `edited_${unique()}@example.com`,
      phone_number: '07000 111222',
      date_of_birth: '1994-01-02',
      emergency_contact_name: 'Sam Contact',
      emergency_contact_phone: '07000 333444',
      position_preference: 'Forward',
      address: '1 Club Lane, Riverside',
      medical_notes: '',
      availability: ['Thursday', 'Monday'],
    };
    const res = await t.json('/api/players/me', { method: 'PUT', body: edit, token: p.token });
    expect(res.status).toBe(200);
    const again = await t.json('/api/players/me', { token: p.token });
    expect(again.body).toMatchObject({ ...edit, medical_notes: null, availability: ['Monday', 'Thursday'] });
    const [user] = await t.db.select().from(users).where(eq(users.id, p.userId));
    expect(user).toMatchObject({ full_name: 'Riley Edited', email: edit.email });
  });

  it('validates profile edits: bad e-mail, unknown weekday, future birth date, e-mail of someone else', async () => {
    const p = await registeredPlayer();
    const other = await registeredPlayer();
    const base = { full_name: 'X', email: p.email };
    expect((await t.json('/api/players/me', { method: 'PUT', body: { ...base, email: 'nope' }, token: p.token })).status).toBe(422);
    expect((await t.json('/api/players/me', { method: 'PUT', body: { ...base, availability: ['Funday'] }, token: p.token })).status).toBe(422);
    expect((await t.json('/api/players/me', { method: 'PUT', body: { ...base, date_of_birth: '2999-01-01' }, token: p.token })).status).toBe(422);
    const taken = await t.json('/api/players/me', { method: 'PUT', body: { ...base, email: other.email }, token: p.token });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(EMAIL_TAKEN);
  });
});

describe('Player management: stats, payments, feedback', () => {
  it('stats: default values, staff updates them, bad values refused', async () => {
    const p = await registeredPlayer();
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
    const p = await registeredPlayer();
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
    const p = await registeredPlayer();
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

  it("payments and feedback take the date as YYYY-MM-DD or as the ISO date-time earlier clients send, stored as the London date", async () => {
    const p = await registeredPlayer();
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
    const p = await registeredPlayer();
    const staff = await t.signedIn('staff');
    const add = await t.json(`/api/players/${p.playerId}/feedback`, {
      body: { category: 'Training', feedback: 'Great pressing on Tuesday.', rating: 4 },
      token: staff.token,
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ coach_name: 'Manager', category: 'Training', rating: 4, date: todayIso() });
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

  it("a player cannot read another player's payments or feedback (403)", async () => {
    const me = await registeredPlayer();
    const other = await registeredPlayer();
    for (const what of ['payments', 'feedback']) {
      const res = await t.json(`/api/players/${other.playerId}/${what}`, { token: me.token });
      expect(res.status, what).toBe(403);
      expect(res.body.detail).toBeTruthy();
    }
  });

  it('401/403/404 matrix for the management endpoints', async () => {
    const p = await registeredPlayer();
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
      { method: 'POST', path: '/api/messages', body: { subject: 's', body: 'b' }, anon: 401, player: 403, staff: 201, admin: 201 },
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
    expect((await t.json('/api/players/not-a-uuid/feedback', { token: staff.token })).status).toBe(404);
    expect((await t.json('/api/players/not-a-uuid/stats')).status).toBe(404);
  });

  it('checks who is asking before the body: an invalid body from someone not allowed is 401/403, never 422', async () => {
    const p = await registeredPlayer();
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

describe('Accounts: create-player-account and reset-password', () => {
  async function squadPlayer(team_type: 'Senior' | 'Staff' = 'Senior') {
    const [row] = await t.db.insert(players).values({ full_name: `Squad ${unique()}`, team_type, position: team_type === 'Staff' ? 'Staff' : 'Forward' }).returning();
    return row;
  }

  it('creates a player login linked to the squad record; staff team gets role staff', async () => {
    const admin = await t.signedIn('admin');
    const player = await squadPlayer();
    const username = `acct_${unique()}`;
    const res = await t.json('/api/admin/create-player-account', {
      body: { player_id: player.id, username, password: 'kick-off at 3', email: `${username}@example.com` },
      token: admin.token,
    });
    expect(res.status).toBe(201);
    expect(res.body.detail).toBe('Player account created successfully');
    expect(res.body.user).toMatchObject({ username, role: 'player', full_name: player.full_name });
    const [linked] = await t.db.select().from(players).where(eq(players.id, player.id));
    expect(linked.user_id).toBe(res.body.user.id);
    const login = await t.json('/api/auth/login', { body: { username, password: 'kick-off at 3' } });
    expect(login.status).toBe(200);
    expect((await t.json('/api/players/me', { token: login.body.access_token })).body.id).toBe(player.id);

    const again = await t.json('/api/admin/create-player-account', {
      body: { player_id: player.id, username: `other_${unique()}`, password: 'kick-off at 3', email: `o_${unique()}@example.com` },
      token: admin.token,
    });
    expect(again.status).toBe(409);

    const coach = await squadPlayer('Staff');
    const staffName = `coach_${unique()}`;
    const staffRes = await t.json('/api/admin/create-player-account', {
      body: { player_id: coach.id, username: staffName, password: 'kick-off at 3', email: `${staffName}@example.com` },
      token: admin.token,
    });
    expect(staffRes.body.user.role).toBe('staff');
  });

  it('refuses a taken username or e-mail, a short password, an unknown player', async () => {
    const admin = await t.signedIn('admin');
    const existing = await registeredPlayer();
    const player = await squadPlayer();
    const taken = await t.json('/api/admin/create-player-account', {
      body: { player_id: player.id, username: existing.username, password: 'kick-off at 3', email: `n_${unique()}@example.com` },
      token: admin.token,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(USERNAME_TAKEN);
    const takenEmail = await t.json('/api/admin/create-player-account', {
      body: { player_id: player.id, username: `n_${unique()}`, password: 'kick-off at 3', email: existing.email },
      token: admin.token,
    });
    expect(takenEmail.status).toBe(409);
    const short = await t.json('/api/admin/create-player-account', {
      body: { player_id: player.id, username: `n_${unique()}`, password: '123', email: `n_${unique()}@example.com` },
      token: admin.token,
    });
    expect(short.status).toBe(422);
    const unknown = await t.json('/api/admin/create-player-account', {
      body: { player_id: '00000000-0000-4000-8000-000000000000', username: `n_${unique()}`, password: 'kick-off at 3', email: `n_${unique()}@example.com` },
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe(PLAYER_NOT_FOUND);
    const [still] = await t.db.select().from(players).where(eq(players.id, player.id));
    expect(still.user_id).toBeNull();
  });

  it('reset-password (by user id or player id) revokes the old password and every old session', async () => {
    const admin = await t.signedIn('admin');
    const p = await registeredPlayer();
    const res = await t.json(`/api/auth/reset-password/${p.userId}`, { method: 'PUT', body: { password: 'brand-new-1' }, token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.detail).toBe('Password reset successfully');
    expect((await t.json('/api/players/me', { token: p.token })).status).toBe(401);
    expect((await t.json('/api/auth/login', { body: { username: p.username, password: p.password } })).status).toBe(401);
    const fresh = await t.json('/api/auth/login', { body: { username: p.username, password: 'brand-new-1' } });
    expect(fresh.status).toBe(200);

    const byPlayer = await t.json(`/api/auth/reset-password/${p.playerId}`, { method: 'PUT', body: { password: 'another-pw' }, token: admin.token });
    expect(byPlayer.status).toBe(200);
    expect((await t.json('/api/auth/me', { token: fresh.body.access_token })).status).toBe(401);
    expect((await t.json('/api/auth/login', { body: { username: p.username, password: 'another-pw' } })).status).toBe(200);

    const unknown = await t.json('/api/auth/reset-password/00000000-0000-4000-8000-000000000000', { method: 'PUT', body: { password: 'another-pw' }, token: admin.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Player not found');
    expect((await t.json('/api/auth/reset-password/abc', { method: 'PUT', body: { password: 'another-pw' }, token: admin.token })).status).toBe(404);
    expect((await t.json(`/api/auth/reset-password/${p.userId}`, { method: 'PUT', body: { password: '123' }, token: admin.token })).status).toBe(422);
  });
});

describe('Messages and notifications', () => {
  it('a message to all players reaches every player with a login; one to a player only them; read state is kept', async () => {
    const admin = await t.signedIn('admin');
    const a = await registeredPlayer();
    const b = await registeredPlayer();
    const toAll = await t.json('/api/messages', { body: { subject: `Kit day ${unique()}`, body: 'Bring your boots.' }, token: admin.token });
    expect(toAll.status).toBe(201);
    const toA = await t.json('/api/messages', { body: { subject: 'Just for you', body: 'Well played.', player_id: a.playerId }, token: admin.token });
    expect(toA.status).toBe(201);
    expect(toA.body.player_name).toBe('Riley Registered');

    const aMessages = await t.json('/api/players/me/messages', { token: a.token });
    expect(aMessages.body.slice(0, 2).map((m: { subject: string }) => m.subject)).toEqual(['Just for you', toAll.body.subject]);
    expect(aMessages.body[0].read).toBe(false);
    const bMessages = await t.json('/api/players/me/messages', { token: b.token });
    expect(bMessages.body.map((m: { id: string }) => m.id)).not.toContain(toA.body.id);
    expect((await t.json(`/api/players/me/messages/${toA.body.id}/read`, { method: 'POST', token: b.token })).status).toBe(404);

    expect((await t.json(`/api/players/me/messages/${toA.body.id}/read`, { method: 'POST', token: a.token })).status).toBe(200);
    const after = await t.json('/api/players/me/messages', { token: a.token });
    expect(after.body.find((m: { id: string }) => m.id === toA.body.id).read).toBe(true);

    const bNotes = await t.json('/api/players/me/notifications', { token: b.token });
    expect(bNotes.body.map((n: { title: string }) => n.title)).toContain(`New message: ${toAll.body.subject}`);
    expect(bNotes.body.map((n: { title: string }) => n.title)).not.toContain('New message: Just for you');

    const note = bNotes.body[0];
    expect((await t.json(`/api/players/me/notifications/${note.id}/read`, { method: 'POST', token: a.token })).status).toBe(404);
    expect((await t.json(`/api/players/me/notifications/${note.id}/read`, { method: 'POST', token: b.token })).status).toBe(200);
    const bAfter = await t.json('/api/players/me/notifications', { token: b.token });
    expect(bAfter.body.find((n: { id: string }) => n.id === note.id).read).toBe(true);

    const bad = await t.json('/api/messages', { body: { subject: ' ', body: 'x' }, token: admin.token });
    expect(bad.status).toBe(422);
    const unknownPlayer = await t.json('/api/messages', { body: { subject: 's', body: 'x', player_id: '00000000-0000-4000-8000-000000000000' }, token: admin.token });
    expect(unknownPlayer.status).toBe(422);
  });

  it('notifyAllPlayers skips players without a login and registrations still waiting', async () => {
    const { notifyAllPlayers } = await import('../services/notifications');
    const [orphan] = await t.db.insert(players).values({ full_name: 'No Login' }).returning();
    expect(orphan.user_id).toBeNull();
    const before = await t.db.select().from(notifications);
    await notifyAllPlayers(t.db, { kind: 'fixture', title: 'New fixture', body: 'vs Town', link: '/fixtures' });
    const after = await t.db.select().from(notifications);
    const withLogin = await t.db.select().from(players);
    expect(after.length - before.length).toBe(withLogin.filter((p) => p.user_id && p.status === 'active').length);
    expect(withLogin.some((p) => p.user_id && p.status === 'pending')).toBe(true);
  });
});

describe('Upcoming fixtures for the portal', () => {
  it('lists the next 3 upcoming fixtures from today, soonest first', async () => {
    const day = (offset: number) => todayIso(new Date(Date.now() + offset * 86400000));
    const team_id = await defaultTeamId(t.db);
    const rows = [
      { match_date: day(-3), match_time: '15:00', venue: 'Home', competition: 'League', away_team: 'Past United', status: 'upcoming' as const },
      { match_date: day(9), match_time: '15:00', venue: 'Home', competition: 'League', away_team: 'Fourth Town' },
      { match_date: day(2), match_time: '15:00', venue: 'Home', competition: 'League', away_team: 'First Town' },
      { match_date: day(5), match_time: '19:30', venue: 'Away', competition: 'Cup', away_team: 'Third Town' },
      { match_date: day(5), match_time: '10:00', venue: 'Away', competition: 'Cup', away_team: 'Second Town' },
      { match_date: day(1), match_time: '15:00', venue: 'Home', competition: 'League', away_team: 'Done FC', status: 'completed' as const },
    ];
    await t.db.insert(fixtures).values(rows.map((r) => ({ ...r, team_id })));
    const upcoming = await t.services.players.upcomingFixtures();
    expect(upcoming.map((f) => f.away_team)).toEqual(['First Town', 'Second Town', 'Third Town']);
  });
});
