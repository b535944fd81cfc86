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
