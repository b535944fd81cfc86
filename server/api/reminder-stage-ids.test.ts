import { readdirSync, readFileSync } from 'node:fs';
import { like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDaysIso, clubDateOf, clubTimeOf } from '../../shared/dates';
import { todayIso } from '../../shared/players';
import { createTestContext } from '../../tests/support/api';
import { bornYearsAgo, juniorFixtures } from '../../tests/support/juniors';
import { adultMembers, signedInTreasurer } from '../../tests/support/treasury';
import { dbsChecks, dbsNotices, juniorNotices, outbox, players } from '../db/schema';
import { REMINDER_STAGES, sendDueReminders, type ReminderStage } from '../jobs/availability-reminders';
import { DBS_REMINDER_STAGES } from '../services/juniors/dbs-notices';
import { PAYMENT_REMINDER_STAGES, reminderDedupeKey } from '../services/treasury/reminders';

// ADR 054: a reminder stage's id ends the dedupe key of every reminder sent at it.
// Retiming a stage keeps its id; the ids that used to be the timing ('6d', '48h'; '3d', '10d', '21d'; '60d', '30d')
// were renamed by a migration that rewrote the stored keys, so nobody already reminded is asked again.
const t = await createTestContext({ publicUrl: 'https://club.example.org' });
await t.initialize();
const j = juniorFixtures(t);
const admin = await t.signedIn('admin');
const staff = await t.signedIn('staff');
await t.signedIn('player', { full_name: 'Sid Silent' });
const kid = await j.child('Kit Kid', bornYearsAgo(10));
await j.guardian('Pat Parent', [kid, 'primary']);
const senior = ((await t.json('/api/teams')).body as Array<{ id: string; name: string }>).find((x) => x.name === 'Senior')!.id;

/** The migration's hand-written SQL (its number is given at merge time, its name stays), run again on today's rows. */
async function runStageIdsMigration() {
  const dir = new URL('../../drizzle/', import.meta.url);
  const file = readdirSync(dir).find((name) => name.endsWith('_reminder_stage_ids.sql'));
  expect(file, 'drizzle/NNNN_reminder_stage_ids.sql').toBeTruthy();
  const text = readFileSync(new URL(file!, dir), 'utf8');
  const handWritten = text.slice(text.indexOf('-- hand-written: begin'), text.indexOf('-- hand-written: end'));
  for (const statement of handWritten.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
}

async function fixture(hoursAhead: number, opponent: string) {
  const at = new Date(Date.now() + hoursAhead * 3_600_000);
  const res = await t.json('/api/fixtures', {
    token: staff.token,
    body: { team_id: senior, away_team: opponent, match_date: clubDateOf(at), match_time: clubTimeOf(at), venue: 'Home Ground', competition: 'League' },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const keysLike = async (pattern: string) =>
  (await t.db.select({ key: outbox.dedupe_key }).from(outbox).where(like(outbox.dedupe_key, pattern))).map((r) => r.key).sort();
const noticesOf = async (playerId: string) =>
  (
    await t.db
      .select({ kind: juniorNotices.kind })
      .from(juniorNotices)
      .where(sql`${juniorNotices.player_id} = ${playerId}`)
  )
    .map((r) => r.kind)
    .sort();

/** The stages as released before they had ids of their own: keyed by their timing. */
const KEYED_BY_TIMING: readonly ReminderStage[] = [
  { id: '6d', hours: 144, label: '6 days before kick-off' },
  { id: '48h', hours: 48, label: '48 hours before kick-off' },
];

describe('availability reminder stages keep their ids', () => {
  it('the migration moves reminders already sent under the old ids to the new ones: a run after it sends nobody the same stage again, adults or parents', async () => {
    const early = await fixture(5 * 24, 'Early Rovers');
    const late = await fixture(40, 'Late Town');
    expect((await sendDueReminders(t.services.availability, new Date(), KEYED_BY_TIMING)).queued).toBeGreaterThan(0);
    const before = await keysLike('availability-reminder:%');
    expect(before.some((k) => k.startsWith(`availability-reminder:${early}:`) && k.includes(':6d'))).toBe(true);
    expect(before.some((k) => k.startsWith(`availability-reminder:${late}:`) && k.includes(':48h'))).toBe(true);
    expect(await noticesOf(kid.id)).toEqual([`availability-reminder:${early}:${kid.id}:6d`, `availability-reminder:${late}:${kid.id}:48h`].sort());
    const digests = (await keysLike('availability-digest:%')).length;
    expect(digests).toBe(1); // Pat: one mail for Kit's two fixtures

    await runStageIdsMigration();
    const after = await keysLike('availability-reminder:%');
    expect(after).toEqual(before.map((k) => k.replace(/:6d(:|$)/, ':early$1').replace(/:48h(:|$)/, ':late$1')).sort());
    expect(await noticesOf(kid.id)).toEqual([`availability-reminder:${early}:${kid.id}:early`, `availability-reminder:${late}:${kid.id}:late`].sort());

    expect((await sendDueReminders(t.services.availability)).queued).toBe(0);
    expect(await keysLike('availability-reminder:%')).toEqual(after);
    expect((await keysLike('availability-digest:%')).length).toBe(digests);
  });

  it('a retimed stage (same id, new timing) does not go again to those already reminded; a stage with a new id would', async () => {
    const match = await fixture(40, 'Retimed United');
    expect((await sendDueReminders(t.services.availability)).queued).toBeGreaterThan(0);
    const sent = await keysLike(`availability-reminder:${match}:%`);
    expect(sent.every((k) => k.includes(':late'))).toBe(true);

    const retimed = REMINDER_STAGES.map((s) => (s.id === 'late' ? { ...s, hours: 72, label: '72 hours before kick-off' } : s));
    expect((await sendDueReminders(t.services.availability, new Date(), retimed)).queued).toBe(0);
    expect(await keysLike(`availability-reminder:${match}:%`)).toEqual(sent);

    // What a rename without a migration does: the same people, the same fixture, asked again.
    const renamed = REMINDER_STAGES.map((s) => (s.id === 'late' ? { ...s, id: 'last-call' } : s));
    expect((await sendDueReminders(t.services.availability, new Date(), renamed)).queued).toBeGreaterThan(0);
    expect((await keysLike(`availability-reminder:${match}:%`)).length).toBeGreaterThan(sent.length);
  });
});

describe('payment reminder stages keep their ids', () => {
  it('a reminder sent under its old id (days after the due date) is not sent again once the migration has moved it', async () => {
    const treasurer = await signedInTreasurer(t, admin.token);
    const [payer] = await adultMembers(t, ['Olive Oldkey']);
    const DUE = '2026-10-01';
    const charged = await t.json('/api/treasury/charges', {
      token: treasurer.token,
      body: { member_ids: [payer.playerId], category: 'subs', description: 'October subs', amount_pence: 2500, due_date: DUE },
    });
    expect(charged.status, JSON.stringify(charged.body)).toBe(201);
    const chargeId = charged.body.charges[0].id as string;
    const atDay = (days: number) => new Date(Date.parse(`${DUE}T12:00:00Z`) + days * 86_400_000);

    for (const stage of PAYMENT_REMINDER_STAGES) {
      expect((await t.services.treasury.sendPaymentReminders(atDay(stage.days))).queued).toBe(1);
      const [key] = await keysLike(`${reminderDedupeKey(chargeId, stage)}%`);
      expect(key).toBeDefined();
      // As the release before wrote it: the stage's days, not its id.
      await t.db.execute(sql`update outbox set dedupe_key = ${key!.replace(`:${stage.id}`, `:${stage.days}d`)} where dedupe_key = ${key}`);
      await runStageIdsMigration();
      expect(await keysLike(`${reminderDedupeKey(chargeId, stage)}%`)).toEqual([key]);
      expect((await t.services.treasury.sendPaymentReminders(atDay(stage.days))).queued).toBe(0);
    }
    expect(await keysLike(`payment-reminder:${chargeId}:%`)).toHaveLength(PAYMENT_REMINDER_STAGES.length);
  });
});

describe('DBS reminder stages keep their ids', () => {
  it('a DBS reminder claimed and mailed under its old kind (days before expiry) is not sent again once the migration has moved it', async () => {
    const today = todayIso();
    const [person] = await t.db.insert(players).values({ full_name: 'Dora Dbs', team_type: 'Staff', position: 'Staff' }).returning();
    const expiresOn = addDaysIso(today, DBS_REMINDER_STAGES[0]!.days - 1);
    await t.db
      .insert(dbsChecks)
      .values({ player_id: person!.id, status: 'in_date', expires_on: expiresOn, checked_by: 'Wendy Welfare', checked_on: '2026-01-01' });
    await j.adult('Wendy Welfare', 'welfare_officer');
    expect(await t.services.dbs.sendDbsNotices(today)).toBeGreaterThanOrEqual(1);
    const kinds = async () =>
      (
        await t.db
          .select({ kind: dbsNotices.kind })
          .from(dbsNotices)
          .where(sql`${dbsNotices.player_id} = ${person!.id}`)
      ).map((r) => r.kind);
    expect(await kinds()).toEqual([DBS_REMINDER_STAGES[0]!.id]);
    const keys = await keysLike(`dbs-${DBS_REMINDER_STAGES[0]!.id}:${person!.id}:%`);
    expect(keys).toHaveLength(1); // the welfare officer's copy (Dora has no login)

    // As the release before stored them: the kind and the keys named by the days.
    const old = `${DBS_REMINDER_STAGES[0]!.days}d`;
    await t.db.execute(sql`update dbs_notices set kind = ${old} where player_id = ${person!.id}`);
    await t.db.execute(
      sql`update outbox set dedupe_key = replace(dedupe_key, ${`dbs-${DBS_REMINDER_STAGES[0]!.id}:`}, ${`dbs-${old}:`}) where dedupe_key like ${`%:${person!.id}:%`}`,
    );
    await runStageIdsMigration();
    expect(await kinds()).toEqual([DBS_REMINDER_STAGES[0]!.id]);
    expect(await keysLike(`dbs-${DBS_REMINDER_STAGES[0]!.id}:${person!.id}:%`)).toEqual(keys);
    expect(await t.services.dbs.sendDbsNotices(today)).toBe(0);
  });
});
