/** Subs and fees helpers both sides use (issue 24). */

/** '309174' → '30-91-74'; anything else as it is. */
export const formatSortCode = (digits: string) => (/^\d{6}$/.test(digits) ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : digits);

/** Pence as the club shows money: 2550 → '£25.50', -500 → '-£5.00'. */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  return `${sign}£${Math.floor(abs / 100).toLocaleString('en-GB')}.${String(abs % 100).padStart(2, '0')}`;
}

/** The kinds of charge, as the treasurer's screens and the export name them. */
export const CHARGE_CATEGORY_LABELS = {
  subs: 'Subscription',
  match_fee: 'Match fee',
  kit: 'Kit',
  tour: 'Tour',
  other: 'Other',
};
export type ChargeCategory = keyof typeof CHARGE_CATEGORY_LABELS;

/** How a plan splits a season's subs (termly: autumn, spring and summer terms, issue 31). */
export const PLAN_KINDS = ['monthly', 'termly', 'annual', 'instalments'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export const PLAN_KIND_LABELS: Record<PlanKind, string> = {
  monthly: 'Monthly',
  termly: 'Termly (3 terms)',
  annual: 'Annual (once a season)',
  instalments: 'Instalments',
};
