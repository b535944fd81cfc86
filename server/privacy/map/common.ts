/** Words the data map's files share: the erasures that recur and the columns every table has. */
import type { Erasure, RetentionBasis } from '../types';

/** The legal basis for keeping accounting records (ledger rows, charges, bank lines, orders). */
export const HMRC: RetentionBasis = {
  reason: 'Accounts are kept for six years after the end of the financial year (HMRC)',
  until: 'six_years_after_financial_year',
};

/** The row goes with the person. */
export const DELETE: Erasure = { do: 'delete' };

/** The row stays under the accounts' legal basis, its amounts and dates kept under a pseudonym. */
export const KEEP_FOR_HMRC: Erasure = { do: 'pseudonymise', keep: HMRC };

/** The row is the club's record of something that happened; the person's link and name go. */
export function detach(reason: string): Erasure {
  return { do: 'detach', reason };
}

/** Why a `by` column (who did something to someone else's row) is detached on erasure. */
export const BY_REASON = "The record is someone else's; who did it is replaced by the pseudonym";
