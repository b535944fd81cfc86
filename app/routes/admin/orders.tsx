import { Fragment, useState } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { money, truncate } from '../../components/admin/format';
import { ChevronIcon } from '../../components/admin/icons';
import { AdminLoading, Badge, SectionHeader } from '../../components/admin/section';
import type { Order } from '../../../shared/contracts/shop';
import { Button, buttonClass } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { client, errorDetail, loadList, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from '../../../shared/shop';
import { internationalPhone, whatsappLink } from '../../../shared/whatsapp';
import { club } from '../../../shared/club';
import type { Route } from './+types/orders';
import { formatDate, formatDateTime } from '../../../shared/dates';

export const meta: Route.MetaFunction = () => adminMeta('Orders', 'Shop orders and their status.');

/** The address as the list cuts it, and the quantity when absent (docs/product.md#admin-panel). */
export const ADDRESS_TRUNCATE_AT = 30;
export const DEFAULT_QUANTITY = 1;

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'clubSite');
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, orders] = await Promise.all([serverLoader(), loadList('orders', client.orders.$get({ query: {} }))]);
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


/** The order's reference as customers see it: "RR-1042" (ADR 023). */
export const referenceOf = (order: Order) => order.reference;

/**
 * "WhatsApp the customer" (ADR 027): a wa.me chat with the customer's number in international form
 * (07… → 447…), the order named in the first message. Null when the number cannot be read.
 */
export function whatsappCustomer(order: Order) {
  const phone = internationalPhone(order.customer_phone);
  if (!phone) return null;
  const first = order.customer_name.trim().split(/\s+/)[0] ?? '';
  const item = `${order.quantity ?? DEFAULT_QUANTITY} × ${order.product_name}${order.size ? ` (size ${order.size})` : ''}`;
  return whatsappLink(phone, `Hello ${first}, this is ${club().club_name} about your order ${referenceOf(order)}: ${item}.`);
}

/** The ?status= filter: one of the order statuses, or every order. */
export const statusFilterOf = (value: string | null): OrderStatus | null =>
  (ORDER_STATUSES as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : null;

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  const status = statusFilterOf(searchParams.get('status'));
  const shown = status ? orders.filter((order) => order.status === status) : orders;
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function changeStatus(order: Order, next: OrderStatus) {
    setBusy(order.id);
    try {
      await read(client.orders[':id'].$patch({ param: { id: order.id }, json: { status: next } }));
      toast.success('Order updated successfully!');
      await revalidator.revalidate();
    } catch (error) {
      toast.error(`Error updating Order: ${errorDetail(error)}`);
    } finally {
      setBusy(null);
    }
  }

  const filterLabel = status ? ORDER_STATUS_LABELS[status].toLowerCase() : '';
  return (
    <section>
      <SectionHeader title="Orders" description="Shop orders, newest first. Open an order for its details and to move it on." />
      <StatusFilter orders={orders} current={status} />
      {shown.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-center text-muted ring-1 ring-line">{status ? `No ${filterLabel} orders.` : 'No orders yet.'}</p>
      ) : (
        <>
          {/* Phones: one card per order, its actions visible (ADR 027). */}
          <ul aria-label="Orders" className="space-y-3 sm:hidden">
            {shown.map((order) => (
              <li key={order.id} className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-line">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-mono text-sm text-muted">{referenceOf(order)}</p>
                    <p className="break-words font-semibold">{order.customer_name}</p>
                  </div>
                  <Badge tone={STATUS_TONES[order.status]}>{ORDER_STATUS_LABELS[order.status] ?? order.status}</Badge>
                </div>
                <p className="mt-1 break-words text-sm">
                  {order.quantity ?? DEFAULT_QUANTITY} × {order.product_name}
                  {order.size ? ` (${order.size})` : ''} · <span className="tabular-nums">{money(order.total_amount)}</span>
                </p>
                <p className="text-sm text-muted">{formatDate(order.created_at)}</p>
                <OrderActions order={order} busy={busy === order.id} onStatus={(next) => changeStatus(order, next)} />
                <details className="mt-2">
                  <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-800">All details</summary>
                  <OrderFacts order={order} />
                </details>
              </li>
            ))}
          </ul>
          <div className="relative hidden overflow-x-auto rounded-xl bg-white ring-1 ring-line sm:block" tabIndex={0} role="region" aria-label="Orders">
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
                {shown.map((order) => {
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
                            aria-label={`Details of order ${referenceOf(order)}`}
                            onClick={() => setOpen(expanded ? null : order.id)}
                            className="rounded-lg p-2 text-brand-800 hover:bg-brand-50"
                          >
                            <ChevronIcon open={expanded} />
                          </button>
                        </td>
                        <td className="whitespace-nowrap px-4 py-3 font-mono">{referenceOf(order)}</td>
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
                            <OrderFacts order={order} />
                            <OrderActions order={order} busy={busy === order.id} onStatus={(next) => changeStatus(order, next)} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** All, Pending, Confirmed…: links that set ?status= (the Today view links to ?status=pending), with counts. */
function StatusFilter({ orders, current }: { orders: Order[]; current: OrderStatus | null }) {
  const options: { value: OrderStatus | null; label: string }[] = [
    { value: null, label: 'All' },
    ...ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] })),
  ];
  return (
    <nav aria-label="Filter orders by status" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {options.map(({ value, label }) => {
          const selected = value === current;
          const n = value ? orders.filter((order) => order.status === value).length : orders.length;
          return (
            <li key={label}>
              <Link
                to={value ? `?status=${value}` : '?'}
                preventScrollReset
                aria-current={selected ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold ring-1 ${
                  selected ? 'bg-brand-800 text-white ring-brand-800' : 'bg-white text-ink ring-line hover:bg-brand-50'
                }`}
              >
                {label}
                <span className={`tabular-nums ${selected ? 'text-white' : 'text-muted'}`}>{n}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function OrderFacts({ order }: { order: Order }) {
  const items: [string, React.ReactNode][] = [
    ['Order', <span className="font-mono">{referenceOf(order)}</span>],
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
    <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
          <dd className="mt-0.5 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OrderActions({ order, busy, onStatus }: { order: Order; busy: boolean; onStatus: (status: OrderStatus) => void }) {
  // The order lifecycle (decision 11 in docs/architecture.md): forward one step, or cancel before fulfilment.
  const next = ORDER_TRANSITIONS[order.status] ?? [];
  const whatsapp = whatsappCustomer(order);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      {whatsapp && (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary', 'sm', 'min-h-11')}
          aria-label={`WhatsApp the customer, ${order.customer_name}, about order ${referenceOf(order)} (opens WhatsApp)`}
        >
          WhatsApp the customer
        </a>
      )}
      {next.length === 0 ? (
        <p className="text-sm text-muted">This order is {order.status}; no further changes.</p>
      ) : (
        next.map((status) => (
          <Button
            key={status}
            size="sm"
            className="min-h-11"
            variant={status === 'cancelled' ? 'danger' : 'primary'}
            disabled={busy}
            onClick={() => onStatus(status)}
          >
            {ACTION_LABELS[status]}
          </Button>
        ))
      )}
    </div>
  );
}
