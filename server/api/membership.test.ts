import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOGIN_DISABLED } from '../../shared/auth';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { createTestContext } from '../../tests/support/api';
import { players, playerTeams, teams, trainingSessions } from '../db/schema';

// Issue 21: team membership is dated (attendance counts only sessions while the player was in the
// team; moving teams keeps history), and "Left the club" archives a member, reversibly.
const t = await createTestContext();
const admin = await t.signedIn('admin');
const unique = () => randomBytes(3).toString('hex');
const today = clubDateOf(new Date());
const teamId = async (slug: string) => (await t.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug)))[0].id;

async function newPlayer(teamSlug: string, joinedDaysAgo = 0) {
  const res = await t.json('/api/players', {
    token: admin.token,
    body: { full_name: `Dee Dated ${unique()}`, position: 'Forward', team_type: 'Senior', nationality: 'Scottish', jersey_number: 9, team_ids: [await teamId(teamSlug)] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (joinedDaysAgo) await t.db.update(playerTeams).set({ joined_on: addDaysIso(today, -joinedDaysAgo) }).where(eq(playerTeams.player_id, res.body.id));
  return res.body.id as string;
}

/** A past session of the team with its attendance recorded through the API. */
async function recordedSession(teamSlug: string, daysAgo: number, present: string[]) {
  const date = addDaysIso(today, -daysAgo);
  const [session] = await t.db
    .insert(trainingSessions)
    .values({ team_id: await teamId(teamSlug), session_date: date, starts_at: new Date(`${date}T18:00:00Z`), ends_at: new Date(`${date}T20:00:00Z`), place: 'Test pitch' })
    .returning({ id: trainingSessions.id });
  const res = await t.json(`/api/training-sessions/${session.id}/attendance`, { method: 'PUT', token: admin.token, body: { present } });
  expect(res.status).toBe(200);
  return session.id;
}

const statsOf = async (id: string) => (await t.json(`/api/players/${id}/stats`)).body as { training_sessions_recorded: number; training_sessions_attended: number; training_attendance: number | null };

describe('Dated team membership', () => {
  it('a player who joined today has no attendance figure from sessions before they joined', async () => {
    const veteran = await newPlayer('senior', 30);
    await recordedSession('senior', 3, [veteran]);
    const newcomer = await newPlayer('senior');
    expect(await statsOf(newcomer)).toMatchObject({ training_sessions_recorded: 0, training_attendance: null });
    expect((await statsOf(veteran)).training_sessions_attended).toBe(1);
    // The newcomer was not in the team that day: their name cannot be recorded for it.
    const [past] = await t.db.select({ id: trainingSessions.id }).from(trainingSessions).where(eq(trainingSessions.session_date, addDaysIso(today, -3)));
    const wrong = await t.json(`/api/training-sessions/${past.id}/attendance`, { method: 'PUT', token: admin.token, body: { present: [veteran, newcomer] } });
    expect(wrong.status).toBe(422);
  });

  it("moving a player to another team leaves every past session's sheet and totals as they were", async () => {
    const mover = await newPlayer('senior', 20);
    const mate = await newPlayer('senior', 20);
    const session = await recordedSession('senior', 5, [mover]);
    const sheet = async () => (await t.json(`/api/training-sessions/${session}/attendance`, { token: admin.token })).body.players as { id: string; present: boolean }[];
    const before = await sheet();
    const statsBefore = await statsOf(mover);
    const [{ full_name }] = await t.db.select({ full_name: players.full_name }).from(players).where(eq(players.id, mover));
    const body = { full_name, position: 'Forward', team_type: 'Vets', nationality: 'Scottish', jersey_number: 9, team_ids: [await teamId('vets')] };
    const moved = await t.json(`/api/players/${mover}`, { method: 'PUT', token: admin.token, body });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.team_ids).toEqual([await teamId('vets')]);
    expect(await sheet()).toEqual(before);
    expect(before.find((p) => p.id === mover)?.present).toBe(true);
    expect(before.some((p) => p.id === mate)).toBe(true);
    expect(await statsOf(mover)).toEqual(statsBefore);
    // The spell in Senior is closed today, not deleted.
    const spells = await t.db.select().from(playerTeams).where(eq(playerTeams.player_id, mover));
    expect(spells.find((s) => s.team_id !== moved.body.team_ids[0])?.left_on).toBe(today);
  });
});

describe('Left the club', () => {
  it('archives a member with their history, off lists and future squads, login off; coming back restores it all', async () => {
    const member = await t.signedIn('player');
    const id = member.playerId!;
    await t.db.update(playerTeams).set({ joined_on: addDaysIso(today, -40) }).where(eq(playerTeams.player_id, id));
    await recordedSession('senior', 2, [id]);
    expect((await t.json(`/api/players/${id}/stats`, { method: 'PUT', token: admin.token, body: { goals: 5 } })).status).toBe(200);
    expect((await t.json(`/api/players/${id}/payments`, { token: admin.token, body: { amount: 30, description: 'Subs' } })).status).toBe(201);
    const fixture = await t.json('/api/fixtures', {
      token: admin.token,
      body: { away_team: `Leavers ${unique()}`, match_date: addDaysIso(today, 5), match_time: '14:00', venue: 'Home', competition: 'League', is_home: true, status: 'upcoming' },
    });
    expect((await t.json(`/api/fixtures/${fixture.body.id}/selection`, { method: 'PUT', token: admin.token, body: { players: [{ player_id: id, role: 'starter', shirt_number: 7 }] } })).status).toBe(200);

    const left = await t.json(`/api/players/${id}/leave`, { token: admin.token, method: 'POST' });
    expect(left.status).toBe(200);
    expect(left.body.removed_from_squads).toEqual([fixture.body.id]);
    const list = async (status?: string) => ((await t.json(`/api/players${status ? `?status=${status}` : ''}`, { token: admin.token })).body as { id: string }[]).map((p) => p.id);
    expect(await list()).not.toContain(id);
    expect(await list('left')).toContain(id);
    expect((await t.json(`/api/squad/${id}`)).status).toBe(404);
    const selection = await t.json(`/api/fixtures/${fixture.body.id}/selection`, { token: admin.token });
    expect(JSON.stringify(selection.body)).not.toContain(id);
    // History kept, read back by the admin.
    expect((await t.json(`/api/players/${id}/payments`, { token: admin.token })).body).toHaveLength(1);
    const [row] = await t.db.select().from(players).where(eq(players.id, id));
    expect(row.status).toBe('left');
    // Signed out, and cannot sign in.
    expect((await t.json('/api/auth/me', { token: member.token })).status).toBe(401);
    const login = await t.json('/api/auth/login', { body: { username: member.username, password: member.password } });
    expect(login.status).toBe(403);
    expect(login.body.detail).toBe(LOGIN_DISABLED);
    expect((await t.json(`/api/players/${id}/leave`, { token: admin.token, method: 'POST' })).status).toBe(409);
    expect((await t.json(`/api/players/${id}/leave`, { token: member.token, method: 'POST' })).status).toBe(401);

    const back = await t.json(`/api/players/${id}/return`, { token: admin.token, method: 'POST' });
    expect(back.status).toBe(200);
    expect(await list()).toContain(id);
    const relogin = await t.json('/api/auth/login', { body: { username: member.username, password: member.password } });
    expect(relogin.status).toBe(200);
    const stats = await t.json('/api/players/me/stats', { token: relogin.body.access_token });
    expect(stats.body).toMatchObject({ goals: 5, training_sessions_attended: 1 });
    const current = await t.db.select().from(playerTeams).where(and(eq(playerTeams.player_id, id)));
    expect(current.some((s) => s.left_on === null)).toBe(true);
  });

  it('only an admin can mark a member as left', async () => {
    const staff = await t.signedIn('staff');
    const member = await t.signedIn('player');
    expect((await t.json(`/api/players/${member.playerId}/leave`, { token: staff.token, method: 'POST' })).status).toBe(403);
    expect((await t.json(`/api/players/not-an-id/leave`, { token: admin.token, method: 'POST' })).status).toBe(404);
  });
});

describe('What deleting a player removes', () => {
  type Erasure = { full_name: string; login: string | null; login_removed: boolean; items: { what: string; count: number }[]; kept: { what: string; count: number }[] };
  const erasure = async (id: string, token = admin.token) => t.json<Erasure>(`/api/players/${id}/erasure`, { token });
  const counts = (body: Erasure) => Object.fromEntries(body.items.map((i) => [i.what, i.count]));

  it('names the person and their login and counts each kind of record from the database, then the delete removes exactly that', async () => {
    const member = await t.signedIn('player', { full_name: `Erin Erased ${unique()}` });
    const id = member.playerId!;
    const before = await erasure(id);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toMatchObject({ full_name: member.user.full_name, login: member.username, login_removed: true });
    // Only kinds with records: one team spell so far.
    expect(before.body.items).toEqual([{ what: 'team memberships', count: 1 }]);

    expect((await t.json(`/api/players/${id}/payments`, { token: admin.token, body: { amount: 30, description: 'Subs' } })).status).toBe(201);
    expect((await t.json(`/api/players/${id}/payments`, { token: admin.token, body: { amount: 5, description: 'Kit' } })).status).toBe(201);
    expect((await t.json(`/api/players/${id}/stats`, { method: 'PUT', token: admin.token, body: { goals: 2 } })).status).toBe(200);
    await recordedSession('senior', 4, [id]);
    const after = await erasure(id);
    // Each payment also told them (a notification of their login, which goes too).
    expect(counts(after.body)).toEqual({ 'season stats': 1, 'training attendance records': 1, 'team memberships': 1, notifications: 2 });
    // Issue 31: the ledger keeps their charges without their name, so the dialog says they stay, not that they go.
    expect(after.body.kept).toEqual([{ what: 'charges and payments in the accounts', count: 2 }]);

    expect((await t.json(`/api/players/${id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect((await erasure(id)).status).toBe(404);
    // Their own login went with them.
    expect((await t.json('/api/auth/login', { body: { username: member.username, password: member.password } })).status).toBe(401);
  });

  it('a player without a login has none to lose', async () => {
    const id = await newPlayer('vets');
    const res = await erasure(id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ login: null, login_removed: false, items: [{ what: 'team memberships', count: 1 }] });
  });

  it('is for admins only: 401 signed out, 403 for a player or staff, 404 for an unknown id', async () => {
    const member = await t.signedIn('player');
    const staff = await t.signedIn('staff');
    expect((await t.json(`/api/players/${member.playerId}/erasure`)).status).toBe(401);
    expect((await erasure(member.playerId!, member.token)).status).toBe(403);
    expect((await erasure(member.playerId!, staff.token)).status).toBe(403);
    expect((await erasure('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await erasure('not-an-id')).status).toBe(404);
  });
});

describe('Jersey number and nationality are optional', () => {
  it('a player is added and a registered one edited without either', async () => {
    const created = await t.json('/api/players', { token: admin.token, body: { full_name: `No Number ${unique()}`, position: 'Defender', team_type: 'Senior' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ jersey_number: null, nationality: '' });
    const member = await t.signedIn('player');
    const [row] = await t.db.select().from(players).where(eq(players.id, member.playerId!));
    const edited = await t.json(`/api/players/${member.playerId}`, {
      method: 'PUT',
      token: admin.token,
      body: { full_name: row.full_name, position: 'Goalkeeper', team_type: 'Senior', jersey_number: null, nationality: '' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ position: 'Goalkeeper', jersey_number: null });
  });
});
