/**
 * Amounts and dates as banks write them in CSV exports, read exactly.
 *
 * Money is integer pence, parsed from the decimal string digit by digit: `1,234.56` → 123456. No
 * floating-point arithmetic is involved, so `0.1 + 0.2`-style drift cannot happen.
 */

/** Reads an amount such as `20.00`, `-1,234.5`, `£25`, `+3.10`, `(12.00)`, `12.00 CR`, `12.00DR`; null when it is not one. */
export function parsePence(raw: string): number | null {
  let text = raw.replace(/[\s\u00a0]/g, '').replace(/^'/, '');
  if (text === '') return null;
  let negative = false;
  // Accounting brackets: (12.00) is money out.
  const bracketed = /^\((.*)\)$/.exec(text);
  if (bracketed) {
    negative = true;
    text = bracketed[1];
  }
  // A trailing CR (credit) or DR (debit), as some banks print.
  const suffix = /^(.*?)(CR|DR)$/i.exec(text);
  if (suffix) {
    if (suffix[2].toUpperCase() === 'DR') negative = !negative;
    text = suffix[1];
  }
  // Sign before or after the currency: -£12.00, £-12.00; Unicode minus too.
  text = text.replace(/[\u2212\u2012\u2013]/g, '-');
  let sign = '';
  text = text.replace(/^([+-]?)(?:£|GBP)?([+-]?)/i, (_, a: string, b: string) => {
    sign = a || b;
    return '';
  });
  text = text.replace(/(?:£|GBP)$/i, '');
  if (sign === '-') negative = !negative;
  if (text.includes(',')) {
    // Thousands separators must be in the right places: 1,234.56 yes, 1,23 no.
    if (!/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) return null;
    text = text.replace(/,/g, '');
  }
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text);
  if (!match || (match[1] === '' && !match[2])) return null;
  const whole = match[1] === '' ? 0 : Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  const pence = whole * 100 + fraction;
  if (!Number.isSafeInteger(pence)) return null;
  return negative && pence !== 0 ? -pence : pence;
}

/** Formats pence as `£1,234.56` (or `-£12.00`), for messages and previews. */
export function formatPounds(pence: number): string {
  const negative = pence < 0;
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}£${pounds}.${String(abs % 100).padStart(2, '0')}`;
}

export type DateFormat = 'DD/MM/YYYY' | 'YYYY-MM-DD' | 'D MMM YYYY' | 'MM/DD/YYYY';

const MONTHS: Record<string, number> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  SEPT: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
  JANUARY: 1,
  FEBRUARY: 2,
  MARCH: 3,
  APRIL: 4,
  JUNE: 6,
  JULY: 7,
  AUGUST: 8,
  SEPTEMBER: 9,
  OCTOBER: 10,
  NOVEMBER: 11,
  DECEMBER: 12,
};

function iso(year: number, month: number, day: number): string | null {
  if (year < 100) year += 2000;
  if (month < 1 || month > 12 || day < 1 || year < 1900 || year > 2999) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > days) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Reads a bank date into `YYYY-MM-DD`; null when it is not a real date in the format.
 * Without a format, UK forms are tried in turn: `DD/MM/YYYY` (also `-` or `.`, and two-digit years),
 * `YYYY-MM-DD`, `D MMM YYYY` (`3 Feb 2026`, `03-Feb-2026`). A time after the date is ignored.
 * `MM/DD/YYYY` is only used when a custom mapping says so.
 */
export function parseDate(raw: string, format?: DateFormat): string | null {
  const text = raw.trim().replace(/^'/, '').trim();
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ T].*)?$/.exec(text);
  const isoMatch = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$/.exec(text);
  const named = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([A-Za-z]{3,9})[\s-]+(\d{2}|\d{4})(?:[ T].*)?$/.exec(text);
  const tryNumeric = (dayFirst: boolean) =>
    numeric ? (dayFirst ? iso(+numeric[3], +numeric[2], +numeric[1]) : iso(+numeric[3], +numeric[1], +numeric[2])) : null;
  const tryIso = () => (isoMatch ? iso(+isoMatch[1], +isoMatch[2], +isoMatch[3]) : null);
  const tryNamed = () => {
    if (!named) return null;
    const month = MONTHS[named[2].toUpperCase()];
    return month ? iso(+named[3], month, +named[1]) : null;
  };
  switch (format) {
    case 'DD/MM/YYYY':
      return tryNumeric(true);
    case 'MM/DD/YYYY':
      return tryNumeric(false);
    case 'YYYY-MM-DD':
      return tryIso();
    case 'D MMM YYYY':
      return tryNamed();
    default:
      return tryNumeric(true) ?? tryIso() ?? tryNamed();
  }
}
