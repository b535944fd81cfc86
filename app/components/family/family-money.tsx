import type { FamilyHome } from '../../../shared/contracts/family';
import { formatDateGB } from '../../../shared/dates';
import { formatPence } from '../../../shared/treasury';
import { HowToPay } from '../how-to-pay';

type Money = NonNullable<FamilyHome['money']>;

/** What the family owes in total, what for, and how to pay (issue 31): the ledger's figures and the payer reference. */
export function FamilyMoney({ money }: { money: Money }) {
  const owing = money.owed_pence > 0;
  return (
    <div className="space-y-3">
      <section aria-labelledby="family-money" data-testid="family-money" className="space-y-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5">
        <h3 id="family-money" className="text-xs font-bold uppercase tracking-wide text-brand-800">
          What your family owes
        </h3>
        <p className="text-3xl font-extrabold tabular-nums text-ink" data-testid="family-owed">
          {formatPence(money.owed_pence)}
        </p>
        {!owing && (
          <p className="text-sm text-ink">
            Nothing to pay right now.{money.credit_pence > 0 ? ` You have ${formatPence(money.credit_pence)} in credit.` : ''}
          </p>
        )}
        {money.charges.length > 0 && (
          <ul className="divide-y divide-line text-sm">
            {money.charges.map((c) => (
              <li key={c.id} className="flex flex-wrap justify-between gap-x-3 py-2">
                <span className="min-w-0 text-ink">
                  {c.member_name ? `${c.member_name}: ` : ''}
                  {c.description}
                  <span className="block text-muted">Due {formatDateGB(c.due_date)}</span>
                </span>
                <span className="font-semibold tabular-nums text-ink">{formatPence(c.outstanding_pence)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {owing && <HowToPay details={money} />}
    </div>
  );
}
