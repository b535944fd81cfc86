/**
 * The home page's match countdown. The absolute kick-off ("Sat 28 Nov, 3:00 PM") is rendered on the
 * server (formatKickoff in shared/dates.ts) and is always right; the relative part ("in 3 days") is rendered too and refreshed in the
 * browser by public/js/header.js, which has the same rules as relativeKickoff (the page may come from
 * the HTML cache, and may not be hydrated).
 */

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
