import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMailingTestContext } from '../../tests/support/mail';
import { juniorFixtures } from '../../tests/support/juniors';
import { waitFor } from '../../tests/support/smtp';
import { addDaysIso, today as clubToday } from '../../shared/dates';
import { calendarMonthsAfter, dayInWords, dueOn } from '../../shared/privacy-dates';
import { clubRoles, outbox, privacyRequests, players } from '../db/schema';
import { privacyReminders } from '../jobs/privacy-reminders';
import { duePrivacyReminder, PRIVACY_REMINDER_STAGES } from '../services/privacy/reminders';

// Issue 34: the lead is reminded 7 days and 1 day before a data request is due, once each, by real mail.
const t = await createMailingTestContext();
await t.initialize();
const j = juniorFixtures(t);
const secretary = await j.adult('Sue Secretary', 'secretary');
const [member] = await t.db.insert(players).values({ full_name: 'Mo Member' }).returning();
const context = { services: t.services } as Parameters<typeof privacyReminders.run>[0];

/** A request received `receivedOn`, straight into the table (its due date by the same rule as the API). */
async function requestReceived(receivedOn: string, name = 'Mo Member') {
  const [row] = await t.db
    .insert(privacyRequests)
    .values({
      type: 'access',
      player_id: member!.id,
      subject_name: name,
      requested_by_name: name,
      relationship: 'self',
      received_on: receivedOn,
      due_on: dueOn(receivedOn),
      recorded_by_name: 'Test',
    })
    .returning();
  return row!;
}
const keysOf = async (id: string) => (await t.db.select().from(outbox).where(like(outbox.dedupe_key, `privacy-%:${id}:%`))).map((m) => m.dedupe_key.split(':')[0]);
const mailedTo = async (id: string) => (await t.db.select().from(outbox).where(like(outbox.dedupe_key, `privacy-%:${id}:%`))).map((m) => m.to_address).sort();

describe('data request reminders', () => {
  it('stages: a week and a day before; the latest one due is sent', () => {
    expect(PRIVACY_REMINDER_STAGES.map((s) => [s.id, s.days])).toEqual([
      ['week', 7],
      ['day', 1],
    ]);
    expect(duePrivacyReminder(8)).toBeUndefined();
    expect(duePrivacyReminder(7)?.id).toBe('week');
    expect(duePrivacyReminder(3)?.id).toBe('week');
    expect(duePrivacyReminder(1)?.id).toBe('day');
    expect(duePrivacyReminder(0)?.id).toBe('day');
    expect(duePrivacyReminder(-1)).toBeUndefined();
  });

  it('with no data protection lead, the secretary is reminded 7 days and then 1 day before, once each however often it runs', async () => {
    const request = await requestReceived(clubToday());
    const due = request.due_on;
    const weekBefore = addDaysIso(due, -7);
    await t.services.privacyRequests.sendReminders(addDaysIso(due, -8));
    expect(await keysOf(request.id)).toEqual([]);
    await Promise.all([t.services.privacyRequests.sendReminders(weekBefore), t.services.privacyRequests.sendReminders(weekBefore)]);
    await t.services.privacyRequests.sendReminders(addDaysIso(due, -5));
    expect(await keysOf(request.id)).toEqual(['privacy-week']);
    expect(await mailedTo(request.id)).toEqual([secretary.email]);
    await t.services.privacyRequests.sendReminders(addDaysIso(due, -1));
    await t.services.privacyRequests.sendReminders(addDaysIso(due, -1));
    expect((await keysOf(request.id)).sort()).toEqual(['privacy-day', 'privacy-week']);
    await waitFor(() => t.smtp.received.filter((m) => m.subject === 'Data request due tomorrow: Mo Member').length === 1, 10_000, 'the day-before mail');
    const mail = t.smtp.received.find((m) => m.subject === 'Data request due tomorrow: Mo Member')!;
    expect(mail.to).toEqual([secretary.email]);
    expect(mail.text).toContain(`must be answered by ${dayInWords(due)}`);
    expect(mail.text).toContain(`https://club.example.org/admin/privacy/${request.id}`);
  });

  it('goes to the data protection lead once there is one; the job runs it; closed requests get none', async () => {
    const lead = await j.adult('Dana Lead');
    await t.db.insert(clubRoles).values({ user_id: lead.user.id, role: 'data_protection_lead' });
    // Received a month before today: due within the week (today, or the next working day).
    const request = await requestReceived(calendarMonthsAfter(clubToday(), -1), 'Lee Soon');
    await privacyReminders.run(context);
    await privacyReminders.run(context);
    expect(await mailedTo(request.id)).toEqual([lead.email]);
    const closed = await requestReceived(calendarMonthsAfter(clubToday(), -1), 'Cal Closed');
    await t.db.update(privacyRequests).set({ status: 'completed' }).where(like(privacyRequests.subject_name, 'Cal Closed'));
    await privacyReminders.run(context);
    expect(await keysOf(closed.id)).toEqual([]);
  });
});
