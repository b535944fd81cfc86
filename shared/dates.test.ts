import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { feedbackCreateSchema, paymentCreateSchema, playerInputSchema, profileUpdateSchema, registrationSchema } from './contracts/players';
import { fixtureInputSchema } from './content';
import { DATE_OR_DATE_TIME_PATTERN, clubDateField, clubDateOf, formatClubDate, formatClubDateTime, parseClubDate } from './dates';

const field = z.object({ due_date: clubDateField('Due date') });
const parse = (due_date: unknown) => field.safeParse({ due_date });
const messageOf = (due_date: unknown) => {
  const result = parse(due_date);
  return result.success ? undefined : result.error.issues[0].message;
};

describe('clubDateField: a date, as YYYY-MM-DD or an ISO date-time, normalised to the London date', () => {
  it('keeps a plain date', () => {
    expect(parse('2026-11-23')).toEqual({ success: true, data: { due_date: '2026-11-23' } });
    expect(parse(' 2024-02-29 ')).toEqual({ success: true, data: { due_date: '2024-02-29' } });
  });

  it("takes a date-time's calendar date in London (GMT in winter)", () => {
    expect(parseClubDate('2026-11-23T10:15:00.000Z')).toEqual({ date: '2026-11-23' });
    expect(parseClubDate('2026-01-15T23:59:59.999Z')).toEqual({ date: '2026-01-15' });
    expect(parseClubDate('2026-01-15T23:30:00-05:00')).toEqual({ date: '2026-01-16' });
    expect(parseClubDate('2026-01-16T00:30:00+01:00')).toEqual({ date: '2026-01-15' });
    expect(parseClubDate('2026-01-16T00:30:00+0100')).toEqual({ date: '2026-01-15' });
    expect(parseClubDate('2026-01-16t08:00z')).toEqual({ date: '2026-01-16' });
  });

  it('and in summer time (BST, UTC+1): late evening UTC is already the next day', () => {
    expect(parseClubDate('2026-06-30T23:30:00.000Z')).toEqual({ date: '2026-07-01' });
    expect(parseClubDate('2026-06-30T22:59:59Z')).toEqual({ date: '2026-06-30' });
  });

  it('on both sides of the change to BST (29 March 2026, 01:00 UTC)', () => {
    expect(parseClubDate('2026-03-28T23:30:00Z')).toEqual({ date: '2026-03-28' }); // GMT: still the 28th
    expect(parseClubDate('2026-03-29T00:30:00Z')).toEqual({ date: '2026-03-29' });
    expect(parseClubDate('2026-03-29T23:30:00Z')).toEqual({ date: '2026-03-30' }); // BST: 00:30 on the 30th
  });

  it('on both sides of the change back to GMT (25 October 2026, 01:00 UTC)', () => {
    expect(parseClubDate('2026-10-24T22:59:00Z')).toEqual({ date: '2026-10-24' });
    expect(parseClubDate('2026-10-24T23:30:00Z')).toEqual({ date: '2026-10-25' }); // BST: 00:30 on the 25th
    expect(parseClubDate('2026-10-25T23:30:00Z')).toEqual({ date: '2026-10-25' }); // GMT again
  });

  it("reads a date-time without an offset as London's wall clock", () => {
    expect(parseClubDate('2026-06-30T23:30')).toEqual({ date: '2026-06-30' });
    expect(parseClubDate('2026-06-30T23:30:15.5')).toEqual({ date: '2026-06-30' });
  });

  it('refuses dates that do not exist, with a clear message', () => {
    expect(messageOf('2026-02-30')).toBe('Due date is not a real date (2026-02-30); dates are from 1900 on');
    expect(messageOf('2026-02-30T10:15:00.000Z')).toBe('Due date is not a real date (2026-02-30); dates are from 1900 on');
    expect(messageOf('2025-02-29')).toMatch(/not a real date/);
    expect(messageOf('2026-13-01')).toMatch(/not a real date/);
    expect(messageOf('1899-12-31')).toMatch(/not a real date/);
  });

  it('refuses what is not a date or an ISO date-time', () => {
    const format = 'Due date must be a date (YYYY-MM-DD) or an ISO 8601 date-time such as 2026-11-23T10:15:00Z';
    for (const value of ['23/11/2026', '2026-11-23 10:15', '2026-11-23T24:00:00Z', '2026-11-23T10:60Z', '2026-11-23T10:15:00+25:00', 'tomorrow', '20261123', '2026-11-23Z']) {
      expect(messageOf(value), value).toBe(format);
    }
    expect(messageOf('')).toBe('Due date is required');
    expect(messageOf(undefined)).toBe('Due date is required');
    expect(messageOf(20261123)).toBe('Due date must be a date (YYYY-MM-DD) or an ISO 8601 date-time');
  });

  it("the document's pattern accepts the same shapes (a client validating against it can send both)", () => {
    const pattern = new RegExp(DATE_OR_DATE_TIME_PATTERN);
    for (const value of ['2026-11-23', '2026-11-23T10:15:00.000Z', '2026-11-23T10:15Z', '2026-11-23T10:15:00+01:00']) {
      expect(pattern.test(value), value).toBe(true);
      expect('date' in parseClubDate(value), value).toBe(true);
    }
    expect(pattern.test('23/11/2026')).toBe(false);
  });

  it('clubDateOf gives the London calendar date of an instant', () => {
    expect(clubDateOf(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
    expect(clubDateOf(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});

describe('every date field of the API uses it', () => {
  const dateTime = '2026-06-30T23:30:00.000Z';
  it('payments, feedback and fixtures', () => {
    expect(paymentCreateSchema.parse({ description: 'Subs', amount: 10, due_date: dateTime }).due_date).toBe('2026-07-01');
    expect(feedbackCreateSchema.parse({ feedback: 'Good', date: dateTime }).date).toBe('2026-07-01');
    const fixture = { away_team: 'Rovers', match_date: dateTime, match_time: '10:30', venue: 'Home', competition: 'League' };
    expect(fixtureInputSchema.parse(fixture).match_date).toBe('2026-07-01');
  });

  it('dates of birth (registration, profile, squad), still in the past', () => {
    const born = '1995-04-11T23:30:00.000Z'; // BST: the 12th in London
    const registration = {
      username: 'sam_player', password: 'secret-pass', email: 'sam@example.com', full_name: 'Sam', phone_number: '07700 900123',
      date_of_birth: born, position_preference: 'Defender', emergency_contact_name: 'Kim', emergency_contact_phone: '07700 900124',
    };
    expect(registrationSchema.parse(registration).date_of_birth).toBe('1995-04-12');
    expect(profileUpdateSchema.parse({ full_name: 'Sam', email: 'sam@example.com', date_of_birth: born }).date_of_birth).toBe('1995-04-12');
    expect(profileUpdateSchema.parse({ full_name: 'Sam', email: 'sam@example.com', date_of_birth: '' }).date_of_birth).toBeNull();
    const squad = { full_name: 'Sam', jersey_number: 4, position: 'Defender', team_type: 'Senior', nationality: 'English' };
    expect(playerInputSchema.parse({ ...squad, date_of_birth: born }).date_of_birth).toBe('1995-04-12');
    expect(playerInputSchema.safeParse({ ...squad, date_of_birth: '1995-02-30' }).success).toBe(false);
    expect(registrationSchema.safeParse({ ...registration, date_of_birth: '2999-01-01T00:00:00Z' }).error?.issues[0].message).toBe(
      'Date of birth must be in the past',
    );
  });
});

describe('formatClubDate and formatClubDateTime: dates in words, as the site shows them (e-mails)', () => {
  it('spells a calendar date out, without shifting the day', () => {
    expect(formatClubDate('2026-11-28')).toBe('Sat, 28 Nov 2026');
    expect(formatClubDate('2026-03-29')).toBe('Sun, 29 Mar 2026');
    expect(formatClubDate('not a date')).toBe('not a date');
  });

  it("shows an instant on the club's clock: GMT in winter, BST (UTC+1) in summer", () => {
    expect(formatClubDateTime(new Date('2026-11-28T12:00:00Z'))).toBe('Sat 28 Nov, 12:00');
    expect(formatClubDateTime(new Date('2026-07-04T14:00:00Z'))).toBe('Sat 4 Jul, 15:00');
  });

  it('on both sides of the change to BST (29 March 2026, 01:00 UTC) and back to GMT (25 October 2026)', () => {
    expect(formatClubDateTime(new Date('2026-03-29T00:30:00Z'))).toBe('Sun 29 Mar, 00:30');
    expect(formatClubDateTime(new Date('2026-03-29T01:30:00Z'))).toBe('Sun 29 Mar, 02:30');
    expect(formatClubDateTime(new Date('2026-03-28T23:30:00Z'))).toBe('Sat 28 Mar, 23:30');
    expect(formatClubDateTime(new Date('2026-10-24T23:30:00Z'))).toBe('Sun 25 Oct, 00:30');
    expect(formatClubDateTime(new Date('2026-10-25T01:30:00Z'))).toBe('Sun 25 Oct, 01:30');
    // Midnight club time is 00:00, never 24:00.
    expect(formatClubDateTime(new Date('2026-12-31T00:00:00Z'))).toBe('Thu 31 Dec, 00:00');
  });
});
