import { describe, expect, it } from 'vitest';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { createTestContext } from '../../tests/support/api';

// Issue 22: no lost edits beyond the squad. A fixture, a player and a training session carry a
// version; a save made from an older copy answers 409 naming who saved since; nothing of theirs is lost.
const t = await createTestContext();
await t.initialize();
const first = await t.signedIn('admin', { full_name: 'Fran First' });
const second = await t.signedIn('admin', { full_name: 'Sam Second' });
const STALE = /^Fran First saved this (fixture|player|session) on \w{3} \d{1,2} \w{3}, \d{2}:\d{2} after you opened it, so your changes were not saved\./;

describe('Two admins editing one record', () => {
  it('a fixture: the second save from the old version is refused, the first stands', async () => {
    const body = { away_team: 'Version Vale', match_date: addDaysIso(clubDateOf(new Date()), 9), match_time: '15:00', venue: 'Home Ground', competition: 'League', is_home: true };
    const created = await t.json('/api/fixtures', { token: first.token, body });
    const loaded = (await t.json(`/api/fixtures/${created.body.id}`)).body;
    const saved = await t.json(`/api/fixtures/${loaded.id}`, { method: 'PUT', token: first.token, body: { ...body, venue: 'Mill Lane', version: loaded.version } });
    expect(saved.status).toBe(200);
    expect(saved.body.version).not.toBe(loaded.version);
    const stale = await t.json(`/api/fixtures/${loaded.id}`, { method: 'PUT', token: second.token, body: { ...body, match_time: '14:00', version: loaded.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(STALE);
    expect((await t.json(`/api/fixtures/${loaded.id}`)).body).toMatchObject({ venue: 'Mill Lane', match_time: '15:00' });
    // Without a version (the earlier site's clients) the save goes in as before.
    expect((await t.json(`/api/fixtures/${loaded.id}`, { method: 'PUT', token: second.token, body: { ...body, venue: 'Mill Lane', match_time: '14:00' } })).status).toBe(200);
  });

  it('a player and a training session alike', async () => {
    const player = await t.json('/api/players', { token: first.token, body: { full_name: 'Vera Version', position: 'Defender', team_type: 'Senior' } });
    const body = { full_name: 'Vera Version', position: 'Defender', team_type: 'Senior' };
    const mine = await t.json(`/api/players/${player.body.id}`, { method: 'PUT', token: first.token, body: { ...body, nationality: 'Welsh', version: player.body.version } });
    expect(mine.status).toBe(200);
    const theirs = await t.json(`/api/players/${player.body.id}`, { method: 'PUT', token: second.token, body: { ...body, nationality: 'Irish', version: player.body.version } });
    expect(theirs.status).toBe(409);
    expect(theirs.body.detail).toMatch(STALE);

    const [session] = ((await t.json('/api/training-sessions', { token: first.token })).body as { id: string; version: string; date: string }[]).filter((s) => s.date > clubDateOf(new Date()));
    expect((await t.json(`/api/training-sessions/${session.id}`, { method: 'PATCH', token: first.token, body: { place: '3G pitch', version: session.version } })).status).toBe(200);
    const late = await t.json(`/api/training-sessions/${session.id}`, { method: 'PATCH', token: second.token, body: { status: 'cancelled', version: session.version } });
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(STALE);
    const now = ((await t.json('/api/training-sessions', { token: first.token })).body as { id: string; status: string; place: string }[]).find((s) => s.id === session.id)!;
    expect(now).toMatchObject({ status: 'scheduled', place: '3G pitch' });
  });
});
