import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { juniorFixtures } from '../../tests/support/juniors';
import { clubRoles, settings } from '../db/schema';
import { lastWelfareOfficer } from '../services/roles';

// Issue 23: a club with junior teams is never left without a welfare officer parents can contact.
// Making a team junior needs one (409 otherwise); removing the last one while junior teams exist
// is refused the same way, also when two admins remove two officers at the same moment.
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
