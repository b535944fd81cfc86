import { useId } from 'react';
import { formatSortCode } from '../../shared/treasury';
import { CopyButton, CopyStatus } from './copy-button';
import { buttonClass } from './ui/button';

export const HOW_TO_PAY_TITLE = 'How to pay';
export const REFERENCE_COPIED = 'Reference copied';
export const BANK_DETAILS_MISSING = 'The club has not published its bank details yet. Ask the treasurer how to pay.';

/** What GET /api/treasury/me answers that this card shows. */
export interface PaymentDetails {
  /** The payer's reference (A–Z2–9, at most 18 characters). */
  reference: string | null;
  account_name: string;
  sort_code: string;
  account_number: string;
  bank_details_set: boolean;
}

/**
 * "How to pay": the club's bank details and the member's own reference, for a bank transfer that the
 * treasurer's statement import matches to them. Everything is plain text, selectable without JavaScript
 * (the reference selects whole with one click or tap); the Copy button is public/js/enhance.js's and
 * shows once it runs (ADR 025).
 */
export function HowToPay({ details }: { details: PaymentDetails }) {
  const headingId = useId();
  const { reference, account_name, sort_code, account_number } = details;
  const hasBank = details.bank_details_set;
  return (
    <section aria-labelledby={headingId} data-copy-group className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5">
      <h3 id={headingId} className="text-lg font-bold text-ink">
        {HOW_TO_PAY_TITLE}
      </h3>
      {!hasBank ? (
        <p className="mt-1 text-sm text-muted">{BANK_DETAILS_MISSING}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            Pay by bank transfer (a standing order works too). Always use your reference, exactly as shown, so your payment is matched to you automatically.
          </p>
          <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Account name</dt>
              <dd className="break-words font-semibold text-ink">{account_name}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Sort code</dt>
              <dd className="font-semibold tabular-nums text-ink">{formatSortCode(sort_code)}</dd>
            </div>
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Account number</dt>
              <dd className="font-semibold tabular-nums text-ink">{account_number}</dd>
            </div>
            {reference && (
              <div>
                <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Your reference</dt>
                <dd className="flex flex-wrap items-center gap-3">
                  <span data-testid="payer-reference" className="select-all break-all font-mono text-xl font-bold tracking-wider text-brand-900">
                    {reference}
                  </span>
                  <CopyButton
                    text={reference}
                    copied={REFERENCE_COPIED}
                    copiedHint="Paste it into the reference box of your bank transfer."
                    failed="Unable to copy the reference"
                    failedHint="Select the reference and copy it."
                    aria-label="Copy reference"
                    className={buttonClass('secondary', 'sm')}
                  >
                    Copy
                  </CopyButton>
                </dd>
              </div>
            )}
          </dl>
          <CopyStatus />
          {!reference && <p className="mt-3 text-sm text-muted">You have no payer reference yet: the treasurer gives you one with your first charge.</p>}
        </>
      )}
    </section>
  );
}
