/** Prices are shown in pounds with 2 decimals, e.g. '£24.99' (docs/product.md#formats). */
const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatPounds(amount: number): string {
  return POUNDS.format(amount);
}

/** Money is kept exact by working in whole pence. */
export const toPence = (pounds: number) => Math.round(pounds * 100);
export const fromPence = (pence: number) => pence / 100;
