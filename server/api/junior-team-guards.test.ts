import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { juniorFixtures } from '../../tests/support/juniors';
import { clubRoles, dbsChecks, players, settings } from '../db/schema';
import { lastWelfareOfficer } from '../services/roles';

// Issue 23: a club with junior teams is never left without a welfare officer parents can contact.
// Making a team junior needs one (409 otherwise); removing the last one while junior teams exist
// is refused the same way, also when two admins remove two officers at the same moment. And an
// age-group change never puts staff without an in-date DBS check in charge of a junior team.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const f = juniorFixtures(t);
await t.db.update(settings).set({ welfare_email: 'welfare@club.org' }).where(eq(settings.id, 1));

const remove = (userId: string) => t.json(`/api/admin/club-roles/${userId}/welfare_officer`, { method: 'DELETE', token: admin.token });
const officers = async () => (await t.db.select().from(clubRoles).where(eq(clubRoles.role, 'welfare_officer'))).map((r) => r.user_id);

describe('The last welfare officer of a club with junior teams', () => {
  it('cannot be removed while a junior team exists; a second officer can be, and without junior teams the last one can', async () => {
    const jo = await f.adult('Jo Welfare', 'welfare_officer');
    const team = await t.json('/api/teams', { token: admin.token, body: { name: `Owls ${f.unique()}`, age_group: 'U12', format: '9v9' } });
    expect(team.status).toBe(201);

    const refused = await remove(jo.user.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(lastWelfareOfficer([team.body.name]));
    expect(await officers()).toEqual([jo.user.id]);

    // With a second officer, either may go; the one left is then the last.
    const sam = await f.adult('Sam Welfare', 'welfare_officer');
    expect((await remove(jo.user.id)).status).toBe(200);
    expect((await remove(sam.user.id)).status).toBe(409);
    expect(await officers()).toEqual([sam.user.id]);

    // Once no team is junior, the role may go.
    const open = await t.json(`/api/teams/${team.body.id}`, { method: 'PUT', token: admin.token, body: { ...team.body, age_group: 'Open' } });
    expect(open.status).toBe(200);
    expect((await remove(sam.user.id)).status).toBe(200);
    expect(await officers()).toEqual([]);
  });

  it('two admins removing the only two officers at once: one removal wins, the other is refused', async () => {
    const a = await f.adult('Alex Welfare', 'welfare_officer');
    const b = await f.adult('Bo Welfare', 'welfare_officer');
    const team = await t.json('/api/teams', { token: admin.token, body: { name: `Hawks ${f.unique()}`, age_group: 'U9', format: '7v7' } });
    expect(team.status).toBe(201);
    const statuses = (await Promise.all([remove(a.user.id), remove(b.user.id)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await officers()).toHaveLength(1);
  });
});

describe('Switching a team to a junior age group', () => {
  it('names its staff without an in-date DBS check (422) and changes nothing; once checked, or overridden by an admin, it goes through', async () => {
    await f.adult('Kim Welfare', 'welfare_officer');
    const team = await t.json('/api/teams', { token: admin.token, body: { name: `Foxes ${f.unique()}`, age_group: 'Open', format: '11v11' } });
    expect(team.status).toBe(201);
    const [casey] = await t.db
      .insert(players)
      .values({ full_name: `Casey Coach ${f.unique()}` })
      .returning();
    const [dana] = await t.db
      .insert(players)
      .values({ full_name: `Dana Helper ${f.unique()}` })
      .returning();
    for (const [member, role] of [
      [casey!, 'coach'],
      [dana!, 'assistant'],
    ] as const) {
      expect(
        (await t.json('/api/admin/team-staff', { method: 'PUT', token: admin.token, body: { team_id: team.body.id, player_id: member.id, role } })).status,
      ).toBe(200);
    }
    await t.db.insert(dbsChecks).values({ player_id: dana!.id, status: 'expired', expires_on: '2025-01-31', checked_by: 'Test', checked_on: '2022-01-31' });

    const toJunior = () => t.json(`/api/teams/${team.body.id}`, { method: 'PUT', token: admin.token, body: { ...team.body, age_group: 'U13' } });
    const refused = await toJunior();
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe(
      `${casey!.full_name} has no DBS check recorded; ${dana!.full_name}'s DBS check expired on 31 January 2025. Record their checks in Safeguarding, or take them off the team’s staff, before ${team.body.name} becomes a junior team (U13).`,
    );
    expect((await t.json('/api/teams')).body.find((row: { id: string }) => row.id === team.body.id).age_group).toBe('Open');

    // Casey's check is recorded in date; Dana (expired) is taken off the staff: the switch goes through.
    await t.db.insert(dbsChecks).values({ player_id: casey!.id, status: 'in_date', expires_on: '2099-01-01', checked_by: 'Test', checked_on: '2026-01-01' });
    expect((await toJunior()).body.detail).toMatch(/^Dana Helper \w+'s DBS check expired/);
    const staffPath = `/api/admin/team-staff/${team.body.id}/${dana!.id}`;
    expect((await t.json(staffPath, { method: 'DELETE', token: admin.token })).status).toBe(200);
    const switched = await toJunior();
    expect(switched.status).toBe(200);
    expect(switched.body.age_group).toBe('U13');

    // Back on the staff of the junior team only through an admin's override, which then stands on
    // record: switching the team to Open and back to U13 does not refuse her again.
    const dana422 = await t.json('/api/admin/team-staff', {
      method: 'PUT',
      token: admin.token,
      body: { team_id: team.body.id, player_id: dana!.id, role: 'assistant' },
    });
    expect(dana422.status).toBe(422);
    const override = await t.json('/api/admin/team-staff', {
      method: 'PUT',
      token: admin.token,
      body: { team_id: team.body.id, player_id: dana!.id, role: 'assistant', override_reason: 'Renewal booked for next week; never alone with players' },
    });
    expect(override.status).toBe(200);
    const backToOpen = await t.json(`/api/teams/${team.body.id}`, { method: 'PUT', token: admin.token, body: { ...team.body, age_group: 'Open' } });
    expect(backToOpen.status).toBe(200);
    expect((await toJunior()).status).toBe(200);
  });
});
