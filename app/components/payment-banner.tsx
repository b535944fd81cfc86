/**
 * The money banner of the players' area (dashboard and Payments): up to date, or what is outstanding
 * from the ledger, whom it is for, and the reference to pay it with (issue 31). Outstanding is all
 * that is owed; overdue is the part past its due date (shared/payment-status.ts).
 */
import { Link } from 'react-router';
import { amountOwed, type PaymentStatusWord } from '../../shared/payment-status';
import { formatPounds } from '../../shared/money';
import { formatPence } from '../../shared/treasury';

export const UP_TO_DATE = "You're up to date with your payments";

/** What the banner reads of each payment (GET /api/players/me/payments). */
export interface BannerPayment {
  status: PaymentStatusWord;
  amount: number;
  outstanding_amount?: number;
  member_name?: string | null;
  payer_name?: string | null;
}

/** What it reads of GET /api/treasury/me: the reference to quote, who pays, any credit. */
export interface BannerDetails {
  reference: string | null;
  paid_by_guardian: boolean;
  credit_pence: number;
}

/** "Aarav Shah and Meera Shah". */
const names = (list: string[]) => (list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`);

/** The children (or others) a payer pays for among what is owed: named when it is not only their own. */
function payingFor(payments: BannerPayment[]) {
  const others = payments.filter((p) => p.status !== 'paid' && p.member_name && p.payer_name && p.member_name !== p.payer_name);
  return [...new Set(others.map((p) => p.member_name!))].sort();
}

function Icon({ ok }: { ok: boolean }) {
  return ok ? (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-6 shrink-0" fill="currentColor">
      <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4 4a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4L9 10.6l3.3-3.3a1 1 0 0 1 1.4 1.4Z" />
    </svg>
  ) : (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-6 shrink-0" fill="currentColor">
      <path d="M8.3 3.1a2 2 0 0 1 3.4 0l6 10.4A2 2 0 0 1 16 16.5H4a2 2 0 0 1-1.7-3L8.3 3.1ZM10 7a1 1 0 0 0-1 1v3a1 1 0 1 0 2 0V8a1 1 0 0 0-1-1Zm0 7.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z" />
    </svg>
  );
}

/**
 * Up to date, or "You have £75.00 outstanding (2 payments, 1 overdue)" with whom it is for and the
 * payer's reference. `howToPayLink`: on the dashboard, a link to the Payments page with the bank details.
 */
export function PaymentBanner({ payments, details, howToPayLink }: { payments: BannerPayment[]; details?: BannerDetails | null; howToPayLink?: boolean }) {
  const owed = amountOwed(payments);
  const credit = details && details.credit_pence > 0 ? ` You have ${formatPence(details.credit_pence)} in credit for your next payment.` : '';
  if (owed.count === 0) {
    return (
      <div role="status" data-testid="payment-banner" className="flex items-center gap-3 rounded-xl border border-green-300 bg-green-50 px-4 py-3 text-success">
        <Icon ok />
        <p className="font-semibold">
          {UP_TO_DATE}
          {credit && <span className="font-normal">{credit}</span>}
        </p>
      </div>
    );
  }
  const forWhom = payingFor(payments);
  const reference = details?.reference;
  return (
    <div role="status" data-testid="payment-banner" className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      <Icon ok={false} />
      <div className="min-w-0 space-y-1">
        <p className="font-semibold">
          You have {formatPounds(owed.total)} outstanding ({owed.count} {owed.count === 1 ? 'payment' : 'payments'}
          {owed.overdue > 0 ? `, ${owed.overdue} overdue` : ''})
        </p>
        {forWhom.length > 0 && <p className="text-sm">For {names(forWhom)}.</p>}
        {details?.paid_by_guardian ? (
          <p className="text-sm">
            Your parent or carer pays these{reference ? (
              <>
                , quoting the reference <span className="break-all font-mono font-bold">{reference}</span>
              </>
            ) : null}
            .
          </p>
        ) : (
          <p className="text-sm">
            {reference ? (
              <>
                Pay by bank transfer, quoting your reference <span className="break-all font-mono font-bold" data-testid="banner-reference">{reference}</span>.
              </>
            ) : (
              'Pay by bank transfer, or speak to the treasurer.'
            )}
          </p>
        )}
        {howToPayLink && !details?.paid_by_guardian && (
          <p className="text-sm">
            <Link to="/players-area/payments" className="-my-2 inline-flex min-h-11 items-center font-semibold underline underline-offset-2">
              How to pay
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
