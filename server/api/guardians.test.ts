import { eq, and } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { consents, guardianInvitations, guardians, medicalNoteReads, outbox, players, playerTeams, teams, users } from '../db/schema';
import { currentConsents } from '../services/juniors';
import { seasonOf } from '../../shared/juniors';
import { todayIso } from '../../shared/players';

// Issue 23: parents and carers. Invited by the club or asking as "I am a parent"; they see and
// answer for their own children only, give consents (no one else can), and lose their rights at 18.
const t = await createTestContext();
await t.initialize();
const j = juniorFixtures(t);
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const secretary = await j.adult('Sue Secretary', 'secretary');
const welfare = await j.adult('Wendy Welfare', 'welfare_officer');
const treasurer = await j.adult('Tom Treasurer', 'treasurer');
const player = await t.signedIn('player', { full_name: 'Pat Player' });
// A new team, after the fixtures' staff member was made: this coach is not on its staff.
const seniorStaff = await t.signedIn('staff', { full_name: 'Sid Seniorcoach' });
const [u12] = await t.db.insert(teams).values({ name: 'Under 12s', slug: 'u12', age_group: 'U12', format: '9v9' }).returning();
const u12Coach = await j.adult('Uma Undertwelve');
const [coachRecord] = await t.db
  .insert(players)
  .values({ full_name: 'Uma Undertwelve', user_id: u12Coach.user.id, team_type: 'Staff', position: 'Staff' })
  .returning();
const { teamStaff, dbsChecks } = await import('../db/schema');
await t.db.insert(teamStaff).values({ player_id: coachRecord!.id, team_id: u12!.id, role: 'coach' });
// A junior team's coach reads its children's care details only with an in-date DBS check (issue 30).
await t.db.insert(dbsChecks).values({ player_id: coachRecord!.id, status: 'in_date', expires_on: '2099-01-01', checked_by: 'Wendy Welfare', checked_on: '2026-01-01' });

const sam = await j.child('Sam Smith', bornYearsAgo(11), 'u12');
const alex = await j.child('Alex Jones', bornYearsAgo(14), 'senior');
const jane = await j.guardian('Jane Smith', [sam, 'primary']);
const other = await j.guardian('Olly Other', [alex, 'primary']);

const lastMailTo = async (address: string) => (await t.db.select().from(outbox).where(eq(outbox.to_address, address))).at(-1);

describe('Invitations (a single-use link, valid 7 days)', () => {
  it('the secretary or welfare officer invites; the link creates a login and links it once; a second use is refused', async () => {
    const invited = await t.json('/api/guardian-invitations', {
      token: welfare.token,
      body: { player_id: sam.id, email: 'grandad@example.com', level: 'secondary', relationship: 'Grandfather' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ player_id: sam.id, level: 'secondary' });
    const expires = new Date(invited.body.expires_at).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
    const mail = await lastMailTo('grandad@example.com');
    const token = /guardian-invitation\?token=([A-Za-z0-9_-]{43})/.exec(mail!.text_body)![1]!;
    expect((await t.json(`/api/guardian-invitations/${token}`)).body).toEqual({
      child_first_name: 'Sam',
      email: 'grandad@example.com',
      level: 'secondary',
      state: 'valid',
    });
    const weak = await t.json(`/api/guardian-invitations/${token}/accept`, { body: { full_name: 'Gus Grandad', username: 'gus_grandad', password: 'x' } });
    expect(weak.status).toBe(422);
    const accepted = await t.json(`/api/guardian-invitations/${token}/accept`, {
      body: { full_name: 'Gus Grandad', username: 'gus_grandad', password: 'a sturdy passphrase' },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ player_id: sam.id, level: 'secondary', created_login: true });
    const again = await t.json(`/api/guardian-invitations/${token}/accept`, {
      body: { full_name: 'Eve Evil', username: 'eve_evil', password: 'a sturdy passphrase' },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/used already/);
    const gus = await t.json('/api/auth/login', { body: { username: 'gus_grandad', password: 'a sturdy passphrase' } });
    const children = await t.json('/api/guardians/me/children', { token: gus.body.access_token });
    expect(children.body).toEqual([
      expect.objectContaining({
        player_id: sam.id,
        full_name: 'Sam Smith',
        level: 'secondary',
        can_answer: true,
        age_group: expect.stringMatching(/^U1[12]$/),
      }),
    ]);
    expect(children.body[0].teams).toEqual([{ id: u12!.id, name: 'Under 12s', age_group: 'U12' }]);
  });

  it('a signed-in parent accepting links their own login; after 7 days the link has expired', async () => {
    const invited = await t.json('/api/guardian-invitations', { token: secretary.token, body: { player_id: alex.id, email: jane.email } });
    expect(invited.status).toBe(201);
    const token = /token=([A-Za-z0-9_-]{43})/.exec((await lastMailTo(jane.email))!.text_body)![1]!;
    expect((await t.json(`/api/guardian-invitations/${token}/accept`, { token: jane.token, body: {} })).status).toBe(201);
    const mine = (await t.json('/api/guardians/me/children', { token: jane.token })).body as Array<{ player_id: string }>;
    expect(mine.map((c) => c.player_id).sort()).toEqual([sam.id, alex.id].sort());

    await t.json('/api/guardian-invitations', { token: secretary.token, body: { player_id: alex.id, email: 'late@example.com' } });
    const late = /token=([A-Za-z0-9_-]{43})/.exec((await lastMailTo('late@example.com'))!.text_body)![1]!;
    await t.db
      .update(guardianInvitations)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(guardianInvitations.email, 'late@example.com'));
    expect((await t.json(`/api/guardian-invitations/${late}`)).body.state).toBe('expired');
    const refused = await t.json(`/api/guardian-invitations/${late}/accept`, {
      body: { full_name: 'Lee Late', username: 'lee_late', password: 'a sturdy passphrase' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/expired/);
    expect((await t.json('/api/guardian-invitations/not-a-token')).status).toBe(404);
    // The link unlinked Alex from Jane again, so the later tests start from one child each.
    await t.db.delete(guardians).where(and(eq(guardians.user_id, jane.user.id), eq(guardians.player_id, alex.id)));
  });

  it('only admins, the secretary and the welfare officer invite (and a primary parent, the other parent); an adult cannot have guardians', async () => {
    for (const who of [player, treasurer, seniorStaff]) {
      const res = await t.json('/api/guardian-invitations', { token: who.token, body: { player_id: sam.id, email: 'x@example.com' } });
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/secretary and the welfare officer/);
    }
    // Issue 31: Sam's primary parent may invite the other parent, never as primary (server/api/family-home.test.ts).
    const asPrimary = await t.json('/api/guardian-invitations', { token: jane.token, body: { player_id: sam.id, email: 'x@example.com' } });
    expect(asPrimary.status).toBe(422);
    const adultPlayer = await t.json('/api/guardian-invitations', { token: admin.token, body: { player_id: player.playerId, email: 'x@example.com' } });
    expect(adultPlayer.status).toBe(422);
    expect(adultPlayer.body.detail).toMatch(/not a junior/);
    expect((await t.json('/api/guardian-invitations', { token: admin.token, body: { player_id: sam.id, email: 'nope' } })).status).toBe(422);
  });
});

describe('"I am a parent or carer" requests', () => {
  it('a signed-in user asks; the welfare officer approves, creating the child; another is rejected with a reason that is mailed', async () => {
    const parent = await j.adult('Priya Parent');
    const asked = await t.json('/api/guardian-requests', {
      token: parent.token,
      body: { child_name: 'Kiran Parent', child_date_of_birth: bornYearsAgo(9), relationship: 'Mother', team_id: u12!.id, message: 'Kiran trains on Tuesdays' },
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ status: 'pending', child_name: 'Kiran Parent', requester_name: 'Priya Parent' });
    expect((await t.json('/api/guardian-requests', { token: parent.token, body: undefined })).body).toHaveLength(1);
    const adultChild = await t.json('/api/guardian-requests', {
      token: parent.token,
      body: { child_name: 'Big Kid', child_date_of_birth: bornYearsAgo(19), relationship: 'Mother' },
    });
    expect(adultChild.status).toBe(422);
    expect((await t.json('/api/guardian-requests', { body: { child_name: 'X', child_date_of_birth: bornYearsAgo(9), relationship: 'Mother' } })).status).toBe(
      401,
    );

    const pending = await t.json('/api/guardian-requests?status=pending', { token: welfare.token });
    expect(pending.body.map((r: { id: string }) => r.id)).toContain(asked.body.id);
    expect((await t.json(`/api/guardian-requests/${asked.body.id}/approve`, { token: player.token, body: {} })).status).toBe(403);
    const approved = await t.json(`/api/guardian-requests/${asked.body.id}/approve`, { token: welfare.token, body: {} });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', created_child: true });
    const [kiran] = await t.db.select().from(players).where(eq(players.id, approved.body.player_id));
    expect(kiran).toMatchObject({ full_name: 'Kiran Parent', status: 'active', user_id: null });
    expect(await t.db.select().from(playerTeams).where(eq(playerTeams.player_id, kiran!.id))).toHaveLength(1);
    expect((await t.json('/api/guardians/me/children', { token: parent.token })).body[0]).toMatchObject({ player_id: kiran!.id, level: 'primary' });
    expect((await lastMailTo(parent.email))!.subject).toBe('You are linked to Kiran');
    expect((await t.json(`/api/guardian-requests/${asked.body.id}/approve`, { token: welfare.token, body: {} })).status).toBe(404);

    const second = await t.json('/api/guardian-requests', {
      token: parent.token,
      body: { child_name: 'Sam Smith', child_date_of_birth: bornYearsAgo(11), relationship: 'Aunt' },
    });
    expect((await t.json(`/api/guardian-requests/${second.body.id}/reject`, { token: secretary.token, body: { reason: '' } })).status).toBe(422);
    const rejected = await t.json(`/api/guardian-requests/${second.body.id}/reject`, {
      token: secretary.token,
      body: { reason: 'Sam’s parents have not named you: ask them to contact us.' },
    });
    expect(rejected.status).toBe(200);
    const mail = await lastMailTo(parent.email);
    expect(mail!.subject).toBe('About your request as a parent or carer');
    expect(mail!.text_body).toContain('Sam’s parents have not named you');
    expect((await t.json('/api/guardians/me/children', { token: parent.token })).body).toHaveLength(1);
  });

  it('approving onto an existing child links the requester to that child', async () => {
    const dad = await j.adult('Dan Smith');
    const asked = await t.json('/api/guardian-requests', {
      token: dad.token,
      body: { child_name: 'Sam Smith', child_date_of_birth: bornYearsAgo(11), relationship: 'Father' },
    });
    const approved = await t.json(`/api/guardian-requests/${asked.body.id}/approve`, {
      token: secretary.token,
      body: { player_id: sam.id, level: 'view_only' },
    });
    expect(approved.body).toMatchObject({ player_id: sam.id, created_child: false });
    expect((await t.json('/api/guardians/me/children', { token: dad.token })).body[0]).toMatchObject({
      player_id: sam.id,
      level: 'view_only',
      can_answer: false,
    });
  });
});

describe('Must never happen: a guardian reading a child they are not linked to', () => {
  it('every per-child endpoint answers 403 to a parent of another child', async () => {
    const reads = ['consents', 'medical-notes', 'medical-note-reads', 'documents', 'payments', 'guardians'];
    for (const path of reads) {
      const res = await t.json(`/api/players/${alex.id}/${path}`, { token: jane.token });
      expect(res.status, path).toBe(403);
      expect(res.body.detail, path).toBeTruthy();
      expect((await t.json(`/api/players/${sam.id}/${path}`, { token: other.token })).status, path).toBe(403);
    }
    const writes: Array<[string, unknown]> = [
      ['consents', { kind: 'photo', given: true }],
      ['care', { emergency_contact_name: 'Me', emergency_contact_phone: '07700 900000' }],
      ['login-agreement', { agreed: true }],
    ];
    for (const [path, body] of writes)
      expect((await t.json(`/api/players/${alex.id}/${path}`, { method: 'PUT', token: jane.token, body })).status, path).toBe(403);
    // The same answer for an id that names nobody: ids cannot be probed.
    expect((await t.json('/api/players/00000000-0000-4000-8000-000000000000/consents', { token: jane.token })).status).toBe(403);
    // Their own child: allowed.
    for (const path of ['consents', 'medical-notes', 'documents', 'payments'])
      expect((await t.json(`/api/players/${sam.id}/${path}`, { token: jane.token })).status, path).toBe(200);
  });

  it('at 18 the rights end: the same parent is refused and the child leaves their list', async () => {
    const grown = await j.child('Gina Grown', bornYearsAgo(17));
    await j.link(jane.user.id, grown.id);
    expect((await t.json(`/api/players/${grown.id}/consents`, { token: jane.token })).status).toBe(200);
    await t.db
      .update(players)
      .set({ date_of_birth: bornYearsAgo(18) })
      .where(eq(players.id, grown.id));
    expect((await t.json(`/api/players/${grown.id}/consents`, { token: jane.token })).status).toBe(403);
    expect((await t.json(`/api/players/${grown.id}/payments`, { token: jane.token })).status).toBe(403);
    expect(((await t.json('/api/guardians/me/children', { token: jane.token })).body as Array<{ player_id: string }>).map((c) => c.player_id)).not.toContain(
      grown.id,
    );
  });
});

describe('Consents', () => {
  it('must never happen: a consent given by someone who is not the child’s guardian (admins included)', async () => {
    const viewOnly = await j.adult('Vic Viewonly');
    await j.link(viewOnly.user.id, sam.id, 'view_only');
    const withLogin = await j.child('Tess Teen', bornYearsAgo(16), 'senior', true);
    for (const [who, token, pid] of [
      ['admin', admin.token, sam.id],
      ['secretary', secretary.token, sam.id],
      ['welfare officer', welfare.token, sam.id],
      ['staff of the team', u12Coach.token, sam.id],
      ['another parent', other.token, sam.id],
      ['a view-only guardian', viewOnly.token, sam.id],
      ['the child themselves', withLogin.token!, withLogin.id],
    ] as const) {
      const res = await t.json(`/api/players/${pid}/consents`, { method: 'PUT', token, body: { kind: 'photo', given: true } });
      expect(res.status, who).toBe(403);
      expect(res.body.detail, who).toMatch(/parent or carer/);
    }
    expect(await t.db.select().from(consents).where(eq(consents.player_id, sam.id))).toHaveLength(0);
  });

  it('a guardian gives and withdraws; each is a row with who, when and the text version; the latest is in force at once', async () => {
    const season = seasonOf(todayIso());
    expect((await t.json(`/api/players/${sam.id}/consents`, { method: 'PUT', token: jane.token, body: { kind: 'photo', given: 'yes' } })).status).toBe(422);
    const given = await t.json(`/api/players/${sam.id}/consents`, { method: 'PUT', token: jane.token, body: { kind: 'photo', given: true } });
    expect(given.status).toBe(200);
    expect(given.body.consents.find((c: { kind: string }) => c.kind === 'photo')).toMatchObject({
      given: true,
      given_by_name: 'Jane Smith',
      text_version: '2026-1',
    });
    expect((await currentConsents(t.db, [sam.id], season)).get(sam.id)!.has('photo')).toBe(true);
    await t.json(`/api/players/${sam.id}/consents`, { method: 'PUT', token: jane.token, body: { kind: 'photo', given: false } });
    expect((await currentConsents(t.db, [sam.id], season)).get(sam.id)!.has('photo')).toBe(false);
    const rows = await t.db.select().from(consents).where(eq(consents.player_id, sam.id));
    expect(rows.map((r) => r.given)).toEqual([true, false]);
    expect(rows.every((r) => r.given_by === jane.user.id && r.season === season)).toBe(true);
    // Team staff, the welfare officer and admins read them; a coach of another team does not.
    for (const token of [u12Coach.token, welfare.token, admin.token]) expect((await t.json(`/api/players/${sam.id}/consents`, { token })).status).toBe(200);
    expect((await t.json(`/api/players/${sam.id}/consents`, { token: seniorStaff.token })).status).toBe(403);
  });
});

describe('Medical notes', () => {
  it('guardians, the team’s staff and the welfare officer only; staff and welfare reads are recorded; an admin who is none of these is refused', async () => {
    expect(
      (await t.json(`/api/players/${sam.id}/care`, { method: 'PUT', token: jane.token, body: { emergency_contact_name: '', emergency_contact_phone: '1' } }))
        .status,
    ).toBe(422);
    const saved = await t.json(`/api/players/${sam.id}/care`, {
      method: 'PUT',
      token: jane.token,
      body: { emergency_contact_name: 'Jane Smith', emergency_contact_phone: '07700 900555', medical_notes: 'Asthma: inhaler in kit bag' },
    });
    expect(saved.status).toBe(200);
    expect((await t.json(`/api/players/${sam.id}/medical-notes`, { token: jane.token })).body.medical_notes).toBe('Asthma: inhaler in kit bag');
    expect(await t.db.select().from(medicalNoteReads).where(eq(medicalNoteReads.player_id, sam.id))).toHaveLength(0);
    expect((await t.json(`/api/players/${sam.id}/medical-notes`, { token: u12Coach.token })).status).toBe(200);
    expect((await t.json(`/api/players/${sam.id}/medical-notes`, { token: welfare.token })).status).toBe(200);
    for (const token of [admin.token, seniorStaff.token, secretary.token, player.token]) {
      const res = await t.json(`/api/players/${sam.id}/medical-notes`, { token });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Asthma');
    }
    const reads = await t.json(`/api/players/${sam.id}/medical-note-reads`, { token: jane.token });
    expect(reads.body.map((r: { read_by_name: string }) => r.read_by_name).sort()).toEqual(['Uma Undertwelve', 'Wendy Welfare']);
  });
});

describe('Logins of juniors', () => {
  it('never under 13; 13-17 once a primary guardian agreed (recorded); a junior does not register themselves', async () => {
    const under13 = await t.json('/api/admin/create-player-account', {
      token: admin.token,
      body: { player_id: sam.id, username: 'sam_kid', email: 'sam@kids.example.com', password: 'a sturdy passphrase' },
    });
    expect(under13.status).toBe(422);
    expect(under13.body.detail).toMatch(/under 13/);
    const agreeUnder13 = await t.json(`/api/players/${sam.id}/login-agreement`, { method: 'PUT', token: jane.token, body: { agreed: true } });
    expect(agreeUnder13.status).toBe(422);
    const body = { player_id: alex.id, username: 'alex_kid', email: 'alex@kids.example.com', password: 'a sturdy passphrase' };
    const noAgreement = await t.json('/api/admin/create-player-account', { token: admin.token, body });
    expect(noAgreement.status).toBe(422);
    expect(noAgreement.body.detail).toMatch(/parent or carer has agreed/);
    const agreed = await t.json(`/api/players/${alex.id}/login-agreement`, { method: 'PUT', token: other.token, body: { agreed: true } });
    expect(agreed.body).toMatchObject({ login_agreed: true, login_agreed_by: 'Olly Other' });
    expect((await t.json('/api/admin/create-player-account', { token: admin.token, body })).status).toBe(201);

    const selfRegistered = await t.json('/api/players/register', {
      body: {
        username: 'teen_self',
        email: 'teen@example.com',
        password: 'a sturdy passphrase',
        full_name: 'Teen Self',
        phone_number: '07700 900111',
        date_of_birth: bornYearsAgo(15),
        position_preference: 'Defender',
        emergency_contact_name: 'Mum',
        emergency_contact_phone: '07700 900222',
      },
    });
    expect(selfRegistered.status).toBe(422);
    expect(selfRegistered.body.detail).toMatch(/parent or carer/);
  });
});

describe('Messages to one junior', () => {
  it('are refused without their guardians copied, with a detail that says why', async () => {
    const refused = await t.json('/api/messages', { token: admin.token, body: { subject: 'Hi', body: 'Well played', player_id: sam.id } });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toMatch(/Sam Smith is under 18\. Messages to a junior go to their parents or carers/);
    expect(
      (await t.json('/api/messages', { token: admin.token, body: { subject: 'Hi', body: 'Well played', player_id: sam.id, copy_guardians: true } })).status,
    ).toBe(201);
    expect((await t.json('/api/messages', { token: admin.token, body: { subject: 'Hi', body: 'Well played', player_id: player.playerId } })).status).toBe(201);
  });
});

describe('"I am a parent or carer" on the register page', () => {
  it('makes a login with no player record and the request in one go; bad input stores nothing', async () => {
    const body = {
      full_name: 'Pia Parent',
      username: 'pia_parent',
      email: 'pia@example.com',
      password: 'a sturdy passphrase',
      phone_number: '07700 900111',
      child_name: 'Pip Parent',
      child_date_of_birth: bornYearsAgo(8),
      relationship: 'Mother',
    };
    await expect(t.services.juniors.registerParent({ ...body, child_date_of_birth: '' })).rejects.toMatchObject({ status: 422 });
    await expect(t.services.juniors.registerParent({ ...body, username: player.username })).rejects.toMatchObject({ status: 409 });
    const made = await t.services.juniors.registerParent(body);
    expect(await t.db.select().from(players).where(eq(players.user_id, made!.user_id))).toHaveLength(0);
    const pending = await t.json('/api/guardian-requests?status=pending', { token: secretary.token });
    expect(pending.body.filter((r: { requester_name: string }) => r.requester_name === 'Pia Parent')).toHaveLength(1);
    expect((await lastMailTo('pia@example.com'))!.text_body).toContain('request as a parent or carer');
  });

  it('with an address that already has an account: nothing is made, the answer is a new one\'s, and the owner is mailed (issue 30, finding 14)', async () => {
    const body = {
      full_name: 'Quinn Stranger',
      username: 'quinn_stranger',
      email: player.user.email.toUpperCase(),
      password: 'a sturdy passphrase',
      phone_number: '07700 900222',
      child_name: 'Pip Parent',
      child_date_of_birth: bornYearsAgo(8),
      relationship: 'Father',
    };
    const made = await t.services.juniors.registerParent(body);
    expect(made).toMatchObject({ username: 'quinn_stranger', created: false });
    expect(await t.db.select().from(users).where(eq(users.username, 'quinn_stranger'))).toEqual([]);
    const pending = await t.json('/api/guardian-requests?status=pending', { token: secretary.token });
    expect(pending.body.filter((r: { requester_name: string }) => r.requester_name === 'Quinn Stranger')).toHaveLength(0);
    const toOwner = await lastMailTo(player.user.email);
    expect(toOwner).toMatchObject({ kind: 'address_in_use', subject: 'Someone tried to use your e-mail address' });
  });
});
