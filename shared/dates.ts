import { z } from 'zod';
import './zod-messages';

/**
 * Dates in the API (decision 13 in docs/architecture.md): a date-only field accepts `YYYY-MM-DD` or a full ISO 8601
 * date-time (earlier clients send `new Date().toISOString()`), and stores the calendar date in the
 * club's time zone: `2026-06-30T23:30:00.000Z` is 1 July in London.
 */
export const CLUB_TIME_ZONE = 'Europe/London';

const clubDay = new Intl.DateTimeFormat('en-CA', { timeZone: CLUB_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date of an instant in the club's time zone, as 'YYYY-MM-DD' (en-CA writes it so). */
export const clubDateOf = (instant: Date) => clubDay.format(instant);

/** 'YYYY-MM-DD' that names a real calendar day (from 1900). */
export function isRealDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

/** `YYYY-MM-DD`, optionally followed by `THH:MM[:SS[.fff]]` and `Z` or an offset `±HH:MM` (ISO 8601 / RFC 3339). */
const DATE_OR_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;
/** The same, as a JSON Schema pattern for the OpenAPI document. */
export const DATE_OR_DATE_TIME_PATTERN = String.raw`^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$`;

export type ClubDateResult = { date: string } | { error: 'format' | 'not_real' };

/**
 * A date or date-time as sent by a client, normalised to the club's calendar date. A date-time with
 * `Z` or an offset is an instant (its London date is taken); one without is already London's wall
 * clock, so its date part is the date.
 */
export function parseClubDate(value: string): ClubDateResult {
  const match = DATE_OR_DATE_TIME.exec(value.trim().toUpperCase());
  if (!match) return { error: 'format' };
  const [, day, hours, minutes, seconds = '00', fraction = '', zone] = match;
  if (!isRealDate(day)) return { error: 'not_real' };
  if (zone === undefined) return { date: day };
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const instant = new Date(`${day}T${hours}:${minutes}:${seconds}${fraction.slice(0, 4)}${offset}`);
  if (Number.isNaN(instant.getTime())) return { error: 'format' };
  return { date: clubDateOf(instant) };
}

/**
 * The zod field for a date-only API field: `YYYY-MM-DD` or an ISO 8601 date-time, parsed to the
 * London date (`YYYY-MM-DD`). Used for every date field the API accepts.
 */
export const clubDateField = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`) })
    .trim()
    .transform((value, ctx) => {
      if (value === '') {
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      const result = parseClubDate(value);
      if ('date' in result) return result.date;
      ctx.addIssue({
        code: 'custom',
        message:
          result.error === 'not_real'
            ? `${label} is not a real date (${value.slice(0, 10)}); dates are from 1900 on`
            : `${label} must be a date (YYYY-MM-DD) or an ISO 8601 date-time such as 2026-11-23T10:15:00Z`,
      });
      return z.NEVER;
    })
    // What the OpenAPI document says of the field (read by @hono/zod-openapi from zod's registry).
    .meta({
      description: `${label}: a date (YYYY-MM-DD) or an ISO 8601 date-time; stored as the calendar date in ${CLUB_TIME_ZONE}.`,
      pattern: DATE_OR_DATE_TIME_PATTERN,
      examples: ['2026-11-23', '2026-11-23T10:15:00.000Z'],
    });

const clubClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: CLUB_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far the club's clock is ahead of UTC at an instant (0 in winter, one hour in British Summer Time). */
function clubOffsetMs(instant: number) {
  const parts = Object.fromEntries(clubClock.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a date and time on the club's clock ('2026-03-29', '15:00' → 14:00 UTC, since
 * British Summer Time began that morning). A time the clocks skip (01:30 on the spring-forward day)
 * is taken as the same time after the change.
 */
export function clubTimeToInstant(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const first = wall - clubOffsetMs(wall);
  return new Date(wall - clubOffsetMs(first));
}

/**
 * Dates as the site shows them, for e-mails (and, later, every page): always in words, never ISO.
 * A calendar date ('YYYY-MM-DD') is a day, not an instant, so it is read as UTC and never shifts.
 */
const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const instantFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: CLUB_TIME_ZONE,
});

/** A calendar date in words, as on fixture cards: '2026-11-28' → 'Sat, 28 Nov 2026'. */
export function formatClubDate(date: string) {
  if (!isRealDate(date)) return date;
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/** An instant on the club's clock (Europe/London), as the availability lock is shown: 'Sat 28 Nov, 12:00'. */
export function formatClubDateTime(instant: Date) {
  const parts = Object.fromEntries(instantFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute}`;
}

/** A calendar date in words without checking it, as on match pages: '2026-11-28' → 'Sat, 28 Nov 2026'. */
export const formatMatchDate = (isoDate: string) => dayFormat.format(new Date(`${isoDate}T00:00:00Z`));

const plainDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const stampDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: CLUB_TIME_ZONE });

/** A calendar date with the month spelt out: '2026-11-28' → '28 November 2026'. */
export const formatCalendarDate = (isoDate: string) => plainDate.format(new Date(`${isoDate}T00:00:00Z`));
/** The London date of an ISO timestamp, month spelt out: '28 November 2026'. */
export const formatTimestamp = (iso: string) => stampDate.format(new Date(iso));

const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: CLUB_TIME_ZONE });
const shortDateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: CLUB_TIME_ZONE,
});

/** A date (YYYY-MM-DD or an ISO timestamp) as "22 Nov 2026"; blank when missing, as given when unreadable. */
export function formatDate(value: string | null | undefined) {
  if (!value) return '';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : shortDate.format(date);
}

/** An ISO timestamp on the club's clock as "22 Nov 2026, 14:05"; blank when missing, as given when unreadable. */
export function formatDateTime(value: string | null | undefined) {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : shortDateTime.format(date);
}

const stampFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: CLUB_TIME_ZONE });

/** When something was sent or published, on the club's clock: '28 Nov 2026, 14:05'. */
export const formatStamp = (iso: string) => stampFormat.format(new Date(iso));

/** Today as YYYY-MM-DD in the club's time zone (the default due date and feedback date). */
export const today = () => clubDateOf(new Date());

const numericDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' });
const longWordsDate = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** A 'YYYY-MM-DD' date in en-GB ('05/03/2026'), or the fallback when absent. */
export function formatDateGB(iso: string | null | undefined, fallback = '-') {
  if (!iso || !isRealDate(iso.slice(0, 10))) return fallback;
  return numericDate.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

/** A 'YYYY-MM-DD' date spelt out for fixtures: 'Saturday 7 March 2026'. */
export function formatLongDateGB(iso: string) {
  if (!isRealDate(iso)) return iso;
  return longWordsDate.format(new Date(`${iso}T00:00:00Z`));
}

/** 'YYYY-MM-DD' plus n days. */
export function addDaysIso(date: string, days: number) {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** The club's wall clock of an instant, field by field ('2026', '07', '07', '19', '00', '00'). */
export function londonDateParts(instant: Date) {
  const p = Object.fromEntries(clubClock.formatToParts(instant).map((x) => [x.type, x.value]));
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

/** London's "HH:MM" of an instant. */
export function clubTimeOf(instant: Date) {
  const p = londonDateParts(instant);
  return `${p.hour}:${p.minute}`;
}

const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone: CLUB_TIME_ZONE, timeZoneName: 'longOffset' });
const kickoffFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: CLUB_TIME_ZONE,
});

/** London's offset from UTC at an instant, in minutes (0 in winter, 60 in summer). */
function londonOffsetMinutes(at: Date) {
  const name = offsetFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** A fixture's date ('YYYY-MM-DD') and kick-off ('HH:MM', club time) as an instant. */
export function kickoffInstant(matchDate: string, matchTime: string): Date {
  const [y, mo, d] = matchDate.split('-').map(Number);
  const [h = 0, mi = 0] = (/^(\d{1,2}):(\d{2})/.exec(matchTime)?.slice(1) ?? []).map(Number);
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  return new Date(asUtc - londonOffsetMinutes(new Date(asUtc)) * 60_000);
}

/** "Sat 28 Nov, 3:00 PM" (club time). */
export function formatKickoff(at: Date) {
  const parts = Object.fromEntries(kickoffFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.day} ${parts.month}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}
