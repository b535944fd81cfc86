import { Fragment, useState } from 'react';
import { useRevalidator } from 'react-router';
import { formatDate, formatDateTime, money, truncate } from '../../components/admin/format';
import { ChevronIcon } from '../../components/admin/icons';
import { AdminLoading, Badge, SectionHeader } from '../../components/admin/section';
import type { Order } from '../../components/admin/types';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api, errorDetail, loadList } from '../../lib/api-client';
import { requireRole } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import { ORDER_STATUS_LABELS, ORDER_TRANSITIONS, type OrderStatus } from '../../../shared/shop';
import type { Route } from './+types/orders';

export const meta: Route.MetaFunction = () => adminMeta('Orders', 'Shop orders and their status.');

export const ADDRESS_TRUNCATE_AT = 30;
export const DEFAULT_QUANTITY = 1;

export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireRole(context, request, ['admin']) };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, orders] = await Promise.all([serverLoader(), loadList<Order>('/api/orders')]);
  return { orders };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const STATUS_TONES = { pending: 'warning', confirmed: 'info', paid: 'success', fulfilled: 'neutral', cancelled: 'danger' } as const;


const ACTION_LABELS: Record<OrderStatus, string> = {
  pending: 'Mark pending',
  confirmed: 'Mark confirmed',
  paid: 'Mark paid',
  fulfilled: 'Mark fulfilled',
  cancelled: 'Cancel order',
};

/** The order's reference, "RR-1042" (ADR 023). */
export const shortId = (order: Order) => order.reference;

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  const revalidator = useRevalidator();
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function changeStatus(order: Order, status: OrderStatus) {
    setBusy(order.id);
    try {
      await api.patch(`/api/orders/${order.id}`, { status });
      toast.success('Order updated successfully!');
      await revalidator.revalidate();
    } catch (error) {
      toast.error(`Error updating Order: ${errorDetail(error)}`);
    } finally {
      setBusy(null);
    }
  }

  return (
    <section>
      <SectionHeader title="Orders" description="Shop orders, newest first. Open a row for the details and to move the order on." />
      {orders.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-muted ring-1 ring-line">No orders yet.</p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-line" tabIndex={0} role="region" aria-label="Orders">
          <table className="min-w-full divide-y divide-line text-left text-sm">
            <caption className="sr-only">Orders</caption>
            <thead className="bg-gray-50">
              <tr>
                <th scope="col" className="px-2 py-3">
                  <span className="sr-only">Details</span>
                </th>
                {['Order', 'Customer', 'Product', 'Total', 'Status', 'Date'].map((h) => (
                  <th key={h} scope="col" className={`whitespace-nowrap px-4 py-3 font-semibold ${h === 'Total' ? 'text-right' : ''}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {orders.map((order) => {
                const expanded = open === order.id;
                const detailsId = `order-${order.id}-details`;
                return (
                  <Fragment key={order.id}>
                    <tr className={expanded ? 'bg-brand-50/60' : 'hover:bg-gray-50'}>
                      <td className="px-2 py-2">
                        <button
                          type="button"
                          aria-expanded={expanded}
                          aria-controls={detailsId}
                          aria-label={`Details of order ${shortId(order)}`}
                          onClick={() => setOpen(expanded ? null : order.id)}
                          className="rounded-lg p-2 text-brand-800 hover:bg-brand-50"
                        >
                          <ChevronIcon open={expanded} />
                        </button>
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 font-mono">{shortId(order)}</td>
                      <td className="px-4 py-3">{order.customer_name}</td>
                      <td className="px-4 py-3">{order.product_name}</td>
                      <td className="whitespace-nowrap px-4 py-3 text-right tabular-nums">{money(order.total_amount)}</td>
                      <td className="px-4 py-3">
                        <Badge tone={STATUS_TONES[order.status]}>{ORDER_STATUS_LABELS[order.status] ?? order.status}</Badge>
                      </td>
                      <td className="whitespace-nowrap px-4 py-3">{formatDate(order.created_at)}</td>
                    </tr>
                    {expanded && (
                      <tr id={detailsId} className="bg-brand-50/30">
                        <td colSpan={7} className="px-4 py-4">
                          <OrderDetails order={order} busy={busy === order.id} onStatus={(status) => changeStatus(order, status)} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function OrderDetails({ order, busy, onStatus }: { order: Order; busy: boolean; onStatus: (status: OrderStatus) => void }) {
  // The order lifecycle (ARCHITECTURE point 11): forward one step, or cancel before fulfilment.
  const next = ORDER_TRANSITIONS[order.status] ?? [];
  const items: [string, React.ReactNode][] = [
    ['Order', <span className="font-mono">{shortId(order)}</span>],
    ['Customer', order.customer_name],
    ['Email', <a className="text-brand-800 underline" href={`mailto:${order.customer_email}`}>{order.customer_email}</a>],
    ['Phone', <a className="text-brand-800 underline" href={`tel:${order.customer_phone}`}>{order.customer_phone}</a>],
    ['Product', order.product_name],
    ['Size', order.size || '–'],
    ['Quantity', order.quantity ?? DEFAULT_QUANTITY],
    ['Address', order.customer_address ? <span title={order.customer_address}>{truncate(order.customer_address, ADDRESS_TRUNCATE_AT)}</span> : '–'],
    ['Total', money(order.total_amount)],
    ['Status', <Badge tone={STATUS_TONES[order.status]}>{ORDER_STATUS_LABELS[order.status] ?? order.status}</Badge>],
    ['Date', formatDateTime(order.created_at)],
    ['Notes', order.notes || '–'],
  ];
  return (
    <div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
            <dd className="mt-0.5 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {next.length === 0 ? (
          <p className="text-sm text-muted">This order is {order.status}; no further changes.</p>
        ) : (
          next.map((status) => (
            <Button
              key={status}
              size="sm"
              variant={status === 'cancelled' ? 'danger' : 'primary'}
              disabled={busy}
              onClick={() => onStatus(status)}
            >
              {ACTION_LABELS[status]}
            </Button>
          ))
        )}
      </div>
    </div>
  );
}
