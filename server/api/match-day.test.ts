import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { dbsChecks, feedback, medicalNoteReads, players, playerStats, teams, teamStaff } from '../db/schema';
import { seasonOf } from '../../shared/juniors';
import { todayIso } from '../../shared/players';
import type { MatchDayCard, MedicalNoteReadLog } from '../../shared/contracts/match-day';

// Issue 31: the coach's match-day card. A junior team's own staff (DBS in order) and the welfare
// officer read, per child, medical notes, who to call, photo consent and who may collect; every
// opening logs one medical-notes read per child, and the welfare officer reads that log.
const t = await createTestContext();
await t.initialize();
const j = juniorFixtures(t);
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const secretary = await j.adult('Sue Secretary', 'secretary');
const welfare = await j.adult('Wendy Welfare', 'welfare_officer');
const treasurer = await j.adult('Tom Treasurer', 'treasurer');
const [u9] = await t.db.insert(teams).values({ name: 'U9 Wrens', slug: 'u9', age_group: 'U9', format: '7v7' }).returning();
const [u12] = await t.db.insert(teams).values({ name: 'U12 Robins', slug: 'u12', age_group: 'U12', format: '9v9' }).returning();
const [senior] = await t.db.select().from(teams).where(eq(teams.slug, 'senior'));

/** A coach (a member record on the team's staff) with a DBS check of this status. */
async function coach(name: string, teamId: string, dbs: 'in_date' | 'expired' = 'in_date') {
  const login = await j.adult(name);
  const [record] = await t.db.insert(players).values({ full_name: name, user_id: login.user.id, team_type: 'Staff', position: 'Staff' }).returning();
  await t.db.insert(teamStaff).values({ player_id: record!.id, team_id: teamId, role: 'coach' });
  const expires_on = dbs === 'in_date' ? '2099-01-01' : '2020-01-01';
  await t.db.insert(dbsChecks).values({ player_id: record!.id, status: dbs, expires_on, checked_by: 'Wendy Welfare', checked_on: '2019-01-01' });
  return { ...login, playerId: record!.id };
}

const u9Coach = await coach('Carl Coach', u9!.id);
const u12Coach = await coach('Uma Undertwelve', u12!.id);
const lapsedCoach = await coach('Lenny Lapsed', u9!.id, 'expired');
const endedCoach = await coach('Eddie Ended', u9!.id);
await t.db.delete(teamStaff).where(and(eq(teamStaff.player_id, endedCoach.playerId), eq(teamStaff.team_id, u9!.id)));

const aarav = await j.child('Aarav Shah', bornYearsAgo(8), 'u9');
const meera = await j.child('Meera Patel', bornYearsAgo(8), 'u9');
await t.db
  .update(players)
  .set({ medical_notes: 'Asthma: blue inhaler in his bag. Peanut allergy: EpiPen with his dad.', emergency_contact_name: 'Ravi Shah', emergency_contact_phone: '07700 900111' })
  .where(eq(players.id, aarav.id));
const ravi = await j.guardian('Ravi Shah', [aarav, 'primary']);
const meerasMum = await j.guardian('Priya Patel', [meera, 'primary']);
const viewOnly = await j.guardian('Vic Viewonly', [aarav, 'view_only']);
// A parent who is also a member: their own phone number is a number to call.
await t.db.insert(players).values({ full_name: 'Priya Patel', user_id: meerasMum.user.id, phone_number: '07700 900222', team_type: 'Senior' });

const cardOf = (teamId: string, token: string) => t.json<MatchDayCard & { detail?: string }>(`/api/teams/${teamId}/match-day-card`, { token });
const readsOf = async (playerId: string) => t.db.select().from(medicalNoteReads).where(eq(medicalNoteReads.player_id, playerId));

describe('Parents say who may collect; staff see it', () => {
  it('a parent who can answer names others; a view-only parent, a coach and the welfare officer cannot change it', async () => {
    const saved = await t.json(`/api/players/${aarav.id}/collectors`, { method: 'PUT', token: ravi.token, body: { others: '  Grandma Asha Shah  ' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ player_id: aarav.id, others: 'Grandma Asha Shah', set_by_name: 'Ravi Shah' });
    expect(saved.body.guardians.map((g: { name: string }) => g.name)).toEqual(['Ravi Shah', 'Vic Viewonly']);
    for (const token of [viewOnly.token, u9Coach.token, welfare.token, admin.token, meerasMum.token]) {
      const refused = await t.json(`/api/players/${aarav.id}/collectors`, { method: 'PUT', token, body: { others: 'Someone else' } });
      expect(refused.status).toBe(403);
    }
    const tooLong = await t.json(`/api/players/${aarav.id}/collectors`, { method: 'PUT', token: ravi.token, body: { others: 'x'.repeat(501) } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail).toBeTruthy();
    expect((await t.json(`/api/players/${aarav.id}/collectors`, { token: u9Coach.token })).body.others).toBe('Grandma Asha Shah');
    expect((await t.json(`/api/players/${aarav.id}/collectors`, { token: meerasMum.token })).status).toBe(403);
  });
});

describe('GET /api/teams/{id}/match-day-card', () => {
  it('the team’s coach reads every child’s card, and one read per child is logged', async () => {
    await t.json(`/api/players/${meera.id}/consents`, { method: 'PUT', token: meerasMum.token, body: { kind: 'photo', given: false } });
    await t.json(`/api/players/${aarav.id}/consents`, { method: 'PUT', token: ravi.token, body: { kind: 'photo', given: true } });
    const before = (await readsOf(aarav.id)).length;
    const res = await cardOf(u9!.id, u9Coach.token);
    expect(res.status).toBe(200);
    expect(res.body.team).toEqual({ id: u9!.id, name: 'U9 Wrens', age_group: 'U9' });
    expect(res.body.season).toBe(seasonOf(todayIso()));
    expect(res.body.children.map((c) => c.full_name)).toEqual(['Aarav Shah', 'Meera Patel']);
    const [a, m] = res.body.children;
    expect(a).toMatchObject({ medical_flag: true, photo_consent: true, medical_notes: expect.stringContaining('Peanut allergy') });
    expect(a!.emergency_contacts).toEqual([{ name: 'Ravi Shah', phone: '07700 900111', relationship: 'Emergency contact' }]);
    expect(a!.collectors).toMatchObject({ others: 'Grandma Asha Shah', guardians: [{ name: 'Ravi Shah' }, { name: 'Vic Viewonly' }] });
    expect(m).toMatchObject({ medical_flag: false, medical_notes: null, photo_consent: false });
    expect(m!.emergency_contacts).toEqual([
      { name: 'Emergency Person', phone: '07700 900123', relationship: 'Emergency contact' },
      { name: 'Priya Patel', phone: '07700 900222', relationship: 'Parent' },
    ]);
    expect(m!.collectors).toMatchObject({ others: '', guardians: [{ name: 'Priya Patel', phone: '07700 900222' }] });
    const reads = await readsOf(aarav.id);
    expect(reads).toHaveLength(before + 1);
    expect(reads.at(-1)).toMatchObject({ read_by_name: 'Carl Coach', via: 'Match-day card: U9 Wrens' });
    expect(await readsOf(meera.id)).toHaveLength(1);
  });

  it('the welfare officer reads any junior team’s card (logged too)', async () => {
    const res = await cardOf(u12!.id, welfare.token);
    expect(res.status).toBe(200);
    expect(res.body.children).toEqual([]);
    expect((await cardOf(u9!.id, welfare.token)).status).toBe(200);
    expect((await readsOf(meera.id)).map((r) => r.read_by_name)).toContain('Wendy Welfare');
  });

  it('must never happen: another team’s coach, an ended or lapsed coach, a parent or an officer without the role reads the card', async () => {
    const before = (await readsOf(aarav.id)).length;
    const refused: Array<[string, string]> = [
      ['another team’s coach', u12Coach.token],
      ['a coach whose staff place ended', endedCoach.token],
      ['a coach whose DBS check expired', lapsedCoach.token],
      ['a parent of a child in the team', ravi.token],
      ['the admin', admin.token],
      ['the secretary', secretary.token],
      ['the treasurer', treasurer.token],
    ];
    for (const [who, token] of refused) {
      const res = await cardOf(u9!.id, token);
      expect(res.status, who).toBe(403);
      expect(res.body.detail, who).toBeTruthy();
      expect(JSON.stringify(res.body), who).not.toContain('Asthma');
    }
    expect((await t.json(`/api/teams/${u9!.id}/match-day-card`)).status).toBe(401);
    expect(await readsOf(aarav.id)).toHaveLength(before);
  });

  it('an adult team has no card, and an unknown team is not found (404, never 500)', async () => {
    expect((await cardOf(senior!.id, welfare.token)).status).toBe(404);
    expect((await cardOf('00000000-0000-4000-8000-000000000000', u9Coach.token)).status).toBe(404);
    expect((await cardOf('not-a-team', u9Coach.token)).status).toBe(404);
  });
});

describe('GET /api/admin/medical-note-reads', () => {
  it('the welfare officer reads who opened which child’s notes, where and when; nobody else but an admin', async () => {
    const res = await t.json<MedicalNoteReadLog>('/api/admin/medical-note-reads', { token: welfare.token });
    expect(res.status).toBe(200);
    const coachReads = res.body.filter((r) => r.read_by_name === 'Carl Coach');
    expect(coachReads.map((r) => r.child_name).sort()).toEqual(['Aarav Shah', 'Meera Patel']);
    expect(coachReads.every((r) => r.via === 'Match-day card: U9 Wrens' && !Number.isNaN(Date.parse(r.read_at)))).toBe(true);
    // Newest first.
    const times = res.body.map((r) => Date.parse(r.read_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(JSON.stringify(res.body)).not.toContain('Asthma');
    expect((await t.json('/api/admin/medical-note-reads', { token: admin.token })).status).toBe(200);
    for (const token of [u9Coach.token, secretary.token, treasurer.token, ravi.token])
      expect((await t.json('/api/admin/medical-note-reads', { token })).status).toBe(403);
  });
});

describe('The treasurer never touches stats or feedback (issue 31, minor)', () => {
  it('refused (403) on a child’s stats and coach feedback; nothing is written', async () => {
    const stats = await t.json(`/api/players/${aarav.id}/stats`, { method: 'PUT', token: treasurer.token, body: { goals: 9, assists: 9 } });
    expect(stats.status).toBe(403);
    const note = await t.json(`/api/players/${aarav.id}/feedback`, { token: treasurer.token, body: { category: 'General', feedback: 'Lovely.' } });
    expect(note.status).toBe(403);
    expect(await t.db.select().from(playerStats).where(eq(playerStats.player_id, aarav.id))).toHaveLength(0);
    expect(await t.db.select().from(feedback).where(eq(feedback.player_id, aarav.id))).toHaveLength(0);
    // The team's coach may.
    expect((await t.json(`/api/players/${aarav.id}/stats`, { method: 'PUT', token: u9Coach.token, body: { goals: 1 } })).status).toBe(200);
  });
});
