import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { addDaysIso } from '../../shared/dates';
import { todayIso } from '../../shared/players';
import { clubRoles, dbsChecks, roleChanges, settings, teamStaff } from '../db/schema';

// Issue 23: U7-U11 results are never published (anywhere a score could leak: the JSON to anonymous
// and player callers, the calendar feeds), while the admin and the team's staff still record and
// see them; DBS checks of junior teams' staff.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
// Signed in before the U10 team exists: staff of the other teams only.
const otherStaff = await t.signedIn('staff');
const player = await t.signedIn('player');
const unique = () => randomBytes(3).toString('hex');
const officer = await t.signedIn('staff', { full_name: 'Jo Bloggs', member: false });
await t.db.insert(clubRoles).values({ user_id: officer.user.id, role: 'welfare_officer' });
await t.db.update(settings).set({ welfare_email: 'welfare@club.org' }).where(eq(settings.id, 1));

async function team(ageGroup: string) {
  const res = await t.json('/api/teams', { token: admin.token, body: { name: `${ageGroup} Robins ${unique()}`, age_group: ageGroup, format: '7v7' } });
  expect(res.status).toBe(201);
  return res.body as { id: string; slug: string; name: string };
}

async function playedFixture(teamId: string) {
  const body = {
    team_id: teamId,
    away_team: 'Oakfield Minis',
    match_date: addDaysIso(todayIso(), -3),
    match_time: '10:00',
    venue: 'Mill Lane',
    competition: 'Mini League',
    is_home: true,
    status: 'completed',
    home_score: 7,
    away_score: 3,
    match_report: 'A 7-3 win in the rain.',
  };
  const res = await t.json('/api/fixtures', { token: admin.token, body });
  expect(res.status).toBe(201);
  return res.body as { id: string; home_score: number | null };
}

const scoreless = { home_score: null, away_score: null, match_report: null, results_published: false, played: true, age_group: 'U10' };

/** The 7-3 as a score stands on its own ("7-3", "7 – 3"); a random id's "…5ce7-3a1f…" is not one. */
const SCORE = /(?<![\w-])7\s*[-–]\s*3(?![\w-])/;

describe('U7-U11: no score anywhere public; the admin and the team’s staff still see it', () => {
  it('answers anonymous and player callers with no score, no report, played: true; the admin records and sees 7-3', async () => {
    const u10 = await team('U10');
    const fixture = await playedFixture(u10.id);
    // The admin who recorded it sees it at once.
    expect(fixture.home_score).toBe(7);
    for (const token of [undefined, player.token, otherStaff.token]) {
      const one = await t.json(`/api/fixtures/${fixture.id}`, { token });
      expect(one.body).toMatchObject(scoreless);
      const list = (await t.json(`/api/fixtures?team_id=${u10.id}`, { token })).body;
      expect(list[0]).toMatchObject(scoreless);
      expect(JSON.stringify(list)).not.toMatch(SCORE);
      const all = (await t.json('/api/fixtures?status=completed', { token })).body as { id: string; home_score: number | null }[];
      expect(all.find((f) => f.id === fixture.id)).toMatchObject(scoreless);
    }
    const asAdmin = await t.json(`/api/fixtures/${fixture.id}`, { token: admin.token });
    expect(asAdmin.body).toMatchObject({ home_score: 7, away_score: 3, match_report: 'A 7-3 win in the rain.', results_published: true });
    // The team's own staff see it too (with an in-date DBS check: without one their place is suspended, issue 31).
    const ownStaff = await t.signedIn('staff');
    await t.db.insert(dbsChecks).values({ player_id: ownStaff.playerId!, status: 'in_date', expires_on: '2099-01-01', checked_by: 'Jo Bloggs', checked_on: '2026-01-01' });
    expect((await t.json(`/api/fixtures/${fixture.id}`, { token: ownStaff.token })).body).toMatchObject({ home_score: 7, away_score: 3 });
  });

  it('keeps the score out of every calendar feed and the match file: the match reads "Played"', async () => {
    const u9 = await team('U9');
    const fixture = await playedFixture(u9.id);
    for (const path of ['/calendar/club.ics', `/calendar/teams/${u9.slug}.ics`, `/calendar/fixtures/${fixture.id}.ics`]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      const text = (await res.text()).replace(/\r\n[ \t]/g, '');
      const event = text.split('BEGIN:VEVENT').find((e) => e.includes(`fixture-${fixture.id}`))!;
      expect(event, path).toBeDefined();
      expect(event, path).toMatch(/SUMMARY:.*Oakfield Minis \(H\) · Played/);
      expect(event, path).not.toMatch(SCORE);
    }
  });

  it("keeps a U9 junior's goals and assists (scorers) from anonymous and player callers; the admin sees them", async () => {
    const u9 = await team('U9');
    const kid = await t.json('/api/players', {
      token: admin.token,
      body: {
        full_name: `Gabi Goals ${unique()}`,
        position: 'Forward',
        team_type: 'Senior',
        date_of_birth: addDaysIso(todayIso(), -8 * 366),
        team_ids: [u9.id],
      },
    });
    expect(kid.status).toBe(201);
    expect(
      (await t.json(`/api/players/${kid.body.id}/stats`, { method: 'PUT', token: admin.token, body: { goals: 12, assists: 5, matches_played: 6 } })).status,
    ).toBe(200);
    for (const token of [undefined, player.token]) {
      expect((await t.json(`/api/players/${kid.body.id}/stats`, { token })).body).toMatchObject({ goals: null, assists: null, matches_played: 6 });
    }
    expect(await t.services.squad.stats(kid.body.id)).toMatchObject({ goals: null, assists: null });
    expect((await t.json(`/api/players/${kid.body.id}/stats`, { token: admin.token })).body).toMatchObject({ goals: 12, assists: 5 });
  });

  it('publishes a U12 result as before', async () => {
    const u12 = await team('U12');
    const fixture = await playedFixture(u12.id);
    expect((await t.json(`/api/fixtures/${fixture.id}`)).body).toMatchObject({ home_score: 7, away_score: 3, results_published: true });
    const ics = await (await t.app.request(`/calendar/fixtures/${fixture.id}.ics`)).text();
    expect(ics).toContain('7-3');
  });
});

async function member(name = `Casey Coach ${unique()}`) {
  const res = await t.json('/api/players', {
    token: admin.token,
    body: { full_name: name, position: 'Staff', team_type: 'Staff', date_of_birth: '1985-04-04' },
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; full_name: string };
}

describe('DBS checks and junior team staff', () => {
  it('refuses an expired coach for a U12 team with a detail naming the problem, unless an admin overrides (recorded)', async () => {
    const u12 = await team('U12');
    const coach = await member();
    const expired = await t.json(`/api/admin/dbs/${coach.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'expired', expires_on: '2025-01-03', checked_on: '2025-01-10', checked_by: 'Wendy Welfare' },
    });
    expect(expired.status, JSON.stringify(expired.body)).toBe(200);
    const refused = await t.json('/api/admin/team-staff', { method: 'PUT', token: admin.token, body: { player_id: coach.id, team_id: u12.id, role: 'coach' } });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain(`${coach.full_name}'s DBS check expired on 3 January 2025`);
    expect(refused.body.detail).toContain('override');
    expect(
      await t.db
        .select()
        .from(teamStaff)
        .where(and(eq(teamStaff.player_id, coach.id), eq(teamStaff.team_id, u12.id))),
    ).toEqual([]);

    const overridden = await t.json('/api/admin/team-staff', {
      method: 'PUT',
      token: admin.token,
      body: { player_id: coach.id, team_id: u12.id, role: 'coach', override_reason: 'Renewal posted; always with a checked coach' },
    });
    expect(overridden.status, JSON.stringify(overridden.body)).toBe(200);
    const [row] = await t.db
      .select()
      .from(teamStaff)
      .where(and(eq(teamStaff.player_id, coach.id), eq(teamStaff.team_id, u12.id)));
    expect(row).toMatchObject({ dbs_override_by: 'Ada Admin', dbs_override_reason: 'Renewal posted; always with a checked coach' });
    expect(row.dbs_override_at).toBeInstanceOf(Date);
    const changes = await t.db.select().from(roleChanges).where(eq(roleChanges.subject_player_id, coach.id));
    expect(changes.map((c) => c.role)).toContain(`Coach of ${u12.name} (DBS check overridden: Renewal posted; always with a checked coach)`);
  });

  it('refuses someone with no check at all, and lets an in-date coach through; a senior team needs none', async () => {
    const u14 = await team('U14');
    const none = await member();
    const refused = await t.json('/api/admin/team-staff', {
      method: 'PUT',
      token: admin.token,
      body: { player_id: none.id, team_id: u14.id, role: 'manager' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain(`${none.full_name} has no DBS check recorded`);
    const senior = (await t.json('/api/teams')).body.find((x: { slug: string }) => x.slug === 'senior');
    expect(
      (await t.json('/api/admin/team-staff', { method: 'PUT', token: admin.token, body: { player_id: none.id, team_id: senior.id, role: 'coach' } })).status,
    ).toBe(200);
    const ok = await member();
    const recorded = await t.json(`/api/admin/dbs/${ok.id}`, {
      method: 'PUT',
      token: officer.token,
      body: { status: 'in_date', expires_on: addDaysIso(todayIso(), 400), checked_on: todayIso(), checked_by: 'Wendy Welfare' },
    });
    expect(recorded.status).toBe(200);
    const [check] = await t.db.select().from(dbsChecks).where(eq(dbsChecks.player_id, ok.id));
    expect(check).toMatchObject({ checked_by: 'Wendy Welfare', recorded_by: 'Jo Bloggs' });
    expect(
      (await t.json('/api/admin/team-staff', { method: 'PUT', token: admin.token, body: { player_id: ok.id, team_id: u14.id, role: 'coach' } })).status,
    ).toBe(200);
  });
});

describe('DBS records: what is stored, who records, the Today warnings', () => {
  it('stores nothing from the certificate: unknown fields, bad statuses and dates are refused with 422 and nothing stored', async () => {
    const person = await member();
    for (const body of [
      { status: 'in_date', expires_on: addDaysIso(todayIso(), 300), checked_on: todayIso(), checked_by: 'Wendy Welfare', certificate_number: '001234567890' },
      { status: 'valid', expires_on: addDaysIso(todayIso(), 300), checked_on: todayIso(), checked_by: 'Wendy Welfare' },
      { status: 'in_date', checked_on: todayIso(), checked_by: 'Wendy Welfare' },
      { status: 'in_date', expires_on: addDaysIso(todayIso(), -1), checked_on: todayIso(), checked_by: 'Wendy Welfare' },
      { status: 'in_date', expires_on: addDaysIso(todayIso(), 300), checked_on: addDaysIso(todayIso(), 5), checked_by: 'Wendy Welfare' },
    ]) {
      const res = await t.json(`/api/admin/dbs/${person.id}`, { method: 'PUT', token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(typeof res.body.detail).toBe('string');
    }
    const withNumber = await t.json(`/api/admin/dbs/${person.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'in_date', expires_on: addDaysIso(todayIso(), 300), checked_on: todayIso(), checked_by: 'Wendy Welfare', certificate_number: '001234567890' },
    });
    expect(withNumber.body.detail).toMatch(/never anything from the certificate.*certificate_number/);
    expect(await t.db.select().from(dbsChecks).where(eq(dbsChecks.player_id, person.id))).toEqual([]);
  });

  it('lets admins, the secretary and the welfare officer read and record checks, nobody else', async () => {
    const person = await member();
    const body = { status: 'not_required', checked_on: todayIso(), checked_by: 'Wendy Welfare' };
    expect((await t.json('/api/admin/dbs')).status).toBe(401);
    expect((await t.json('/api/admin/dbs', { token: player.token })).status).toBe(403);
    expect((await t.json('/api/admin/dbs', { token: otherStaff.token })).status).toBe(403);
    expect((await t.json(`/api/admin/dbs/${person.id}`, { method: 'PUT', token: otherStaff.token, body })).status).toBe(403);
    const list = await t.json('/api/admin/dbs', { token: officer.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ welfare_officer: 'Jo Bloggs', welfare_email: 'welfare@club.org' });
  });

  it('warns on the Today view 60 days before a junior team coach’s check expires, and when it has expired', async () => {
    const u8 = await team('U8');
    const soon = await member('Sunny Soon');
    const expiry = addDaysIso(todayIso(), 30);
    await t.json(`/api/admin/dbs/${soon.id}`, { method: 'PUT', token: admin.token, body: { status: 'in_date', expires_on: expiry, checked_on: todayIso(), checked_by: 'Wendy Welfare' } });
    expect(
      (await t.json('/api/admin/team-staff', { method: 'PUT', token: admin.token, body: { player_id: soon.id, team_id: u8.id, role: 'assistant' } })).status,
    ).toBe(200);
    const later = await member('Lee Later');
    await t.json(`/api/admin/dbs/${later.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { status: 'in_date', expires_on: addDaysIso(todayIso(), 200), checked_on: todayIso(), checked_by: 'Wendy Welfare' },
    });
    await t.json('/api/admin/team-staff', { method: 'PUT', token: admin.token, body: { player_id: later.id, team_id: u8.id, role: 'coach' } });
    const today = (await t.json('/api/admin/dashboard', { token: admin.token })).body.today;
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${expiry}T00:00:00Z`));
    expect(today.dbs_checks).toContain(`Sunny Soon's DBS check expires on ${date}`);
    expect(today.dbs_checks.join(' ')).not.toContain('Lee Later');
    expect(today.dbs_checks.join(' ')).toMatch(/DBS check expired on 3 January 2025/);
    // A coach of other teams does not look after checks.
    expect((await t.json('/api/admin/dashboard', { token: otherStaff.token })).body.today.dbs_checks).toBeNull();
  });
});
