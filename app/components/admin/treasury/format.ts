/** Money and dates as the treasurer's screens show them. */
import { formatDateGB } from '../../../../shared/dates';

const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Integer pence → "£1,234.56" (exact: the division happens once, for display only). */
export const pounds = (pence: number) => POUNDS.format(pence / 100);

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
