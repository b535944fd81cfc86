import { describe, expect, it } from 'vitest';
import { composeMail } from '../mail/template';
import { availabilityRequest } from '../mail/templates';
import { HOUR_MS, MINUTE_MS } from './job';
import { REMINDER_CHECK_EVERY_MS, REMINDER_LOOK_AHEAD_DAYS, REMINDER_STAGES, availabilityReminders, dueStage, kickoffInWords, reminderDedupeKey } from './availability-reminders';

describe('the availability reminders schedule (declared once)', () => {
  it('is 6 days and 48 hours before kick-off, each stage named by an id of its own that ends its dedupe key', () => {
    expect(REMINDER_STAGES.map((s) => [s.id, s.hours, s.label])).toEqual([
      ['early', 144, '6 days before kick-off'],
      ['late', 48, '48 hours before kick-off'],
    ]);
    expect(reminderDedupeKey('f1', 'p1', REMINDER_STAGES[0])).toBe('availability-reminder:f1:p1:early');
    expect(reminderDedupeKey('f1', 'p1', REMINDER_STAGES[1])).toBe('availability-reminder:f1:p1:late');
    expect(new Set(REMINDER_STAGES.map((s) => s.id)).size).toBe(REMINDER_STAGES.length);
  });

  it('keys a reminder by its stage id, never its timing: a retimed stage keeps the keys of those already reminded', () => {
    const retimed = { ...REMINDER_STAGES[1], hours: 72, label: '72 hours before kick-off' };
    expect(reminderDedupeKey('f1', 'p1', retimed)).toBe(reminderDedupeKey('f1', 'p1', REMINDER_STAGES[1]));
    expect(REMINDER_STAGES.every((s) => !/\d/.test(s.id))).toBe(true);
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
    expect(dueStage(144 * HOUR_MS)?.id).toBe('early');
    expect(dueStage(72 * HOUR_MS)?.id).toBe('early');
    expect(dueStage(48 * HOUR_MS)?.id).toBe('late');
    expect(dueStage(HOUR_MS)?.id).toBe('late');
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

  it('words each stage\'s mail from the time left when it goes ("Kick-off is 6 days away")', () => {
    for (const stage of REMINDER_STAGES) {
      const left = kickoffInWords(stage.hours * HOUR_MS);
      const sample = { ...availabilityRequest.samples[0], askedBy: { reminder: left } };
      const mail = composeMail(availabilityRequest, sample, { name: 'Sam' }, { siteUrl: 'https://club.example.org', unsubscribeUrl: 'https://club.example.org/unsubscribe?x' });
      expect(mail.text).toContain(`Kick-off is ${left} away`);
    }
  });
});
