import type { ChargesCreated } from './api';
import { day, plural, pounds } from './format';

/**
 * What a charge run made, said in words (issue 31): how many charges for how many members, and for
 * each the amount, when it is due, who pays, and anything adjusted (prorated, a moved due date, a
 * family discount or cap).
 */
export function ChargeResult({ result, label }: { result: ChargesCreated; label: string }) {
  const members = new Set(result.charges.map((c) => c.member_id)).size;
  const payers = new Set(result.charges.map((c) => c.payer_id).filter(Boolean)).size;
  const noPayer = result.charges.filter((c) => !c.payer_id).length;
  const adjusted = result.charges.filter((c) => c.discount_note);
  const summary =
    result.created === 0
      ? 'Nothing new to charge: everyone named has these charges already.'
      : `${plural(result.created, 'charge')} made for ${plural(members, 'member')}; ${plural(payers, 'payer')} sent a payment request.`;
  return (
    <div className="mt-4 rounded-xl border border-green-300 bg-green-50 p-4" data-testid="charge-result">
      <p role="status" className="font-semibold text-ink">
        {summary}
      </p>
      {adjusted.length > 0 && <p className="mt-1 text-sm text-ink">{plural(adjusted.length, 'charge')} adjusted: each says why below.</p>}
      {noPayer > 0 && (
        <p className="mt-1 text-sm text-ink">{plural(noPayer, 'charge')} has nobody to pay it yet (no login, or a child without a parent or carer linked).</p>
      )}
      {result.charges.length > 0 && (
        <ul aria-label={label} className="mt-3 divide-y divide-green-200">
          {result.charges.map((c) => (
            <li key={c.id} className="py-2">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-semibold">{c.member_name ?? 'A former member'}</span>
                <span className="tabular-nums font-semibold">{pounds(c.amount_pence)}</span>
              </p>
              <p className="break-words text-sm text-ink">
                {[c.description, c.period, `due ${day(c.due_date)}`, c.payer_name ? `paid by ${c.payer_name}` : 'no payer yet'].filter(Boolean).join(' · ')}
              </p>
              {c.discount_note && <p className="mt-0.5 break-words text-sm text-ink">{c.discount_note}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
