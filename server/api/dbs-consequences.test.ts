import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysIso, formatCalendarDate } from '../../shared/dates';
import { todayIso } from '../../shared/players';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { dbsChecks, dbsNotices, eventChanges, notifications, outbox, players, teams, teamStaff, users } from '../db/schema';
import { dbsNotices as dbsNoticesJob } from '../jobs/dbs-notices';
import type { JobContext } from '../jobs/job';
import { STAFF_PLACE_SUSPENDED } from '../policy';
import { teamStaffAndAdmins } from '../services/roles';

// Issue 31 (Major 8, Build 6): a DBS check that has expired suspends the person's places on junior
// teams' staff (kept, not deleted), computed from today's date, until a new check is recorded or an
// admin lifts it with a reason; reminders 60 and 30 days before, a notice when it has expired, once each.
const t = await createTestContext();
await t.initialize();
const j = juniorFixtures(t);
const admin = await t.signedIn('admin', { full_name: 'Ada Admin' });
const secretary = await j.adult('Sue Secretary', 'secretary');
const welfare = await j.adult('Wendy Welfare', 'welfare_officer');
const [u12] = await t.db.insert(teams).values({ name: 'U12 Robins', slug: 'u12-robins', age_group: 'U12', format: '9v9' }).returning();
const [u9] = await t.db.insert(teams).values({ name: 'U9 Wrens', slug: 'u9-wrens', age_group: 'U9', format: '7v7' }).returning();
const [senior] = await t.db.select().from(teams).where(eq(teams.slug, 'senior'));
const today = todayIso();
const yesterday = addDaysIso(today, -1);

/** A signed-in adult member, on these teams' staff as coach, with an in-date check. */
async function coach(name: string, teamIds: string[], expiresOn = addDaysIso(today, 400)) {
  const login = await j.adult(name);
  const [record] = await t.db.insert(players).values({ full_name: name, user_id: login.user.id, team_type: 'Staff', position: 'Staff' }).returning();
  await t.db.insert(dbsChecks).values({ player_id: record!.id, status: 'in_date', expires_on: expiresOn, checked_by: 'Wendy Welfare', checked_on: '2026-01-01' });
  if (teamIds.length) await t.db.insert(teamStaff).values(teamIds.map((team_id) => ({ player_id: record!.id, team_id, role: 'coach' as const })));
  await t.db.update(users).set({ role: 'staff' }).where(eq(users.id, login.user.id));
  const again = await t.json('/api/auth/login', { body: { username: login.username, password: login.password } });
  return { ...login, token: again.body.access_token as string, playerId: record!.id };
}

const carl = await coach('Carl Coach', [u9!.id, u12!.id, senior!.id]);
const aarav = await j.child('Aarav Shah', bornYearsAgo(11), 'u12-robins');
await t.db.update(players).set({ medical_notes: 'Asthma: inhaler in the kit bag. Peanut allergy.' }).where(eq(players.id, aarav.id));

const record = (token: string, playerId: string, body: Record<string, unknown>) => t.json(`/api/admin/dbs/${playerId}`, { method: 'PUT', token, body });
const expiredBody = { status: 'expired', expires_on: yesterday, checked_on: '2023-11-01', checked_by: 'Wendy Welfare' };
const inDateBody = { status: 'in_date', expires_on: addDaysIso(today, 1000), checked_on: today, checked_by: 'Wendy Welfare' };
const medicalNotes = () => t.json(`/api/players/${aarav.id}/medical-notes`, { token: carl.token });
const fixture = (teamId: string) =>
  t.json('/api/fixtures', {
    token: carl.token,
    body: { team_id: teamId, away_team: 'Valley', match_date: addDaysIso(today, 20), match_time: '10:00', venue: 'Riverside Park', competition: 'League', is_home: true },
  });
const entryOf = async (playerId: string) => ((await t.json('/api/admin/dbs', { token: welfare.token })).body.people as any[]).find((p) => p.player_id === playerId);
const suspendedText = `Suspended: DBS check expired on ${formatCalendarDate(yesterday)}`;

describe('An expired DBS check suspends junior staff places', () => {
  it('a coach whose check expired gets 403 on a junior’s medical notes and consents, cannot run U9 or U12, still runs the Senior team, and is listed as suspended', async () => {
    expect((await medicalNotes()).status).toBe(200);
    expect((await record(welfare.token, carl.playerId, expiredBody)).status).toBe(200);

    const notes = await medicalNotes();
    expect(notes.status).toBe(403);
    expect(notes.body.medical_notes).toBeUndefined();
    expect((await t.json(`/api/players/${aarav.id}/consents`, { token: carl.token })).status).toBe(403);
    for (const team of [u12!, u9!]) {
      const refused = await fixture(team.id);
      expect(refused.status, team.name).toBe(403);
      expect(refused.body.detail).toBe(STAFF_PLACE_SUSPENDED);
    }
    expect((await fixture(senior!.id)).status).toBe(201);
    const training = (teamId: string) =>
      t.json('/api/training-sessions', { token: carl.token, body: { team_id: teamId, date: addDaysIso(today, 9), start_time: '18:00', end_time: '19:00', place: 'Back pitch' } });
    expect((await training(u9!.id)).status).toBe(403);
    expect((await training(senior!.id)).status).toBe(201);
    // Squad mails to a team's staff leave a suspended place out.
    const told = async (teamId: string) => (await t.db.select({ id: users.id }).from(users).where(teamStaffAndAdmins(teamId))).map((u) => u.id);
    expect(await told(u12!.id)).not.toContain(carl.user.id);
    expect(await told(senior!.id)).toContain(carl.user.id);

    // Kept, not deleted: the places are still there, shown suspended.
    expect(await t.db.select().from(teamStaff).where(eq(teamStaff.player_id, carl.playerId))).toHaveLength(3);
    const entry = await entryOf(carl.playerId);
    expect(entry.suspended).toBe(suspendedText);
    expect(entry.teams.map((p: any) => [p.team_name, p.suspended])).toEqual([
      ['U12 Robins', suspendedText],
      ['U9 Wrens', suspendedText],
    ]);
    const warnings = (await t.json('/api/admin/dashboard', { token: welfare.token })).body.today.dbs_checks as string[];
    expect(warnings).toContain(`Carl Coach's DBS check expired on ${formatCalendarDate(yesterday)}: suspended from U12 Robins and U9 Wrens`);
    const roles = (await t.json('/api/admin/roles', { token: admin.token })).body.team_staff as any[];
    const carls = roles.filter((s) => s.player_id === carl.playerId).map((s) => [s.team_name, s.suspended]);
    expect(carls).toEqual(expect.arrayContaining([['U9 Wrens', suspendedText], ['U12 Robins', suspendedText], ['Senior', null]]));
  });

  it('is computed from today’s date: a check recorded in date that has since expired suspends too, nobody flips a flag', async () => {
    const dana = await coach('Dana Dates', [u12!.id], addDaysIso(today, 3));
    const notes = () => t.json(`/api/players/${aarav.id}/medical-notes`, { token: dana.token });
    expect((await notes()).status).toBe(200);
    await t.db.update(dbsChecks).set({ expires_on: yesterday }).where(eq(dbsChecks.player_id, dana.playerId));
    expect((await notes()).status).toBe(403);
    expect((await entryOf(dana.playerId)).suspended).toBe(suspendedText);
    // The last day of a check still counts.
    await t.db.update(dbsChecks).set({ expires_on: today }).where(eq(dbsChecks.player_id, dana.playerId));
    expect((await notes()).status).toBe(200);
  });

  it('an override given when someone was added without a check does not hide a later expiry', async () => {
    const nell = await coach('Nell Newcheck', []);
    await t.db.delete(dbsChecks).where(eq(dbsChecks.player_id, nell.playerId));
    const added = await t.json('/api/admin/team-staff', {
      method: 'PUT',
      token: admin.token,
      body: { player_id: nell.playerId, team_id: u12!.id, role: 'assistant', override_reason: 'Check applied for; never alone with the children' },
    });
    expect(added.status).toBe(200);
    const notes = () => t.json(`/api/players/${aarav.id}/medical-notes`, { token: nell.token });
    expect((await notes()).status).toBe(200);
    expect((await record(welfare.token, nell.playerId, { ...inDateBody, expires_on: addDaysIso(today, 10) })).status).toBe(200);
    expect((await notes()).status).toBe(200);
    // Time passes: the check recorded after the override has expired.
    await t.db.update(dbsChecks).set({ expires_on: yesterday }).where(eq(dbsChecks.player_id, nell.playerId));
    expect((await notes()).status).toBe(403);
    expect((await entryOf(nell.playerId)).teams[0].suspended).toBe(suspendedText);
  });

  it('a new in-date check restores access at once', async () => {
    expect((await record(welfare.token, carl.playerId, inDateBody)).status).toBe(200);
    expect((await medicalNotes()).status).toBe(200);
    expect((await fixture(u12!.id)).status).toBe(201);
    const entry = await entryOf(carl.playerId);
    expect(entry.suspended).toBeNull();
    expect(entry.teams.every((p: any) => p.suspended === null)).toBe(true);
  });

  it('an admin’s override with a reason restores access and is shown (who, when, why); recording a check again ends it', async () => {
    await record(welfare.token, carl.playerId, expiredBody);
    expect((await medicalNotes()).status).toBe(403);
    const path = `/api/admin/dbs/${carl.playerId}/override`;
    const reason = 'Renewal applied for on 1 November; always coaches with a checked assistant';
    expect((await t.json(path, { method: 'PUT', token: secretary.token, body: { reason } })).status).toBe(403);
    expect((await t.json(path, { method: 'PUT', token: welfare.token, body: { reason } })).status).toBe(403);
    const noReason = await t.json(path, { method: 'PUT', token: admin.token, body: { reason: ' ' } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.detail).toMatch(/reason/i);
    expect((await medicalNotes()).status).toBe(403);

    const lifted = await t.json(path, { method: 'PUT', token: admin.token, body: { reason } });
    expect(lifted.status).toBe(200);
    const entry = (lifted.body.people as any[]).find((p) => p.player_id === carl.playerId);
    expect(entry.override).toMatchObject({ by: 'Ada Admin', reason });
    expect(Date.parse(entry.override.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(entry.suspended).toBeNull();
    expect((await medicalNotes()).status).toBe(200);
    expect((await fixture(u9!.id)).status).toBe(201);

    // Withdrawn: suspended again.
    expect((await t.json(path, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect((await medicalNotes()).status).toBe(403);
    // Lifted again, then a check is recorded (still expired): the new record decides, the override is gone.
    await t.json(path, { method: 'PUT', token: admin.token, body: { reason } });
    expect((await medicalNotes()).status).toBe(200);
    await record(welfare.token, carl.playerId, { ...expiredBody, checked_on: '2023-11-02' });
    expect((await medicalNotes()).status).toBe(403);
    expect((await entryOf(carl.playerId)).override).toBeNull();
    // An in-date check has nothing to lift.
    await record(welfare.token, carl.playerId, inDateBody);
    expect((await t.json(path, { method: 'PUT', token: admin.token, body: { reason } })).status).toBe(422);
  });
});

describe('The DBS record: who verified it, who recorded it, and never a child', () => {
  it('keeps the named verifier as "checked by" and the typist as "recorded by"; refuses no verifier, and the subject verifying themselves', async () => {
    const vera = await coach('Vera Volunteer', []);
    const missing = await record(secretary.token, vera.playerId, { status: 'in_date', expires_on: addDaysIso(today, 500), checked_on: today });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toMatch(/checked by/i);
    const self = await record(secretary.token, vera.playerId, { ...inDateBody, checked_by: 'vera  volunteer' });
    expect(self.status).toBe(422);
    const ok = await record(secretary.token, vera.playerId, { ...inDateBody, checked_by: 'Wendy Welfare' });
    expect(ok.status).toBe(200);
    expect((ok.body.people as any[]).find((p) => p.player_id === vera.playerId)).toMatchObject({ checked_by: 'Wendy Welfare', recorded_by: 'Sue Secretary' });
    expect(ok.body.verifiers).toEqual(expect.arrayContaining(['Ada Admin', 'Sue Secretary', 'Wendy Welfare']));
    expect(ok.body.verifiers).not.toContain('Vera Volunteer');
  });

  it('lists only adults as people to record a check for, and refuses a child as the subject (422, nothing stored)', async () => {
    const overview = (await t.json('/api/admin/dbs', { token: welfare.token })).body;
    const names = (overview.members as any[]).map((m) => m.full_name);
    expect(names).toContain('Carl Coach');
    expect(names).not.toContain('Aarav Shah');
    const refused = await record(welfare.token, aarav.id, inDateBody);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe('Aarav Shah is under 18: DBS checks are recorded for the adults who work with juniors (staff and volunteers), never for a child.');
    expect(await t.db.select().from(dbsChecks).where(eq(dbsChecks.player_id, aarav.id))).toEqual([]);
  });
});

describe('DBS notices: 60 and 30 days before, and when it has expired', () => {
  const context = { services: t.services, db: t.db } as unknown as JobContext;
  const mails = (playerId: string, kind: string) => t.db.select().from(outbox).where(like(outbox.dedupe_key, `dbs-${kind}:${playerId}:%`));
  const to = async (playerId: string, kind: string) => (await mails(playerId, kind)).map((m) => m.to_address).sort();

  it('sends the 60-day and then the 30-day reminder to the person and the welfare officer, once each however often the job runs', async () => {
    const sam = await coach('Sam Soon', [u12!.id], addDaysIso(today, 59));
    const late = await coach('Lou Late', [u9!.id], addDaysIso(today, 25));
    const far = await coach('Fay Far', [u9!.id], addDaysIso(today, 90));
    // The job twice, and two "processes" at once.
    await dbsNoticesJob.run(context);
    await dbsNoticesJob.run(context);
    await Promise.all([t.services.dbs.sendDbsNotices(), t.services.dbs.sendDbsNotices()]);

    expect(await to(sam.playerId, 'first')).toEqual([sam.email, welfare.email].sort());
    expect(await to(sam.playerId, 'final')).toEqual([]);
    const [toSam] = (await mails(sam.playerId, 'first')).filter((m) => m.to_address === sam.email);
    expect(toSam!.subject).toBe(`Your DBS check expires on ${formatCalendarDate(addDaysIso(today, 59))}`);
    expect(toSam!.text_body).toContain('Coach of U12 Robins');
    // Recorded 25 days before expiry: the 30-day reminder only.
    expect(await to(late.playerId, 'first')).toEqual([]);
    expect(await to(late.playerId, 'final')).toEqual([late.email, welfare.email].sort());
    expect(await to(far.playerId, 'first')).toEqual([]);

    // 31 days on, Sam's 30-day reminder; run twice.
    const later = addDaysIso(today, 31);
    await t.services.dbs.sendDbsNotices(later);
    await t.services.dbs.sendDbsNotices(later);
    expect(await to(sam.playerId, 'final')).toEqual([sam.email, welfare.email].sort());
    expect(await to(sam.playerId, 'first')).toHaveLength(2);
    const [welfareCopy] = (await mails(sam.playerId, 'final')).filter((m) => m.to_address === welfare.email);
    expect(welfareCopy!.subject).toBe(`Sam Soon's DBS check expires on ${formatCalendarDate(addDaysIso(today, 59))}`);
    expect(await t.db.select().from(dbsNotices).where(eq(dbsNotices.player_id, sam.playerId))).toHaveLength(2);

    // The day after it expired: the expiry notice, once.
    const after = addDaysIso(today, 60);
    await t.services.dbs.sendDbsNotices(after);
    await t.services.dbs.sendDbsNotices(after);
    expect(await to(sam.playerId, 'expired')).toEqual([sam.email, welfare.email].sort());
  });

  it('mails the person and the welfare officer once on the day a check has expired, naming the suspended places', async () => {
    const eve = await coach('Eve Expired', [u9!.id, u12!.id], yesterday);
    await dbsNoticesJob.run(context);
    await dbsNoticesJob.run(context);
    expect(await to(eve.playerId, 'expired')).toEqual([eve.email, welfare.email].sort());
    const [own] = (await mails(eve.playerId, 'expired')).filter((m) => m.to_address === eve.email);
    expect(own!.subject).toBe('Your DBS check has expired');
    expect(own!.text_body).toContain('Coach of U12 Robins and Coach of U9 Wrens are suspended');
    expect(
      await t.db
        .select()
        .from(dbsNotices)
        .where(and(eq(dbsNotices.player_id, eve.playerId), eq(dbsNotices.kind, 'expired'))),
    ).toHaveLength(1);
  });
});

describe('A change announced to a junior team’s staff', () => {
  it('gives a coach whose place is suspended no copy, while a coach whose check is in date gets one', async () => {
    const dana = await coach('Dana Suspended', [u9!.id], yesterday);
    const evan = await coach('Evan Indate', [u9!.id]);
    const body = { team_id: u9!.id, away_team: 'Hillside', match_date: addDaysIso(today, 12), match_time: '10:00', venue: 'Riverside Park', competition: 'League', is_home: true };
    const made = await t.json('/api/fixtures', { token: admin.token, body });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const moved = await t.json(`/api/fixtures/${made.body.id}`, { method: 'PUT', token: admin.token, body: { ...body, match_time: '11:15' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    // The change is announced once its short wait is over (the job's run).
    await t.db.update(eventChanges).set({ due_at: new Date(Date.now() - 1000) }).where(eq(eventChanges.event_id, made.body.id));
    expect(await t.services.eventChanges.announceDue()).toBe(1);
    // The staff's copy is a notice in the admin panel (and a mail where mail is set up): one each.
    const copies = async (userId: string) => t.db.select().from(notifications).where(and(eq(notifications.user_id, userId), like(notifications.title, '%Hillside%')));
    expect(await copies(evan.user.id)).toHaveLength(1);
    expect(await copies(dana.user.id)).toHaveLength(0);
  });
});
