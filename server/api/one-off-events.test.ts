import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { isoWeekdayOf } from '../../shared/teams';
import { createTestContext } from '../../tests/support/api';
import { teamStaff, trainingSessions } from '../db/schema';

// Issue 22, point 3: events as clubs run them. One-off sessions and events, slot end dates and
// breaks, and warnings when training falls on a match day.

const t = await createTestContext();
const admin = await t.signedIn('admin');
const staff = await t.signedIn('staff'); // coaches every team
const player = await t.signedIn('player'); // in Senior
const teamList = (await t.json('/api/teams')).body as Array<{ id: string; name: string; slug: string }>;
const senior = teamList.find((x) => x.name === 'Senior')!.id;
const vets = teamList.find((x) => x.name === 'Vets')!.id;
const today = clubDateOf(new Date());
const inTwoDays = addDaysIso(today, 2);

async function newFixture(date: string, away = 'Oakfield Athletic') {
  const res = await t.json('/api/fixtures', {
    token: admin.token,
    body: { team_id: senior, away_team: away, match_date: date, match_time: '15:00', venue: 'Mill Lane', competition: 'League', is_home: true },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

function events(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  return root.getAllSubcomponents('vevent').map((e) => ({
    uid: e.getFirstPropertyValue('uid') as string,
    summary: e.getFirstPropertyValue('summary') as string,
    location: e.getFirstPropertyValue('location') as string,
    description: e.getFirstPropertyValue('description') as string,
  }));
}
const feed = async (path: string) => events(await (await t.app.request(path)).text());

const cup = {
  team_id: senior,
  kind: 'tournament',
  title: 'Spring Cup',
  date: inTwoDays,
  start_time: '10:00',
  end_time: '16:00',
  place: 'Oakfield Sports Park',
  address: '12 Oak Lane, Oakfield OK1 2AB',
  meet_time: '09:15',
  kit: 'Away kit, shin pads',
  notes: 'Bring a packed lunch.',
};

describe('POST /api/training-sessions: a one-off session or event', () => {
  it('answers 201 with the session for this week, in the team schedule, the players’ area and both calendar feeds', async () => {
    const res = await t.json('/api/training-sessions', { token: staff.token, body: cup });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      team_id: senior,
      team: 'Senior',
      slot_id: null,
      one_off: true,
      kind: 'tournament',
      title: 'Spring Cup',
      label: 'Senior: Tournament — Spring Cup',
      date: inTwoDays,
      start_time: '10:00',
      end_time: '16:00',
      meet_time: '09:15',
      kit: 'Away kit, shin pads',
      notes: 'Bring a packed lunch.',
      address: '12 Oak Lane, Oakfield OK1 2AB',
      status: 'scheduled',
      warnings: [],
    });
    const id = res.body.id as string;

    const schedule = (await t.json(`/api/training-sessions?team_id=${senior}`, { token: staff.token })).body as Array<{ id: string }>;
    expect(schedule.map((s) => s.id)).toContain(id);
    // Reading again (generation runs on read) neither removes nor duplicates it.
    await t.json(`/api/training-sessions?team_id=${senior}`, { token: staff.token });
    expect(await t.db.select().from(trainingSessions).where(eq(trainingSessions.id, id))).toHaveLength(1);

    const mine = (await t.json('/api/players/me/availability', { token: player.token })).body as Array<Record<string, unknown>>;
    expect(mine.find((e) => e.id === id)).toMatchObject({ kind: 'training', title: 'Senior: Tournament — Spring Cup', meet_time: '09:15', kit: 'Away kit, shin pads', address: cup.address });

    const team = (await feed('/calendar/teams/senior.ics')).find((e) => e.uid.startsWith(`training-${id}@`))!;
    expect(team.summary).toBe('Senior: Tournament — Spring Cup');
    expect(team.location).toBe('Oakfield Sports Park, 12 Oak Lane, Oakfield OK1 2AB');
    expect(team.description).toContain('Meet at 09:15');
    expect(team.description).toContain('Kit: Away kit, shin pads');
    expect(team.description).toContain('Bring a packed lunch.');

    const issued = await t.json('/api/calendar/token', { method: 'POST', token: player.token });
    const own = (await feed(new URL(issued.body.url).pathname)).find((e) => e.uid.startsWith(`training-${id}@`));
    expect(own?.summary).toBe('Senior: Tournament — Spring Cup');
  });

  it("an answer deadline earlier than the team's lock closes answers then", async () => {
    const answerBy = new Date(Date.now() + 3_600_000).toISOString();
    const made = await t.json('/api/training-sessions', { token: staff.token, body: { ...cup, kind: 'meeting', title: 'Season planning', answer_by: answerBy } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.answer_by).toBe(answerBy);
    const mine = (await t.json('/api/players/me/availability', { token: player.token })).body as Array<{ id: string; locks_at: string; title: string }>;
    expect(mine.find((e) => e.id === made.body.id)).toMatchObject({ locks_at: answerBy, title: 'Senior: Meeting — Season planning' });
  });

  it('plain one-off training needs only team, date, times and place, and warns of a fixture that day', async () => {
    const matchDay = addDaysIso(today, 4);
    await newFixture(matchDay, 'Brook Vale');
    const res = await t.json('/api/training-sessions', { token: staff.token, body: { team_id: senior, date: matchDay, start_time: '10:00', end_time: '11:00', place: 'Main training ground' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'training', title: null, label: 'Senior training', meet_time: null, one_off: true });
    expect(res.body.warnings).toEqual([`Senior has a fixture on ${matchDay}: Senior vs Brook Vale at 15:00`]);
  });

  it('refuses bad input with a clear detail (422) and stores nothing', async () => {
    const before = (await t.db.select().from(trainingSessions)).length;
    const bad: Array<Record<string, unknown>> = [
      { ...cup, team_id: 'nope' },
      { ...cup, date: '2026-02-30' },
      { ...cup, start_time: '25:00' },
      { ...cup, end_time: '09:00' },
      { ...cup, place: ' ' },
      { ...cup, kind: 'party' },
      { ...cup, meet_time: '10:30' },
      { ...cup, answer_by: 'tomorrow' },
      { ...cup, answer_by: `${addDaysIso(inTwoDays, 1)}T12:00:00Z` },
      { ...cup, notes: 'x'.repeat(2001) },
    ];
    for (const body of bad) {
      const res = await t.json('/api/training-sessions', { token: staff.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await t.db.select().from(trainingSessions)).length).toBe(before);
    expect((await t.json('/api/training-sessions', { token: staff.token, body: { ...cup, team_id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
  });

  it('is for staff of that team or admins: a player 403, staff of another team 403, signed out 401', async () => {
    const vetsCoach = await t.signedIn('staff');
    await t.db.delete(teamStaff).where(and(eq(teamStaff.player_id, vetsCoach.playerId!), eq(teamStaff.team_id, senior)));
    expect((await t.json('/api/training-sessions', { token: vetsCoach.token, body: cup })).status).toBe(403);
    expect((await t.json('/api/training-sessions', { token: vetsCoach.token, body: { ...cup, team_id: vets } })).status).toBe(201);
    expect((await t.json('/api/training-sessions', { token: player.token, body: cup })).status).toBe(403);
    expect((await t.json('/api/training-sessions', { body: cup })).status).toBe(401);
    expect((await t.json('/api/training-sessions', { token: admin.token, body: cup })).status).toBe(201);
  });

});

describe('Editing and deleting a one-off session', () => {
  it('PATCH changes or clears its details; a meet time after the start is refused (422)', async () => {
    const made = await t.json('/api/training-sessions', { token: staff.token, body: { ...cup, title: 'Summer Cup' } });
    const url = `/api/training-sessions/${made.body.id}`;
    const res = await t.json(url, { method: 'PATCH', token: staff.token, body: { kit: 'Home kit', notes: null, meet_time: '' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kit: 'Home kit', notes: null, meet_time: null, title: 'Summer Cup', address: cup.address, moved: false });
    const deadline = `${inTwoDays}T08:00:00.000Z`;
    expect((await t.json(url, { method: 'PATCH', token: staff.token, body: { answer_by: deadline } })).body.answer_by).toBe(deadline);
    expect((await t.json(url, { method: 'PATCH', token: staff.token, body: { answer_by: null } })).body.answer_by).toBeNull();
    const bad = await t.json(url, { method: 'PATCH', token: staff.token, body: { meet_time: '11:00' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/Meet time/);
  });

  it('DELETE removes a one-off session; a weekly session is cancelled instead (409)', async () => {
    const made = await t.json('/api/training-sessions', { token: staff.token, body: { ...cup, kind: 'social', title: 'Quiz night' } });
    expect((await t.json(`/api/training-sessions/${made.body.id}`, { method: 'DELETE', token: staff.token })).status).toBe(200);
    expect(await t.db.select().from(trainingSessions).where(eq(trainingSessions.id, made.body.id))).toHaveLength(0);
    const weekly = ((await t.json(`/api/training-sessions?team_id=${senior}`, { token: staff.token })).body as Array<{ id: string; one_off: boolean }>).find((s) => !s.one_off)!;
    const refused = await t.json(`/api/training-sessions/${weekly.id}`, { method: 'DELETE', token: staff.token });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/cancel/);
    // Once a player has answered, deleting would leave them untold: cancel it instead.
    const answered = await t.json('/api/training-sessions', { token: staff.token, body: { ...cup, kind: 'social', title: 'Curry night' } });
    expect((await t.json(`/api/training-sessions/${answered.body.id}/availability/me`, { method: 'PUT', token: player.token, body: { status: 'available' } })).status).toBe(200);
    const kept = await t.json(`/api/training-sessions/${answered.body.id}`, { method: 'DELETE', token: staff.token });
    expect(kept.status).toBe(409);
    expect(kept.body.detail).toBe('Players have answered for this event: cancel it instead, so that they are told.');
  });
});

describe('Weekly slots: an end date, breaks and match-day warnings', () => {
  it('generates no session after ends_on or inside a break, and warns of fixture days', async () => {
    const start = addDaysIso(today, 1);
    const weekday = isoWeekdayOf(start);
    const breakFrom = addDaysIso(start, 7);
    await newFixture(addDaysIso(start, 14), 'Riverside Albion');
    const res = await t.json(`/api/teams/${vets}/training-slots`, {
      token: staff.token,
      body: { weekday, start_time: '18:00', end_time: '19:00', place: 'Hall', ends_on: addDaysIso(start, 35), breaks: [{ name: 'Half term', starts_on: breakFrom, ends_on: addDaysIso(breakFrom, 6) }] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ends_on: addDaysIso(start, 35), breaks: [{ name: 'Half term', starts_on: breakFrom, ends_on: addDaysIso(breakFrom, 6) }], warnings: [] });
    const dates = async (slotId: string) =>
      ((await t.json(`/api/training-sessions?team_id=${vets}&from=${today}&to=${addDaysIso(today, 70)}`, { token: staff.token })).body as Array<{ slot_id: string; date: string }>)
        .filter((s) => s.slot_id === slotId)
        .map((s) => s.date);
    expect(await dates(res.body.id)).toEqual([start, addDaysIso(start, 14), addDaysIso(start, 21), addDaysIso(start, 28), addDaysIso(start, 35)]);

    // A Senior slot on the same weekday warns of the Senior fixture; a new break drops the untouched sessions inside it.
    const senRes = await t.json(`/api/teams/${senior}/training-slots`, { token: staff.token, body: { weekday, start_time: '18:00', end_time: '19:00', place: 'Hall' } });
    expect(senRes.status).toBe(201);
    expect(senRes.body.warnings).toEqual([`Senior has a fixture on ${addDaysIso(start, 14)}: Senior vs Riverside Albion at 15:00`]);
    const put = await t.json(`/api/training-slots/${senRes.body.id}`, {
      method: 'PUT',
      token: staff.token,
      body: { weekday, start_time: '18:00', end_time: '19:00', place: 'Hall', breaks: [{ starts_on: addDaysIso(start, 14), ends_on: addDaysIso(start, 14) }] },
    });
    expect(put.status).toBe(200);
    expect(put.body.warnings).toEqual([]);
    expect(put.body.breaks).toEqual([{ name: 'Break', starts_on: addDaysIso(start, 14), ends_on: addDaysIso(start, 14) }]);
    const senDates = ((await t.json(`/api/training-sessions?team_id=${senior}&from=${today}&to=${addDaysIso(today, 30)}`, { token: staff.token })).body as Array<{ slot_id: string; date: string }>)
      .filter((s) => s.slot_id === senRes.body.id)
      .map((s) => s.date);
    expect(senDates).toContain(start);
    expect(senDates).not.toContain(addDaysIso(start, 14));
  });

  it('refuses a break that ends before it starts and a bad end date (422)', async () => {
    const base = { weekday: 2, start_time: '18:00', end_time: '19:00', place: 'Hall' };
    for (const extra of [{ ends_on: 'soon' }, { breaks: [{ starts_on: '2026-12-20', ends_on: '2026-12-10' }] }, { breaks: 'christmas' }]) {
      const res = await t.json(`/api/teams/${vets}/training-slots`, { token: staff.token, body: { ...base, ...extra } });
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
  });
});

describe('Fixtures: meet time, kit and notes', () => {
  it('are accepted and answered', async () => {
    const res = await t.json('/api/fixtures', {
      token: admin.token,
      body: { team_id: senior, away_team: 'Kit FC', match_date: addDaysIso(today, 20), match_time: '15:00', venue: 'Mill Lane', competition: 'Cup', meet_time: '14:00', kit: 'Home kit', notes: 'Car share from the clubhouse' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ meet_time: '14:00', kit: 'Home kit', notes: 'Car share from the clubhouse' });
    const bad = await t.json('/api/fixtures', { token: admin.token, body: { team_id: senior, away_team: 'Kit FC', match_date: addDaysIso(today, 20), match_time: '15:00', venue: 'Mill Lane', competition: 'Cup', meet_time: '2pm' } });
    expect(bad.status).toBe(422);
  });
});
