import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REGISTRATION_RECEIVED } from '../../shared/members';
import { waitFor } from '../../tests/support/smtp';
import { createMailingTestContext } from '../../tests/support/mail';
import { clubRoles, players, users } from '../db/schema';
import { LINK_TARGET_HAS_LOGIN, REGISTRATION_NOT_FOUND } from '../services/players/registrations';

// Issue 21: a registration is a pending member, seen and counted nowhere, until the secretary or an
// admin approves it (as a new player, or linked onto the club's existing record) or turns it down.
const t = await createMailingTestContext();
const { smtp } = t;

const unique = () => randomBytes(4).toString('hex');
const admin = await t.signedIn('admin');

async function register(overrides: Record<string, unknown> = {}) {
  const name = `new_${unique()}`;
  const body = {
    username: name,
    password: 'kick-off at 3',
    email: `${name}@example.com`,
    full_name: `Nina ${name}`,
    phone_number: '07700 900123',
    date_of_birth: '1996-03-04',
    position_preference: 'Forward',
    emergency_contact_name: 'Pat Next',
    emergency_contact_phone: '07700 900456',
    ...overrides,
  };
  const res = await t.json('/api/players/register', { body });
  expect(res.status).toBe(201);
  return { ...res.body, body } as { player_id: string; status: string; detail: string; user: { id: string; email: string }; body: typeof body };
}

async function upcomingFixture() {
  const res = await t.json('/api/fixtures', {
    token: admin.token,
    body: { away_team: `Opponents ${unique()}`, match_date: '2031-05-04', match_time: '10:30', venue: 'Mill Lane', competition: 'League', is_home: true, status: 'upcoming' },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const squadIds = async () => ((await t.json('/api/squad')).body as { id: string }[]).map((p) => p.id);
const adminListIds = async () => ((await t.json('/api/players', { token: admin.token })).body as { id: string }[]).map((p) => p.id);
const counted = async (fixtureId: string) => {
  const res = await t.json(`/api/fixtures/${fixtureId}/availability`, { token: admin.token });
  expect(res.status).toBe(200);
  return (res.body.players as { player_id: string }[]).map((p) => p.player_id);
};
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

describe('A registration waits for approval', () => {
  it('answers 201 with status pending, and the member is on no list and counted nowhere', async () => {
    const fixtureId = await upcomingFixture();
    const reg = await register();
    expect(reg.status).toBe('pending');
    expect(reg.detail).toBe(REGISTRATION_RECEIVED);
    expect(await squadIds()).not.toContain(reg.player_id);
    expect(await adminListIds()).not.toContain(reg.player_id);
    expect((await t.json(`/api/squad/${reg.player_id}`)).status).toBe(404);
    expect(await counted(fixtureId)).not.toContain(reg.player_id);

    const pending = await t.json('/api/admin/registrations?status=pending', { token: admin.token });
    expect(pending.status).toBe(200);
    const listed = (pending.body as { id: string; email: string; username: string }[]).find((r) => r.id === reg.player_id);
    expect(listed).toMatchObject({ email: reg.body.email, username: reg.body.username });
    const dashboard = await t.json('/api/admin/dashboard', { token: admin.token });
    expect(dashboard.body.today.registrations).toBeGreaterThanOrEqual(1);

    // Approved (no body): a player of the first team, public, counted.
    const approved = await t.json(`/api/admin/registrations/${reg.player_id}/approve`, { token: admin.token, method: 'POST' });
    expect(approved.status).toBe(200);
    expect(approved.body.player_id).toBe(reg.player_id);
    expect(await squadIds()).toContain(reg.player_id);
    expect(await adminListIds()).toContain(reg.player_id);
    expect(await counted(fixtureId)).toContain(reg.player_id);
    await waitFor(() => mailsTo(reg.body.email).some((m) => m.subject === 'You are in: your registration is approved'), 10_000, 'the approval mail');
    // A second decision finds nothing waiting.
    const again = await t.json(`/api/admin/registrations/${reg.player_id}/reject`, { token: admin.token, body: { reason: 'Too late' } });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe(REGISTRATION_NOT_FOUND);
  });

  it('approving with link_player_id moves the login onto the existing record, history and all, leaving one record', async () => {
    const name = `Sam Existing ${unique()}`;
    const created = await t.json('/api/players', { token: admin.token, body: { full_name: name, position: 'Defender', team_type: 'Senior', nationality: 'English', jersey_number: 23 } });
    expect(created.status).toBe(201);
    const existingId = created.body.id as string;
    await t.db.update(players).set({ date_of_birth: '1990-01-02' }).where(eq(players.id, existingId));
    expect((await t.json(`/api/players/${existingId}/stats`, { token: admin.token, method: 'PUT', body: { goals: 7, matches_played: 12 } })).status).toBe(200);
    const payment = await t.json(`/api/players/${existingId}/payments`, { token: admin.token, body: { amount: 25, description: 'Season subs', due_date: '2031-01-01' } });
    expect(payment.status).toBe(201);

    const reg = await register({ full_name: name.toUpperCase(), date_of_birth: '1990-01-02', medical_notes: 'Hay fever' });
    const list = await t.json('/api/admin/registrations', { token: admin.token });
    const entry = (list.body as { id: string; matches: { player_id: string; reasons: string[] }[] }[]).find((r) => r.id === reg.player_id)!;
    expect(entry.matches[0]).toMatchObject({ player_id: existingId, reasons: ['name', 'date_of_birth'] });

    const res = await t.json(`/api/admin/registrations/${reg.player_id}/approve`, { token: admin.token, body: { link_player_id: existingId } });
    expect(res.status).toBe(200);
    expect(res.body.player_id).toBe(existingId);
    const rows = await t.db.select().from(players).where(eq(players.user_id, reg.user.id));
    expect(rows.map((r) => r.id)).toEqual([existingId]);
    expect(rows[0].medical_notes).toBe('Hay fever');
    expect(await t.db.select().from(players).where(eq(players.id, reg.player_id))).toEqual([]);
    // The member signs in and sees the record's history as theirs.
    const login = await t.json('/api/auth/login', { body: { username: reg.body.username, password: reg.body.password } });
    const stats = await t.json('/api/players/me/stats', { token: login.body.access_token });
    expect(stats.body).toMatchObject({ goals: 7, matches_played: 12 });
    const payments = await t.json('/api/players/me/payments', { token: login.body.access_token });
    expect(payments.body).toHaveLength(1);

    // A record that already has a login cannot take another.
    const other = await register({ full_name: name });
    const taken = await t.json(`/api/admin/registrations/${other.player_id}/approve`, { token: admin.token, body: { link_player_id: existingId } });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(LINK_TARGET_HAS_LOGIN);
  });

  it('rejecting needs a reason, mails it, and removes the pending member and their account', async () => {
    const reg = await register();
    const blank = await t.json(`/api/admin/registrations/${reg.player_id}/reject`, { token: admin.token, body: { reason: '  ' } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toContainEqual({ field: 'reason', message: 'Give a reason' });
    const res = await t.json(`/api/admin/registrations/${reg.player_id}/reject`, { token: admin.token, body: { reason: 'We are full for this season.' } });
    expect(res.status).toBe(200);
    await waitFor(() => mailsTo(reg.body.email).some((m) => m.subject === 'About your registration'), 10_000, 'the rejection mail');
    const mail = mailsTo(reg.body.email).find((m) => m.subject === 'About your registration')!;
    expect(mail.text).toContain('We are full for this season.');
    expect(await t.db.select().from(users).where(eq(users.id, reg.user.id))).toEqual([]);
    expect(await t.db.select().from(players).where(eq(players.id, reg.player_id))).toEqual([]);
    expect((await t.json('/api/auth/login', { body: { username: reg.body.username, password: reg.body.password } })).status).toBe(401);
  });

  it('only an admin or the secretary decides; two decisions at once make one', async () => {
    const reg = await register();
    const player = await t.signedIn('player');
    const staff = await t.signedIn('staff');
    expect((await t.json('/api/admin/registrations')).status).toBe(401);
    expect((await t.json('/api/admin/registrations', { token: player.token })).status).toBe(403);
    expect((await t.json('/api/admin/registrations', { token: staff.token })).status).toBe(403);
    expect((await t.json(`/api/admin/registrations/${reg.player_id}/approve`, { token: player.token, body: {} })).status).toBe(403);
    expect((await t.json(`/api/admin/registrations/${reg.player_id}/approve`, { token: staff.token, body: {} })).status).toBe(403);
    expect((await t.json('/api/admin/dashboard', { token: staff.token })).body.today.registrations).toBeNull();

    await t.db.insert(clubRoles).values({ user_id: staff.user.id, role: 'secretary' });
    expect((await t.json('/api/admin/registrations', { token: staff.token })).status).toBe(200);
    const [a, b] = await Promise.all([
      t.json(`/api/admin/registrations/${reg.player_id}/approve`, { token: staff.token, body: {} }),
      t.json(`/api/admin/registrations/${reg.player_id}/reject`, { token: admin.token, body: { reason: 'Duplicate' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 404]);
    expect((await t.json(`/api/admin/registrations/${randomBytes(2).toString('hex')}/approve`, { token: admin.token, body: {} })).status).toBe(404);
  });
});
