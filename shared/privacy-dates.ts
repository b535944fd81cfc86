/**
 * When a personal-data request must be answered (issue 34; UK GDPR Article 12(3), the ICO's guide
 * "Time limits for responding to data protection rights requests"): one calendar month from the day
 * it was received, never "30 days".
 *
 * - The corresponding calendar date in the next month: received 3 September, due 3 October.
 * - No such date (31 January, 29 February in a year without one): the last day of that month.
 * - A due date on a Saturday, a Sunday or a bank holiday moves to the next working day.
 * - An extension (complex or numerous requests) adds up to two further months, the same way.
 *
 * Bank holidays are those of England and Wales, the club's nation, written out from
 * https://www.gov.uk/bank-holidays (2025-2027 as published there). 2028-2030 follow the regular
 * pattern of the Banking and Financial Dealings Act 1971 (substitute days included) and must be
 * checked against gov.uk once published, since a one-off holiday may be proclaimed. Past the table's
 * last year `dueOn` throws rather than silently ignoring holidays: add the next year's dates here.
 */

/** Bank holidays in England and Wales: ISO date → name. Source: https://www.gov.uk/bank-holidays */
export const BANK_HOLIDAYS_ENGLAND_AND_WALES: ReadonlyMap<string, string> = new Map([
  // 2025
  ['2025-01-01', 'New Year’s Day'],
  ['2025-04-18', 'Good Friday'],
  ['2025-04-21', 'Easter Monday'],
  ['2025-05-05', 'Early May bank holiday'],
  ['2025-05-26', 'Spring bank holiday'],
  ['2025-08-25', 'Summer bank holiday'],
  ['2025-12-25', 'Christmas Day'],
  ['2025-12-26', 'Boxing Day'],
  // 2026
  ['2026-01-01', 'New Year’s Day'],
  ['2026-04-03', 'Good Friday'],
  ['2026-04-06', 'Easter Monday'],
  ['2026-05-04', 'Early May bank holiday'],
  ['2026-05-25', 'Spring bank holiday'],
  ['2026-08-31', 'Summer bank holiday'],
  ['2026-12-25', 'Christmas Day'],
  ['2026-12-28', 'Boxing Day (substitute day)'],
  // 2027
  ['2027-01-01', 'New Year’s Day'],
  ['2027-03-26', 'Good Friday'],
  ['2027-03-29', 'Easter Monday'],
  ['2027-05-03', 'Early May bank holiday'],
  ['2027-05-31', 'Spring bank holiday'],
  ['2027-08-30', 'Summer bank holiday'],
  ['2027-12-27', 'Christmas Day (substitute day)'],
  ['2027-12-28', 'Boxing Day (substitute day)'],
  // 2028
  ['2028-01-03', 'New Year’s Day (substitute day)'],
  ['2028-04-14', 'Good Friday'],
  ['2028-04-17', 'Easter Monday'],
  ['2028-05-01', 'Early May bank holiday'],
  ['2028-05-29', 'Spring bank holiday'],
  ['2028-08-28', 'Summer bank holiday'],
  ['2028-12-25', 'Christmas Day'],
  ['2028-12-26', 'Boxing Day'],
  // 2029
  ['2029-01-01', 'New Year’s Day'],
  ['2029-03-30', 'Good Friday'],
  ['2029-04-02', 'Easter Monday'],
  ['2029-05-07', 'Early May bank holiday'],
  ['2029-05-28', 'Spring bank holiday'],
  ['2029-08-27', 'Summer bank holiday'],
  ['2029-12-25', 'Christmas Day'],
  ['2029-12-26', 'Boxing Day'],
  // 2030
  ['2030-01-01', 'New Year’s Day'],
  ['2030-04-19', 'Good Friday'],
  ['2030-04-22', 'Easter Monday'],
  ['2030-05-06', 'Early May bank holiday'],
  ['2030-05-27', 'Spring bank holiday'],
  ['2030-08-26', 'Summer bank holiday'],
  ['2030-12-25', 'Christmas Day'],
  ['2030-12-26', 'Boxing Day'],
]);

export const BANK_HOLIDAY_TABLE_FIRST_YEAR = 2025;
export const BANK_HOLIDAY_TABLE_LAST_YEAR = 2030;

/** A date outside the bank-holiday table: the due date cannot be worked out safely. */
export class BankHolidayTableEnded extends Error {
  constructor(year: number) {
    super(
      `No bank holidays are recorded for ${year}: add England and Wales's ${year} bank holidays from https://www.gov.uk/bank-holidays ` +
        'to shared/privacy-dates.ts before working out due dates in that year.',
    );
    this.name = 'BankHolidayTableEnded';
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function partsOf(iso: string) {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`Not a date (YYYY-MM-DD): ${iso}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

const isoOf = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The weekday of an ISO date: 0 Sunday … 6 Saturday. */
const weekdayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

const nextDay = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The bank holiday's name on that date, or null; throws past the table. */
export function bankHolidayOn(iso: string): string | null {
  const { year } = partsOf(iso);
  if (year < BANK_HOLIDAY_TABLE_FIRST_YEAR || year > BANK_HOLIDAY_TABLE_LAST_YEAR) throw new BankHolidayTableEnded(year);
  return BANK_HOLIDAYS_ENGLAND_AND_WALES.get(iso) ?? null;
}

/** Monday to Friday and not a bank holiday. */
export const isWorkingDay = (iso: string) => weekdayOf(iso) !== 0 && weekdayOf(iso) !== 6 && bankHolidayOn(iso) === null;

/** The date itself when it is a working day, otherwise the next working day. */
export function nextWorkingDayFrom(iso: string) {
  let day = iso;
  while (!isWorkingDay(day)) day = nextDay(day);
  return day;
}

/** The corresponding calendar date `months` later, or that month's last day when there is none (before moving off weekends). */
export function calendarMonthsAfter(receivedOn: string, months: number) {
  const { year, month, day } = partsOf(receivedOn);
  const index = year * 12 + (month - 1) + months;
  const toYear = Math.floor(index / 12);
  const toMonth = (index % 12) + 1;
  return isoOf(toYear, toMonth, Math.min(day, daysInMonth(toYear, toMonth)));
}

/** The ICO's one calendar month, moved to the next working day (see the file's comment). */
export const dueOn = (receivedOn: string) => nextWorkingDayFrom(calendarMonthsAfter(receivedOn, 1));

/** The due date after an extension of one or two further months (three calendar months at most in all). */
export const extendedDueOn = (receivedOn: string, extraMonths: 1 | 2) => nextWorkingDayFrom(calendarMonthsAfter(receivedOn, 1 + extraMonths));

/** Whole days from `today` to `dueOn` (negative once overdue). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** "due today", "due tomorrow", "due in 3 days", "overdue by 1 day", "overdue by 2 days". */
export function daysLeftInWords(daysLeft: number) {
  if (daysLeft === 0) return 'due today';
  if (daysLeft === 1) return 'due tomorrow';
  if (daysLeft > 1) return `due in ${daysLeft} days`;
  return daysLeft === -1 ? 'overdue by 1 day' : `overdue by ${-daysLeft} days`;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "Monday 2 March 2026": the same words in every browser and on the server (no locale's commas). */
export function dayInWords(iso: string) {
  const { year, month, day } = partsOf(iso);
  return `${WEEKDAY_NAMES[weekdayOf(iso)]} ${day} ${MONTH_NAMES[month - 1]} ${year}`;
}
