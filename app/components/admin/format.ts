import { formatPounds } from '../../../shared/money';

/** Display helpers for the admin panel: pounds with 2 decimals, shortened text (dates are in shared/dates.ts). */

export const money = (value: number | string | null | undefined) => formatPounds(Number(value ?? 0));

/** Text cut to `max` characters with an ellipsis. */
export function truncate(text: string | null | undefined, max: number) {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
