/**
 * Issue 30's findings, one test each (the access matrix covers every operation; these follow the
 * attacker's exact steps). Each failed on the code before the rule book.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { registration } from '../../tests/support/players';
import { dbsChecks, feedback, fixtures, players, playerTeams, teams, teamStaff, trainingSlots, users } from '../db/schema';
import { IDENTITY_BY_GUARDIANS, OWN_TEAMS_ONLY } from '.';

const t = await createTestContext();
const j = juniorFixtures(t);
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const [u12] = await t.db.insert(teams).values({ name: 'U12 Robins', slug: 'u12-robins', age_group: 'U12', format: '9v9' }).returning();
const [u9] = await t.db.insert(teams).values({ name: 'U9 Wrens', slug: 'u9-wrens', age_group: 'U9', format: '7v7' }).returning();
const [senior] = await t.db.select().from(teams).where(eq(teams.slug, 'senior'));

/** A signed-in adult on a team's staff, with an in-date DBS check (a junior team needs one). */
async function coach(name: string, teamId: string) {
  const login = await j.adult(name);
  const [record] = await t.db.insert(players).values({ full_name: name, user_id: login.user.id, team_type: 'Staff', position: 'Staff' }).returning();
  await t.db.insert(teamStaff).values({ player_id: record!.id, team_id: teamId, role: 'coach' });
  await t.db.insert(dbsChecks).values({ player_id: record!.id, status: 'in_date', expires_on: '2099-01-01', checked_by: 'Wendy Welfare', checked_on: '2026-01-01' });
  // The login's access level, as granting the place through the API sets it (syncAccess).
  await t.db.update(users).set({ role: 'staff' }).where(eq(users.id, login.user.id));
  // Signed in again now that the staff place exists (the login's access level follows it).
  const again = await t.json('/api/auth/login', { body: { username: login.username, password: login.password } });
  return { ...login, token: again.body.access_token as string, playerId: record!.id };
}

const seniorCoach = await coach('Sid Senior', senior!.id);
const u12Coach = await coach('Uma Twelve', u12!.id);
const treasurer = await j.adult('Tom Treasurer', 'treasurer');
const secretary = await j.adult('Sue Secretary', 'secretary');
const aarav = await j.child('Aarav Shah', bornYearsAgo(11), 'u12-robins');
const priya = await j.guardian('Priya Shah', [aarav, 'primary']);

/** A home league match on 6 March 2027 (with `version`, the body of an edit). */
const matchBody = (teamId: string, venue = 'Riverside Park', version?: string) => ({
  team_id: teamId,
  away_team: 'Valley',
  match_date: '2027-03-06',
  match_time: '10:00',
  venue,
  competition: 'League',
  is_home: true,
  ...(version ? { version } : {}),
});

async function fixtureOf(teamId: string) {
  const res = await t.json('/api/fixtures', { token: admin.token, body: matchBody(teamId) });
  return res.body as { id: string; version: string };
}

describe('Issue 30: the findings, as the attacker tried them', () => {
  it('finding 2: the Senior coach cannot move the U12 match, the treasurer cannot add or delete fixtures, a coach cannot make U9 "Open"', async () => {
    const match = await fixtureOf(u12!.id);
    const moved = await t.json(`/api/fixtures/${match.id}`, {
      method: 'PUT',
      token: seniorCoach.token,
      body: matchBody(u12!.id, 'car park behind the station', match.version),
    });
    expect(moved.status).toBe(403);
    expect(moved.body.detail).toBe(OWN_TEAMS_ONLY);
    expect((await t.db.select().from(fixtures).where(eq(fixtures.id, match.id)))[0]!.venue).toBe('Riverside Park');
    // Nor can they move their own match into a team they do not run.
    const own = await fixtureOf(senior!.id);
    const intoU12 = await t.json(`/api/fixtures/${own.id}`, { method: 'PUT', token: seniorCoach.token, body: matchBody(u12!.id, undefined, own.version) });
    expect(intoU12.status).toBe(403);
    expect((await t.json(`/api/fixtures/${match.id}`, { method: 'DELETE', token: treasurer.token })).status).toBe(403);
    const created = await t.json('/api/fixtures', { token: treasurer.token, body: matchBody(u12!.id) });
    expect(created.status).toBe(403);
    const u9Coach = await coach('Wes Nine', u9!.id);
    const open = await t.json(`/api/teams/${u9!.id}`, { method: 'PUT', token: u9Coach.token, body: { name: 'U9 Wrens', age_group: 'Open' } });
    expect(open.status).toBe(403);
    expect((await t.db.select().from(teams).where(eq(teams.id, u9!.id)))[0]!.age_group).toBe('U9');
    // Its coach still edits the rest of the team.
    expect((await t.json(`/api/teams/${u9!.id}`, { method: 'PUT', token: u9Coach.token, body: { name: 'U9 Wrens', match_length_minutes: 50 } })).status).toBe(200);
  });

  it('finding 3: once the child moves team, the old team’s coach no longer reads the medical notes', async () => {
    const mover = await j.child('Meera Patel', bornYearsAgo(11), 'u12-robins');
    expect((await t.json(`/api/players/${mover.id}/medical-notes`, { token: u12Coach.token })).status).toBe(200);
    // The spell in U12 ends today; she plays for U9 from today.
    await t.db.update(playerTeams).set({ left_on: '2000-01-01' }).where(eq(playerTeams.player_id, mover.id));
    await t.db.insert(playerTeams).values({ player_id: mover.id, team_id: u9!.id, joined_on: '2000-01-01' });
    const refused = await t.json(`/api/players/${mover.id}/medical-notes`, { token: u12Coach.token });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('Emergency Person');
  });

  it('finding 4: a 14-year-old’s own login cannot change their date of birth, name or address', async () => {
    const teen = await j.child('Kai Young', bornYearsAgo(14), 'u12-robins', true);
    const [before] = await t.db.select().from(players).where(eq(players.id, teen.id));
    const res = await t.json('/api/players/me', {
      method: 'PUT',
      token: teen.token!,
      body: { full_name: 'Kai Young', email: teen.email, date_of_birth: '2000-01-01', current_password: 'correct horse battery' },
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(IDENTITY_BY_GUARDIANS);
    expect((await t.db.select().from(players).where(eq(players.id, teen.id)))[0]!.date_of_birth).toBe(before!.date_of_birth);
    const address = await t.json('/api/auth/me', { method: 'PUT', token: teen.token!, body: { email: 'kai@elsewhere.example.com', current_password: 'correct horse battery' } });
    expect(address.status).toBe(403);
  });

  it('finding 5: coaches write feedback for their own players only, signed with their own name; a parent reads their child’s document; staff lists carry no addresses or birthdays; a coach cannot message the whole club', async () => {
    const other = await t.json(`/api/players/${aarav.id}/feedback`, { token: seniorCoach.token, body: { category: 'General', feedback: 'Made up', coach_name: 'Head Coach' } });
    expect(other.status).toBe(403);
    const own = await t.json(`/api/players/${aarav.id}/feedback`, { token: u12Coach.token, body: { category: 'General', feedback: 'Great effort', coach_name: 'Head Coach' } });
    expect(own.status).toBe(201);
    expect(own.body.coach_name).toBe('Uma Twelve');
    expect((await t.db.select().from(feedback).where(eq(feedback.player_id, aarav.id))).map((f) => f.coach_name)).toEqual(['Uma Twelve']);
    expect((await t.json(`/api/players/${aarav.id}/stats`, { method: 'PUT', token: treasurer.token, body: { goals: 9 } })).status).toBe(403);

    const form = new FormData();
    form.append('title', 'Aarav’s consent form');
    form.append('player_id', aarav.id);
    form.append('file', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'consent.pdf', { type: 'application/pdf' }));
    const published = await t.app.request('/api/documents', { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
    const doc = (await published.json()) as { id: string };
    expect(published.status).toBe(201);
    const file = (token: string) => t.app.request(`/api/documents/${doc.id}/file`, { headers: { authorization: `Bearer ${token}` } });
    expect((await file(priya.token)).status).toBe(200);
    for (const token of [u12Coach.token, seniorCoach.token, treasurer.token]) expect((await file(token)).status).toBe(404);

    for (const token of [treasurer.token, seniorCoach.token]) {
      const list = (await t.json('/api/players', { token })).body as { id: string; date_of_birth: string | null; login: { email: string | null } | null }[];
      expect(list.every((p) => p.login === null || p.login.email === null)).toBe(true);
      expect(list.find((p) => p.id === aarav.id)?.date_of_birth ?? null).toBeNull();
    }
    // A coach lists the people of their own teams only.
    expect(((await t.json('/api/players', { token: seniorCoach.token })).body as { id: string }[]).some((p) => p.id === aarav.id)).toBe(false);
    expect((await t.json('/api/messages', { token: u12Coach.token, body: { subject: 'Hi all', body: 'From the U12 coach' } })).status).toBe(403);
  });

});

describe('Issue 30: the findings about who becomes someone in the club', () => {
  it('finding 7: a registration linked onto a coach’s record needs an admin (the list says so)', async () => {
    const [record] = await t.db.insert(players).values({ full_name: 'Colin Coachman', team_type: 'Staff', position: 'Staff' }).returning();
    await t.db.insert(teamStaff).values({ player_id: record!.id, team_id: senior!.id, role: 'coach' });
    const stranger = await t.json('/api/players/register', {
      body: registration({ username: 'colin_fake', email: 'colin.fake@example.com', full_name: 'Colin Coachman', date_of_birth: '1980-01-01' }),
    });
    expect(stranger.status).toBe(201);
    const waiting = (await t.json('/api/admin/registrations', { token: secretary.token })).body as { id: string; matches: { player_id: string; staff_of: string[] }[] }[];
    const mine = waiting.find((r) => r.matches.some((m) => m.player_id === record!.id))!;
    expect(mine.matches.find((m) => m.player_id === record!.id)!.staff_of).toEqual([senior!.name]);
    const bySecretary = await t.json(`/api/admin/registrations/${mine.id}/approve`, { token: secretary.token, body: { link_player_id: record!.id } });
    expect(bySecretary.status).toBe(403);
    expect((await t.db.select().from(players).where(eq(players.id, record!.id)))[0]!.user_id).toBeNull();
    expect((await t.json(`/api/admin/registrations/${mine.id}/approve`, { token: admin.token, body: { link_player_id: record!.id } })).status).toBe(200);
  });

  it('finding 12: a pending registrant sees neither the club’s documents nor its bank details', async () => {
    const reg = await t.json('/api/players/register', {
      body: registration({ username: 'penny_pending', email: 'penny@example.com', full_name: 'Penny Pending', date_of_birth: '1990-01-01' }),
    });
    expect(reg.status).toBe(201);
    const token = (await t.json('/api/auth/login', { body: { username: 'penny_pending', password: 'kick-off at 3' } })).body.access_token as string;
    expect((await t.json('/api/players/me/documents', { token })).status).toBe(403);
    expect((await t.json('/api/treasury/me', { token })).status).toBe(403);
    expect((await t.json('/api/players/me', { token })).status).toBe(200);
  });

  it('finding 17: nobody records their own DBS check', async () => {
    const [record] = await t.db.insert(players).values({ full_name: 'Sue Secretary', user_id: secretary.user.id, team_type: 'Staff', position: 'Staff' }).returning();
    const own = await t.json(`/api/admin/dbs/${record!.id}`, { method: 'PUT', token: secretary.token, body: { status: 'in_date', checked_on: '2026-11-01', expires_on: '2029-11-01', checked_by: 'Wendy Welfare' } });
    expect(own.status).toBe(403);
    expect(await t.db.select().from(dbsChecks).where(eq(dbsChecks.player_id, record!.id))).toHaveLength(0);
    const byOther = await t.json(`/api/admin/dbs/${record!.id}`, { method: 'PUT', token: admin.token, body: { status: 'in_date', checked_on: '2026-11-01', expires_on: '2029-11-01', checked_by: 'Wendy Welfare' } });
    expect(byOther.status).toBe(200);
  });

  it('finding 19: where and when a junior team trains is for its own people; a parent’s private feed holds their children’s teams only', async () => {
    await t.db.insert(trainingSlots).values({ team_id: u12!.id, weekday: 2, start_time: '18:00', end_time: '19:00', place: 'Back pitch, Riverside Park' });
    const slots = (token?: string) => t.json(`/api/teams/${u12!.id}/training-slots`, { token });
    expect((await slots()).body).toEqual([]);
    expect((await slots(seniorCoach.token)).body).toEqual([]);
    expect((await slots(priya.token)).body).toHaveLength(1);
    expect((await slots(u12Coach.token)).body).toHaveLength(1);
    const feed = await t.app.request('/calendar/teams/u12-robins.ics');
    expect(await feed.text()).not.toContain('Back pitch');
    await fixtureOf(senior!.id);
    const link = (await t.json('/api/calendar/token', { token: priya.token, body: {} })).body as { url: string };
    const mine = await (await t.app.request(new URL(link.url).pathname)).text();
    expect(mine).toContain('U12 Robins');
    expect(mine).not.toContain('Senior vs');
  });
});
