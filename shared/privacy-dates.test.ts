import { describe, expect, it } from 'vitest';
import {
  BANK_HOLIDAYS_ENGLAND_AND_WALES,
  BANK_HOLIDAY_TABLE_FIRST_YEAR,
  BANK_HOLIDAY_TABLE_LAST_YEAR,
  BankHolidayTableEnded,
  dayInWords,
  daysLeftInWords,
  dueOn,
  extendedDueOn,
  isWorkingDay,
} from './privacy-dates';

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });

/** Easter Sunday (Anonymous Gregorian algorithm), only to check the written-out table. */
function easterSunday(year: number) {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const h = (19 * a + b - Math.floor(b / 4) - Math.floor((b - Math.floor((b + 8) / 25) + 1) / 3) + 15) % 30;
  const l = (32 + 2 * (b % 4) + 2 * Math.floor(c / 4) - h - (c % 4)) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}
const shift = (utc: number, days: number) => new Date(utc + days * 86_400_000).toISOString().slice(0, 10);

describe('dueOn: one calendar month (the ICO rule), never 30 days', () => {
  it('is the corresponding date in the next month', () => {
    expect(dueOn('2025-09-03')).toBe('2025-10-03');
    expect(weekday('2025-10-03')).toBe('Friday');
  });

  it('received 31 January 2026: the last day of February is a Saturday, so Monday 2 March 2026', () => {
    expect(weekday('2026-02-28')).toBe('Saturday');
    expect(dueOn('2026-01-31')).toBe('2026-03-02');
  });

  it('received 31 January 2028 (a leap year): Tuesday 29 February 2028', () => {
    expect(dueOn('2028-01-31')).toBe('2028-02-29');
    expect(weekday('2028-02-29')).toBe('Tuesday');
  });

  it('received 29 February 2028: Wednesday 29 March 2028', () => {
    expect(dueOn('2028-02-29')).toBe('2028-03-29');
    expect(weekday('2028-03-29')).toBe('Wednesday');
  });

  it('received Friday 24 April 2026: 24 May is a Sunday and 25 May the Spring bank holiday, so Tuesday 26 May', () => {
    expect(weekday('2026-04-24')).toBe('Friday');
    expect(dueOn('2026-04-24')).toBe('2026-05-26');
  });

  it('received Friday 22 May 2026, before the Spring bank holiday: Monday 22 June', () => {
    expect(dueOn('2026-05-22')).toBe('2026-06-22');
  });

  it('received Thursday 30 April 2026: 30 May is a Saturday, so Monday 1 June', () => {
    expect(dueOn('2026-04-30')).toBe('2026-06-01');
  });

  it('received 31 December 2026: 31 January 2027 is a Sunday, so Monday 1 February 2027', () => {
    expect(weekday('2027-01-31')).toBe('Sunday');
    expect(dueOn('2026-12-31')).toBe('2027-02-01');
  });

  it('skips the Christmas and Boxing Day substitute days', () => {
    // 2026: Boxing Day is a Saturday, its substitute Monday 28 December.
    expect(dueOn('2026-11-28')).toBe('2026-12-29');
    expect(dueOn('2026-11-26')).toBe('2026-12-29'); // 26 Dec Saturday, 27 Sunday, 28 substitute
    // 2027: Christmas Saturday, Boxing Day Sunday; substitutes Monday 27 and Tuesday 28 December.
    expect(dueOn('2027-11-27')).toBe('2027-12-29');
    expect(dueOn('2027-11-25')).toBe('2027-12-29');
    // 2028: New Year's Day is a Saturday, its substitute Monday 3 January.
    expect(dueOn('2027-12-03')).toBe('2028-01-04');
  });
});

describe('extendedDueOn: up to two further months, the same rule', () => {
  it('received 31 January 2026, extended by one month: Tuesday 31 March 2026', () => {
    expect(extendedDueOn('2026-01-31', 1)).toBe('2026-03-31');
  });

  it('received 31 January 2026, extended by two months: Thursday 30 April 2026', () => {
    expect(extendedDueOn('2026-01-31', 2)).toBe('2026-04-30');
  });

  it('received 24 March 2026, extended by two months: 24 June 2026 (a Wednesday)', () => {
    expect(extendedDueOn('2026-03-24', 2)).toBe('2026-06-24');
  });
});

describe('the bank-holiday table (England and Wales, gov.uk/bank-holidays)', () => {
  it('has eight days a year for each year it covers', () => {
    for (let year = BANK_HOLIDAY_TABLE_FIRST_YEAR; year <= BANK_HOLIDAY_TABLE_LAST_YEAR; year++) {
      expect([...BANK_HOLIDAYS_ENGLAND_AND_WALES.keys()].filter((d) => d.startsWith(`${year}-`))).toHaveLength(8);
    }
  });

  it('agrees with Easter for Good Friday and Easter Monday', () => {
    for (let year = BANK_HOLIDAY_TABLE_FIRST_YEAR; year <= BANK_HOLIDAY_TABLE_LAST_YEAR; year++) {
      expect(BANK_HOLIDAYS_ENGLAND_AND_WALES.get(shift(easterSunday(year), -2))).toBe('Good Friday');
      expect(BANK_HOLIDAYS_ENGLAND_AND_WALES.get(shift(easterSunday(year), 1))).toBe('Easter Monday');
    }
  });

  it('has no bank holiday on a weekend (substitute days are listed instead)', () => {
    for (const day of BANK_HOLIDAYS_ENGLAND_AND_WALES.keys()) expect(['Saturday', 'Sunday']).not.toContain(weekday(day));
  });

  it('refuses past its last year rather than ignoring holidays', () => {
    expect(() => dueOn('2030-12-15')).toThrow(BankHolidayTableEnded);
    expect(() => dueOn('2030-12-15')).toThrow(/gov\.uk\/bank-holidays/);
    expect(() => isWorkingDay('2024-12-25')).toThrow(BankHolidayTableEnded);
  });
});

describe('daysLeftInWords', () => {
  it('says it plainly', () => {
    expect(daysLeftInWords(3)).toBe('due in 3 days');
    expect(daysLeftInWords(1)).toBe('due tomorrow');
    expect(daysLeftInWords(0)).toBe('due today');
    expect(daysLeftInWords(-1)).toBe('overdue by 1 day');
    expect(daysLeftInWords(-2)).toBe('overdue by 2 days');
  });
});

describe('dayInWords', () => {
  it('says the day as the pages and mails write it', () => {
    expect(dayInWords('2026-03-02')).toBe('Monday 2 March 2026');
    expect(dayInWords('2027-12-29')).toBe('Wednesday 29 December 2027');
  });
});
