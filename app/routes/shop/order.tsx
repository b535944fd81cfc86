import { useEffect, useRef } from 'react';
import { data, isRouteErrorResponse, Link, useRouteLoaderData } from 'react-router';
import { formatPounds } from '../../../shared/money';
import { FALLBACK_SETTINGS } from '../../../shared/settings';
import { FULFILMENT_LABELS, orderNextSteps } from '../../../shared/shop-constants';
import type { OrderReceipt } from '../../../server/services/orders';
import { isDomainError } from '../../../shared/errors';
import { WhatsAppIcon } from '../../components/shop/whatsapp-icon';
import { ButtonLink } from '../../components/ui/button';
import { pageTitle } from '../../../shared/club';
import type { loader as rootLoader } from '../../root';
import type { Route } from './+types/order';

export const ORDER_PLACED_TITLE = 'Order Placed Successfully!';
export const ORDER_PAGE_NOT_FOUND = 'We could not find that order';

/**
 * The success page of an order: /shop/orders/{token} (ADR 023). The token is 128 random bits only
 * the customer was given, so the page can be reloaded, bookmarked or shared with whoever collects,
 * and no other order can be reached from it. It shows no contact details.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  try {
    return { order: await context.services.orders.receipt(params.token) };
  } catch (error) {
    if (isDomainError(error) && error.kind === 'not_found') throw data({ detail: error.detail }, { status: 404 });
    throw error;
  }
}

/** Private to whoever holds the link: never stored by a shared cache, never indexed, never sent on as a referrer. */
export const headers: Route.HeadersFunction = () => ({
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
});

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData ? `Order ${loaderData.order.reference}` : ORDER_PAGE_NOT_FOUND) },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  return <OrderReceiptView order={loaderData.order} />;
}

function OrderReceiptView({ order }: { order: OrderReceipt }) {
  const settings = useRouteLoaderData<typeof rootLoader>('root')?.settings ?? FALLBACK_SETTINGS;
  const collectFrom = settings.club_address.trim() ? `the club (${settings.club_address.trim().replace(/\s*\n\s*/g, ', ')})` : 'the club';
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Arriving from the order form: focus goes to the confirmation, so it is read out.
  useEffect(() => headingRef.current?.focus(), []);
  const steps = orderNextSteps(order.fulfilment, collectFrom);

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12" data-testid="order-success">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line sm:p-8">
        <div className="flex items-start gap-3">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-1 size-7 shrink-0 text-success" fill="none" stroke="currentColor" strokeWidth={2.5}>
            <path d="m5 13 4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <div>
            <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold tracking-tight focus:outline-none sm:text-3xl">
              {ORDER_PLACED_TITLE}
            </h1>
            <p className="mt-1 text-ink/80">Thank you, {order.customer_name}.</p>
          </div>
        </div>

        <div className="mt-6 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100">
          <p className="text-sm font-semibold text-ink/80">Your order reference</p>
          <p className="mt-0.5 font-mono text-3xl font-extrabold tracking-wide text-brand-800" data-testid="order-reference">
            {order.reference}
          </p>
        </div>

        <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm sm:text-base">
          <dt className="font-semibold">Item</dt>
          <dd>
            {order.quantity} × {order.product_name}
            {order.size ? ` (size ${order.size})` : ''}
          </dd>
          <dt className="font-semibold">Total</dt>
          <dd className="font-bold text-brand-800">{formatPounds(order.total_amount)}</dd>
          <dt className="font-semibold">How you get it</dt>
          <dd data-testid="order-fulfilment">{FULFILMENT_LABELS[order.fulfilment]}</dd>
        </dl>

        <h2 className="mt-8 text-lg font-bold">What happens next</h2>
        <ol className="mt-3 space-y-2" data-testid="order-next-steps">
          {steps.map((line, index) => (
            <li key={line} className="flex gap-3">
              <span aria-hidden="true" className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-800 text-sm font-bold text-white">
                {index + 1}
              </span>
              <span>{line}</span>
            </li>
          ))}
        </ol>

        <div className="mt-8 flex flex-col gap-3">
          {order.whatsapp_url && (
            <a
              href={order.whatsapp_url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg bg-[#0e6e3a] px-4 font-semibold text-white hover:bg-[#0b5a2f] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
            >
              <WhatsAppIcon />
              Send order on WhatsApp
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          {order.product_id && (
            <ButtonLink to={`/shop/product/${order.product_id}`} variant="secondary" className="flex-1">
              Order Another Item
            </ButtonLink>
          )}
        </div>
        <p className="mt-6 text-sm text-muted">
          Keep this page: its address shows this order again. <Link to="/shop" className="font-semibold text-brand-800 underline">Back to Shop</Link>
        </p>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{notFound ? ORDER_PAGE_NOT_FOUND : 'Something went wrong'}</h1>
      <p className="mt-3 text-muted">
        {notFound
          ? 'Check the link you were given when you placed the order, or message the club shop on WhatsApp with your order reference.'
          : 'Sorry, we could not load this order. Please try again in a moment.'}
      </p>
      <ButtonLink to="/shop" className="mt-8">
        Back to Shop
      </ButtonLink>
    </section>
  );
}
