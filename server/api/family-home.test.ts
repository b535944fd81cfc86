import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { addDaysIso, clubDateOf } from '../../shared/dates';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { dbsChecks, guardianRequests, players, playerTeams, teams } from '../db/schema';

// Issue 31: a parent's family home (GET /api/guardians/me/family), their private calendar feed
// (their children's teams only), and who answered for a child, as the child, the parent and staff read it.
const t = await createTestContext({ publicUrl: 'https://club.example.org' });
await t.initialize();
const j = juniorFixtures(t);
const [u9] = await t.db.insert(teams).values({ name: 'Under 9s', slug: 'u9', age_group: 'U9', format: '5v5' }).returning();
const [u12] = await t.db.insert(teams).values({ name: 'Under 12s', slug: 'u12', age_group: 'U12', format: '9v9' }).returning();
const admin = await t.signedIn('admin');
const coach = await t.signedIn('staff', { full_name: 'Carl Coach' });
// A junior team's coach runs it only with an in-date DBS check (issue 31, ADR 048).
await t.db.insert(dbsChecks).values({ player_id: coach.playerId!, status: 'in_date', expires_on: '2099-01-01', checked_by: 'Wendy Welfare', checked_on: '2026-01-01' });
const aarav = await j.child('Aarav Sharma', bornYearsAgo(8), 'u9');
const meera = await j.child('Meera Sharma', bornYearsAgo(11), 'u12');
const priya = await j.guardian('Priya Sharma', [aarav, 'primary'], [meera, 'primary']);
const dev = await j.guardian('Dev Sharma', [aarav, 'secondary']);
const soon = (days: number) => addDaysIso(clubDateOf(new Date()), days);

async function fixture(teamId: string, opponent: string, extra: Record<string, unknown> = {}) {
  const body = { team_id: teamId, away_team: opponent, match_date: soon(5), match_time: '10:00', venue: 'Mill Lane', competition: 'League', is_home: true, status: 'upcoming', ...extra };
  const res = await t.json('/api/fixtures', { token: admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}
const u9Match = await fixture(u9!.id, 'Tiny Town', { meet_time: '09:15', kit: 'Red shirts, shin pads' });
const u12Match = await fixture(u12!.id, 'Teen Town', { match_date: soon(6), meet_time: '13:30', kit: 'Blue away kit' });
const [senior] = await t.db.select().from(teams).where(eq(teams.slug, 'senior'));
const seniorMatch = await fixture(senior!.id, 'Grown-ups FC');
const u9Cancelled = await fixture(u9!.id, 'Rain Rovers', { match_date: soon(12) });
const cancelling = await t.json(`/api/fixtures/${u9Cancelled}`, {
  method: 'PUT',
  token: admin.token,
  body: { team_id: u9!.id, away_team: 'Rain Rovers', match_date: soon(12), match_time: '10:00', venue: 'Mill Lane', competition: 'League', is_home: true, status: 'cancelled' },
});
expect(cancelling.status, JSON.stringify(cancelling.body)).toBeLessThan(300);

function feedEvents(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  return root.getAllSubcomponents('vevent').map((e) => ({
    uid: e.getFirstPropertyValue('uid') as string,
    summary: e.getFirstPropertyValue('summary') as string,
    description: e.getFirstPropertyValue('description') as string,
  }));
}

async function privateFeedOf(token: string) {
  const issued = await t.json('/api/calendar/token', { method: 'POST', token });
  expect(issued.status).toBe(201);
  const res = await t.app.request(new URL(issued.body.url).pathname);
  expect(res.status).toBe(200);
  return feedEvents(await res.text());
}

describe("A parent's private calendar feed", () => {
  it("holds their children's teams' events only, each with the child's answer; no other team's", async () => {
    const put = await t.json(`/api/players/${aarav.id}/availability/fixture/${u9Match}`, { method: 'PUT', token: priya.token, body: { status: 'available' } });
    expect(put.status).toBe(200);
    const events = await privateFeedOf(priya.token);
    const fixtureUids = events.filter((e) => e.uid.startsWith('fixture-')).map((e) => e.uid);
    expect(fixtureUids).toEqual(expect.arrayContaining([`fixture-${u9Match}@club.example.org`, `fixture-${u12Match}@club.example.org`]));
    expect(fixtureUids).not.toContain(`fixture-${seniorMatch}@club.example.org`);
    // Every event is of the two children's teams: no Senior or Vets training, no other team's match.
    for (const e of events) expect(e.summary, e.summary).toMatch(/Under 9s|Under 12s/);
    const u9Event = events.find((e) => e.uid === `fixture-${u9Match}@club.example.org`)!;
    expect(u9Event.description).toContain('Aarav: Available');
    expect(u9Event.description).toContain('Meet at 09:15');
    expect(u9Event.description).toContain('Kit: Red shirts, shin pads');
    expect(u9Event.description).not.toContain('Meera');
    expect(events.find((e) => e.uid === `fixture-${u12Match}@club.example.org`)!.description).toContain('Meera: not answered yet');
  });

  it('a member who is also a parent: their own team’s events with their answer, their child’s with the child’s, no other team’s', async () => {
    const raj = await t.signedIn('player', { full_name: 'Raj Sharma' });
    await j.link(raj.user.id, meera.id, 'secondary');
    // In the Senior team (the test's junior teams sort first, so signedIn's default team is not Senior here).
    await t.db.update(playerTeams).set({ team_id: senior!.id }).where(eq(playerTeams.player_id, raj.playerId!));
    const events = await privateFeedOf(raj.token);
    const own = events.find((e) => e.uid === `fixture-${seniorMatch}@club.example.org`)!;
    expect(own.description).toContain('Your answer: not given yet');
    const meeras = events.find((e) => e.uid === `fixture-${u12Match}@club.example.org`)!;
    expect(meeras.description).toContain('Meera: not answered yet');
    expect(meeras.description).not.toContain('Your answer');
    expect(events.find((e) => e.uid === `fixture-${u9Match}@club.example.org`)).toBeUndefined();
    const home = (await t.json('/api/guardians/me/family', { token: raj.token })).body;
    expect(home.children.map((c: { full_name: string }) => c.full_name)).toEqual(['Meera Sharma']);
  });

  it('a parent of no child in a team gets an empty feed, not the club’s', async () => {
    const lonely = await j.adult('Lorna Nochild');
    expect(await privateFeedOf(lonely.token)).toEqual([]);
  });
});

describe('GET /api/guardians/me/family', () => {
  it("lists each child's next events with meet time, kit, venue and answers; cancelled ones marked; the family's total owed and how to pay", async () => {
    const settings = (await t.json('/api/settings', { token: admin.token })).body;
    const bank = { account_name: 'Riverside Rovers FC', sort_code: '30-91-74', account_number: '12345678' };
    expect((await t.json('/api/settings', { method: 'PUT', token: admin.token, body: { ...settings, ...bank } })).status).toBe(200);
    for (const [member, pence] of [
      [aarav.id, 4500],
      [meera.id, 3000],
    ] as const) {
      const charged = await t.json('/api/treasury/charges', {
        token: admin.token,
        body: { member_id: member, category: 'subs', description: 'Autumn subs', amount_pence: pence, due_date: soon(10) },
      });
      expect(charged.status, JSON.stringify(charged.body)).toBe(201);
    }
    await t.db.insert(guardianRequests).values({ user_id: priya.user.id, child_name: 'Ravi Sharma', child_date_of_birth: bornYearsAgo(6), relationship: 'Mother', team_id: u9!.id });

    const res = await t.json('/api/guardians/me/family', { token: priya.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const home = res.body;
    expect(home.children.map((c: { full_name: string }) => c.full_name)).toEqual(['Aarav Sharma', 'Meera Sharma']);
    const [a, m] = home.children;
    expect(a.standing).toBe('in_team');
    const next = a.next_events.find((e: { id: string }) => e.id === u9Match);
    expect(next).toMatchObject({ meet_time: '09:15', kit: 'Red shirts, shin pads', place: 'Mill Lane', cancelled: false });
    expect(next.answer).toMatchObject({ status: 'available', by: 'guardian', by_you: true, answered_by: 'Priya Sharma' });
    expect(a.next_events.find((e: { id: string }) => e.id === u9Cancelled)).toMatchObject({ cancelled: true, open: false });
    expect(m.next_events.map((e: { id: string }) => e.id)).toContain(u12Match);
    expect(m.next_events.map((e: { id: string }) => e.id)).not.toContain(u9Match);

    expect(home.money).toMatchObject({ owed_pence: 7500, account_name: 'Riverside Rovers FC', sort_code: '30-91-74', account_number: '12345678', bank_details_set: true });
    expect(home.money.reference).toMatch(/^[A-Z2-9]{4,18}$/);
    expect(home.money.charges.map((c: { member_name: string }) => c.member_name).sort()).toEqual(['Aarav Sharma', 'Meera Sharma']);
    expect(home.requests).toEqual([expect.objectContaining({ child_name: 'Ravi Sharma', team_name: 'Under 9s' })]);
    expect(home.calendar_link_since).toEqual(expect.any(String));
  });

  it('the other parent sees who answered (by name); a login with no children gets empty lists and no money; 401 signed out', async () => {
    const devHome = (await t.json('/api/guardians/me/family', { token: dev.token })).body;
    const answer = devHome.children[0].next_events.find((e: { id: string }) => e.id === u9Match).answer;
    expect(answer).toMatchObject({ by: 'guardian', answered_by: 'Priya Sharma', by_you: false });
    const lonely = await j.adult('Nina Nobody');
    expect((await t.json('/api/guardians/me/family', { token: lonely.token })).body).toEqual({
      children: [],
      requests: [],
      money: null,
      calendar_link_since: null,
      phone: null,
    });
    expect((await t.json('/api/guardians/me/family')).status).toBe(401);
  });

  it("a child whose team place ended, or who left the club, is not 'waiting for a team'", async () => {
    const sam = await j.child('Sam Sharma', bornYearsAgo(10), 'u12');
    const ria = await j.child('Ria Sharma', bornYearsAgo(9), 'u9');
    const parent = await j.guardian('Pat Sharma', [sam, 'primary'], [ria, 'primary']);
    await t.db.update(playerTeams).set({ left_on: soon(-3) }).where(eq(playerTeams.player_id, sam.id));
    await t.db.update(players).set({ status: 'left' }).where(eq(players.id, ria.id));
    await t.db.update(playerTeams).set({ left_on: soon(-3) }).where(eq(playerTeams.player_id, ria.id));
    const { children } = (await t.json('/api/guardians/me/family', { token: parent.token })).body;
    expect(children.find((c: { full_name: string }) => c.full_name === 'Sam Sharma')).toMatchObject({ standing: 'team_ended', former_teams: ['Under 12s'], next_events: [] });
    expect(children.find((c: { full_name: string }) => c.full_name === 'Ria Sharma')).toMatchObject({ standing: 'left_club' });
  });
});

describe('PUT /api/guardians/me/phone', () => {
  it('saves the parent’s own number, refuses what is not one (422), and removes it when blank', async () => {
    const saved = await t.json('/api/guardians/me/phone', { method: 'PUT', token: priya.token, body: { phone: ' 07700 900456 ' } });
    expect(saved).toMatchObject({ status: 200, body: { phone: '07700 900456' } });
    expect((await t.json('/api/guardians/me/family', { token: priya.token })).body.phone).toBe('07700 900456');
    const bad = await t.json('/api/guardians/me/phone', { method: 'PUT', token: priya.token, body: { phone: 'call me maybe' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBeTruthy();
    expect((await t.json('/api/guardians/me/phone', { method: 'PUT', token: priya.token, body: { phone: '' } })).body).toEqual({ phone: null });
  });
});

describe('Who answered, as staff read it', () => {
  it("a parent's answer reads 'Answered by' them and is marked by_guardian; a coach's answer is not", async () => {
    const list = await t.json(`/api/fixtures/${u9Match}/availability`, { token: coach.token });
    expect(list.status).toBe(200);
    expect(list.body.players.find((p: { player_id: string }) => p.player_id === aarav.id)).toMatchObject({
      by_guardian: true,
      has_login: false,
      answered_by: 'Priya Sharma, parent',
    });
    const other = await j.child('Omar Other', bornYearsAgo(8), 'u9');
    expect((await t.json(`/api/fixtures/${u9Match}/availability/${other.id}`, { method: 'PUT', token: coach.token, body: { status: 'maybe' } })).status).toBe(200);
    const again = await t.json(`/api/fixtures/${u9Match}/availability`, { token: coach.token });
    expect(again.body.players.find((p: { player_id: string }) => p.player_id === other.id)).toMatchObject({ by_guardian: false, answered_by: 'Carl Coach' });
  });
});

describe('POST /api/guardian-invitations by a parent (adding the other parent)', () => {
  it('a primary parent invites the other parent of their own child (not as primary); a secondary parent or a stranger may not', async () => {
    const email = `other_parent_${j.unique()}@example.com`;
    const ok = await t.json('/api/guardian-invitations', { token: priya.token, body: { player_id: meera.id, email, level: 'secondary', relationship: 'Father' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ player_id: meera.id, email, level: 'secondary' });
    const asPrimary = await t.json('/api/guardian-invitations', { token: priya.token, body: { player_id: meera.id, email, level: 'primary' } });
    expect(asPrimary.status).toBe(422);
    expect(asPrimary.body.errors[0].field).toBe('level');
    expect((await t.json('/api/guardian-invitations', { token: dev.token, body: { player_id: aarav.id, email, level: 'secondary' } })).status).toBe(403);
    const stranger = await j.adult('Stan Stranger');
    for (const player of [meera.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const refused = await t.json('/api/guardian-invitations', { token: stranger.token, body: { player_id: player, email, level: 'secondary' } });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toMatch(/primary parent or carer/);
    }
  });
});
