import { formatDateGB, formatPounds } from '../../../shared/players';
import { PAYMENTS_EMPTY, PaymentBanner, PaymentStatusBadge, PortalSection } from '../../components/portal';
import { DataTable } from '../../components/ui/data-table';
import { requireUser } from '../../lib/guards.server';
import type { Route } from './+types/payments';
import { portalRead } from './portal.server';

export const meta: Route.MetaFunction = () => [{ title: "Payments | Players' Area" }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return { payments: await portalRead('payments', () => context.services.players.myPayments(user), []) };
}

export default function PortalPayments({ loaderData }: Route.ComponentProps) {
  const { payments } = loaderData;
  return (
    <PortalSection title="Payments">
      <PaymentBanner payments={payments} />
      <DataTable
        caption="Payment history"
        rows={payments}
        rowKey={(p) => p.id}
        empty={PAYMENTS_EMPTY}
        columns={[
          { header: 'Description', cell: (p) => <span className="font-medium text-ink">{p.description}</span> },
          { header: 'Type', cell: (p) => p.payment_type },
          { header: 'Amount', cell: (p) => formatPounds(p.amount), numeric: true },
          { header: 'Due date', cell: (p) => formatDateGB(p.due_date), className: 'whitespace-nowrap' },
          { header: 'Status', cell: (p) => <PaymentStatusBadge status={p.status} /> },
          { header: 'Paid date', cell: (p) => formatDateGB(p.paid_date), className: 'whitespace-nowrap' },
        ]}
      />
    </PortalSection>
  );
}
