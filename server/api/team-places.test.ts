import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { registration, unique } from '../../tests/support/players';
import { outbox, players, playerTeams, teams } from '../db/schema';
import { joinTeam, watchTeamPlaces, type TeamPlaceEvent } from '../services/players/team-places';

// Issue 32, point 3: one door for joining a team and leaving one. Every path that puts a player in
// a team or takes them out raises one event per team through it, seen here by a watching listener:
// a path that wrote player_teams itself would raise nothing, and these tests would fail.
const t = await createTestContext();
const j = juniorFixtures(t);
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const secretary = await j.adult('Sue Secretary', 'secretary');
const [senior] = await t.db.select().from(teams).where(eq(teams.slug, 'senior'));
const [vets] = await t.db.select().from(teams).where(eq(teams.slug, 'vets'));
const [u9] = await t.db.insert(teams).values({ name: 'Under 9s', slug: 'u9', age_group: 'U9', format: '7v7' }).returning();

const seen: TeamPlaceEvent[] = [];
afterAll(watchTeamPlaces(async (_tx, change) => void seen.push(...change.events)));

/** What the door raised for one player since the last look: "joined Senior by admin_edit (Ada Admin)". */
function eventsOf(playerId: string) {
  const mine = seen.filter((e) => e.player.id === playerId);
  seen.splice(0, seen.length, ...seen.filter((e) => e.player.id !== playerId));
  return mine.map((e) => `${e.type === 'joined_team' ? 'joined' : 'left'} ${e.team.name} by ${e.path} (${e.by.name})`).sort();
}

const openTeams = async (playerId: string) =>
  (await t.db.select({ name: teams.name }).from(playerTeams).innerJoin(teams, eq(teams.id, playerTeams.team_id)).where(and(eq(playerTeams.player_id, playerId), isNull(playerTeams.left_on))))
    .map((r) => r.name)
    .sort();

const adultBody = (overrides: Record<string, unknown> = {}) => ({
  full_name: `Sam Striker ${unique()}`,
  position: 'Forward',
  team_type: 'Senior',
  nationality: 'English',
  date_of_birth: '1994-02-03',
  ...overrides,
});

async function upcomingFixtureWith(playerId: string, teamId: string) {
  const fixture = await t.json('/api/fixtures', {
    token: admin.token,
    body: { away_team: `Opponents ${unique()}`, match_date: '2031-05-04', match_time: '10:30', venue: 'Mill Lane', competition: 'League', is_home: true, status: 'upcoming', team_id: teamId },
  });
  expect(fixture.status).toBe(201);
  const picked = await t.json(`/api/fixtures/${fixture.body.id}/selection`, { method: 'PUT', token: admin.token, body: { players: [{ player_id: playerId, role: 'starter', shirt_number: 9 }] } });
  expect(picked.status).toBe(200);
  return fixture.body.id as string;
}

const squadAlerts = (name: string) =>
  t.db
    .select({ to: outbox.to_address, subject: outbox.subject })
    .from(outbox)
    .where(like(outbox.subject, `${name} taken out of the squad%`));

describe('Joining a team: every path goes through the one door (issue 32)', () => {
  it('the admin’s player form: a new player joins, an edit moves them, one event per team joined or left', async () => {
    const created = await t.json('/api/players', { token: admin.token, body: adultBody({ team_ids: [senior!.id] }) });
    expect(created.status).toBe(201);
    expect(eventsOf(created.body.id)).toEqual(['joined Senior by admin_new_player (Ada Admin)']);

    const moved = await t.json(`/api/players/${created.body.id}`, { method: 'PUT', token: admin.token, body: adultBody({ full_name: created.body.full_name, team_ids: [vets!.id] }) });
    expect(moved.status).toBe(200);
    expect(eventsOf(created.body.id)).toEqual(['joined Vets by admin_edit (Ada Admin)', 'left Senior by admin_edit (Ada Admin)']);
    expect(await openTeams(created.body.id)).toEqual(['Vets']);

    // Saving the form again with the same teams changes no place and raises nothing.
    const again = await t.json(`/api/players/${created.body.id}`, { method: 'PUT', token: admin.token, body: adultBody({ full_name: created.body.full_name, team_ids: [vets!.id] }) });
    expect(again.status).toBe(200);
    expect(eventsOf(created.body.id)).toEqual([]);
  });

  it('approving a registration: the new member joins the team chosen, by the registration path', async () => {
    const reg = await t.json('/api/players/register', { body: registration() });
    expect(reg.status).toBe(201);
    // Waiting for approval is no place in a team.
    expect(eventsOf(reg.body.player_id)).toEqual([]);
    const approved = await t.json(`/api/admin/registrations/${reg.body.player_id}/approve`, { token: secretary.token, body: { team_id: vets!.id } });
    expect(approved.status).toBe(200);
    expect(eventsOf(reg.body.player_id)).toEqual(['joined Vets by registration (Sue Secretary)']);
    expect(await openTeams(reg.body.player_id)).toEqual(['Vets']);
  });

  it('approving a parent’s request: the child joins their junior team, by the guardian request path', async () => {
    const parent = await j.adult('Priya Sharma');
    const asked = await t.json('/api/guardian-requests', { token: parent.token, body: { child_name: 'Aarav Sharma', child_date_of_birth: bornYearsAgo(8), relationship: 'Mother' } });
    expect(asked.status).toBe(201);
    const approved = await t.json(`/api/guardian-requests/${asked.body.id}/approve`, { token: secretary.token, body: { team_id: u9!.id } });
    expect(approved.status).toBe(200);
    expect(eventsOf(approved.body.player_id)).toEqual(['joined Under 9s by guardian_request (Sue Secretary)']);
    expect(await openTeams(approved.body.player_id)).toEqual(['Under 9s']);
  });

  it('the rule book listens at the door, whichever path: a junior team needs a date of birth, and a refused change leaves nothing behind', async () => {
    const [undated] = await t.db.insert(players).values({ full_name: 'Nia Nodate', status: 'active' }).returning();
    const by = { id: admin.user.id, full_name: 'Ada Admin' };
    for (const path of ['registration', 'guardian_request', 'admin_edit'] as const) {
      const joining = t.db.transaction((tx) => joinTeam(tx, { mail: t.services.mail }, { playerId: undated!.id, teamId: u9!.id, path, by }));
      await expect(joining).rejects.toMatchObject({ kind: 'invalid', detail: "Under 9s is a junior team (U9): enter the player's date of birth before adding them to it." });
    }
    expect(eventsOf(undated!.id)).toEqual([]);
    expect(await openTeams(undated!.id)).toEqual([]);
  });
});

describe('Leaving a team: every path goes through the one door, and the match week hears of it', () => {
  it('the admin’s player form takes a player out of a team: out of its upcoming squad, its staff told', async () => {
    const created = await t.json('/api/players', { token: admin.token, body: adultBody({ full_name: 'Leo Mover', team_ids: [senior!.id, vets!.id] }) });
    const fixtureId = await upcomingFixtureWith(created.body.id, senior!.id);
    eventsOf(created.body.id);
    const moved = await t.json(`/api/players/${created.body.id}`, { method: 'PUT', token: admin.token, body: adultBody({ full_name: 'Leo Mover', team_ids: [vets!.id] }) });
    expect(moved.status).toBe(200);
    expect(eventsOf(created.body.id)).toEqual(['left Senior by admin_edit (Ada Admin)']);
    const squad = await t.json(`/api/fixtures/${fixtureId}/selection`, { token: admin.token });
    expect(JSON.stringify(squad.body)).not.toContain(created.body.id);
    expect((await squadAlerts('Leo Mover')).map((m) => m.to)).toContain(admin.user.email);
  });

  it('leaving the club leaves every team, coming back rejoins them, by their own paths', async () => {
    const created = await t.json('/api/players', { token: admin.token, body: adultBody({ full_name: 'Lou Leaver', team_ids: [senior!.id, vets!.id] }) });
    const fixtureId = await upcomingFixtureWith(created.body.id, vets!.id);
    // Places of some standing (a place begun today leaves no trace when left the same day).
    await t.db.update(playerTeams).set({ joined_on: '2020-01-01' }).where(eq(playerTeams.player_id, created.body.id));
    eventsOf(created.body.id);
    const left = await t.json(`/api/players/${created.body.id}/leave`, { token: admin.token, method: 'POST' });
    expect(left.status).toBe(200);
    expect(left.body.removed_from_squads).toEqual([fixtureId]);
    expect(eventsOf(created.body.id)).toEqual(['left Senior by left_club (Ada Admin)', 'left Vets by left_club (Ada Admin)']);
    expect((await squadAlerts('Lou Leaver')).length).toBeGreaterThan(0);

    const back = await t.json(`/api/players/${created.body.id}/return`, { token: admin.token, method: 'POST' });
    expect(back.status).toBe(200);
    expect(eventsOf(created.body.id)).toEqual(['joined Senior by returned_to_club (Ada Admin)', 'joined Vets by returned_to_club (Ada Admin)']);
    expect(await openTeams(created.body.id)).toEqual(['Senior', 'Vets']);
  });

  it('deleting a record leaves its teams through the door first: the upcoming squad’s staff are told, as when a member leaves', async () => {
    const created = await t.json('/api/players', { token: admin.token, body: adultBody({ full_name: 'Del Deleted', team_ids: [senior!.id] }) });
    await upcomingFixtureWith(created.body.id, senior!.id);
    eventsOf(created.body.id);
    expect((await t.json(`/api/players/${created.body.id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect(eventsOf(created.body.id)).toEqual(['left Senior by deleted (Ada Admin)']);
    expect((await squadAlerts('Del Deleted')).map((m) => m.to)).toContain(admin.user.email);
    expect(await t.db.select().from(playerTeams).where(eq(playerTeams.player_id, created.body.id))).toEqual([]);
  });
});

describe('No way round the door', () => {
  it('nothing in server/ but the door writes player_teams (the seed and the backup upgrade are not club events)', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const allowed = ['services/players/team-places.ts', 'db/seed.ts', 'db/backup/older.ts'];
    const writers = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('migrations'))
      .filter((file) => /(insert|update|delete)\(playerTeams\)|(INSERT INTO|UPDATE|DELETE FROM) player_teams/.test(readFileSync(path.join(root, file), 'utf8')))
      .map((file) => file.split(path.sep).join('/'));
    expect(writers.sort()).toEqual(allowed.sort());
  });
});
