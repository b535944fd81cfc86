import { formatPounds } from '../../../shared/money';

/** Display helpers for the admin panel (en-GB, pounds with 2 decimals). */

export const money = (value: number | string | null | undefined) => formatPounds(Number(value ?? 0));

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** A date (YYYY-MM-DD or an ISO timestamp) as "22 Nov 2026"; blank when missing. */
export function formatDate(value: string | null | undefined) {
  if (!value) return '';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

export function formatDateTime(value: string | null | undefined) {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
}

/** Today as YYYY-MM-DD in the club's time zone (the default due date and feedback date). */
export function today() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
}

/** Text cut to `max` characters with an ellipsis. */
export function truncate(text: string | null | undefined, max: number) {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
