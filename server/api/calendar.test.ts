import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { fixtures, trainingSessions } from '../db/schema';

const t = await createTestContext();
const admin = await t.signedIn('admin');

const base = { competition: 'County League, Division 2', venue: 'Mill Lane, Pitch 2; Riverside', is_home: true, status: 'upcoming' };
async function newFixture(overrides: Record<string, unknown> = {}) {
  const res = await t.json('/api/fixtures', { token: admin.token, body: { away_team: 'Oakfield Athletic', match_date: '2026-03-29', match_time: '15:00', ...base, ...overrides } });
  expect(res.status).toBe(201);
  return res.body as { id: string };
}

async function feed(path = '/calendar/club.ics', headers: Record<string, string> = {}) {
  const res = await t.app.request(path, { headers });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

function events(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  return root.getAllSubcomponents('vevent').map((e) => ({
    uid: e.getFirstPropertyValue('uid') as string,
    sequence: Number(e.getFirstPropertyValue('sequence')),
    summary: e.getFirstPropertyValue('summary') as string,
    location: e.getFirstPropertyValue('location') as string,
    description: e.getFirstPropertyValue('description') as string,
    status: e.getFirstPropertyValue('status') as string,
    transp: e.getFirstPropertyValue('transp') as string,
    url: e.getFirstPropertyValue('url') as string,
    start: (e.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (e.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    raw: e.toString(),
  }));
}

describe('GET /calendar/club.ics', () => {
  it('is an RFC 5545 feed of every fixture: stable UIDs, UTC times from the London clock, 105-minute matches', async () => {
    const spring = await newFixture();
    const winter = await newFixture({ away_team: 'Brook Vale', match_date: '2026-03-01', is_home: false, venue: 'Brook Vale Park' });
    const first = await feed();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    for (const line of first.text.split('\r\n').slice(0, -1)) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(first.text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
    expect(first.text).toContain('X-PUBLISHED-TTL:PT1H\r\n');
    expect(first.text).toMatch(/X-WR-CALNAME:Riverside Rovers FC fixtures\r\n/);

    const byUid = new Map(events(first.text).map((e) => [e.uid, e]));
    const host = 'localhost';
    const s = byUid.get(`fixture-${spring.id}@${host}`)!;
    expect(s.raw).toContain('DTSTART:20260329T140000Z');
    expect(s.end).toBe('2026-03-29T15:45:00.000Z');
    expect(s.summary).toBe('Senior: Riverside Rovers v Oakfield Athletic (H)');
    expect(s.location).toBe('Mill Lane, Pitch 2; Riverside');
    expect(s.description).toContain('County League, Division 2');
    expect(s.description).toContain(`Match details: ${t.services.publicUrl}/fixtures/${spring.id}`);
    expect(s.url).toBe(`${t.services.publicUrl}/fixtures/${spring.id}`);
    expect(s.sequence).toBe(0);
    expect(s.status).toBe('CONFIRMED');
    expect(s.transp).toBe('OPAQUE');
    const w = byUid.get(`fixture-${winter.id}@${host}`)!;
    expect(w.raw).toContain('DTSTART:20260301T150000Z');
    expect(w.summary).toBe('Senior: Brook Vale v Riverside Rovers (A)');

    // Fetched again: the same UIDs, the same bytes.
    const second = await feed();
    expect(events(second.text).map((e) => e.uid)).toEqual(events(first.text).map((e) => e.uid));
    expect(second.text).toBe(first.text);
  });

  it('a changed kick-off raises that event’s SEQUENCE by one and changes no other event', async () => {
    const moved = await newFixture({ away_team: 'Moved FC', match_date: '2026-04-11' });
    const still = await newFixture({ away_team: 'Still FC', match_date: '2026-04-18' });
    const before = new Map(events((await feed()).text).map((e) => [e.uid, e]));
    const res = await t.json(`/api/fixtures/${moved.id}`, { method: 'PUT', token: admin.token, body: { away_team: 'Moved FC', match_date: '2026-04-11', match_time: '17:30', ...base } });
    expect(res.status).toBe(200);
    const after = new Map(events((await feed()).text).map((e) => [e.uid, e]));
    const uid = (id: string) => `fixture-${id}@localhost`;
    expect(after.get(uid(moved.id))!.sequence).toBe(before.get(uid(moved.id))!.sequence + 1);
    expect(after.get(uid(moved.id))!.start).toBe('2026-04-11T16:30:00.000Z');
    for (const [key, event] of before) if (key !== uid(moved.id)) expect(after.get(key)).toEqual(event);
    expect(after.get(uid(still.id))!.sequence).toBe(0);

    // A score and report alone (no date, time, venue or status change) do not raise it.
    await t.json(`/api/fixtures/${moved.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { away_team: 'Moved FC', match_date: '2026-04-11', match_time: '17:30', ...base, match_report: 'Wet, windy; a point, well earned.' },
    });
    const reported = events((await feed()).text).find((e) => e.uid === uid(moved.id))!;
    expect(reported.sequence).toBe(1);
    expect(reported.description).toContain('Wet, windy; a point, well earned.');
  });

  it('a played match reads as its score; a cancelled one stays, marked CANCELLED; a deleted one disappears', async () => {
    const played = await newFixture({ away_team: 'Scored FC', match_date: '2026-02-07' });
    await t.json(`/api/fixtures/${played.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { away_team: 'Scored FC', match_date: '2026-02-07', match_time: '15:00', ...base, status: 'completed', home_score: 3, away_score: 1 },
    });
    const cancelled = await newFixture({ away_team: 'Rained Off FC', match_date: '2026-05-02' });
    await t.json(`/api/fixtures/${cancelled.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { away_team: 'Rained Off FC', match_date: '2026-05-02', match_time: '15:00', ...base, status: 'cancelled' },
    });
    const gone = await newFixture({ away_team: 'Deleted FC' });
    expect((await t.json(`/api/fixtures/${gone.id}`, { method: 'DELETE', token: admin.token })).status).toBeLessThan(300);

    const list = events((await feed()).text);
    expect(list.find((e) => e.uid.includes(played.id))!.summary).toBe('Senior: Riverside Rovers 3-1 Scored FC');
    const c = list.find((e) => e.uid.includes(cancelled.id))!;
    expect(c.status).toBe('CANCELLED');
    // Kept in the calendar, said in its title, and the time shows free (not busy).
    expect(c.summary).toBe('Cancelled: Senior: Riverside Rovers v Rained Off FC (H)');
    expect(c.transp).toBe('TRANSPARENT');
    expect(c.sequence).toBe(1);
    expect(list.some((e) => e.uid.includes(gone.id))).toBe(false);

    // Cancelled more than 30 days ago: gone from the feed.
    await t.db.update(fixtures).set({ updated_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) }).where(eq(fixtures.id, cancelled.id));
    expect(events((await feed()).text).some((e) => e.uid.includes(cancelled.id))).toBe(false);
  });

  it('answers 304 Not Modified to If-None-Match with the current ETag, and 200 once the feed changed', async () => {
    const first = await feed();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await feed('/calendar/club.ics', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    await newFixture({ away_team: 'New Entry FC' });
    const changed = await feed('/calendar/club.ics', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('Saving without changes', () => {
  it('Saving a fixture without changes leaves /calendar/club.ics byte-identical and its ETag unchanged', async () => {
    const f = await newFixture({ away_team: 'Unchanged FC', match_date: '2026-10-03', match_report: 'Kept as it was.' });
    // Last saved an hour ago, so a write now would show in DTSTAMP (whole seconds) even within this second.
    const savedAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 60 * 60 * 1000);
    await t.db.update(fixtures).set({ updated_at: savedAt }).where(eq(fixtures.id, f.id));
    const before = await feed();
    const etag = before.headers.get('etag')!;
    // PUT back exactly what GET answers (the editor's form does the same on Save).
    const { id: _id, team: _team, ...current } = (await t.json(`/api/fixtures/${f.id}`)).body as Record<string, unknown>;
    const saved = await t.json(`/api/fixtures/${f.id}`, { method: 'PUT', token: admin.token, body: current });
    expect(saved.status).toBe(200);
    const [row] = await t.db.select({ updated_at: fixtures.updated_at, revision: fixtures.revision }).from(fixtures).where(eq(fixtures.id, f.id));
    expect(row.updated_at).toEqual(savedAt);
    const after = await feed();
    expect(after.text).toBe(before.text);
    expect(after.headers.get('etag')).toBe(etag);
    expect((await feed('/calendar/club.ics', { 'if-none-match': etag })).status).toBe(304);

    // A real change does change it (and the fixture's updated_at, its DTSTAMP).
    const edited = await t.json(`/api/fixtures/${f.id}`, { method: 'PUT', token: admin.token, body: { ...current, competition: 'County Cup' } });
    expect(edited.status).toBe(200);
    const [later] = await t.db.select({ updated_at: fixtures.updated_at, revision: fixtures.revision }).from(fixtures).where(eq(fixtures.id, f.id));
    expect(later.updated_at.getTime()).toBeGreaterThan(savedAt.getTime());
    expect(later.revision).toBe(row.revision);
    const changed = await feed('/calendar/club.ics', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const event = events(changed.text).find((e) => e.uid === `fixture-${f.id}@localhost`)!;
    expect(event.description).toContain('Senior · County Cup');
    expect(event.raw).not.toBe(events(before.text).find((e) => e.uid === event.uid)!.raw);
  });

  it('a training session PATCH that changes nothing leaves the team feed byte-identical; cancelling one marks it', async () => {
    const listed = events((await feed('/calendar/teams/senior.ics')).text);
    const session = listed.find((e) => e.uid.startsWith('training-') && e.status === 'CONFIRMED' && new Date(e.start).getTime() > Date.now() + 2 * 24 * 60 * 60 * 1000)!;
    const id = session.uid.slice('training-'.length, session.uid.indexOf('@'));
    // Last changed an hour ago, so a write now would show in its DTSTAMP.
    await t.db.update(trainingSessions).set({ updated_at: new Date(Date.now() - 60 * 60 * 1000) }).where(eq(trainingSessions.id, id));
    const before = await feed('/calendar/teams/senior.ics');
    const res = await t.json(`/api/training-sessions/${id}`, { method: 'PATCH', token: admin.token, body: { place: session.location, status: 'scheduled' } });
    expect(res.status).toBe(200);
    expect(res.body.moved).toBe(false);
    const after = await feed('/calendar/teams/senior.ics');
    expect(after.text).toBe(before.text);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));

    expect((await t.json(`/api/training-sessions/${id}`, { method: 'PATCH', token: admin.token, body: { status: 'cancelled' } })).status).toBe(200);
    const cancelled = events((await feed('/calendar/teams/senior.ics')).text).find((e) => e.uid === session.uid)!;
    expect(cancelled.summary).toBe('Cancelled: Training: Senior');
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.transp).toBe('TRANSPARENT');
    expect(cancelled.sequence).toBe(session.sequence + 1);
  });
});

describe('GET /calendar/fixtures/{id}.ics', () => {
  it('is one event to add to a calendar, as a download', async () => {
    const f = await newFixture({ away_team: 'Single Event FC', match_date: '2026-09-12', match_time: '14:30' });
    const res = await feed(`/calendar/fixtures/${f.id}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="riverside-rovers-v-single-event-fc-h.ics"');
    const list = events(res.text);
    expect(list).toHaveLength(1);
    expect(list[0].uid).toBe(`fixture-${f.id}@localhost`);
    expect(list[0].start).toBe('2026-09-12T13:30:00.000Z');
    expect(list[0].summary).toBe('Senior: Riverside Rovers v Single Event FC (H)');
    expect(list[0].url).toBe(`${t.services.publicUrl}/fixtures/${f.id}`);
    expect(res.text).toContain('METHOD:PUBLISH\r\n');
  });

  it('answers 404 with a detail for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.json(`/calendar/fixtures/${id}.ics`);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Fixture not found');
    }
  });
});

const teamIds = async () => {
  const res = await t.json('/api/teams');
  return Object.fromEntries((res.body as { slug: string; id: string }[]).map((x) => [x.slug, x.id]));
};

describe('GET /calendar/teams/{team}.ics', () => {
  it("is one team's matches and training sessions; another team's matches are not in it; an unknown team is a 404", async () => {
    const ids = await teamIds();
    const vets = await newFixture({ away_team: 'Vets Opponent', match_date: '2026-12-05', team_id: ids.vets });
    const senior = await newFixture({ away_team: 'Senior Opponent', match_date: '2026-12-05', team_id: ids.senior });
    const res = await feed('/calendar/teams/vets.ics');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/X-WR-CALNAME:Riverside Rovers FC Vets\r\n/);
    const list = events(res.text);
    expect(list.some((e) => e.uid === `fixture-${vets.id}@localhost`)).toBe(true);
    expect(list.some((e) => e.uid === `fixture-${senior.id}@localhost`)).toBe(false);
    // The team's name leads every match title, the same in the team, club and private feeds.
    expect(list.find((e) => e.uid === `fixture-${vets.id}@localhost`)!.summary).toBe('Vets: Riverside Rovers v Vets Opponent (H)');
    const club = events((await feed()).text);
    expect(club.find((e) => e.uid === `fixture-${vets.id}@localhost`)!.summary).toBe('Vets: Riverside Rovers v Vets Opponent (H)');
    expect(club.find((e) => e.uid === `fixture-${senior.id}@localhost`)!.summary).toBe('Senior: Riverside Rovers v Senior Opponent (H)');
    const training = list.filter((e) => e.uid.startsWith('training-'));
    expect(training.length).toBeGreaterThan(0);
    for (const e of training) {
      expect(e.summary).toBe('Training: Vets');
      // Tuesday and Thursday 19:00-21:00 on the club's clock: 19:00Z in winter, 18:00Z in summer.
      const start = new Date(e.start);
      const hour = start.getUTCHours();
      expect([18, 19]).toContain(hour);
      expect(new Date(e.end).getTime() - start.getTime()).toBe(2 * 60 * 60 * 1000);
    }
    expect((await t.json('/calendar/teams/nobody.ics')).status).toBe(404);
  });

  it('a moved training session raises its SEQUENCE by one', async () => {
    const before = events((await feed('/calendar/teams/senior.ics')).text).filter((e) => e.uid.startsWith('training-'));
    const future = before.find((e) => new Date(e.start).getTime() > Date.now() + 24 * 60 * 60 * 1000)!;
    const id = future.uid.slice('training-'.length, future.uid.indexOf('@'));
    const res = await t.json(`/api/training-sessions/${id}`, { method: 'PATCH', token: admin.token, body: { place: 'Indoor hall, Gate B' } });
    expect(res.status).toBe(200);
    const after = events((await feed('/calendar/teams/senior.ics')).text).find((e) => e.uid === future.uid)!;
    expect(after.sequence).toBe(future.sequence + 1);
    expect(after.location).toBe('Indoor hall, Gate B');
  });
});

describe('Private feeds: POST /api/calendar/token and GET /calendar/me/{token}.ics', () => {
  it("gives a signed-in player a private link to their teams' events; a new link ends the old one; made-up links are 404", async () => {
    const player = await t.signedIn('player');
    const issued = await t.json('/api/calendar/token', { method: 'POST', token: player.token });
    expect(issued.status).toBe(201);
    const path = new URL(issued.body.url).pathname;
    expect(path).toMatch(/^\/calendar\/me\/[\w-]{32}\.ics$/);
    expect(issued.body.webcal_url).toBe(issued.body.url.replace(/^http:/, 'webcal:'));
    const first = await feed(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, max-age=300');
    const list = events(first.text);
    expect(list.some((e) => e.summary === 'Training: Senior')).toBe(true);
    expect(list.some((e) => e.summary === 'Training: Vets')).toBe(false);

    const again = await t.json('/api/calendar/token', { method: 'POST', token: player.token });
    expect(again.status).toBe(201);
    expect((await feed(path)).status).toBe(404);
    expect((await feed(new URL(again.body.url).pathname)).status).toBe(200);
    for (const bad of ['/calendar/me/made-up-token-that-is-long-enough.ics', '/calendar/me/x.ics']) {
      const res = await t.json(bad);
      expect(res.status).toBe(404);
      expect(res.body.detail).toMatch(/not valid any more/);
    }
  });

  it('needs a signed-in user (401)', async () => {
    const res = await t.json('/api/calendar/token', { method: 'POST' });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBeTruthy();
  });
});

describe('A private feed shows its own member’s answers and selection, never another’s', () => {
  it("writes the player's own answer and published selection into the description; the teammate's stay out", async () => {
    const match = await newFixture({ away_team: 'Answers FC', match_date: '2026-12-19', match_time: '14:00' });
    const alex = await t.signedIn('player', { full_name: 'Alex Own' });
    const sam = await t.signedIn('player', { full_name: 'Sam Other' });
    expect((await t.json(`/api/fixtures/${match.id}/availability/me`, { method: 'PUT', token: alex.token, body: { status: 'unavailable', note: 'At a wedding, sorry' } })).status).toBe(200);
    expect((await t.json(`/api/fixtures/${match.id}/availability/me`, { method: 'PUT', token: sam.token, body: { status: 'available', note: 'Sam can drive, 4 seats' } })).status).toBe(200);
    const picked = await t.json(`/api/fixtures/${match.id}/selection`, {
      method: 'PUT',
      token: admin.token,
      body: { players: [{ player_id: sam.playerId, role: 'starter', shirt_number: 7 }] },
    });
    expect(picked.status).toBe(200);
    expect((await t.json(`/api/fixtures/${match.id}/selection/publish`, { method: 'POST', token: admin.token })).status).toBeLessThan(300);

    const feedOf = async (token: string) => {
      const issued = await t.json('/api/calendar/token', { method: 'POST', token });
      const list = events((await feed(new URL(issued.body.url).pathname)).text);
      const event = list.find((e) => e.uid === `fixture-${match.id}@localhost`)!;
      expect(event.summary).toBe('Senior: Riverside Rovers v Answers FC (H)');
      return event.description;
    };
    const alexSees = await feedOf(alex.token);
    expect(alexSees).toContain('Your answer: Unavailable (At a wedding, sorry)');
    expect(alexSees).not.toContain('Sam can drive');
    expect(alexSees).not.toContain('Selected:');
    const samSees = await feedOf(sam.token);
    expect(samSees).toContain('Your answer: Available (Sam can drive, 4 seats)');
    expect(samSees).toContain('Selected: starter, No. 7 (please confirm)');
    expect(samSees).not.toContain('wedding');
    // The public feeds carry nobody's answers.
    const club = events((await feed()).text).find((e) => e.uid === `fixture-${match.id}@localhost`)!.description;
    expect(club).not.toMatch(/Your answer|Selected:|wedding|Sam can drive/);
  });
});
