/**
 * The words for money owed, the same on every screen and in every mail (issue 31): Outstanding is
 * money owed (all of it, whether due yet or not); Overdue is what is still owed after its due date;
 * Paid is nothing left to pay. A charge's status is derived from the ledger, never typed.
 */
export const PAYMENT_STATUS_LABELS = { paid: 'Paid', outstanding: 'Outstanding', overdue: 'Overdue' } as const;
export type PaymentStatusWord = keyof typeof PAYMENT_STATUS_LABELS;

/** Paid when nothing is left; Overdue once past its due date (or marked so by an admin before the ledger); else Outstanding. */
export function paymentStatusOf(
  charge: { outstanding_pence: number; due_date: string; marked_overdue?: boolean },
  today: string,
): PaymentStatusWord {
  if (charge.outstanding_pence <= 0) return 'paid';
  return charge.due_date < today || charge.marked_overdue ? 'overdue' : 'outstanding';
}

/** What a list of payments adds up to: what is outstanding (overdue included), how many, and how many of them are overdue. */
export function amountOwed(payments: Array<{ status: PaymentStatusWord; amount: number; outstanding_amount?: number }>) {
  const owing = payments.filter((p) => p.status !== 'paid');
  const left = (p: (typeof owing)[number]) => p.outstanding_amount ?? p.amount;
  const overdue = owing.filter((p) => p.status === 'overdue');
  // Whole pence, so £25.10 + £12.20 is £37.30 and not £37.300000000000004.
  const pence = (list: typeof owing) => list.reduce((sum, p) => sum + Math.round(left(p) * 100), 0);
  return { count: owing.length, overdue: overdue.length, total: pence(owing) / 100, overdue_total: pence(overdue) / 100 };
}
