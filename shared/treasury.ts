/** Subs and fees helpers both sides use (issue 24). */

/** '309174' → '30-91-74'; anything else as it is. */
export const formatSortCode = (digits: string) => (/^\d{6}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : digits);

/** Pence as the club shows money: 2550 → '£25.50', -500 → '-£5.00'. */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}£${Math.floor(abs / 100).toLocaleString('en-GB')}.${String(abs % 100).padStart(2, '0')}`;
}
