/**
 * The home page's match countdown. The absolute kick-off ("Sat 28 Nov, 3:00 PM") is rendered on the
 * server and is always right; the relative part ("in 3 days") is rendered too and refreshed in the
 * browser by public/js/header.js, which has the same rules as relativeKickoff (the page may come from
 * the HTML cache, and may not be hydrated).
 */

const LONDON = 'Europe/London';
const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, timeZoneName: 'longOffset' });
const kickoffFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: LONDON,
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "in 3 days" (from 48 hours), "in 29 hours", "in 20 minutes", "Kick-off!" (for two hours), then "Played". */
export function relativeKickoff(kickoff: Date, now: Date = new Date()) {
  const ms = kickoff.getTime() - now.getTime();
  if (ms <= -2 * HOUR) return 'Played';
  if (ms <= 0) return 'Kick-off!';
  if (ms >= 2 * DAY) return `in ${plural(Math.floor(ms / DAY), 'day')}`;
  if (ms >= HOUR) return `in ${plural(Math.floor(ms / HOUR), 'hour')}`;
  return `in ${plural(Math.max(1, Math.ceil(ms / MINUTE)), 'minute')}`;
}
