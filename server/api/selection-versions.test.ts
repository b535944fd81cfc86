import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { playerTeams } from '../db/schema';
import { clubDateOf, clubTimeOf } from '../../shared/dates';
import { createTestContext } from '../../tests/support/api';

// Issue 22: no lost edits. Two managers open the same squad; the first save wins, the second (made
// from the version it loaded) answers 409 naming the first manager, and nothing of the first is lost.
const t = await createTestContext();
const first = await t.signedIn('staff', { full_name: 'Maggie Manager' });
const second = await t.signedIn('staff', { full_name: 'Colin Coach' });
const a = await t.signedIn('player', { full_name: 'Ada Attacker' });
const b = await t.signedIn('player', { full_name: 'Bo Back' });
const senior = ((await t.json('/api/teams')).body as { id: string; name: string }[]).find((x) => x.name === 'Senior')!.id;

async function fixture() {
  const at = new Date(Date.now() + 96 * 3_600_000);
  const res = await t.json('/api/fixtures', {
    token: first.token,
    body: { team_id: senior, away_team: 'Version Vale', match_date: clubDateOf(at), match_time: clubTimeOf(at), venue: 'Home Ground', competition: 'League' },
  });
  return res.body.id as string;
}
const pick = (id: string, shirt: number) => ({ player_id: id, role: 'starter', shirt_number: shirt });

describe('Two managers editing one squad', () => {
  it('the second save from an old version answers 409 naming the first manager; the first save stands', async () => {
    const match = await fixture();
    const load = (token: string) => t.json(`/api/fixtures/${match}/selection`, { token });
    const [mine, theirs] = [await load(first.token), await load(second.token)];
    expect(mine.body.version).toBe(theirs.body.version);
    expect(mine.headers.get('etag')).toBe(`"squad-${mine.body.version}"`);

    const saved = await t.json(`/api/fixtures/${match}/selection`, { method: 'PUT', token: first.token, body: { players: [pick(a.playerId!, 9)], version: mine.body.version } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: mine.body.version + 1, saved_by: 'Maggie Manager' });

    const stale = await t.json(`/api/fixtures/${match}/selection`, { method: 'PUT', token: second.token, body: { players: [pick(b.playerId!, 4)], version: theirs.body.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/^Maggie Manager saved this squad on \w{3} \d{1,2} \w{3}, \d{2}:\d{2} after you opened it/);
    const now = (await load(second.token)).body;
    expect(now.players.map((p: { full_name: string }) => p.full_name)).toEqual(['Ada Attacker']);
    expect(now.version).toBe(saved.body.version);

    // Reloaded, the second manager's change goes in on top of the first.
    const again = await t.json(`/api/fixtures/${match}/selection`, {
      method: 'PUT',
      token: second.token,
      body: { players: [pick(a.playerId!, 9), pick(b.playerId!, 4)], version: now.version },
    });
    expect(again.status).toBe(200);
    expect(again.body.saved_by).toBe('Colin Coach');
  });

  it('If-Match works like the version; an API client that sends neither is not refused', async () => {
    const match = await fixture();
    const loaded = await t.json(`/api/fixtures/${match}/selection`, { token: first.token });
    const etag = loaded.headers.get('etag')!;
    const put = (token: string, body: unknown, headers: Record<string, string> = {}) =>
      t.app.request(`/api/fixtures/${match}/selection`, { method: 'PUT', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    expect((await put(first.token, { players: [pick(a.playerId!, 7)] }, { 'if-match': etag })).status).toBe(200);
    const stale = await put(second.token, { players: [] }, { 'if-match': etag });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { detail: string }).detail).toContain('Maggie Manager');
    expect((await put(second.token, { players: [pick(b.playerId!, 4)] })).status).toBe(200);
    const bad = await put(first.token, { players: [], version: 'latest' });
    expect(bad.status).toBe(422);
  });
});

describe('A squad is checked before it is published', () => {
  it('refuses a squad with no starters, or more starters than a side fields', async () => {
    const match = await fixture();
    const publish = () => t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: first.token });
    await t.json(`/api/fixtures/${match}/selection`, { method: 'PUT', token: first.token, body: { players: [{ player_id: a.playerId, role: 'substitute', shirt_number: 12 }] } });
    const none = await publish();
    expect(none.status).toBe(422);
    expect(none.body.detail).toBe('Pick at least one starter before publishing the squad.');
    const twelve = await Promise.all(Array.from({ length: 12 }, (_, i) => t.signedIn('player', { full_name: `Starter ${i + 1}` })));
    await t.json(`/api/fixtures/${match}/selection`, {
      method: 'PUT',
      token: first.token,
      body: { players: twelve.map((p, i) => ({ player_id: p.playerId, role: 'starter', shirt_number: i + 1 })) },
    });
    const many = await publish();
    expect(many.status).toBe(422);
    expect(many.body.detail).toMatch(/at most 11 starters/);
    expect((await t.json(`/api/fixtures/${match}/selection`, { token: first.token })).body.published_at).toBeNull();
  });
});

describe('Today shows the match week', () => {
  it('the coming week’s matches with live counts: picked, confirmed, available, no answer', async () => {
    const match = await fixture();
    await t.json(`/api/fixtures/${match}/availability/me`, { method: 'PUT', token: a.token, body: { status: 'available' } });
    await t.json(`/api/fixtures/${match}/selection`, { method: 'PUT', token: first.token, body: { players: [pick(a.playerId!, 9), pick(b.playerId!, 4)] } });
    await t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: first.token });
    await t.json(`/api/fixtures/${match}/selection/me`, { method: 'PUT', token: a.token, body: { confirmed: true } });
    const today = (await t.json('/api/admin/dashboard', { token: first.token })).body.today;
    const entry = today.match_week.find((m: { fixture_id: string }) => m.fixture_id === match);
    expect(entry).toMatchObject({ team: 'Senior', away_team: 'Version Vale', published: true, selected: 2, confirmed: 1, available: 1 });
    const members = ((await t.json(`/api/fixtures/${match}/availability`, { token: first.token })).body.players as unknown[]).length;
    expect(entry.no_answer).toBe(members - 1);
  });
});

describe('Players see their team sheet', () => {
  it('once the squad is published, with positions; not before, and not another team’s', async () => {
    const match = await fixture();
    await t.json(`/api/fixtures/${match}/selection`, { method: 'PUT', token: first.token, body: { players: [pick(a.playerId!, 9)] } });
    await expect(t.services.selection.teamSheet(b.user, match)).rejects.toMatchObject({ status: 404, detail: 'The squad for this match is not published yet.' });
    await t.json(`/api/fixtures/${match}/selection/publish`, { method: 'POST', token: first.token });
    const sheet = await t.services.selection.teamSheet(b.user, match);
    expect(sheet.starters).toEqual([{ shirt_number: 9, full_name: 'Ada Attacker', position: 'Midfielder', captain: false }]);
    const outsider = await t.signedIn('player', { full_name: 'Otto Outsider' });
    await t.db.delete(playerTeams).where(eq(playerTeams.player_id, outsider.playerId!));
    await expect(t.services.selection.teamSheet(outsider.user, match)).rejects.toMatchObject({ status: 403 });
    await expect(t.services.selection.teamSheet(null, match)).rejects.toMatchObject({ status: 401 });
  });
});

describe('The captain', () => {
  it('one player may be named captain; the team sheet shows them; two captains are refused (422)', async () => {
    const match = await fixture();
    const two = await t.json(`/api/fixtures/${match}/selection`, {
      method: 'PUT',
      token: first.token,
      body: { players: [{ ...pick(a.playerId!, 9), captain: true }, { ...pick(b.playerId!, 4), captain: true }] },
    });
    expect(two.status).toBe(422);
    expect(two.body.detail).toBe('A squad has one captain: pick only one.');
    const one = await t.json(`/api/fixtures/${match}/selection`, { method: 'PUT', token: first.token, body: { players: [{ ...pick(a.playerId!, 9), captain: true }, pick(b.playerId!, 4)] } });
    expect(one.status).toBe(200);
    expect(one.body.players.map((p: { full_name: string; captain: boolean }) => [p.full_name, p.captain])).toEqual([
      ['Bo Back', false],
      ['Ada Attacker', true],
    ]);
    const sheet = await t.services.selection.teamSheet(first.user, match);
    expect(sheet.starters.find((p) => p.captain)?.full_name).toBe('Ada Attacker');
  });
});
