/** Money and dates as the treasurer's screens show them. */
import { formatDateGB } from '../../../../shared/dates';

import { formatPence } from '../../../../shared/treasury';

/** Integer pence → "£1,234.56". */
export const pounds = formatPence;

export const day = (iso: string) => formatDateGB(iso);

export const LAYOUT_LABELS: Record<string, string> = {
  starling: 'Starling',
  monzo: 'Monzo',
  barclays: 'Barclays',
  lloyds: 'Lloyds',
  hsbc: 'HSBC',
  natwest: 'NatWest',
  custom: 'your column mapping',
};

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export const AMOUNT_HINT = 'In pounds, like 45.00';

/** "45", "45.5", "£1,234.56" → whole pence; null for anything else (no more than 2 decimals, more than 0). */
export function penceFrom(text: string): number | null {
  const clean = text.trim().replace(/^£/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, fraction = ''] = clean.split('.');
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return pence > 0 ? pence : null;
}

/** Today in the club's time zone, as a date input wants it. */
export { today as todayIso } from '../../../../shared/dates';
