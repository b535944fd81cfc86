import { and, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createPool } from '../db/pool';
import { createTestContext } from '../../tests/support/api';
import { insertLogin } from '../../tests/support/logins';
import { daysBefore, seedRetentionRows, type RetentionSeed } from '../../tests/support/retention';
import { RETENTION_RULE_KEYS, type RetentionRuleKey } from '../../shared/retention';
import * as schema from '../db/schema';
import { availability, childCollectors, clubRoles, dbsChecks, dbsNotices, erasures, joinUsSubmissions, outbox, players, pushOutbox, retentionLog, trainingAttendance } from '../db/schema';
import { retention as retentionJob } from '../jobs/retention';
import { due, purge, runRetention } from '../services/privacy/retention';

// Issue 34, point 5: retention that runs itself. With the clock moved forward, each rule lists
// exactly the rows past its period, purging removes exactly those (nothing of anyone else), and
// the log says so; automatic rules purge in the nightly job, once however many processes run it.
const t = await createTestContext();
const otherPool = createPool(t.pool.options, { max: 3, installClubId: t.installClub?.id });
const otherDb = drizzle(otherPool, { schema });
afterAll(() => otherPool.end());

const T0 = new Date();
/** The clock moved forward: every seeded "due" row is past its period then, none is now. */
const LATER = daysBefore(T0, -20);

async function lead(name: string, role: 'data_protection_lead' | 'secretary' | null) {
  const username = `${name.split(' ')[0]!.toLowerCase()}_${Math.random().toString(36).slice(2, 8)}`;
  const user = await insertLogin(t.db, { username, password: 'correct horse battery', full_name: name, role: role ? 'staff' : 'player' });
  if (role) await t.db.insert(clubRoles).values({ user_id: user.id, role });
  const login = await t.json('/api/auth/login', { body: { username, password: 'correct horse battery' } });
  return { user, token: login.body.access_token as string };
}
const dpl = await lead('Dana Lead', 'data_protection_lead');
const secretary = await lead('Sam Secretary', 'secretary');
const player = await lead('Pat Player', null);

const dueIds = async (at: Date, db = t.db) =>
  Object.fromEntries((await due(db, at)).map((r) => [r.key, r.items.flatMap((i) => i.ids).sort()])) as Record<RetentionRuleKey, string[]>;
const present = async (table: typeof players | typeof joinUsSubmissions | typeof outbox | typeof pushOutbox, ids: string[]) =>
  (await t.db.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id).sort();

describe('the retention rules, with the clock moved forward', () => {
  let seed: RetentionSeed;

  it('list nothing of the seeded rows today, and exactly the rows past each period later', async () => {
    seed = await seedRetentionRows(t.db, LATER);
    const now = await dueIds(T0);
    for (const key of RETENTION_RULE_KEYS) for (const id of [...seed[key].due, ...seed[key].kept]) expect(now[key], `${key} today`).not.toContain(id);
    const later = await dueIds(LATER);
    for (const key of RETENTION_RULE_KEYS) expect(later[key], key).toEqual([...seed[key].due].sort());
  });

  it('say in plain words what is due', async () => {
    const rules = Object.fromEntries((await due(t.db, LATER)).map((r) => [r.key, r.items.map((i) => i.label)]));
    expect(rules.enquiries).toEqual([expect.stringMatching(/^Join Us enquiry of \d{1,2} [A-Z][a-z]+ \d{4}$/)]);
    expect(rules.left_member_health).toEqual([expect.stringMatching(new RegExp(`^Medical notes and emergency contacts of ${seed.names.healthDue} \\(left \\d`))]);
    expect(rules.former_member[0]).toMatch(new RegExp(`^${seed.names.formerDue} \\(left .+, last contact .+\\)$`));
    expect(rules.junior_attendance[0]).toMatch(new RegExp(`^Attendance of ${seed.names.grown} as a junior \\(18 on `));
    expect(rules.sent_mail[0]).toMatch(/^E-mails sent in [A-Z][a-z]+ \d{4}$/);
    expect(rules.sent_notifications[0]).toMatch(/^Notifications sent in [A-Z][a-z]+ \d{4}$/);
    expect(rules.dbs_status[0]).toMatch(new RegExp(`^DBS status of ${seed.names.dbsDue} \\(role ended `));
  });

  it('purge exactly the due rows of each rule, approved by the lead, and log it without personal data', async () => {
    const by = { id: dpl.user.id, name: 'Dana Lead' };
    expect(await purge(t.db, 'enquiries', by, LATER)).toEqual({ rows: 1, summary: '1 enquiry deleted' });
    expect(await present(joinUsSubmissions, [...seed.enquiries.due, ...seed.enquiries.kept])).toEqual([...seed.enquiries.kept].sort());

    expect((await purge(t.db, 'left_member_health', by, LATER)).rows).toBe(1);
    const [cleared] = await t.db.select().from(players).where(eq(players.id, seed.left_member_health.due[0]!));
    expect(cleared).toMatchObject({ medical_notes: null, emergency_contact_name: null, emergency_contact_phone: null, status: 'left' });
    expect(await t.db.select().from(childCollectors).where(eq(childCollectors.player_id, cleared.id))).toEqual([]);
    const kept = await t.db.select().from(players).where(inArray(players.id, seed.left_member_health.kept));
    expect(kept.map((p) => p.medical_notes)).toEqual(['Asthma: inhaler in bag', 'Asthma: inhaler in bag']);

    expect((await purge(t.db, 'former_member', by, LATER)).summary).toBe('1 former member erased');
    expect(await present(players, [...seed.former_member.due, ...seed.former_member.kept])).toEqual([...seed.former_member.kept].sort());
    // Erased by the erasure engine, under a pseudonym, signed by the lead who approved it.
    const [erased] = await t.db.select().from(erasures).where(eq(erasures.erased_by_name, 'Dana Lead'));
    expect(erased).toMatchObject({ erased_by: dpl.user.id, request_id: null });
    expect(erased.pseudonym).toMatch(/^Former member [0-9a-f]{4,6}$/);

    expect(await purge(t.db, 'junior_attendance', by, LATER)).toEqual({ rows: 2, summary: '2 attendance records deleted' });
    const attendance = await t.db.select().from(trainingAttendance).where(inArray(trainingAttendance.player_id, [...seed.junior_attendance.due, ...seed.junior_attendance.kept]));
    expect(attendance.filter((a) => a.player_id === seed.junior_attendance.due[0]).map((a) => a.session_id)).toEqual([seed.junior_attendance.adultSession]);
    expect(attendance.filter((a) => a.player_id === seed.junior_attendance.kept[0])).toHaveLength(1);
    const answers = await t.db.select().from(availability).where(inArray(availability.player_id, [...seed.junior_attendance.due, ...seed.junior_attendance.kept]));
    expect(answers.map((a) => [a.player_id, a.session_id ?? a.fixture_id]).sort()).toEqual(
      [
        [seed.junior_attendance.due[0], seed.junior_attendance.adultSession],
        [seed.junior_attendance.kept[0], seed.junior_attendance.fixture],
      ].sort(),
    );

    expect(await purge(t.db, 'sent_mail', by, LATER)).toEqual({ rows: 3, summary: '3 e-mails deleted' });
    expect(await present(outbox, [...seed.sent_mail.due, ...seed.sent_mail.kept])).toEqual([...seed.sent_mail.kept].sort());

    expect(await purge(t.db, 'sent_notifications', by, LATER)).toEqual({ rows: 2, summary: '2 notifications deleted' });
    expect(await present(pushOutbox, [...seed.sent_notifications.due, ...seed.sent_notifications.kept])).toEqual([...seed.sent_notifications.kept].sort());

    expect(await purge(t.db, 'dbs_status', by, LATER)).toEqual({ rows: 1, summary: '1 DBS record deleted' });
    const checks = await t.db.select({ id: dbsChecks.player_id }).from(dbsChecks).where(inArray(dbsChecks.player_id, [...seed.dbs_status.due, ...seed.dbs_status.kept]));
    expect(checks.map((c) => c.id).sort()).toEqual([...seed.dbs_status.kept].sort());
    expect(await t.db.select().from(dbsNotices).where(eq(dbsNotices.player_id, seed.dbs_status.due[0]!))).toEqual([]);
    // The person stays: only their DBS status goes.
    expect(await present(players, seed.dbs_status.due)).toEqual(seed.dbs_status.due);

    // Nothing more is due, and the log has one entry per rule, approved by the lead.
    expect(Object.values(await dueIds(LATER)).flat()).toEqual([]);
    const log = await t.db.select().from(retentionLog).where(eq(retentionLog.approved_by, 'Dana Lead'));
    expect(log.map((l) => l.rule).sort()).toEqual([...RETENTION_RULE_KEYS].sort());
    expect(log.every((l) => !l.automatic && l.approved_by_id === dpl.user.id)).toBe(true);
    expect(log.map((l) => l.summary).join(' ')).not.toMatch(new RegExp(seed.tag));
  });
});

describe('the nightly job', () => {
  it('purges the rules set to automatic without approval, and leaves the others for the lead', async () => {
    const seed = await seedRetentionRows(t.db, LATER);
    const auto = await t.json('/api/privacy/retention/enquiries', { method: 'PUT', token: dpl.token, body: { period: 12, automatic: true } });
    expect(auto.status).toBe(200);
    expect(await runRetention(t.db, T0)).toEqual([{ key: 'enquiries', rows: 0, summary: '0 enquiries deleted' }]);
    expect(await runRetention(t.db, LATER)).toEqual([{ key: 'enquiries', rows: 1, summary: '1 enquiry deleted' }]);
    expect(await present(joinUsSubmissions, seed.enquiries.due)).toEqual([]);
    const [entry] = await t.db.select().from(retentionLog).where(and(eq(retentionLog.rule, 'enquiries'), eq(retentionLog.automatic, true)));
    expect(entry).toMatchObject({ rows: 1, approved_by: null, summary: '1 enquiry deleted' });
    // The others wait on the lead's list.
    expect((await dueIds(LATER)).sent_mail).toEqual([...seed.sent_mail.due].sort());
    expect(retentionJob.everyMs).toBe(86_400_000);
  });

  it('run by two processes at once, purges once and logs once', async () => {
    const seed = await seedRetentionRows(t.db, LATER);
    await t.json('/api/privacy/retention/sent_mail', { method: 'PUT', token: dpl.token, body: { period: 12, automatic: true } });
    const before = (await t.db.select().from(retentionLog).where(eq(retentionLog.rule, 'sent_mail'))).length;
    // This seed's and the last test's (left for the lead then): all due later.
    const dueMail = (await dueIds(LATER)).sent_mail;
    expect(dueMail).toEqual(expect.arrayContaining(seed.sent_mail.due));
    const [a, b] = await Promise.all([runRetention(t.db, LATER), runRetention(otherDb, LATER)]);
    const sent = [...a, ...b].filter((r) => r.key === 'sent_mail').map((r) => r.rows);
    expect(sent.sort()).toEqual([0, dueMail.length]);
    expect(await present(outbox, dueMail)).toEqual([]);
    expect(await present(outbox, seed.sent_mail.kept)).toEqual([...seed.sent_mail.kept].sort());
    expect((await t.db.select().from(retentionLog).where(eq(retentionLog.rule, 'sent_mail'))).length).toBe(before + 1);
    // And a second night finds nothing more.
    expect((await runRetention(t.db, LATER)).find((r) => r.key === 'sent_mail')).toEqual({ key: 'sent_mail', rows: 0, summary: '0 e-mails deleted' });
  });
});

describe('/api/privacy/retention', () => {
  it('answers the rules with their reasons, periods and what is due, to the lead and the secretary only', async () => {
    const rules = await t.json('/api/privacy/retention', { token: secretary.token });
    expect(rules.status).toBe(200);
    expect(rules.body.map((r: { key: string }) => r.key)).toEqual([...RETENTION_RULE_KEYS]);
    expect(rules.body[0]).toMatchObject({ key: 'enquiries', title: 'Join Us enquiries', unit: 'months', default_period: 12, min: 1, max: 24 });
    expect(rules.body[0].reason).toMatch(/never joined/);
    expect(rules.body.find((r: { key: string }) => r.key === 'left_member_health')).toMatchObject({ period: 30, unit: 'days', automatic: false, version: '' });
    expect((await t.json('/api/privacy/retention')).status).toBe(401);
    for (const path of ['/api/privacy/retention', '/api/privacy/retention/log']) expect((await t.json(path, { token: player.token })).status).toBe(403);
    const put = await t.json('/api/privacy/retention/enquiries', { method: 'PUT', token: player.token, body: { period: 3, automatic: false } });
    expect(put.status).toBe(403);
    const approve = await t.json('/api/privacy/retention/enquiries/purge', { method: 'POST', token: player.token, body: {} });
    expect(approve.status).toBe(403);
    // A coach's Today page has no retention card.
    const coach = await t.signedIn('staff');
    expect((await t.json('/api/admin/dashboard', { token: coach.token })).body.today.retention_due).toBeNull();
  });

  it('refuses a period outside the rule’s bounds, a wrong type and an unknown rule, storing nothing', async () => {
    const put = (key: string, body: unknown) => t.json(`/api/privacy/retention/${key}`, { method: 'PUT', token: dpl.token, body });
    const tooLong = await put('dbs_status', { period: 25, automatic: false });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail).toMatch(/Choose a period from 1 month to 24 months/);
    expect((await put('dbs_status', { period: 0, automatic: false })).status).toBe(422);
    expect((await put('dbs_status', { period: 2.5, automatic: false })).status).toBe(422);
    expect((await put('dbs_status', { period: '6', automatic: false })).status).toBe(422);
    expect((await put('dbs_status', { period: 6 })).status).toBe(422);
    expect((await put('ledger', { period: 6, automatic: false })).status).toBe(404);
    const rules = (await t.json('/api/privacy/retention', { token: dpl.token })).body;
    expect(rules.find((r: { key: string }) => r.key === 'dbs_status')).toMatchObject({ period: 6, version: '' });
  });

  it('refuses a stale save naming who saved and when', async () => {
    const loaded = (await t.json('/api/privacy/retention', { token: dpl.token })).body.find((r: { key: string }) => r.key === 'junior_attendance');
    const first = await t.json('/api/privacy/retention/junior_attendance', { method: 'PUT', token: secretary.token, body: { period: 48, automatic: false, version: loaded.version } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ period: 48, updated_by: 'Sam Secretary' });
    const stale = await t.json('/api/privacy/retention/junior_attendance', { method: 'PUT', token: dpl.token, body: { period: 24, automatic: true, version: loaded.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toMatch(/^Sam Secretary saved this retention rule on .+ after you opened it/);
    const fresh = await t.json('/api/privacy/retention/junior_attendance', { method: 'PUT', token: dpl.token, body: { period: 36, automatic: false, version: first.body.version } });
    expect(fresh.status).toBe(200);
  });

  it('approves a purge of what is due now; a confirmation naming another count deletes nothing (409); the log lists it', async () => {
    const [old] = await t.db
      .insert(joinUsSubmissions)
      .values({ full_name: 'Old Enquirer', email: 'old.enquirer@example.com', phone_number: '07700 900000', message: 'Hi', interest_types: ['playing'], created_at: daysBefore(T0, 800) })
      .returning();
    const rule = (await t.json('/api/privacy/retention', { token: dpl.token })).body.find((r: { key: string }) => r.key === 'enquiries');
    expect(rule.due_rows).toBe(1);
    // The Today page tells the lead.
    expect((await t.json('/api/admin/dashboard', { token: dpl.token })).body.today.retention_due).toBe(1);
    const wrong = await t.json('/api/privacy/retention/enquiries/purge', { method: 'POST', token: dpl.token, body: { rows: 2 } });
    expect(wrong.status).toBe(409);
    expect(wrong.body.detail).toMatch(/The list changed since you opened it/);
    expect(await present(joinUsSubmissions, [old.id])).toEqual([old.id]);
    const bad = await t.json('/api/privacy/retention/enquiries/purge', { method: 'POST', token: dpl.token, body: { rows: 'all' } });
    expect(bad.status).toBe(422);
    const done = await t.json('/api/privacy/retention/enquiries/purge', { method: 'POST', token: dpl.token, body: { rows: 1 } });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ rows: 1, summary: '1 enquiry deleted' });
    expect(await present(joinUsSubmissions, [old.id])).toEqual([]);
    const log = await t.json('/api/privacy/retention/log', { token: dpl.token });
    expect(log.status).toBe(200);
    // The earlier tests' purges were dated later (the clock moved forward): this one is today's.
    expect(log.body.find((e: { purged_at: string }) => e.purged_at < LATER.toISOString())).toMatchObject({ rule: 'enquiries', rows: 1, automatic: false, approved_by: 'Dana Lead', summary: '1 enquiry deleted' });
  });
});
