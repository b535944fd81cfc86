import { describe, expect, it } from 'vitest';
import { composeMail } from '../mail/template';
import { availabilityRequest } from '../mail/templates';
import { HOUR_MS, MINUTE_MS } from './job';
import { REMINDER_CHECK_EVERY_MS, REMINDER_LOOK_AHEAD_DAYS, REMINDER_STAGES, availabilityReminders, dueStage, kickoffInWords, reminderDedupeKey } from './availability-reminders';

describe('the availability reminders schedule (declared once)', () => {
  it('is 6 days and 48 hours before kick-off, with the dedupe-key suffixes the outbox already holds', () => {
    expect(REMINDER_STAGES.map((s) => [s.id, s.hours, s.label])).toEqual([
      ['6d', 144, '6 days'],
      ['48h', 48, '48 hours'],
    ]);
    expect(reminderDedupeKey('f1', 'p1', REMINDER_STAGES[0])).toBe('availability-reminder:f1:p1:6d');
    expect(reminderDedupeKey('f1', 'p1', REMINDER_STAGES[1])).toBe('availability-reminder:f1:p1:48h');
  });

  it('looks far enough ahead for the earliest stage, whatever the time of day (club dates from today)', () => {
    const earliest = Math.max(...REMINDER_STAGES.map((s) => s.hours));
    // A kick-off `earliest` hours from 23:59 falls on the day after today + earliest/24 days.
    expect(REMINDER_LOOK_AHEAD_DAYS * 24).toBeGreaterThanOrEqual(earliest + 24);
    expect(REMINDER_LOOK_AHEAD_DAYS).toBe(7);
  });

  it('is checked every 5 minutes, often enough that no stage is missed', () => {
    expect(REMINDER_CHECK_EVERY_MS).toBe(5 * MINUTE_MS);
    expect(availabilityReminders.everyMs).toBe(REMINDER_CHECK_EVERY_MS);
    const gaps = REMINDER_STAGES.slice(1).map((s, i) => (REMINDER_STAGES[i].hours - s.hours) * HOUR_MS);
    for (const gap of gaps) expect(REMINDER_CHECK_EVERY_MS).toBeLessThan(gap);
  });

  it('sends the latest stage that is due (a fixture added 3 days ahead gets the 6-day one, then the 48-hour one)', () => {
    expect(dueStage(8 * 24 * HOUR_MS)).toBeUndefined();
    expect(dueStage(144 * HOUR_MS + 1)).toBeUndefined();
    expect(dueStage(144 * HOUR_MS)?.id).toBe('6d');
    expect(dueStage(72 * HOUR_MS)?.id).toBe('6d');
    expect(dueStage(48 * HOUR_MS)?.id).toBe('48h');
    expect(dueStage(HOUR_MS)?.id).toBe('48h');
  });

  it('words the time left from the real time left: a late 6-day reminder 3 days before says 3 days, never 6', () => {
    expect(kickoffInWords(3 * 24 * HOUR_MS)).toBe('3 days');
    expect(kickoffInWords(2.9 * 24 * HOUR_MS)).toBe('3 days');
    expect(kickoffInWords(3.8 * 24 * HOUR_MS)).toBe('4 days');
    expect(kickoffInWords(144 * HOUR_MS)).toBe('6 days');
    expect(kickoffInWords(47 * HOUR_MS)).toBe('2 days');
    expect(kickoffInWords(30 * HOUR_MS)).toBe('30 hours');
    expect(kickoffInWords(20 * 60_000)).toBe('1 hour');
  });

  it("words the mail with the stage's label", () => {
    for (const stage of REMINDER_STAGES) {
      const sample = { ...availabilityRequest.samples[0], askedBy: { reminder: stage.label } };
      const mail = composeMail(availabilityRequest, sample, { name: 'Sam' }, { siteUrl: 'https://club.example.org', unsubscribeUrl: 'https://club.example.org/unsubscribe?x' });
      expect(mail.text).toContain(`Kick-off is ${stage.label} away`);
    }
  });
});
