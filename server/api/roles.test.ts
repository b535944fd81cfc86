import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { clubRoles, fixtures, roleChanges, teams, users } from '../db/schema';
import { LAST_ADMIN } from '../services/roles';
import { OWN_TEAMS_ONLY } from '../policy';

// Issue 21: people and roles. Admins grant and remove club roles and team staff places; every
// change is recorded (who, when); staff run their own teams' match week and training only.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const unique = () => randomBytes(3).toString('hex');
const teamId = async (slug: string) => (await t.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug)))[0].id;
const roleOf = async (userId: string) => (await t.db.select({ role: users.role }).from(users).where(eq(users.id, userId)))[0].role;

/** A player with a login (admin-made, first password chosen by the admin): their ids and token. */
async function playerWithLogin(teamSlug = 'senior') {
  const name = `Casey Coach ${unique()}`;
  const created = await t.json('/api/players', {
    token: admin.token,
    body: {
      full_name: name,
      position: 'Midfielder',
      team_type: 'Senior',
      team_ids: [await teamId(teamSlug)],
    },
  });
  expect(created.status).toBe(201);
  const username = `casey_${unique()}`;
  const account = await t.json('/api/admin/create-player-account', {
    token: admin.token,
    body: {
      player_id: created.body.id,
      username,
      email: `${username}@example.com`,
      password: 'a sturdy passphrase',
    },
  });
  expect(account.status).toBe(201);
  const signIn = async () =>
    (
      await t.json('/api/auth/login', {
        body: { username, password: 'a sturdy passphrase' },
      })
    ).body.access_token as string;
  return {
    playerId: created.body.id as string,
    userId: account.body.user.id as string,
    name,
    signIn,
  };
}

async function fixtureOf(slug: string) {
  const team = await teamId(slug);
  const [row] = await t.db.select({ id: fixtures.id }).from(fixtures).where(eq(fixtures.team_id, team)).limit(1);
  if (row) return row.id;
  const res = await t.json('/api/fixtures', {
    token: admin.token,
    body: {
      away_team: 'Roles Rovers',
      match_date: '2099-05-01',
      match_time: '15:00',
      venue: 'Home ground',
      is_home: true,
      team_id: team,
    },
  });
  return res.body.id as string;
}

describe('Club roles', () => {
  it('an admin grants and removes a club role; each change is recorded with who and when', async () => {
    const person = await playerWithLogin();
    const granted = await t.json('/api/admin/club-roles', {
      token: admin.token,
      body: { user_id: person.userId, role: 'secretary' },
    });
    expect(granted.status).toBe(201);
    expect(granted.body.club_roles).toContainEqual(
      expect.objectContaining({
        user_id: person.userId,
        role: 'secretary',
        granted_by: 'Ada Admin',
      }),
    );
    expect(granted.body.changes[0]).toMatchObject({
      subject_name: person.name,
      role: 'Secretary',
      action: 'granted',
      by_name: 'Ada Admin',
    });
    expect(Date.now() - Date.parse(granted.body.changes[0].at)).toBeLessThan(60_000);
    // The secretary opens the staff part of the panel and decides registrations.
    expect(await roleOf(person.userId)).toBe('staff');
    const token = await person.signIn();
    expect((await t.json('/api/admin/registrations', { token })).status).toBe(200);

    expect(
      (
        await t.json('/api/admin/club-roles', {
          token: admin.token,
          body: { user_id: person.userId, role: 'secretary' },
        })
      ).status,
    ).toBe(409);

    const removed = await t.json(`/api/admin/club-roles/${person.userId}/secretary`, { method: 'DELETE', token: admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body.club_roles.some((r: { user_id: string }) => r.user_id === person.userId)).toBe(false);
    expect(removed.body.changes[0]).toMatchObject({
      subject_name: person.name,
      role: 'Secretary',
      action: 'removed',
      by_name: 'Ada Admin',
    });
    expect(await roleOf(person.userId)).toBe('player');
    expect((await t.json('/api/admin/registrations', { token })).status).toBe(403);
    const recorded = await t.db.select().from(roleChanges).where(eq(roleChanges.subject_user_id, person.userId));
    expect(recorded.map((r) => r.action).sort()).toEqual(['granted', 'removed']);
  });

});

describe('The admin club role', () => {
  it('the admin role makes an admin; the club never loses its last admin', async () => {
    const person = await playerWithLogin();
    expect(
      (
        await t.json('/api/admin/club-roles', {
          token: admin.token,
          body: { user_id: person.userId, role: 'admin' },
        })
      ).status,
    ).toBe(201);
    expect(await roleOf(person.userId)).toBe('admin');
    // Every admin but one steps down…
    const holders = await t.db.select({ user_id: clubRoles.user_id }).from(clubRoles).where(eq(clubRoles.role, 'admin'));
    for (const holder of holders.filter((h) => h.user_id !== admin.user.id)) {
      expect(
        (
          await t.json(`/api/admin/club-roles/${holder.user_id}/admin`, {
            method: 'DELETE',
            token: admin.token,
          })
        ).status,
      ).toBe(200);
    }
    // …and the last one cannot.
    const last = await t.json(`/api/admin/club-roles/${admin.user.id}/admin`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(last.status).toBe(409);
    expect(last.body.detail).toBe(LAST_ADMIN);
    expect(await roleOf(admin.user.id)).toBe('admin');
    expect(await roleOf(person.userId)).toBe('player');
  });

});

describe('Refusals', () => {
  it('refuses bad input with a detail, unknown people with 404, and everyone but admins', async () => {
    const person = await playerWithLogin();
    const bad = await t.json('/api/admin/club-roles', {
      token: admin.token,
      body: { user_id: person.userId, role: 'chairman' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/admin, secretary, treasurer or welfare officer/);
    expect(
      (
        await t.json('/api/admin/club-roles', {
          token: admin.token,
          body: { user_id: 'nope', role: 'secretary' },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await t.json('/api/admin/club-roles', {
          token: admin.token,
          body: {
            user_id: '00000000-0000-4000-8000-000000000000',
            role: 'secretary',
          },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.json(`/api/admin/club-roles/${person.userId}/treasurer`, {
          method: 'DELETE',
          token: admin.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.json(`/api/admin/club-roles/${person.userId}/chairman`, {
          method: 'DELETE',
          token: admin.token,
        })
      ).status,
    ).toBe(422);
    const staff = await t.signedIn('staff');
    const player = await t.signedIn('player');
    for (const token of [staff.token, player.token]) {
      expect((await t.json('/api/admin/roles', { token })).status).toBe(403);
      expect(
        (
          await t.json('/api/admin/club-roles', {
            token,
            body: { user_id: player.user.id, role: 'admin' },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await t.json('/api/admin/team-staff', {
            method: 'PUT',
            token,
            body: {},
          })
        ).status,
      ).toBe(403);
    }
    expect((await t.json('/api/admin/roles')).status).toBe(401);
    expect(await roleOf(player.user.id)).toBe('player');
  });
});

describe('Team staff', () => {
  it('a manager runs their own team’s match week and training, and no other team’s', async () => {
    const coach = await playerWithLogin('senior');
    const vets = await teamId('vets');
    const put = await t.json('/api/admin/team-staff', {
      method: 'PUT',
      token: admin.token,
      body: { player_id: coach.playerId, team_id: vets, role: 'manager' },
    });
    expect(put.status).toBe(200);
    expect(put.body.team_staff).toContainEqual(
      expect.objectContaining({
        player_id: coach.playerId,
        team_id: vets,
        role: 'manager',
        has_login: true,
      }),
    );
    expect(put.body.changes[0]).toMatchObject({
      subject_name: coach.name,
      role: 'Manager of Vets',
      action: 'granted',
    });
    expect(await roleOf(coach.userId)).toBe('staff');
    // The public squad lists a player-coach twice: with Senior, and under Staff with their place.
    const staffList = (await t.json('/api/squad?team=staff')).body as { id: string; staff_roles: { team_name: string; role: string }[] }[];
    expect(staffList.find((p) => p.id === coach.playerId)?.staff_roles).toEqual([expect.objectContaining({ team_name: 'Vets', role: 'manager' })]);
    expect(((await t.json('/api/squad?team=senior')).body as { id: string }[]).some((p) => p.id === coach.playerId)).toBe(true);
    const token = await coach.signIn();
    expect((await t.json('/api/admin/my-teams', { token })).body).toEqual({ all: false, team_ids: [vets] });
    expect((await t.json('/api/admin/my-teams', { token: admin.token })).body.all).toBe(true);

    const vetsFixture = await fixtureOf('vets');
    const seniorFixture = await fixtureOf('senior');
    expect((await t.json(`/api/fixtures/${vetsFixture}/availability`, { token })).status).toBe(200);
    expect((await t.json(`/api/fixtures/${vetsFixture}/selection`, { token })).status).toBe(200);
    const other = await t.json(`/api/fixtures/${seniorFixture}/availability`, {
      token,
    });
    expect(other.status).toBe(403);
    expect(other.body.detail).toBe(OWN_TEAMS_ONLY);
    expect(
      (
        await t.json(`/api/fixtures/${seniorFixture}/selection`, {
          method: 'PUT',
          token,
          body: { players: [] },
        })
      ).status,
    ).toBe(403);

    const sessions = (await t.json('/api/training-sessions', { token })).body as { id: string; team_id: string }[];
    const seniorSession = sessions.find((s) => s.team_id !== vets)!;
    const vetsSession = sessions.find((s) => s.team_id === vets)!;
    expect(
      (
        await t.json(`/api/training-sessions/${seniorSession.id}/attendance`, {
          token,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.json(`/api/training-sessions/${seniorSession.id}`, {
          method: 'PATCH',
          token,
          body: { status: 'cancelled' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.json(`/api/training-sessions/${vetsSession.id}/attendance`, {
          token,
        })
      ).status,
    ).toBe(200);

    // A player-coach: still a player of Senior, counted there, and never in Vets' availability.
    const seniorAnswers = (
      await t.json(`/api/fixtures/${seniorFixture}/availability`, {
        token: admin.token,
      })
    ).body.players as { player_id?: string; id?: string }[];
    expect(JSON.stringify(seniorAnswers)).toContain(coach.playerId);

    const changed = await t.json('/api/admin/team-staff', {
      method: 'PUT',
      token: admin.token,
      body: { player_id: coach.playerId, team_id: vets, role: 'coach' },
    });
    expect(
      changed.body.changes
        .slice(0, 2)
        .map((c: { role: string; action: string }) => `${c.action} ${c.role}`)
        .sort(),
    ).toEqual(['granted Coach of Vets', 'removed Manager of Vets']);

    const off = await t.json(`/api/admin/team-staff/${vets}/${coach.playerId}`, { method: 'DELETE', token: admin.token });
    expect(off.status).toBe(200);
    expect(off.body.changes[0]).toMatchObject({
      role: 'Coach of Vets',
      action: 'removed',
    });
    expect(await roleOf(coach.userId)).toBe('player');
    expect((await t.json(`/api/fixtures/${vetsFixture}/availability`, { token })).status).toBe(403);
    expect(
      (
        await t.json(`/api/admin/team-staff/${vets}/${coach.playerId}`, {
          method: 'DELETE',
          token: admin.token,
        })
      ).status,
    ).toBe(404);
  });

});

describe('Who can be staff', () => {
  it('only members of the club can be staff, of teams that exist', async () => {
    const vets = await teamId('vets');
    const none = '00000000-0000-4000-8000-000000000000';
    expect(
      (
        await t.json('/api/admin/team-staff', {
          method: 'PUT',
          token: admin.token,
          body: { player_id: none, team_id: vets, role: 'coach' },
        })
      ).status,
    ).toBe(404);
    const coach = await playerWithLogin();
    expect(
      (
        await t.json('/api/admin/team-staff', {
          method: 'PUT',
          token: admin.token,
          body: { player_id: coach.playerId, team_id: none, role: 'coach' },
        })
      ).status,
    ).toBe(404);
    const bad = await t.json('/api/admin/team-staff', {
      method: 'PUT',
      token: admin.token,
      body: { player_id: coach.playerId, team_id: vets, role: 'kitman' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/manager, coach or assistant/);
  });
});
