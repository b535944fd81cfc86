import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { players, teams, teamStaff } from '../db/schema';

// Issue 35: GET /api/me/match-day, what a member's phone keeps for match day without signal: their
// own next matches and sessions and their children's, with venue, map link, the manager's phone and
// the team sheet once published; never another family's child or another team's match.
const t = await createTestContext();
await t.initialize();
// In the first team (Senior) before any other team exists.
const player = await t.signedIn('player', { full_name: 'Sam Senior' });
const j = juniorFixtures(t);
const [u9] = await t.db.insert(teams).values({ name: 'Under 9s', slug: 'u9', age_group: 'U9', format: '5v5' }).returning();
const [senior] = await t.db.select().from(teams).where(eq(teams.slug, 'senior'));
const admin = await t.signedIn('admin');
const soon = (days: number) => addDaysIso(clubDateOf(new Date()), days);

async function fixture(teamId: string, opponent: string, venue: string) {
  const body = { team_id: teamId, away_team: opponent, match_date: soon(5), match_time: '10:00', venue, competition: 'League', is_home: true, status: 'upcoming', meet_time: '09:15' };
  const res = await t.json('/api/fixtures', { token: admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}
const u9Match = await fixture(u9!.id, 'Tiny Town', 'Mill Lane Rec, RV1 2AB');
const seniorMatch = await fixture(senior!.id, 'Grown-ups FC', 'Riverside Park');
// The Under 9s' manager, with a phone number on their record.
const [manager] = await t.db.insert(players).values({ full_name: 'Mo Manager', position: 'Staff', team_type: 'Staff', nationality: 'English', phone_number: '07700 900456' }).returning();
await t.db.insert(teamStaff).values({ player_id: manager!.id, team_id: u9!.id, role: 'manager' });

const aarav = await j.child('Aarav Shah', bornYearsAgo(8), 'u9');
const other = await j.child('Olly Other', bornYearsAgo(8), 'u9');
const parent = await j.guardian('Priya Shah', [aarav, 'primary']);
const otherParent = await j.guardian('Oscar Other', [other, 'primary']);
const pack = (token?: string) => t.json('/api/me/match-day', { token });

describe('GET /api/me/match-day', () => {
  it("a parent's pack: their child's next match with venue, map link, meet time and the manager's phone; no other team's, no other child", async () => {
    const res = await pack(parent.token);
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual([]);
    expect(res.body.children.map((c: { first_name: string }) => c.first_name)).toEqual(['Aarav']);
    const events = res.body.children[0].events as Array<Record<string, unknown>>;
    const match = events.find((e) => e.id === u9Match)!;
    expect(match).toMatchObject({
      kind: 'fixture',
      place: 'Mill Lane Rec, RV1 2AB',
      meet_time: '09:15',
      time: '10:00',
      map_link: 'https://www.openstreetmap.org/search?query=Mill%20Lane%20Rec%2C%20RV1%202AB',
      manager: { name: 'Mo Manager', phone: '07700 900456' },
      team_sheet: null,
    });
    expect(events.map((e) => e.id)).not.toContain(seniorMatch);
    expect(JSON.stringify(res.body)).not.toContain('Olly');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it("a player's pack: their own team's match, with the team sheet once the squad is published", async () => {
    const before = await pack(player.token);
    expect(before.status).toBe(200);
    expect(before.body.children).toEqual([]);
    const mine = before.body.events.find((e: { id: string }) => e.id === seniorMatch);
    expect(mine).toMatchObject({ place: 'Riverside Park', team_sheet: null });
    expect(before.body.events.map((e: { id: string }) => e.id)).not.toContain(u9Match);

    const picked = await t.json(`/api/fixtures/${seniorMatch}/selection`, {
      method: 'PUT',
      token: admin.token,
      body: { players: [{ player_id: player.playerId, role: 'starter', shirt_number: 9 }] },
    });
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect((await t.json(`/api/fixtures/${seniorMatch}/selection/publish`, { method: 'POST', token: admin.token })).status).toBeLessThan(300);
    const after = await pack(player.token);
    expect(after.body.events.find((e: { id: string }) => e.id === seniorMatch).team_sheet).toEqual({
      starters: [{ shirt_number: 9, full_name: 'Sam Senior', position: 'Midfielder', captain: false }],
      substitutes: [],
    });
  });

  it('another parent gets their own child only; a login with neither gets empty lists; signed out 401', async () => {
    const theirs = await pack(otherParent.token);
    expect(theirs.body.children.map((c: { player_id: string }) => c.player_id)).toEqual([other.id]);
    expect(JSON.stringify(theirs.body)).not.toContain('Aarav');
    const nobody = await j.adult('Nina Nobody');
    expect((await pack(nobody.token)).body).toMatchObject({ events: [], children: [] });
    const anonymous = await pack();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toBeTruthy();
  });
});
