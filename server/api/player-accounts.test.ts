/** Players' API: player accounts (create, reset password), messages and notifications, upcoming fixtures. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { registeredPlayer, unique } from '../../tests/support/players';
import { PLAYER_NOT_FOUND, USERNAME_TAKEN, todayIso } from '../../shared/players';
import { fixtures, notifications, players } from '../db/schema';
import { defaultTeamId } from '../services/teams';

const t = await createTestContext();

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
    const existing = await registeredPlayer(t);
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
    const p = await registeredPlayer(t);
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
    const a = await registeredPlayer(t);
    const b = await registeredPlayer(t);
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
