import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { createTestContext } from '../../tests/support/api';
import { playerTeams, trainingAttendance, trainingSessions, trainingSlots } from '../db/schema';
import { SESSION_CANCELLED, SESSION_IN_FUTURE } from '../services/training';

const t = await createTestContext();
const admin = await t.signedIn('admin');
const staff = await t.signedIn('staff');
const player = await t.signedIn('player'); // in Senior, like every new player
const other = await t.signedIn('player');

const teams = (await t.json('/api/teams')).body as Array<{ id: string; name: string }>;
const senior = teams.find((x) => x.name === 'Senior')!.id;
const vets = teams.find((x) => x.name === 'Vets')!.id;
// `other` plays for the Vets only.
await t.db.update(playerTeams).set({ team_id: vets }).where(eq(playerTeams.player_id, other.playerId!));

type Session = { id: string; team: string; team_id: string; date: string; start_time: string; end_time: string; starts_at: string; status: string; moved: boolean; place: string; slot_id: string | null; attendance_recorded: boolean };
const sessionCount = async () => (await t.db.select({ n: count() }).from(trainingSessions))[0].n;
const today = clubDateOf(new Date());
const sessions = async (query: string, token = staff.token) => (await t.json(`/api/training-sessions${query}`, { token })).body as Session[];
const pastSessions = async (teamId: string) =>
  (await sessions(`?team_id=${teamId}&from=${addDaysIso(today, -14)}&to=${today}`)).filter((s) => new Date(s.starts_at) < new Date()).reverse();
const futureSession = async (teamId: string) => (await sessions(`?team_id=${teamId}`)).find((s) => new Date(s.starts_at) > new Date())!;

describe('GET /api/teams/{id}/training-slots', () => {
  it('lists a team\'s weekly slots publicly, Monday first', async () => {
    const res = await t.json(`/api/teams/${senior}/training-slots`);
    expect(res.status).toBe(200);
    expect(res.body.map((s: { weekday: number; start_time: string; end_time: string }) => `${s.weekday} ${s.start_time}-${s.end_time}`)).toEqual(['2 19:00-21:00', '4 19:00-21:00']);
    expect((await t.json('/api/teams/00000000-0000-4000-8000-000000000000/training-slots')).status).toBe(404);
  });
});

describe('GET /api/training-sessions', () => {
  it('needs a signed-in user', async () => {
    const res = await t.json('/api/training-sessions');
    expect(res.status).toBe(401);
    expect(res.body.detail).toBeTruthy();
  });

  it('generates the next 8 weeks from the slots, idempotently: reading twice adds nothing', async () => {
    const first = await sessions(`?team_id=${senior}`);
    expect(first.length).toBeGreaterThanOrEqual(16);
    expect(first.length).toBeLessThanOrEqual(18);
    expect(first.every((s) => ['Tuesday', 'Thursday'].includes(new Date(`${s.date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' })))).toBe(true);
    expect(first.every((s) => s.start_time === '19:00' && s.end_time === '21:00' && s.status === 'scheduled' && s.team === 'Senior')).toBe(true);
    await sessions(''); // every team's
    const stored = await sessionCount();
    await sessions(`?team_id=${senior}`);
    await Promise.all([sessions(''), sessions(''), sessions('')]); // concurrent generation: the unique index keeps one of each
    expect(await sessionCount()).toBe(stored);
  });

  it("without team_id: a player sees their own teams' sessions, staff every team's", async () => {
    const mine = await sessions('', player.token);
    expect(new Set(mine.map((s) => s.team))).toEqual(new Set(['Senior']));
    const theirs = await sessions('', other.token);
    expect(new Set(theirs.map((s) => s.team))).toEqual(new Set(['Vets']));
    expect(new Set((await sessions('')).map((s) => s.team))).toEqual(new Set(['Senior', 'Vets']));
  });

  it('takes a date range (club dates, both included) and refuses bad ones with 422', async () => {
    const week = await sessions(`?team_id=${senior}&from=${today}&to=${addDaysIso(today, 6)}`);
    expect(week.length).toBeGreaterThanOrEqual(1);
    expect(week.length).toBeLessThanOrEqual(2);
    for (const query of [`?from=${today}&to=${addDaysIso(today, -1)}`, '?from=tomorrow', '?to=2026-02-30', `?from=${today}&to=${addDaysIso(today, 400)}`]) {
      const res = await t.json(`/api/training-sessions${query}`, { token: staff.token });
      expect(res.status, query).toBe(422);
      expect(res.body.detail).toBeTruthy();
    }
    expect((await t.json('/api/training-sessions?team_id=nope', { token: staff.token })).status).toBe(404);
  });
});

describe('Training slots (admin and staff)', () => {
  const slot = { weekday: 6, start_time: '10:00', end_time: '11:30', place: 'Mill Lane 3G' };

  it('staff add a slot and its sessions appear at once', async () => {
    const res = await t.json(`/api/teams/${vets}/training-slots`, { token: staff.token, body: slot });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...slot, team_id: vets });
    const saturdays = (await sessions(`?team_id=${vets}`)).filter((s) => s.slot_id === res.body.id);
    expect(saturdays.length).toBeGreaterThanOrEqual(8);
    expect(saturdays.every((s) => s.start_time === '10:00' && s.end_time === '11:30' && s.place === 'Mill Lane 3G')).toBe(true);
  });

  it('refuses anonymous (401) and players (403) before validating, and bad input with 422, storing nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(trainingSlots))[0].n;
    expect((await t.json(`/api/teams/${vets}/training-slots`, { body: slot })).status).toBe(401);
    expect((await t.json(`/api/teams/${vets}/training-slots`, { token: player.token, body: slot })).status).toBe(403);
    expect((await t.json(`/api/teams/${vets}/training-slots`, { token: player.token, body: {} })).status).toBe(403);
    for (const bad of [{}, { ...slot, weekday: 9 }, { ...slot, end_time: '09:00' }, { ...slot, start_time: '25:00' }, { ...slot, place: '' }, { ...slot, weekday: '6' }]) {
      const res = await t.json(`/api/teams/${vets}/training-slots`, { token: staff.token, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
    }
    expect((await t.json('/api/teams/00000000-0000-4000-8000-000000000000/training-slots', { token: staff.token, body: slot })).status).toBe(404);
    expect((await t.db.select({ n: count() }).from(trainingSlots))[0].n).toBe(before);
  });

  it('changing a slot moves its untouched future sessions; a moved one stays as staff left it', async () => {
    const created = (await t.json(`/api/teams/${vets}/training-slots`, { token: staff.token, body: { ...slot, weekday: 3 } })).body;
    const ofSlot = async () => (await sessions(`?team_id=${vets}`)).filter((s) => s.slot_id === created.id && new Date(s.starts_at) > new Date());
    const [keep] = await ofSlot();
    expect((await t.json(`/api/training-sessions/${keep.id}`, { method: 'PATCH', token: staff.token, body: { place: 'Sports hall' } })).status).toBe(200);
    const res = await t.json(`/api/training-slots/${created.id}`, { method: 'PUT', token: staff.token, body: { ...slot, weekday: 3, start_time: '18:00', end_time: '19:00' } });
    expect(res.status).toBe(200);
    const after = await ofSlot();
    expect(after.find((s) => s.id === keep.id)).toMatchObject({ place: 'Sports hall', start_time: '10:00', moved: true });
    expect(after.filter((s) => s.id !== keep.id).every((s) => s.start_time === '18:00' && s.end_time === '19:00')).toBe(true);
    expect((await t.json(`/api/training-slots/${created.id}`, { method: 'PUT', token: player.token, body: slot })).status).toBe(403);
    expect((await t.json('/api/training-slots/nope', { method: 'PUT', token: staff.token, body: slot })).status).toBe(404);
    expect((await t.json(`/api/training-slots/${created.id}`, { method: 'PUT', token: staff.token, body: { ...slot, end_time: '01:00' } })).status).toBe(422);
  });

  it('deleting a slot removes its untouched future sessions', async () => {
    const created = (await t.json(`/api/teams/${vets}/training-slots`, { token: admin.token, body: { ...slot, weekday: 1 } })).body;
    expect((await t.json(`/api/training-slots/${created.id}`, { method: 'DELETE', token: player.token })).status).toBe(403);
    const res = await t.json(`/api/training-slots/${created.id}`, { method: 'DELETE', token: staff.token });
    expect(res.status).toBe(200);
    expect((await sessions(`?team_id=${vets}`)).filter((s) => s.slot_id === created.id && new Date(s.starts_at) > new Date())).toEqual([]);
    expect((await t.json(`/api/training-slots/${created.id}`, { method: 'DELETE', token: staff.token })).status).toBe(404);
  });
});

describe('PATCH /api/training-sessions/{id}: cancel or move one session', () => {
  it('staff cancel one session and reinstate it; the slot is untouched', async () => {
    const s = await futureSession(senior);
    const res = await t.json(`/api/training-sessions/${s.id}`, { method: 'PATCH', token: staff.token, body: { status: 'cancelled' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.id, status: 'cancelled', moved: false });
    expect((await t.json(`/api/training-sessions/${s.id}`, { method: 'PATCH', token: admin.token, body: { status: 'scheduled' } })).body.status).toBe('scheduled');
    expect((await t.json(`/api/teams/${senior}/training-slots`)).body.map((x: { start_time: string }) => x.start_time)).toEqual(['19:00', '19:00']);
  });

  it('moves one session to another date, time and place in club time (moved: true)', async () => {
    const s = (await sessions(`?team_id=${senior}`)).filter((x) => new Date(x.starts_at) > new Date())[1];
    const res = await t.json(`/api/training-sessions/${s.id}`, {
      method: 'PATCH',
      token: staff.token,
      body: { date: '2027-07-06', start_time: '18:30', end_time: '20:00', place: 'Riverside Park' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ date: '2027-07-06', start_time: '18:30', end_time: '20:00', place: 'Riverside Park', moved: true, starts_at: '2027-07-06T17:30:00.000Z' });
  });

  it('answers 401, 403 for players (before validating), 404 and 422, changing nothing', async () => {
    const s = await futureSession(senior);
    expect((await t.json(`/api/training-sessions/${s.id}`, { method: 'PATCH', body: { status: 'cancelled' } })).status).toBe(401);
    expect((await t.json(`/api/training-sessions/${s.id}`, { method: 'PATCH', token: player.token, body: { status: 'cancelled' } })).status).toBe(403);
    expect((await t.json(`/api/training-sessions/${s.id}`, { method: 'PATCH', token: player.token, body: { status: 'nope' } })).status).toBe(403);
    expect((await t.json('/api/training-sessions/00000000-0000-4000-8000-000000000000', { method: 'PATCH', token: staff.token, body: { status: 'cancelled' } })).status).toBe(404);
    for (const bad of [{}, { status: 'postponed' }, { start_time: '22:00' }, { date: '2027-02-30' }, { place: '' }]) {
      const res = await t.json(`/api/training-sessions/${s.id}`, { method: 'PATCH', token: staff.token, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.detail).toBeTruthy();
    }
    expect((await sessions(`?team_id=${senior}`)).find((x) => x.id === s.id)).toMatchObject({ status: s.status, start_time: s.start_time, moved: s.moved });
  });
});

describe('Attendance', () => {
  it('a player with no recorded session sees no percentage (null), never an invented one', async () => {
    const res = await t.json('/api/players/me/stats', { token: player.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ training_attendance: null, training_sessions_recorded: 0, training_sessions_attended: 0 });
  });

  it('staff record 4 sessions, the player came to 3: 75 %; players of other teams are not affected', async () => {
    const past = (await pastSessions(senior)).slice(0, 4);
    expect(past).toHaveLength(4);
    for (const [i, s] of past.entries()) {
      const present = i === 3 ? [] : [player.playerId!];
      const res = await t.json(`/api/training-sessions/${s.id}/attendance`, { method: 'PUT', token: i % 2 ? admin.token : staff.token, body: { present } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ session_id: s.id, present });
    }
    const mine = await t.json('/api/players/me/stats', { token: player.token });
    expect(mine.body).toMatchObject({ training_attendance: 75, training_sessions_recorded: 4, training_sessions_attended: 3 });
    expect((await t.json(`/api/players/${player.playerId}/stats`)).body.training_attendance).toBe(75);
    expect((await t.json('/api/players/me/stats', { token: other.token })).body.training_attendance).toBeNull();
    // Saving again replaces the record: now 4 of 4.
    await t.json(`/api/training-sessions/${past[3].id}/attendance`, { method: 'PUT', token: staff.token, body: { present: [player.playerId, player.playerId] } });
    expect((await t.json('/api/players/me/stats', { token: player.token })).body.training_attendance).toBe(100);
    const sheet = await t.json(`/api/training-sessions/${past[3].id}/attendance`, { token: staff.token });
    expect(sheet.status).toBe(200);
    expect(sheet.body.session.attendance_recorded).toBe(true);
    expect(sheet.body.players.find((p: { id: string }) => p.id === player.playerId).present).toBe(true);
    expect(sheet.body.players.some((p: { id: string }) => p.id === other.playerId)).toBe(false);
  });

  it("refuses players not in the session's team (422) and malformed lists (422), storing nothing", async () => {
    const [s] = (await pastSessions(vets)).filter((x) => !x.attendance_recorded);
    const before = (await t.db.select({ n: count() }).from(trainingAttendance))[0].n;
    const stranger = await t.json(`/api/training-sessions/${s.id}/attendance`, { method: 'PUT', token: staff.token, body: { present: [player.playerId] } });
    expect(stranger.status).toBe(422);
    expect(stranger.body.detail).toContain("not in the session's team");
    for (const body of [{}, { present: 'all' }, { present: ['nope'] }, { present: [1] }]) {
      expect((await t.json(`/api/training-sessions/${s.id}/attendance`, { method: 'PUT', token: staff.token, body })).status, JSON.stringify(body)).toBe(422);
    }
    expect((await t.db.select({ n: count() }).from(trainingAttendance))[0].n).toBe(before);
    const [row] = await t.db.select().from(trainingSessions).where(eq(trainingSessions.id, s.id));
    expect(row.attendance_recorded_at).toBeNull();
  });

  it('refuses a cancelled session and one that has not started (409)', async () => {
    const future = await futureSession(vets);
    const early = await t.json(`/api/training-sessions/${future.id}/attendance`, { method: 'PUT', token: staff.token, body: { present: [] } });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(SESSION_IN_FUTURE);
    const [past] = (await pastSessions(vets)).filter((x) => !x.attendance_recorded);
    await t.json(`/api/training-sessions/${past.id}`, { method: 'PATCH', token: staff.token, body: { status: 'cancelled' } });
    const cancelled = await t.json(`/api/training-sessions/${past.id}/attendance`, { method: 'PUT', token: staff.token, body: { present: [other.playerId] } });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.detail).toBe(SESSION_CANCELLED);
  });

  it('a session with recorded attendance cannot be cancelled (409)', async () => {
    const [recorded] = (await pastSessions(senior)).filter((x) => x.attendance_recorded);
    const res = await t.json(`/api/training-sessions/${recorded.id}`, { method: 'PATCH', token: staff.token, body: { status: 'cancelled' } });
    expect(res.status).toBe(409);
  });

  it('only staff and admins record or read the sheet: 401, then 403 before validating, then 404', async () => {
    const [s] = await pastSessions(senior);
    expect((await t.json(`/api/training-sessions/${s.id}/attendance`, { method: 'PUT', body: { present: [] } })).status).toBe(401);
    expect((await t.json(`/api/training-sessions/${s.id}/attendance`, { method: 'PUT', token: player.token, body: { present: [player.playerId] } })).status).toBe(403);
    expect((await t.json(`/api/training-sessions/${s.id}/attendance`, { method: 'PUT', token: player.token, body: { present: 'x' } })).status).toBe(403);
    expect((await t.json(`/api/training-sessions/${s.id}/attendance`, { token: player.token })).status).toBe(403);
    expect((await t.json(`/api/training-sessions/${s.id}/attendance`)).status).toBe(401);
    expect((await t.json('/api/training-sessions/nope/attendance', { method: 'PUT', token: staff.token, body: { present: [] } })).status).toBe(404);
    expect((await t.json('/api/training-sessions/nope/attendance', { token: staff.token })).status).toBe(404);
  });

  it('PUT /api/players/{id}/stats no longer sets training attendance: it is computed', async () => {
    const res = await t.json(`/api/players/${other.playerId}/stats`, { method: 'PUT', token: staff.token, body: { goals: 2, training_attendance: 95 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ goals: 2, training_attendance: null });
  });
});
