import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../db/schema';
import { createTestContext } from '../../tests/support/api';

const t = await createTestContext();
await t.initialize();

const valid = {
  away_team: 'Test Town',
  match_date: '2031-05-04',
  match_time: '10:30',
  venue: 'Mill Lane',
  competition: 'League',
  is_home: true,
  status: 'upcoming',
};
const fixtureCount = async () => (await t.db.select({ n: count() }).from(fixtures))[0].n;

describe('GET /api/fixtures', () => {
  it('lists every fixture without credentials: upcoming soonest first, then results and cancelled latest first', async () => {
    const res = await t.json('/api/fixtures');
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(13);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        'away_score',
        'away_team',
        'competition',
        'home_score',
        'id',
        'is_home',
        'kit',
        'match_date',
        'match_report',
        'match_time',
        'meet_time',
        'notes',
        'status',
        'team',
        'team_id',
        'venue',
        'version',
        'age_group',
        'results_published',
        'played',
      ].sort(),
    );
    type Row = { status: string; match_date: string; match_time: string };
    const rows: Row[] = res.body;
    const key = (f: Row) => `${f.match_date} ${f.match_time}`;
    const upcoming = rows.filter((f) => f.status === 'upcoming');
    const rest = rows.filter((f) => f.status !== 'upcoming');
    expect(upcoming.length).toBeGreaterThan(1);
    expect(rest.length).toBeGreaterThan(1);
    // Every upcoming fixture before every other one.
    expect(rows.slice(0, upcoming.length).every((f) => f.status === 'upcoming')).toBe(true);
    expect(upcoming.map(key)).toEqual(upcoming.map(key).sort());
    expect(rest.map(key)).toEqual(rest.map(key).sort().reverse());
  });

  it('orders by kick-off within a day, and puts a cancelled match among the results by date', async () => {
    const { token } = await t.signedIn('admin');
    const made: string[] = [];
    const add = async (body: Record<string, unknown>) => {
      const res = await t.json('/api/fixtures', { token, body: { ...valid, ...body } });
      expect(res.status).toBe(201);
      made.push(res.body.id);
      return res.body.id as string;
    };
    const late = await add({ away_team: 'Late KO', match_date: '2031-05-04', match_time: '15:00' });
    const early = await add({ away_team: 'Early KO', match_date: '2031-05-04', match_time: '10:30' });
    const oldResult = await add({ away_team: 'Old Result', match_date: '2001-05-04', status: 'completed', home_score: 1, away_score: 0 });
    const calledOff = await add({ away_team: 'Called Off', match_date: '2001-05-11', status: 'cancelled' });
    const ids: string[] = (await t.json('/api/fixtures')).body.map((f: { id: string }) => f.id);
    expect(ids.indexOf(early)).toBe(ids.indexOf(late) - 1);
    // 11 May (cancelled) is newer than 4 May (result): latest first, and both are the oldest of all.
    expect(ids.slice(-2)).toEqual([calledOff, oldResult]);
    for (const id of made) expect((await t.json(`/api/fixtures/${id}`, { method: 'DELETE', token })).status).toBe(200);
  });

  it('status=upcoming gives the next fixtures first, limited', async () => {
    const res = await t.json('/api/fixtures?status=upcoming&limit=2');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body.every((f: { status: string }) => f.status === 'upcoming')).toBe(true);
    const all = (await t.json('/api/fixtures?status=upcoming')).body;
    expect(res.body.map((f: { id: string }) => f.id)).toEqual(all.slice(0, 2).map((f: { id: string }) => f.id));
    expect(all[0].match_date <= all[1].match_date).toBe(true);
  });

  it('status=completed gives the latest results first', async () => {
    const res = await t.json('/api/fixtures?status=completed&limit=2');
    expect(res.body).toHaveLength(2);
    expect(res.body[0].away_team).toBe('Weir Street United');
    expect(res.body[0].match_date > res.body[1].match_date).toBe(true);
  });

  it('GET /api/fixtures/{id} returns one fixture as the list shows it, publicly', async () => {
    const list = (await t.json('/api/fixtures?status=completed')).body;
    const withReport = list.find((f: { match_report: string | null }) => f.match_report);
    expect(withReport).toBeDefined();
    const res = await t.json(`/api/fixtures/${withReport.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(withReport);
  });

  it('GET /api/fixtures/{id} answers 404 with a detail for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'; drop table fixtures; --"]) {
      const res = await t.json(`/api/fixtures/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ detail: 'Fixture not found' });
    }
  });

  it('rejects an unknown status or a bad limit with 422', async () => {
    expect((await t.json('/api/fixtures?status=later')).status).toBe(422);
    expect((await t.json('/api/fixtures?limit=0')).status).toBe(422);
  });
});

describe('POST/PUT/DELETE /api/fixtures', () => {
  it('admin and staff create, update and delete a fixture', async () => {
    for (const role of ['admin', 'staff'] as const) {
      const { token } = await t.signedIn(role);
      const created = await t.json('/api/fixtures', { body: valid, token });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ ...valid, home_score: null, away_score: null, match_report: null });
      const id = created.body.id;

      const updated = await t.json(`/api/fixtures/${id}`, {
        method: 'PUT',
        token,
        body: { ...valid, status: 'completed', home_score: 2, away_score: 1, match_report: 'Good game.' },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ status: 'completed', home_score: 2, away_score: 1, match_report: 'Good game.' });

      expect((await t.json(`/api/fixtures/${id}`, { method: 'DELETE', token })).status).toBe(200);
      expect((await t.json(`/api/fixtures/${id}`, { method: 'DELETE', token })).status).toBe(404);
    }
  });

  it.each(['away_team', 'match_date', 'match_time', 'venue', 'competition'])('requires %s (422 with detail, nothing stored)', async (field) => {
    const { token } = await t.signedIn('admin');
    const before = await fixtureCount();
    const body: Record<string, unknown> = { ...valid };
    delete body[field];
    const res = await t.json('/api/fixtures', { body, token });
    expect(res.status).toBe(422);
    // The detail is for people (the field's label); errors[].field names the key for code.
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(res.body.detail).not.toMatch(/[a-z]+_[a-z_]+:/);
    expect(await fixtureCount()).toBe(before);
    const blank = await t.json('/api/fixtures', { body: { ...valid, [field]: '' }, token });
    expect(blank.status).toBe(422);
    expect(await fixtureCount()).toBe(before);
  });

  it('rejects an unknown status, a bad date and a negative score', async () => {
    const { token } = await t.signedIn('admin');
    for (const bad of [{ status: 'postponed' }, { match_date: '2031-02-30' }, { match_time: '25:00' }, { home_score: -1 }, { is_home: 'yes' }]) {
      const res = await t.json('/api/fixtures', { body: { ...valid, ...bad }, token });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.detail).toBeTruthy();
    }
  });

  it('answers 401 to anonymous callers and 403 to players, storing nothing', async () => {
    const before = await fixtureCount();
    expect((await t.json('/api/fixtures', { body: valid })).status).toBe(401);
    const { token } = await t.signedIn('player');
    const res = await t.json('/api/fixtures', { body: valid, token });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBeTruthy();
    const [some] = (await t.json('/api/fixtures')).body;
    expect((await t.json(`/api/fixtures/${some.id}`, { method: 'PUT', body: valid, token })).status).toBe(403);
    expect((await t.json(`/api/fixtures/${some.id}`, { method: 'DELETE', token })).status).toBe(403);
    expect((await t.json(`/api/fixtures/${some.id}`, { method: 'DELETE' })).status).toBe(401);
    expect(await fixtureCount()).toBe(before);
  });

  it('refuses callers without the role before looking at the body (401/403, not 422)', async () => {
    expect((await t.json('/api/fixtures', { body: {} })).status).toBe(401);
    expect((await t.json('/api/fixtures', { body: {}, token: (await t.signedIn('player')).token })).status).toBe(403);
    expect((await t.json('/api/sponsors', { body: {}, token: (await t.signedIn('staff')).token })).status).toBe(403);
    expect((await t.json('/api/players', { body: {} })).status).toBe(401);
    expect((await t.json('/api/settings', { method: 'PUT', body: {} })).status).toBe(401);
    expect((await t.json('/api/news', { body: {} })).status).toBe(401);
  });

  it('answers 404 for an unknown or non-UUID id', async () => {
    const { token } = await t.signedIn('admin');
    expect((await t.json('/api/fixtures/not-a-uuid', { method: 'PUT', body: valid, token })).status).toBe(404);
    expect((await t.json('/api/fixtures/00000000-0000-4000-8000-000000000000', { method: 'PUT', body: valid, token })).status).toBe(404);
  });
});
