import { formatPounds } from '../../../shared/players';
import { EMPTY_NEXT, EmptyState, PAYMENTS_EMPTY, PaymentBanner, PaymentStatusBadge, PortalSection } from '../../components/portal';
import { DataTable } from '../../components/ui/data-table';
import { HowToPay } from '../../components/how-to-pay';
import { requireUser } from '../../lib/guards.server';
import type { Route } from './+types/payments';
import { portalRead } from './portal.server';
import { formatDateGB } from '../../../shared/dates';
import { pageTitle } from '../../../shared/club';

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Payments | Players' Area") }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const [payments, details] = await Promise.all([
    portalRead('payments', () => context.services.players.myPayments(user), []),
    portalRead('payment details', () => context.services.treasury.me(user), null),
  ]);
  return { payments, details };
}

type Payment = Route.ComponentProps['loaderData']['payments'][number];
/** A charge for someone else than the payer (a parent's child): the list says whom. */
const forOther = (p: Payment) => !!p.member_name && p.member_name !== p.payer_name;
/** Some paid, some still to pay. */
const partPaid = (p: Payment) => p.status !== 'paid' && p.outstanding_amount > 0 && p.outstanding_amount < p.amount;

export default function PortalPayments({ loaderData }: Route.ComponentProps) {
  const { payments, details } = loaderData;
  return (
    <PortalSection title="Payments">
      {/* Nothing asked for yet: no "up to date" banner for an empty history, just what will come. */}
      {payments.length > 0 && <PaymentBanner payments={payments} details={details} />}
      {details && <HowToPay details={details} />}
      {payments.length === 0 && (
        <EmptyState next={EMPTY_NEXT.payments} action={{ to: '/players-area/messages', label: 'Questions about paying? See Messages' }}>
          {PAYMENTS_EMPTY}
        </EmptyState>
      )}
      {/* Phones get one card per payment; wider screens the full table. */}
      {payments.length > 0 && (
        <ul className="space-y-3 sm:hidden" aria-label="Payment history">
          {payments.map((p) => (
            <li key={p.id} className="rounded-xl bg-white p-4 ring-1 ring-line">
              <div className="flex items-start justify-between gap-3">
                <p className="font-semibold text-ink">{p.description}</p>
                <p className="font-bold tabular-nums text-ink">{formatPounds(p.amount)}</p>
              </div>
              <p className="text-sm text-muted">
                {p.payment_type}
                {forOther(p) && <> · for {p.member_name}</>}
              </p>
              <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
                <div>
                  <dt className="text-xs text-muted">Due date</dt>
                  <dd>{formatDateGB(p.due_date)}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">Status</dt>
                  <dd>
                    <PaymentStatusBadge status={p.status} />
                  </dd>
                </div>
                {partPaid(p) ? (
                  <div>
                    <dt className="text-xs text-muted">Still to pay</dt>
                    <dd className="tabular-nums">{formatPounds(p.outstanding_amount)}</dd>
                  </div>
                ) : (
                  <div>
                    <dt className="text-xs text-muted">Paid date</dt>
                    <dd>{formatDateGB(p.paid_date)}</dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
      {payments.length > 0 && (
      <div className="hidden sm:block">
        <DataTable
          caption="Payment history"
          rows={payments}
          rowKey={(p) => p.id}
          empty={PAYMENTS_EMPTY}
          columns={[
            { header: 'Description', cell: (p) => <span className="font-medium text-ink">{p.description}</span> },
            ...(payments.some(forOther) ? [{ header: 'For', cell: (p: Payment) => p.member_name ?? '-' }] : []),
            { header: 'Type', cell: (p) => p.payment_type },
            { header: 'Amount', cell: (p) => formatPounds(p.amount), numeric: true },
            { header: 'Due date', cell: (p) => formatDateGB(p.due_date), className: 'whitespace-nowrap' },
            {
              header: 'Status',
              cell: (p) => (
                <span className="inline-flex flex-wrap items-center gap-2">
                  <PaymentStatusBadge status={p.status} />
                  {partPaid(p) && <span className="text-xs text-muted">{formatPounds(p.outstanding_amount)} still to pay</span>}
                </span>
              ),
            },
            { header: 'Paid date', cell: (p) => formatDateGB(p.paid_date), className: 'whitespace-nowrap' },
          ]}
        />
      </div>
      )}
    </PortalSection>
  );
}
