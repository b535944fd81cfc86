import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clubDateOf, clubTimeOf } from '../../shared/dates';
import { createTestContext } from '../../tests/support/api';
import { availability, playerTeams, teams as teamsTable } from '../db/schema';

const t = await createTestContext();
const admin = await t.signedIn('admin');
const staff = await t.signedIn('staff');
// A login with no member record: it has no availability of its own to give.
const noMember = await t.signedIn('staff', { member: false });
const player = await t.signedIn('player', { full_name: 'Sam Senior' }); // in Senior
const mate = await t.signedIn('player', { full_name: 'Alex Senior' }); // in Senior
const vet = await t.signedIn('player', { full_name: 'Val Vet' });

const teamList = (await t.json('/api/teams')).body as Array<{ id: string; name: string }>;
const senior = teamList.find((x) => x.name === 'Senior')!.id;
const vets = teamList.find((x) => x.name === 'Vets')!.id;
await t.db.update(playerTeams).set({ team_id: vets }).where(eq(playerTeams.player_id, vet.playerId!));

/** A fixture kicking off `hoursAhead` from now (club time), for a team. */
async function fixture(hoursAhead: number, overrides: Record<string, unknown> = {}) {
  const at = new Date(Date.now() + hoursAhead * 3_600_000);
  const res = await t.json('/api/fixtures', {
    token: staff.token,
    body: { team_id: senior, away_team: 'Riverside Albion', match_date: clubDateOf(at), match_time: clubTimeOf(at), venue: 'Home Ground', competition: 'League', ...overrides },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const answers = async () => (await t.db.select({ n: count() }).from(availability))[0].n;
const put = (path: string, token: string | undefined, body: unknown) => t.json(path, { method: 'PUT', token, body });

const saturday = await fixture(72);

describe('PUT /api/fixtures/{id}/availability/me', () => {
  it('a player of the team answers, changes the answer, and sees it in GET /api/players/me/availability', async () => {
    const first = await put(`/api/fixtures/${saturday}/availability/me`, player.token, { status: 'maybe', note: 'Back from holiday that morning' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ kind: 'fixture', event_id: saturday, player_id: player.playerId, status: 'maybe', note: 'Back from holiday that morning', on_behalf: false });
    const second = await put(`/api/fixtures/${saturday}/availability/me`, player.token, { status: 'available' });
    expect(second.body).toMatchObject({ status: 'available', note: null });
    const mine = await t.json('/api/players/me/availability', { token: player.token });
    expect(mine.status).toBe(200);
    const event = mine.body.find((e: { id: string }) => e.id === saturday);
    expect(event).toMatchObject({ kind: 'fixture', team: 'Senior', title: 'Senior vs Riverside Albion', open: true, cancelled: false, answer: { status: 'available', note: null } });
    // Training sessions of the player's team are listed too, without an answer yet.
    expect(mine.body.some((e: { kind: string; answer: unknown }) => e.kind === 'training' && e.answer === null)).toBe(true);
    const [stored] = await t.db.select().from(availability).where(eq(availability.fixture_id, saturday));
    expect(stored.answered_by).toBe(player.user.id);
  });

  it('401 without a sign-in (before the body is judged), 403 for a user with no player record', async () => {
    const before = await answers();
    expect((await put(`/api/fixtures/${saturday}/availability/me`, undefined, { status: 'nonsense' })).status).toBe(401);
    const staffSelf = await put(`/api/fixtures/${saturday}/availability/me`, noMember.token, { status: 'available' });
    expect(staffSelf.status).toBe(403);
    expect(staffSelf.body.detail).toMatch(/no player is linked/);
    expect(await answers()).toBe(before);
  });

  it('validates: status from the list, a note of at most 280 characters, nothing else; nothing stored', async () => {
    const before = await answers();
    for (const body of [{}, { status: 'yes' }, { status: 'available', note: 'x'.repeat(281) }, { status: 'available', note: 5 }, { status: 'available', extra: 1 }]) {
      const res = await put(`/api/fixtures/${saturday}/availability/me`, mate.token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
    expect((await put(`/api/fixtures/${saturday}/availability/me`, mate.token, { status: 'available', note: 'x'.repeat(280) })).status).toBe(200);
    expect(await answers()).toBe(before + 1);
  });

  it("403 for a player not in the fixture's team; 404 for an unknown fixture", async () => {
    const res = await put(`/api/fixtures/${saturday}/availability/me`, vet.token, { status: 'available' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toMatch(/not in this event's team/);
    expect((await put('/api/fixtures/00000000-0000-4000-8000-000000000000/availability/me', player.token, { status: 'available' })).status).toBe(404);
    expect((await put('/api/fixtures/not-a-uuid/availability/me', player.token, { status: 'available' })).status).toBe(404);
  });

  it("after the team's lock time (2 hours before kick-off by default): 409 with the time", async () => {
    const soon = await fixture(1.5);
    const res = await put(`/api/fixtures/${soon}/availability/me`, player.token, { status: 'unavailable' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/^Answers closed 2 hours before the start \(at \d{4}-\d\d-\d\d \d\d:\d\d, club time\)/);
    // The lock is per team: with 1 hour it is open again.
    await t.db.update(teamsTable).set({ availability_lock_hours: 1 }).where(eq(teamsTable.id, senior));
    expect((await put(`/api/fixtures/${soon}/availability/me`, player.token, { status: 'unavailable' })).status).toBe(200);
    await t.db.update(teamsTable).set({ availability_lock_hours: 2 }).where(eq(teamsTable.id, senior));
    const mine = (await t.json('/api/players/me/availability', { token: player.token })).body;
    expect(mine.find((e: { id: string }) => e.id === soon)).toMatchObject({ open: false, answer: { status: 'unavailable' } });
  });

  it('a cancelled fixture takes no answers (409), nor a played one', async () => {
    const cancelled = await fixture(100, { status: 'cancelled' });
    const res = await put(`/api/fixtures/${cancelled}/availability/me`, player.token, { status: 'available' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/cancelled/);
    const past = await fixture(-30, { status: 'completed', home_score: 1, away_score: 0 });
    expect((await put(`/api/fixtures/${past}/availability/me`, player.token, { status: 'available' })).status).toBe(409);
  });
});

describe('PUT …/availability/me and …/selection/me without a player record', () => {
  it('answers 403 before judging the body, and stores nothing', async () => {
    const before = await answers();
    for (const body of [{ status: 'available' }, { status: 'nonsense' }, 'not json at all']) {
      const res = await put(`/api/fixtures/${saturday}/availability/me`, noMember.token, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.detail).toBeTruthy();
    }
    expect((await put(`/api/fixtures/${saturday}/selection/me`, noMember.token, { confirmed: 'maybe' })).status).toBe(403);
    expect(await answers()).toBe(before);
  });
});

describe('PUT /api/fixtures/{id}/availability/{player_id} (staff for a player)', () => {
  it('a player cannot answer for another player (403), whatever the body', async () => {
    const before = await answers();
    expect((await put(`/api/fixtures/${saturday}/availability/${mate.playerId}`, player.token, { status: 'unavailable' })).status).toBe(403);
    expect((await put(`/api/fixtures/${saturday}/availability/${mate.playerId}`, player.token, { status: 'bogus' })).status).toBe(403);
    expect(await answers()).toBe(before);
  });

  it('staff and admins answer for a player, recorded as on their behalf; even after the lock, never when cancelled', async () => {
    const res = await put(`/api/fixtures/${saturday}/availability/${mate.playerId}`, staff.token, { status: 'unavailable', note: 'Phoned in: ill' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'unavailable', on_behalf: true });
    const [stored] = await t.db.select().from(availability).where(eq(availability.player_id, mate.playerId!));
    expect(stored.answered_by).toBe(staff.user.id);
    const soon = await fixture(1);
    expect((await put(`/api/fixtures/${soon}/availability/${mate.playerId}`, admin.token, { status: 'available' })).status).toBe(200);
    const cancelled = await fixture(50, { status: 'cancelled' });
    expect((await put(`/api/fixtures/${cancelled}/availability/${mate.playerId}`, admin.token, { status: 'available' })).status).toBe(409);
  });

  it('422 for a player not in the team, 404 for an unknown player', async () => {
    expect((await put(`/api/fixtures/${saturday}/availability/${vet.playerId}`, staff.token, { status: 'available' })).status).toBe(422);
    expect((await put(`/api/fixtures/${saturday}/availability/00000000-0000-4000-8000-000000000000`, staff.token, { status: 'available' })).status).toBe(404);
  });
});

describe('GET /api/fixtures/{id}/availability', () => {
  it('staff see counts and every player of the team with answers and notes', async () => {
    const fresh = await fixture(80);
    await put(`/api/fixtures/${fresh}/availability/me`, player.token, { status: 'available', note: 'Can drive two' });
    await put(`/api/fixtures/${fresh}/availability/${mate.playerId}`, staff.token, { status: 'maybe' });
    const res = await t.json(`/api/fixtures/${fresh}/availability`, { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual({ available: 1, maybe: 1, unavailable: 0, no_answer: res.body.players.length - 2 });
    expect(res.body.players.find((p: { player_id: string }) => p.player_id === player.playerId)).toMatchObject({ full_name: 'Sam Senior', status: 'available', note: 'Can drive two', on_behalf: false, answered_by: null });
    expect(res.body.players.find((p: { player_id: string }) => p.player_id === mate.playerId)).toMatchObject({ status: 'maybe', on_behalf: true, answered_by: 'Test staff' });
    expect(res.body.players.some((p: { player_id: string }) => p.player_id === vet.playerId)).toBe(false);
  });

  it('players get 403, anonymous 401', async () => {
    expect((await t.json(`/api/fixtures/${saturday}/availability`, { token: player.token })).status).toBe(403);
    expect((await t.json(`/api/fixtures/${saturday}/availability`)).status).toBe(401);
    expect((await t.json('/api/players/me/availability')).status).toBe(401);
    expect((await t.json('/api/players/me/availability', { token: noMember.token })).status).toBe(403);
  });
});

describe('/api/training-sessions/{id}/availability', () => {
  const nextSession = async (token: string) =>
    ((await t.json('/api/players/me/availability', { token })).body as Array<{ kind: string; id: string; open: boolean }>).find((e) => e.kind === 'training' && e.open)!;

  it('the same rules for a training session: answer, team, other player, counts, cancelled', async () => {
    const session = await nextSession(player.token);
    expect((await put(`/api/training-sessions/${session.id}/availability/me`, player.token, { status: 'unavailable', note: 'Work' })).status).toBe(200);
    expect((await put(`/api/training-sessions/${session.id}/availability/me`, vet.token, { status: 'available' })).status).toBe(403);
    expect((await put(`/api/training-sessions/${session.id}/availability/${mate.playerId}`, player.token, { status: 'available' })).status).toBe(403);
    expect((await put(`/api/training-sessions/${session.id}/availability/${mate.playerId}`, staff.token, { status: 'available' })).status).toBe(200);
    const list = await t.json(`/api/training-sessions/${session.id}/availability`, { token: staff.token });
    expect(list.status).toBe(200);
    expect(list.body.counts).toMatchObject({ available: 1, unavailable: 1 });
    expect((await t.json(`/api/training-sessions/${session.id}`, { method: 'PATCH', token: staff.token, body: { status: 'cancelled' } })).status).toBe(200);
    const res = await put(`/api/training-sessions/${session.id}/availability/me`, player.token, { status: 'available' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/cancelled/);
  });
});

describe('one-click answer links in e-mail (signed, the page POSTs)', () => {
  const linkOf = (path: string) => {
    const p = new URL(path, 'http://x').searchParams;
    return { kind: p.get('event')!, id: p.get('id')!, player: p.get('player')!, sig: p.get('sig')! };
  };

  it("checking a link changes nothing; answering by it records the player's own answer", async () => {
    const match = await fixture(90);
    const path = await t.services.availability.linkPath('fixture', match, mate.playerId!, 'unavailable');
    expect(path).toMatch(/^\/availability\?event=fixture&id=.+&player=.+&status=unavailable&sig=/);
    const before = await answers();
    const checked = await t.services.availability.checkLink(linkOf(path));
    expect(checked.view).toMatchObject({ id: match, open: true });
    expect(checked.answer).toBeNull();
    expect(await answers()).toBe(before);
    const saved = await t.services.availability.answerByLink(linkOf(path), 'unavailable', 'Away that weekend');
    expect(saved).toMatchObject({ player_id: mate.playerId, status: 'unavailable', note: 'Away that weekend', on_behalf: false });
    const [row] = await t.db.select().from(availability).where(eq(availability.fixture_id, match));
    expect(row.answered_by).toBe(mate.user.id);
  });

  it('a forged or altered link is refused (403), and a link still obeys the lock and bad input rules', async () => {
    const match = await fixture(90);
    const good = linkOf(await t.services.availability.linkPath('fixture', match, mate.playerId!, 'available'));
    await expect(t.services.availability.checkLink({ ...good, sig: 'x'.repeat(43) })).rejects.toMatchObject({ status: 403 });
    await expect(t.services.availability.answerByLink({ ...good, player: player.playerId! }, 'available')).rejects.toMatchObject({ status: 403 });
    await expect(t.services.availability.answerByLink({ ...good, kind: 'training' }, 'available')).rejects.toMatchObject({ status: 403 });
    await expect(t.services.availability.answerByLink(good, 'perhaps')).rejects.toMatchObject({ status: 422 });
    const soon = await fixture(1);
    const late = linkOf(await t.services.availability.linkPath('fixture', soon, mate.playerId!, 'available'));
    await expect(t.services.availability.answerByLink(late, 'available')).rejects.toMatchObject({ status: 409 });
  });
});
