import { describe, expect, it } from 'vitest';
import { attendancePercent, clubInstant, isoWeekdayOf, sessionsForSlot, slugify, teamInputSchema, trainingSlotInputSchema } from './teams';
import { addDaysIso, clubTimeOf } from './dates';

const tuesday = { id: 'slot', team_id: 'team', weekday: 2, start_time: '19:00', end_time: '21:00', place: 'Main training ground' };

describe('clubInstant: London wall time to an instant', () => {
  it('is an hour behind UTC in summer (BST) and equal in winter (GMT)', () => {
    expect(clubInstant('2026-07-07', '19:00').toISOString()).toBe('2026-07-07T18:00:00.000Z');
    expect(clubInstant('2026-12-01', '19:00').toISOString()).toBe('2026-12-01T19:00:00.000Z');
  });

  it('handles the change days: the skipped spring hour is read an hour later, the repeated autumn hour is its first time', () => {
    // 29 March 2026: 01:00 GMT becomes 02:00 BST.
    expect(clubInstant('2026-03-29', '00:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(clubInstant('2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z'); // 02:30 BST
    expect(clubInstant('2026-03-29', '19:00').toISOString()).toBe('2026-03-29T18:00:00.000Z');
    // 25 October 2026: 02:00 BST becomes 01:00 GMT; 01:30 happens twice.
    expect(clubInstant('2026-10-25', '01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(clubInstant('2026-10-25', '19:00').toISOString()).toBe('2026-10-25T19:00:00.000Z');
  });

  it('clubTimeOf reads the London clock back', () => {
    expect(clubTimeOf(new Date('2026-07-07T18:00:00Z'))).toBe('19:00');
    expect(clubTimeOf(new Date('2026-12-01T19:00:00Z'))).toBe('19:00');
  });
});

describe('sessionsForSlot: a weekly slot as dated sessions', () => {
  it('a Tuesday 19:00-21:00 London slot is 18:00Z in summer and 19:00Z in winter, across the October change', () => {
    // From Thursday 15 October 2026 for 3 weeks: Tuesdays 20 and 27 October and 3 November.
    const sessions = sessionsForSlot(tuesday, '2026-10-15', 3);
    expect(sessions.map((s) => [s.session_date, s.starts_at.toISOString(), s.ends_at.toISOString()])).toEqual([
      ['2026-10-20', '2026-10-20T18:00:00.000Z', '2026-10-20T20:00:00.000Z'],
      ['2026-10-27', '2026-10-27T19:00:00.000Z', '2026-10-27T21:00:00.000Z'],
      ['2026-11-03', '2026-11-03T19:00:00.000Z', '2026-11-03T21:00:00.000Z'],
    ]);
    expect(sessions.every((s) => s.team_id === 'team' && s.slot_id === 'slot' && s.place === 'Main training ground')).toBe(true);
  });

  it('makes nothing after ends_on or inside a break (issue 22)', () => {
    const dates = (extra: object) => sessionsForSlot({ ...tuesday, ...extra }, '2026-10-15', 5).map((s) => s.session_date);
    expect(dates({})).toEqual(['2026-10-20', '2026-10-27', '2026-11-03', '2026-11-10', '2026-11-17']);
    expect(dates({ ends_on: '2026-11-03' })).toEqual(['2026-10-20', '2026-10-27', '2026-11-03']);
    expect(dates({ breaks: [{ starts_on: '2026-10-26', ends_on: '2026-11-03' }] })).toEqual(['2026-10-20', '2026-11-10', '2026-11-17']);
  });

  it('across the March change the same slot moves from 19:00Z to 18:00Z', () => {
    const sessions = sessionsForSlot(tuesday, '2026-03-20', 2);
    expect(sessions.map((s) => s.starts_at.toISOString())).toEqual(['2026-03-24T19:00:00.000Z', '2026-03-31T18:00:00.000Z']);
  });

  it('includes the start date when it is the slot\'s day, and gives 8 weeks by default', () => {
    const sessions = sessionsForSlot(tuesday, '2026-11-24');
    expect(sessions).toHaveLength(8);
    expect(sessions[0].session_date).toBe('2026-11-24');
    expect(sessions[7].session_date).toBe('2027-01-12');
    expect(sessions.every((s) => isoWeekdayOf(s.session_date) === 2)).toBe(true);
  });

  it('is deterministic, so generating twice gives the same (team, slot, date) keys', () => {
    const key = (s: { team_id: string; slot_id: string; session_date: string }) => `${s.team_id}/${s.slot_id}/${s.session_date}`;
    expect(sessionsForSlot(tuesday, '2026-11-20').map(key)).toEqual(sessionsForSlot(tuesday, '2026-11-20').map(key));
  });
});

describe('dates, slugs, percentages and input rules', () => {
  it('date helpers', () => {
    expect(addDaysIso('2026-12-30', 3)).toBe('2027-01-02');
    expect(isoWeekdayOf('2026-11-23')).toBe(1); // a Monday
    expect(isoWeekdayOf('2026-11-29')).toBe(7);
  });

  it('slugify', () => {
    expect(slugify('U14 Girls')).toBe('u14-girls');
    expect(slugify('  Vets (Over-35s) ')).toBe('vets-over-35s');
    expect(slugify('Équipe Réserve')).toBe('equipe-reserve');
    expect(slugify('!!!')).toBe('');
  });

  it('attendance: attended / recorded, rounded; null when nothing is recorded', () => {
    expect(attendancePercent(3, 4)).toBe(75);
    expect(attendancePercent(2, 3)).toBe(67);
    expect(attendancePercent(0, 0)).toBeNull();
  });

  it('a slot ends after it starts, on a weekday 1-7, with HH:MM times', () => {
    expect(trainingSlotInputSchema.safeParse(tuesday).success).toBe(true);
    for (const bad of [{ end_time: '18:00' }, { end_time: '19:00' }, { weekday: 0 }, { weekday: 8 }, { start_time: '7pm' }, { place: ' ' }]) {
      expect(trainingSlotInputSchema.safeParse({ ...tuesday, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('team defaults: 105-minute matches, availability closes 2 hours before', () => {
    expect(teamInputSchema.parse({ name: 'Ladies' })).toEqual({ name: 'Ladies', match_length_minutes: 105, availability_lock_hours: 2 });
  });
});
