import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { eventually } from '../../tests/support/wait';
import { ageGroupFor, seasonOf, seasonStartYear } from '../../shared/juniors';
import { todayIso } from '../../shared/players';
import { clubRoles, consents, guardians, settings } from '../db/schema';
import { eq } from 'drizzle-orm';

// Issue 23: juniors in public. Each "must never happen" is a test that fails if it happens. The
// public cache is on (as in production), so a withdrawn consent must beat it.
const t = await createTestContext({}, { cache: true });
await t.initialize();
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const unique = () => randomBytes(3).toString('hex');
const start = seasonStartYear(todayIso());
const season = seasonOf(todayIso());
const PHOTO = '/images/seed/player-1.svg';

/** The club gets a welfare officer with an address (a junior team needs one). */
async function withWelfareOfficer() {
  const officer = await t.signedIn('staff', { full_name: 'Jo Bloggs', member: false });
  await t.db.insert(clubRoles).values({ user_id: officer.user.id, role: 'welfare_officer' }).onConflictDoNothing();
  await t.db.update(settings).set({ welfare_email: 'welfare@club.org' }).where(eq(settings.id, 1));
  return officer;
}

async function juniorTeam(ageGroup: string) {
  const res = await t.json('/api/teams', { token: admin.token, body: { name: `${ageGroup} ${unique()}`, age_group: ageGroup, format: '7v7' } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; slug: string; name: string };
}

/** A junior (U10 this season) with a photo, on the public squad, who asked to show their personal details. */
async function junior(teamId: string, name = `Samira Junior${unique()}`) {
  const res = await t.json('/api/players', {
    token: admin.token,
    body: {
      full_name: name,
      position: 'Forward',
      team_type: 'Senior',
      nationality: 'English',
      bio: 'Loves Tuesday training at Riverside Primary',
      photo_url: PHOTO,
      date_of_birth: `${start - 10}-09-15`,
      show_personal_details: true,
      height: '140 cm',
      team_ids: [teamId],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; full_name: string };
}

const consent = (playerId: string, kind: 'photo' | 'full_name', given: boolean) =>
  t.db.insert(consents).values({ player_id: playerId, season, kind, given, given_by_name: 'A Parent', text_version: '2026-1' });

describe('Age groups and the welfare officer', () => {
  it('refuses a junior team (create or switch) while the club has no welfare officer with an address, and says what to do', async () => {
    const refused = await t.json('/api/teams', { token: admin.token, body: { name: `U9 ${unique()}`, age_group: 'U9' } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/welfare officer/i);
    expect(refused.body.detail).toMatch(/People & roles/);
    const open = await t.json('/api/teams', { token: admin.token, body: { name: `Ladies ${unique()}` } });
    expect(open.status).toBe(201);
    expect(open.body).toMatchObject({ age_group: 'Open', format: '11v11' });
    const switched = await t.json(`/api/teams/${open.body.id}`, { method: 'PUT', token: admin.token, body: { name: open.body.name, age_group: 'U14' } });
    expect(switched.status).toBe(409);
    const bad = await t.json('/api/teams', { token: admin.token, body: { name: `X ${unique()}`, age_group: 'U6', format: '3v3' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/Age group must be one of/);
  });

  it('takes age_group and format once there is one, GET /api/teams returns them, and an edit without them keeps them', async () => {
    await withWelfareOfficer();
    const team = await juniorTeam('U12');
    const list = (await t.json('/api/teams')).body as { id: string; age_group: string; format: string }[];
    expect(list.find((x) => x.id === team.id)).toMatchObject({ age_group: 'U12', format: '7v7' });
    const renamed = await t.json(`/api/teams/${team.id}`, { method: 'PUT', token: admin.token, body: { name: `${team.name} Blue` } });
    expect(renamed.body).toMatchObject({ age_group: 'U12', format: '7v7' });
  });

  it('needs a date of birth to add a player to a junior team (422 with a detail), and derives the age group: 31 Aug, 1 Sep, 29 Feb', async () => {
    await withWelfareOfficer();
    const team = await juniorTeam('U11');
    const missing = await t.json('/api/players', {
      token: admin.token,
      body: { full_name: 'No Birthday', position: 'Forward', team_type: 'Senior', team_ids: [team.id] },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toMatch(/junior team \(U11\).*date of birth/);
    const leap = [0, 1, 2, 3].map((n) => start - 10 - n).find((y) => y % 4 === 0)!;
    const cases: [string, string][] = [
      [`${start - 10}-08-31`, 'U11'], // the oldest of the age group: 10 on 31 August
      [`${start - 10}-09-01`, 'U10'], // a day younger: a year below
      [`${leap}-02-29`, `U${start - leap + 1}`],
    ];
    for (const [dob, group] of cases) {
      expect(ageGroupFor(dob, start)).toBe(group);
      const res = await t.json('/api/players', {
        token: admin.token,
        body: { full_name: `Born ${dob}`, position: 'Forward', team_type: 'Senior', date_of_birth: dob, team_ids: [team.id] },
      });
      expect(res.status).toBe(201);
      expect(res.body.age_group, dob).toBe(group);
      const listed = ((await t.json('/api/players', { token: admin.token })).body as { id: string; age_group: string }[]).find((p) => p.id === res.body.id);
      expect(listed?.age_group, dob).toBe(group);
    }
  });
});

describe('A junior in public follows the consents (never without them)', () => {
  it('shows first name and initial, no photo and no personal details to anonymous callers and to players', async () => {
    await withWelfareOfficer();
    const team = await juniorTeam('U10');
    const child = await junior(team.id, `Samira Okafor${unique()}`);
    const player = await t.signedIn('player');
    for (const token of [undefined, player.token]) {
      const list = (await t.json('/api/squad', { token })).body as Record<string, unknown>[];
      const shown = list.find((p) => p.id === child.id)!;
      const one = (await t.json(`/api/squad/${child.id}`, { token })).body as Record<string, unknown>;
      for (const p of [shown, one]) {
        expect(p.full_name).toBe('Samira O.');
        expect(p.photo_url).toBeNull();
        expect(p.age_group).toBe('U10');
        for (const key of ['date_of_birth', 'height', 'weight']) expect(p).not.toHaveProperty(key);
        expect(p.age).toBeNull();
        expect(p.bio).toBeNull();
        expect(p.nationality).toBe('');
        expect(JSON.stringify(p)).not.toContain(child.full_name);
      }
      expect(JSON.stringify(list)).not.toContain(child.full_name);
    }
    // The admin's list is not public: anonymous callers get 401, and it names them in full.
    expect((await t.json('/api/players')).status).toBe(401);
    expect(((await t.json('/api/players', { token: admin.token })).body as { id: string; full_name: string }[]).find((p) => p.id === child.id)?.full_name).toBe(
      child.full_name,
    );
  });

  it('shows the full name and photo once consented, and a withdrawal removes them on the next request, cache included', async () => {
    await withWelfareOfficer();
    const team = await juniorTeam('U13');
    const child = await junior(team.id, `Theo Marsh${unique()}`);
    const read = async () =>
      ((await t.json('/api/squad')).body as { id: string; full_name: string; photo_url: string | null }[]).find((p) => p.id === child.id)!;
    // Cached without the consents (a notification of the writes above may still empty the cache once: read until it holds).
    const cached = async () => {
      await read();
      return (await t.app.request('/api/squad')).headers.get('x-cache') === 'HIT';
    };
    expect(await eventually(cached)).toBe(true);
    await consent(child.id, 'full_name', true);
    await consent(child.id, 'photo', true);
    expect(await eventually(async () => (await read()).photo_url === PHOTO)).toBe(true);
    expect((await read()).full_name).toBe(child.full_name);
    // A consent of last season is not this season's.
    const guardian = await t.signedIn('player', { full_name: 'Pat Parent' });
    await t.db.insert(guardians).values({ user_id: guardian.user.id, player_id: child.id, approved_by: 'Ada Admin' });
    await read(); // cached again, with the photo
    const withdrawn = await t.json(`/api/players/${child.id}/consents`, { method: 'PUT', token: guardian.token, body: { kind: 'photo', given: false } });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    // The very next anonymous request: no photo (the write emptied the cache at once).
    const after = await read();
    expect(after.photo_url).toBeNull();
    expect(after.full_name).toBe(child.full_name);
    const single = (await t.json(`/api/squad/${child.id}`)).body;
    expect(single.photo_url).toBeNull();
  });

  it('ignores a consent given for another season, and shows an adult as they chose', async () => {
    await withWelfareOfficer();
    const team = await juniorTeam('U15');
    const child = await junior(team.id, `Ada Lovelace${unique()}`);
    await t.db
      .insert(consents)
      .values({
        player_id: child.id,
        season: `${start - 1}-${String(start % 100).padStart(2, '0')}`,
        kind: 'photo',
        given: true,
        given_by_name: 'A Parent',
        text_version: '2026-1',
      });
    const shown = (await t.json(`/api/squad/${child.id}`)).body;
    expect(shown.photo_url).toBeNull();
    const adult = await t.json('/api/players', {
      token: admin.token,
      body: { full_name: `Grown Up${unique()}`, position: 'Forward', team_type: 'Senior', photo_url: PHOTO, date_of_birth: '1990-05-05' },
    });
    const adultShown = (await t.json(`/api/squad/${adult.body.id}`)).body;
    expect(adultShown).toMatchObject({ full_name: adult.body.full_name, photo_url: PHOTO, age_group: null });
  });
});
