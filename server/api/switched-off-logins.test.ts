import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOGIN_DISABLED } from '../../shared/auth';
import { FORGOT_PASSWORD_ANSWER } from '../../shared/mail';
import { createTestContext } from '../../tests/support/api';
import {
  accessChanges,
  accountTokens,
  calendarTokens,
  clubRoles,
  guardians,
  outbox,
  players,
  roleChanges,
  sessions,
  teams,
  teamStaff,
  users,
} from '../db/schema';
import { LAST_ADMIN, lastWelfareOfficer } from '../services/roles';
import { LEFT_MEMBER } from '../services/logins';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';

// Issue 30, finding 1: a switched-off login is off everywhere. A member who left (a coach, in the
// report) got back in with "Forgot password?" and read a child's medical notes.
const t = await createTestContext();
await t.initialize();
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const unique = () => randomBytes(3).toString('hex');
const teamId = async (slug: string) => (await t.db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug)))[0].id;

/** A member with a login whose first password the admin chose: ids, credentials and a signed-in token. */
async function memberWithLogin(teamSlug = 'senior') {
  const name = `Casey Coach ${unique()}`;
  const created = await t.json('/api/players', {
    token: admin.token,
    body: { full_name: name, position: 'Midfielder', team_type: 'Senior', team_ids: [await teamId(teamSlug)] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const username = `casey_${unique()}`;
  const password = 'a sturdy passphrase';
  const email = `${username}@example.com`;
  const account = await t.json('/api/admin/create-player-account', {
    token: admin.token,
    body: { player_id: created.body.id, username, email, password },
  });
  expect(account.status, JSON.stringify(account.body)).toBe(201);
  const login = await t.json('/api/auth/login', { body: { username, password } });
  expect(login.status).toBe(200);
  return {
    playerId: created.body.id as string,
    userId: account.body.user.id as string,
    name,
    username,
    password,
    email,
    token: login.body.access_token as string,
  };
}

const forgot = (email: string) =>
  t.json('/api/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` } });
const mailsTo = async (address: string) => t.db.select().from(outbox).where(eq(outbox.to_address, address)).orderBy(desc(outbox.created_at));
const resetTokenIn = (text: string) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
const leave = (playerId: string) => t.json(`/api/players/${playerId}/leave`, { token: admin.token, method: 'POST' });
const comeBack = (playerId: string) => t.json(`/api/players/${playerId}/return`, { token: admin.token, method: 'POST' });

describe('A login switched off is off everywhere', () => {
  it('a member who left cannot come back in through "Forgot password?": no mail, and a link sent earlier changes nothing', async () => {
    const coach = await memberWithLogin();
    // A link asked for while they were still a member …
    expect((await forgot(coach.email)).status).toBe(202);
    const [earlier] = await mailsTo(coach.email);
    const earlierToken = resetTokenIn(earlier!.text_body);
    expect(earlierToken).toBeDefined();
    expect((await leave(coach.playerId)).status).toBe(200);

    // … and one asked for after leaving: the same answer as for an unknown address, and nothing is sent.
    const after = await forgot(coach.email);
    expect(after.status).toBe(202);
    expect(after.body).toEqual({ detail: FORGOT_PASSWORD_ANSWER });
    expect(await mailsTo(coach.email)).toHaveLength(1);

    // Following the earlier link is refused plainly, and neither the password nor a session appears.
    const reset = await t.json('/api/auth/reset-password', { body: { token: earlierToken, password: 'a brand new secret' } });
    expect(reset.status).toBe(403);
    expect(reset.body.detail).toBe(LOGIN_DISABLED);
    expect(reset.body.access_token).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.user_id, coach.userId))).toHaveLength(0);
    const [row] = await t.db.select({ disabled_at: users.disabled_at }).from(users).where(eq(users.id, coach.userId));
    expect(row!.disabled_at).not.toBeNull();
    // Once back in the club, the old password still works: the link changed nothing.
    expect((await comeBack(coach.playerId)).status).toBe(200);
    expect((await t.json('/api/auth/login', { body: { username: coach.username, password: 'a brand new secret' } })).status).toBe(401);
    expect((await t.json('/api/auth/login', { body: { username: coach.username, password: coach.password } })).status).toBe(200);
  });

  it('a session of a login switched off while signed in answers 401 at its next request, and is ended', async () => {
    const member = await memberWithLogin();
    expect((await t.json('/api/auth/me', { token: member.token })).status).toBe(200);
    await t.db.update(users).set({ disabled_at: new Date() }).where(eq(users.id, member.userId));
    expect((await t.json('/api/auth/me', { token: member.token })).status).toBe(401);
    expect((await t.json('/api/players/me', { token: member.token })).status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.user_id, member.userId))).toHaveLength(0);
    // Switched on again, the old session stays ended.
    await t.db.update(users).set({ disabled_at: null }).where(eq(users.id, member.userId));
    expect((await t.json('/api/auth/me', { token: member.token })).status).toBe(401);
  });

  it('an address-confirmation link of a switched-off login changes nothing', async () => {
    const member = await memberWithLogin();
    const token = randomBytes(32).toString('base64url');
    const { createHash } = await import('node:crypto');
    await t.db.insert(accountTokens).values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      user_id: member.userId,
      purpose: 'change_email',
      email: `new_${unique()}@example.com`,
      expires_at: new Date(Date.now() + 3_600_000),
    });
    await t.db.update(users).set({ disabled_at: new Date() }).where(eq(users.id, member.userId));
    const confirm = await t.json('/api/auth/confirm-email', { body: { token } });
    expect(confirm.status).toBe(403);
    expect(confirm.body.detail).toBe(LOGIN_DISABLED);
    const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, member.userId));
    expect(row!.email).toBe(member.email);
  });

  it("a switched-off login's private calendar link answers as an unknown one", async () => {
    const member = await memberWithLogin();
    const issued = await t.json('/api/calendar/token', { token: member.token, method: 'POST' });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    const path = new URL(issued.body.url).pathname;
    expect((await t.app.request(path)).status).toBe(200);
    await t.db.update(users).set({ disabled_at: new Date() }).where(eq(users.id, member.userId));
    expect((await t.app.request(path)).status).toBe(404);
  });
});

describe('A switched-off login cannot accept a guardian invitation', () => {
  it('the invitation mailed to a parent whose login was then switched off links nobody', async () => {
    const kids = juniorFixtures(t);
    const child = await kids.child('Ivo Junior', bornYearsAgo(8));
    const parent = await kids.adult('Iris Invited');
    expect((await t.json('/api/guardian-invitations', { token: admin.token, body: { player_id: child.id, email: parent.email } })).status).toBe(201);
    const [mail] = await mailsTo(parent.email);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
    await t.db.update(users).set({ disabled_at: new Date() }).where(eq(users.id, parent.user.id));
    const accepted = await t.json(`/api/guardian-invitations/${token}/accept`, { token: parent.token, body: {} });
    expect(accepted.status).not.toBe(201);
    // Nor by making a new login with the same address.
    const fresh = await t.json(`/api/guardian-invitations/${token}/accept`, {
      body: { full_name: 'Iris Again', username: `iris_${unique()}`, password: 'a sturdy passphrase' },
    });
    expect(fresh.status).toBe(409);
    expect(await t.db.select().from(guardians).where(eq(guardians.player_id, child.id))).toHaveLength(0);
  });
});

describe('Leaving the club ends staff places and club roles; coming back restores them', () => {
  it('takes them off the team staff and out of their club roles, each recorded, and coming back grants exactly those again', async () => {
    const coach = await memberWithLogin();
    const vets = await teamId('vets');
    expect(
      (await t.json('/api/admin/team-staff', { method: 'PUT', token: admin.token, body: { player_id: coach.playerId, team_id: vets, role: 'coach' } })).status,
    ).toBe(200);
    expect((await t.json('/api/admin/club-roles', { token: admin.token, body: { user_id: coach.userId, role: 'secretary' } })).status).toBe(201);
    const roleOf = async () => (await t.db.select({ role: users.role }).from(users).where(eq(users.id, coach.userId)))[0]!.role;
    expect(await roleOf()).toBe('staff');

    expect((await leave(coach.playerId)).status).toBe(200);
    expect(await t.db.select().from(teamStaff).where(eq(teamStaff.player_id, coach.playerId))).toHaveLength(0);
    expect(await t.db.select().from(clubRoles).where(eq(clubRoles.user_id, coach.userId))).toHaveLength(0);
    expect(await roleOf()).toBe('player');
    const changes = async (action: 'granted' | 'removed') =>
      (
        await t.db
          .select()
          .from(roleChanges)
          .where(and(eq(roleChanges.subject_user_id, coach.userId), eq(roleChanges.action, action)))
      ).map((c) => `${c.role} by ${c.by_name}`);
    expect(await changes('removed')).toEqual(expect.arrayContaining(['Coach of Vets by Ada Admin', 'Secretary by Ada Admin']));

    expect((await comeBack(coach.playerId)).status).toBe(200);
    expect(await t.db.select({ team_id: teamStaff.team_id, role: teamStaff.role }).from(teamStaff).where(eq(teamStaff.player_id, coach.playerId))).toEqual([
      { team_id: vets, role: 'coach' },
    ]);
    expect((await t.db.select({ role: clubRoles.role }).from(clubRoles).where(eq(clubRoles.user_id, coach.userId))).map((r) => r.role)).toEqual(['secretary']);
    expect(await roleOf()).toBe('staff');
    // Granted once when given, once again when back.
    expect((await changes('granted')).filter((c) => c === 'Coach of Vets by Ada Admin')).toHaveLength(2);
    const [record] = await t.db.select({ left_roles: players.left_roles }).from(players).where(eq(players.id, coach.playerId));
    expect(record!.left_roles).toBeNull();
  });

  it('a login the club had switched off before the member left stays off when they come back', async () => {
    const member = await memberWithLogin();
    await t.db.update(users).set({ disabled_at: new Date() }).where(eq(users.id, member.userId));
    expect((await leave(member.playerId)).status).toBe(200);
    expect((await comeBack(member.playerId)).status).toBe(200);
    const [row] = await t.db.select({ disabled_at: users.disabled_at }).from(users).where(eq(users.id, member.userId));
    expect(row!.disabled_at).not.toBeNull();
  });

  it("never takes the club's last welfare officer while it has junior teams, nor its last admin", async () => {
    const officer = await memberWithLogin();
    const [u12] = await t.db
      .insert(teams)
      .values({ name: `U12 Lions ${unique()}`, slug: `u12-${unique()}`, age_group: 'U12', format: '9v9' })
      .returning();
    await t.db.delete(clubRoles).where(eq(clubRoles.role, 'welfare_officer'));
    expect((await t.json('/api/admin/club-roles', { token: admin.token, body: { user_id: officer.userId, role: 'welfare_officer' } })).status).toBe(201);
    const refused = await leave(officer.playerId);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(lastWelfareOfficer([u12!.name]));
    const [still] = await t.db.select({ status: players.status }).from(players).where(eq(players.id, officer.playerId));
    expect(still!.status).toBe('active');
    await t.db.delete(teams).where(eq(teams.id, u12!.id));

    // The only admin: every other admin row set aside for the test, then put back.
    const boss = await memberWithLogin();
    expect((await t.json('/api/admin/club-roles', { token: admin.token, body: { user_id: boss.userId, role: 'admin' } })).status).toBe(201);
    const others = await t.db
      .delete(clubRoles)
      .where(and(eq(clubRoles.role, 'admin'), sql`${clubRoles.user_id} <> ${boss.userId}`))
      .returning();
    try {
      const last = await leave(boss.playerId);
      expect(last.status).toBe(409);
      expect(last.body.detail).toBe(LAST_ADMIN);
    } finally {
      await t.db.insert(clubRoles).values(others);
    }
  });
});

describe('The private calendar link changes with the password', () => {
  it('a password change or reset ends the old link', async () => {
    const member = await memberWithLogin();
    const path = async (token: string) => new URL((await t.json('/api/calendar/token', { token, method: 'POST' })).body.url).pathname;
    const first = await path(member.token);
    expect((await t.app.request(first)).status).toBe(200);
    const changed = await t.json('/api/auth/password', {
      method: 'PUT',
      token: member.token,
      body: { current_password: member.password, new_password: 'another sturdy phrase' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await t.app.request(first)).status).toBe(404);

    const second = await path(member.token);
    expect((await t.app.request(second)).status).toBe(200);
    expect(
      (await t.json(`/api/auth/reset-password/${member.userId}`, { method: 'PUT', token: admin.token, body: { password: 'set by the admin now' } })).status,
    ).toBe(200);
    expect((await t.app.request(second)).status).toBe(404);
    expect(await t.db.select().from(calendarTokens).where(eq(calendarTokens.user_id, member.userId))).toHaveLength(0);
  });
});

/** A welfare officer, and a child whose parent reads the child's medical notes (so the test can see them lose it). */
async function welfareAndFamily([welfareName, childName, parentName]: [string, string, string], years: number) {
  const kids = juniorFixtures(t);
  const welfare = await kids.adult(welfareName, 'welfare_officer');
  const child = await kids.child(childName, bornYearsAgo(years));
  const parent = await kids.guardian(parentName, [child, 'primary']);
  expect((await t.json(`/api/players/${child.id}/medical-notes`, { token: parent.token })).status).toBe(200);
  return { welfare, child, parent };
}

describe('Switching a login off and on (admins, the welfare officer)', () => {
  const kids = juniorFixtures(t);

  it('the welfare officer switches off a parent-only login with a reason: its session ends at once and it stays out; recorded; switched on again it works', async () => {
    const { welfare, child, parent } = await welfareAndFamily(['Wendy Welfare', 'Kit Junior', 'Parker Parent'], 10);

    const off = await t.json(`/api/admin/logins/${parent.user.id}/switch-off`, { token: welfare.token, body: { reason: 'Court order received today' } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.logins.find((l: { user_id: string }) => l.user_id === parent.user.id)).toMatchObject({ kind: 'parent_or_carer', left_club: false });
    // The session already open ends at once; the password and Forgot password do not get them back.
    expect((await t.json(`/api/players/${child.id}/medical-notes`, { token: parent.token })).status).toBe(401);
    const login = await t.json('/api/auth/login', { body: { username: parent.username, password: parent.password } });
    expect(login.status).toBe(403);
    expect(login.body.detail).toBe(LOGIN_DISABLED);
    expect((await forgot(parent.email)).status).toBe(202);
    expect(await mailsTo(parent.email)).toHaveLength(0);

    // The welfare officer reads who did it, when and why.
    const record = await t.json('/api/admin/logins', { token: welfare.token });
    expect(record.status).toBe(200);
    expect(record.body.changes[0]).toMatchObject({
      action: 'login_switched_off',
      subject_name: 'Parker Parent',
      reason: 'Court order received today',
      by_name: 'Wendy Welfare',
    });
    const [row] = await t.db.select().from(accessChanges).where(eq(accessChanges.subject_user_id, parent.user.id));
    expect(row!.by_user_id).toBe(welfare.user.id);
    expect(row!.created_at.getTime()).toBeGreaterThan(Date.now() - 60_000);

    const on = await t.json(`/api/admin/logins/${parent.user.id}/switch-on`, { token: admin.token, body: { reason: 'Order lifted' } });
    expect(on.status).toBe(200);
    expect(on.body.changes[0]).toMatchObject({ action: 'login_switched_on', by_name: 'Ada Admin', reason: 'Order lifted' });
    expect((await t.json('/api/auth/login', { body: { username: parent.username, password: parent.password } })).status).toBe(200);
  });

  it('refuses without a reason, for oneself, for the only admin, for a member who left, and for anyone but admins and the welfare officer', async () => {
    const target = await kids.adult('Tara Target');
    const secretary = await kids.adult('Sid Secretary', 'secretary');
    const coach = await t.signedIn('staff');
    const reason = { reason: 'Test reason' };
    expect((await t.json(`/api/admin/logins/${target.user.id}/switch-off`, { token: admin.token, body: {} })).status).toBe(422);
    expect((await t.json(`/api/admin/logins/${target.user.id}/switch-off`, { token: admin.token, body: { reason: '  ' } })).status).toBe(422);
    expect((await t.json(`/api/admin/logins/${target.user.id}/switch-off`, { body: reason })).status).toBe(401);
    for (const who of [secretary.token, coach.token, target.token]) {
      expect((await t.json(`/api/admin/logins/${target.user.id}/switch-off`, { token: who, body: reason })).status).toBe(403);
      expect((await t.json('/api/admin/logins', { token: who })).status).toBe(403);
    }
    expect((await t.json(`/api/admin/logins/not-an-id/switch-off`, { token: admin.token, body: reason })).status).toBe(404);
    expect((await t.json(`/api/admin/logins/${admin.user.id}/switch-off`, { token: admin.token, body: reason })).status).toBe(409);
    expect((await t.json(`/api/admin/logins/${target.user.id}/switch-on`, { token: admin.token, body: reason })).status).toBe(409);

    // The only admin who can sign in.
    const welfare = await kids.adult('Val Welfare', 'welfare_officer');
    const others = await t.db
      .delete(clubRoles)
      .where(and(eq(clubRoles.role, 'admin'), sql`${clubRoles.user_id} <> ${admin.user.id}`))
      .returning();
    try {
      const last = await t.json(`/api/admin/logins/${admin.user.id}/switch-off`, { token: welfare.token, body: reason });
      expect(last.status).toBe(409);
      expect(last.body.detail).toBe(LAST_ADMIN);
    } finally {
      if (others.length) await t.db.insert(clubRoles).values(others);
    }

    // A member who left comes back through their record, not here.
    const member = await memberWithLogin();
    expect((await leave(member.playerId)).status).toBe(200);
    const leftOn = await t.json(`/api/admin/logins/${member.userId}/switch-on`, { token: admin.token, body: reason });
    expect(leftOn.status).toBe(409);
    expect(leftOn.body.detail).toBe(LEFT_MEMBER);
  });
});

describe("Removing a parent's or carer's link to a child", () => {
  const kids = juniorFixtures(t);

  it('an admin or the welfare officer removes it with a reason: the parent loses the child at once, the record says who, when and why', async () => {
    const { welfare, child, parent } = await welfareAndFamily(['Wynn Welfare', 'Rio Junior', 'Pat Former'], 11);

    const noReason = await t.json(`/api/players/${child.id}/guardians/${parent.user.id}`, { method: 'DELETE', token: welfare.token, body: {} });
    expect(noReason.status).toBe(422);
    const removed = await t.json(`/api/players/${child.id}/guardians/${parent.user.id}`, {
      method: 'DELETE',
      token: welfare.token,
      body: { reason: 'Parental responsibility ended' },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect((await t.json(`/api/players/${child.id}/medical-notes`, { token: parent.token })).status).toBe(403);
    expect((await t.json(`/api/players/${child.id}/guardians`, { token: welfare.token })).body.guardians).toEqual([]);
    const record = await t.json('/api/admin/logins', { token: welfare.token });
    expect(record.body.changes[0]).toMatchObject({
      action: 'guardian_link_removed',
      subject_name: 'Pat Former',
      child_name: 'Rio Junior',
      reason: 'Parental responsibility ended',
      by_name: 'Wynn Welfare',
    });
    // Once gone, it is gone.
    expect(
      (await t.json(`/api/players/${child.id}/guardians/${parent.user.id}`, { method: 'DELETE', token: welfare.token, body: { reason: 'Again' } })).status,
    ).toBe(404);
  });

  it('nobody else removes a link: the secretary, a coach, the other parent, signed out', async () => {
    const child = await kids.child('Ash Junior', bornYearsAgo(9));
    const parent = await kids.guardian('Pam Parent', [child, 'primary']);
    const other = await kids.guardian('Olly Parent', [child, 'primary']);
    const secretary = await kids.adult('Sam Secretary', 'secretary');
    const coach = await t.signedIn('staff');
    const path = `/api/players/${child.id}/guardians/${parent.user.id}`;
    for (const who of [secretary.token, coach.token, other.token])
      expect((await t.json(path, { method: 'DELETE', token: who, body: { reason: 'No reason at all' } })).status).toBe(403);
    expect((await t.json(path, { method: 'DELETE', body: { reason: 'No reason at all' } })).status).toBe(401);
    expect((await t.json(`/api/players/${child.id}/medical-notes`, { token: parent.token })).status).toBe(200);
  });
});
