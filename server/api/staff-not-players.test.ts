import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext } from '../../tests/support/api';
import { players, teams } from '../db/schema';

// Issue 21: staff are not players. After initialization the seeded staff (a manager, a coach and a
// physio) are asked for no availability, offered in no squad picker and on no attendance sheet,
// and counted nowhere; the public squad still lists them, under Staff.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin');
const STAFF = ['Dave Hollins', 'Sarah Okafor', 'Mike Brennan'];

const staffIds = async () => (await t.db.select({ id: players.id }).from(players).where(eq(players.team_type, 'Staff'))).map((r) => r.id);

describe('Staff are not players', () => {
  it('the availability of every upcoming fixture lists and counts players only', async () => {
    const fixtures = (await t.json('/api/fixtures')).body as { id: string; status: string; team_id: string }[];
    const upcoming = fixtures.filter((f) => f.status === 'upcoming');
    expect(upcoming.length).toBeGreaterThan(0);
    for (const fixture of upcoming) {
      const res = await t.json(`/api/fixtures/${fixture.id}/availability`, { token: admin.token });
      expect(res.status).toBe(200);
      const names = (res.body.players as { full_name: string }[]).map((p) => p.full_name);
      for (const name of STAFF) expect(names).not.toContain(name);
      const { available, maybe, unavailable, no_answer } = res.body.counts;
      expect(available + maybe + unavailable + no_answer).toBe(names.length);
      const [team] = await t.db.select({ name: teams.name }).from(teams).where(eq(teams.id, fixture.team_id));
      const squad = ((await t.json('/api/squad')).body as { team_ids: string[]; team_type: string }[]).filter(
        (p) => p.team_ids.includes(fixture.team_id) && p.team_type !== 'Staff',
      );
      expect(names.length, team.name).toBe(squad.length);
    }
  });

  it('the squad picker refuses a member of staff, and no attendance sheet lists one', async () => {
    const fixtures = (await t.json('/api/fixtures')).body as { id: string; status: string }[];
    const fixture = fixtures.find((f) => f.status === 'upcoming')!;
    const [coach] = await staffIds();
    const pick = await t.json(`/api/fixtures/${fixture.id}/selection`, {
      method: 'PUT',
      token: admin.token,
      body: { players: [{ player_id: coach, role: 'starter', shirt_number: 1 }] },
    });
    expect(pick.status).toBe(422);

    const sessions = (await t.json('/api/training-sessions', { token: admin.token })).body as { id: string }[];
    expect(sessions.length).toBeGreaterThan(0);
    const ids = await staffIds();
    for (const session of sessions.slice(0, 6)) {
      const sheet = await t.json(`/api/training-sessions/${session.id}/attendance`, { token: admin.token });
      expect(sheet.status).toBe(200);
      const listed = JSON.stringify(sheet.body);
      for (const id of ids) expect(listed).not.toContain(id);
    }
  });

  it('the public squad lists the staff under Staff, with their team roles kept', async () => {
    const squad = (await t.json('/api/squad?team=staff')).body as { full_name: string; team_type: string }[];
    expect(squad.map((p) => p.full_name).sort()).toEqual([...STAFF].sort());
  });
});
