import { useEffect, useRef, useState } from 'react';
import { data, Form, isRouteErrorResponse, Link, useActionData, useFetcher, useNavigation, type ShouldRevalidateFunction } from 'react-router';
import { formatPounds, fromPence, toPence } from '../../../shared/money';
import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_PHONE_MAX,
  MAX_EXTRA_IMAGES,
  ORDER_FAILED,
  ORDER_NOTES_MAX,
  ORDER_SUCCESS_CONTACT,
  ORDER_SUCCESS_PAYMENT,
  ORDER_SUCCESS_SHIPPING,
  orderReference,
  PHONE_PATTERN,
  PLACING_ORDER,
  PRODUCT_NOT_FOUND_TITLE,
} from '../../../shared/shop-constants';
import type { PlacedOrder } from '../../../server/services/orders';
import type { Product } from '../../../server/services/products';
import { asDomainError, isDomainError } from '../../../server/services/errors';
import { StockBadge } from '../../components/shop/stock-badge';
import { Button, ButtonLink } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { FormMessage, TextAreaField, TextField } from '../../components/ui/field';
import { CLUB_NAME, pageTitle } from '../../lib/club';
import { formError } from '../../lib/errors.server';
import type { Route } from './+types/product';

export const BUY_NOW = 'Buy Now';
export const PLACE_ORDER = 'Place Order';
export const ORDER_ANOTHER = 'Order Another Item';
export const ORDER_PLACED_TITLE = 'Order Placed Successfully!';
export const PRODUCT_NOT_FOUND_TEXT = "The product you're looking for doesn't exist or is no longer available.";
const DESCRIPTION_PREVIEW = 150;

const clampQuantity = (value: number, stock: number) => Math.min(Math.max(Math.trunc(value) || 1, 1), Math.max(stock, 1));
const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  let product: Product;
  try {
    product = await context.services.products.get(params.id);
  } catch (error) {
    if (isDomainError(error) && error.kind === 'not_found') throw data({ detail: error.detail }, { status: 404 });
    throw error;
  }
  const url = new URL(request.url);
  // Without JavaScript the page is driven by its URL: ?image=, ?size=, ?quantity= and ?buy=1.
  const size = url.searchParams.get('size');
  return {
    product,
    origin: url.origin,
    initial: {
      image: Math.min(Math.max(Number.parseInt(url.searchParams.get('image') ?? '0', 10) || 0, 0), MAX_EXTRA_IMAGES),
      size: size && product.sizes.includes(size) ? size : (product.sizes[0] ?? null),
      quantity: clampQuantity(Number(url.searchParams.get('quantity') ?? 1), product.stock),
      buy: url.searchParams.get('buy') === '1' && product.stock > 0,
    },
  };
}

/** Placing an order: the same service as POST /api/orders, so both agree on every rule. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const quantityText = (text('quantity') ?? '').trim();
  try {
    const order = await context.services.orders.placeOrder({
      product_id: params.id,
      // Form fields are text; only a plain whole number becomes a number (the schema refuses the rest).
      quantity: /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : quantityText,
      size: text('size'),
      customer_name: text('customer_name'),
      customer_email: text('customer_email'),
      customer_phone: text('customer_phone'),
      customer_address: text('customer_address'),
      notes: text('notes'),
    });
    return { ok: true as const, order };
  } catch (error) {
    if (isDomainError(asDomainError(error))) return formError(error);
    console.error('Placing an order failed', error);
    return data({ ok: false as const, error: ORDER_FAILED, fieldErrors: {} as Record<string, string> }, { status: 500 });
  }
}

/** A refused order (409: someone else took the stock) still reloads the product, so the stock shown is current. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) {
    return [{ title: pageTitle(PRODUCT_NOT_FOUND_TITLE) }, { name: 'robots', content: 'noindex' }];
  }
  const { product, origin } = loaderData;
  const url = `${origin}/shop/product/${product.id}`;
  const description = `${formatPounds(product.price)} – ${truncate(product.description, DESCRIPTION_PREVIEW)}`;
  const image = product.images[0] ? new URL(product.images[0], origin).href : undefined;
  return [
    { title: pageTitle(product.name) },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'product' },
    { property: 'og:site_name', content: CLUB_NAME },
    { property: 'og:title', content: product.name },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image ? [{ property: 'og:image', content: image }, { property: 'og:image:alt', content: product.name }] : []),
    { property: 'product:price:amount', content: product.price.toFixed(2) },
    { property: 'product:price:currency', content: 'GBP' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  // A new product (another id) starts with fresh choices.
  return <ProductView key={loaderData.product.id} {...loaderData} />;
}

type LoaderData = Route.ComponentProps['loaderData'];
type OrderResult = { ok: true; order: PlacedOrder } | { ok: false; error: string; fieldErrors: Record<string, string> };

function ProductView({ product, initial }: LoaderData) {
  const gallery = product.images.slice(0, 1 + MAX_EXTRA_IMAGES);
  const [selectedImage, setSelectedImage] = useState(Math.min(initial.image, Math.max(gallery.length - 1, 0)));
  const [size, setSize] = useState<string | null>(initial.size);
  const [quantityText, setQuantityText] = useState(String(initial.quantity));
  const [dialogOpen, setDialogOpen] = useState(false);
  const [orderRound, setOrderRound] = useState(0);
  const fetcher = useFetcher<OrderResult>({ key: `order-${product.id}-${orderRound}` });
  // Only a page submission (no JavaScript, ?buy=1) fills this; the dialog's fetcher keeps its own result.
  const inlineResult = useActionData<typeof action>() as OrderResult | undefined;

  const inStock = product.stock > 0;
  const quantity = clampQuantity(Number(quantityText), product.stock);
  const total = fromPence(toPence(product.price) * quantity);

  // After an order the product reloads; never offer more than is now in stock.
  const [seenStock, setSeenStock] = useState(product.stock);
  if (seenStock !== product.stock) {
    setSeenStock(product.stock);
    setQuantityText(String(quantity));
  }

  const step = (delta: number) => setQuantityText(String(clampQuantity(quantity + delta, product.stock)));

  const orderAnother = () => {
    setDialogOpen(false);
    setOrderRound((n) => n + 1);
    setQuantityText('1');
    setSize(product.sizes[0] ?? null);
  };
  const closeDialog = () => {
    if (fetcher.data?.ok) orderAnother();
    else setDialogOpen(false);
  };

  const mainImage = gallery[selectedImage];
  const choice = { size, quantity, total };

  return (
    <div className="container-page py-6 sm:py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/shop" className="font-semibold text-brand-800 underline-offset-2 hover:underline">
              Shop
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={`/shop?category=${encodeURIComponent(product.category)}`} className="text-brand-800 underline-offset-2 hover:underline">
              {product.category}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate text-ink">
            {product.name}
          </li>
        </ol>
      </nav>

      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <section aria-label="Product photos">
          <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-line">
            {mainImage ? (
              <img
                src={mainImage}
                alt={gallery.length > 1 ? `${product.name}, photo ${selectedImage + 1} of ${gallery.length}` : product.name}
                width={800}
                height={800}
                className="aspect-square w-full object-contain p-6"
                data-testid="main-image"
              />
            ) : (
              <div className="flex aspect-square items-center justify-center bg-brand-50 text-muted">No photo yet</div>
            )}
          </div>
          {gallery.length > 1 && (
            <ul className="mt-3 grid grid-cols-5 gap-2 sm:gap-3" aria-label="More photos">
              {gallery.map((src, index) => (
                <li key={`${src}-${index}`}>
                  <a
                    href={`?image=${index}`}
                    onClick={(event) => {
                      event.preventDefault();
                      setSelectedImage(index);
                    }}
                    aria-label={`Show photo ${index + 1} of ${gallery.length}`}
                    aria-current={index === selectedImage ? 'true' : undefined}
                    className={`block overflow-hidden rounded-xl bg-white ring-2 transition ${
                      index === selectedImage ? 'ring-brand-700' : 'ring-line hover:ring-brand-600'
                    }`}
                  >
                    <img src={src} alt="" width={120} height={120} loading="lazy" className="aspect-square w-full object-contain p-1.5" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="product-name">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{product.category}</p>
          <h1 id="product-name" className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {product.name}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <p className="text-3xl font-extrabold text-brand-800" data-testid="price">
              {formatPounds(product.price)}
            </p>
            <StockBadge stock={product.stock} />
            {product.stock > 5 && <span className="text-sm font-medium text-success">In stock</span>}
          </div>
          <p className="mt-5 whitespace-pre-line leading-relaxed text-ink/90">{product.description}</p>

          <form
            method="get"
            action={`/shop/product/${product.id}`}
            className="mt-8 space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line"
            onSubmit={(event) => {
              event.preventDefault();
              if (inStock) setDialogOpen(true);
            }}
          >
            <input type="hidden" name="buy" value="1" />
            {product.sizes.length > 0 && (
              <fieldset>
                <legend className="mb-2 text-sm font-semibold">Size</legend>
                <div className="flex flex-wrap gap-2">
                  {product.sizes.map((option) => (
                    <label key={option} className="cursor-pointer">
                      <input
                        type="radio"
                        name="size"
                        value={option}
                        checked={size === option}
                        onChange={() => setSize(option)}
                        disabled={!inStock}
                        className="peer sr-only"
                      />
                      <span className="flex min-h-11 min-w-12 items-center justify-center rounded-lg border border-line px-3 font-semibold peer-checked:border-brand-800 peer-checked:bg-brand-800 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60">
                        {option}
                      </span>
                    </label>
                  ))}
                </div>
              </fieldset>
            )}

            <div>
              <label htmlFor="quantity" className="mb-2 block text-sm font-semibold">
                Quantity
              </label>
              <div className="flex items-center gap-2">
                <Button
                  variant="secondary"
                  className="w-11 px-0 text-xl"
                  aria-label="Decrease quantity"
                  aria-controls="quantity"
                  disabled={!inStock || quantity <= 1}
                  onClick={() => step(-1)}
                >
                  −
                </Button>
                <input
                  id="quantity"
                  name="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={Math.max(product.stock, 1)}
                  step={1}
                  value={quantityText}
                  disabled={!inStock}
                  onChange={(event) => setQuantityText(event.target.value)}
                  onBlur={() => setQuantityText(String(quantity))}
                  className="h-11 w-20 rounded-lg border border-line bg-white text-center text-lg font-semibold [appearance:textfield] focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 disabled:bg-gray-100 [&::-webkit-inner-spin-button]:appearance-none"
                />
                <Button
                  variant="secondary"
                  className="w-11 px-0 text-xl"
                  aria-label="Increase quantity"
                  aria-controls="quantity"
                  disabled={!inStock || quantity >= product.stock}
                  onClick={() => step(1)}
                >
                  +
                </Button>
              </div>
            </div>

            <div className="flex items-baseline justify-between border-t border-line pt-4">
              <span className="font-semibold">Total</span>
              <output htmlFor="quantity" aria-live="polite" className="text-2xl font-extrabold text-brand-800" data-testid="total">
                {formatPounds(total)}
              </output>
            </div>

            {inStock ? (
              <Button type="submit" size="lg" className="w-full">
                {BUY_NOW}
              </Button>
            ) : (
              <p className="rounded-lg bg-gray-100 px-4 py-3 text-center font-semibold text-gray-800">
                This item is out of stock. Message the club shop to hear when it is back.
              </p>
            )}
          </form>
        </section>
      </div>

      {(initial.buy || inlineResult) && (
        <InlineOrder
          result={inlineResult}
          product={product}
          choice={{ size: initial.size, quantity: initial.quantity, total: fromPence(toPence(product.price) * initial.quantity) }}
        />
      )}

      <Dialog
        open={dialogOpen}
        onClose={closeDialog}
        title={fetcher.data?.ok ? ORDER_PLACED_TITLE : 'Complete your order'}
        description={fetcher.data?.ok ? undefined : 'Tell us how to reach you. No payment is taken online.'}
      >
        {fetcher.data?.ok ? (
          <OrderSuccess order={fetcher.data.order} onOrderAnother={orderAnother} />
        ) : (
          <OrderForm
            FormComponent={fetcher.Form}
            product={product}
            choice={choice}
            busy={fetcher.state !== 'idle'}
            result={fetcher.data}
          />
        )}
      </Dialog>
    </div>
  );
}

/** Without JavaScript (?buy=1) the order form is part of the page and posts to the route's action. */
function InlineOrder({ product, choice, result }: { product: Product; choice: OrderChoice; result: OrderResult | undefined }) {
  const navigation = useNavigation();
  return (
    <section id="order" aria-labelledby="order-heading" className="mx-auto mt-10 max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
      <h2 id="order-heading" className="mb-4 text-2xl font-bold">
        {result?.ok ? ORDER_PLACED_TITLE : 'Complete your order'}
      </h2>
      {result?.ok ? (
        <OrderSuccess order={result.order} />
      ) : (
        <OrderForm
          FormComponent={Form}
          // Posting back to ?buy=1&size=…&quantity=… keeps the form (and the choice) on the page afterwards.
          action={`/shop/product/${product.id}?${new URLSearchParams({ buy: '1', ...(choice.size ? { size: choice.size } : {}), quantity: String(choice.quantity) })}`}
          product={product}
          choice={choice}
          busy={navigation.state === 'submitting'}
          result={result}
        />
      )}
    </section>
  );
}

interface OrderChoice {
  size: string | null;
  quantity: number;
  total: number;
}

function OrderForm({
  FormComponent,
  action,
  product,
  choice,
  busy,
  result,
}: {
  FormComponent: typeof Form;
  action?: string;
  product: Product;
  choice: OrderChoice;
  busy: boolean;
  result: OrderResult | undefined;
}) {
  const failed = result && !result.ok ? result : undefined;
  const fieldErrors = failed?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  // A refused order: focus goes to the first field to fix (or the message), not back to the top.
  useEffect(() => {
    if (failed) {
      const form = formRef.current;
      (form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[role="alert"]'))?.focus();
    }
  }, [failed]);
  return (
    <FormComponent ref={formRef} method="post" action={action ?? `/shop/product/${product.id}`} className="space-y-4">
      <input type="hidden" name="quantity" value={choice.quantity} />
      {choice.size && <input type="hidden" name="size" value={choice.size} />}
      <div className="flex items-center justify-between gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm" data-testid="order-summary">
        <span>
          <span className="font-semibold">{product.name}</span>
          {choice.size && <> · Size {choice.size}</>} · Qty {choice.quantity}
        </span>
        <span className="text-base font-bold text-brand-800">{formatPounds(choice.total)}</span>
      </div>
      {failed && <FormMessage>{failed.error || ORDER_FAILED}</FormMessage>}
      <TextField
        label="Full name"
        name="customer_name"
        autoComplete="name"
        data-autofocus
        required
        maxLength={CUSTOMER_NAME_MAX}
        error={fieldErrors.customer_name}
      />
      <TextField
        label="Phone number"
        name="customer_phone"
        type="tel"
        autoComplete="tel"
        required
        pattern={PHONE_PATTERN}
        maxLength={CUSTOMER_PHONE_MAX}
        title="Digits, spaces, +, - and brackets, 7 to 20 characters"
        error={fieldErrors.customer_phone}
      />
      <TextField
        label="Email"
        name="customer_email"
        type="email"
        autoComplete="email"
        required
        maxLength={CUSTOMER_EMAIL_MAX}
        error={fieldErrors.customer_email}
      />
      <TextAreaField
        label="Delivery address"
        name="customer_address"
        autoComplete="street-address"
        hint="Optional. Leave blank to collect at the club."
        maxLength={CUSTOMER_ADDRESS_MAX}
        rows={3}
        error={fieldErrors.customer_address}
      />
      <TextAreaField
        label="Special instructions"
        name="notes"
        hint="Optional. Printing, gift notes, collection times…"
        maxLength={ORDER_NOTES_MAX}
        rows={3}
        error={fieldErrors.notes}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? PLACING_ORDER : PLACE_ORDER}
      </Button>
    </FormComponent>
  );
}

function OrderSuccess({ order, onOrderAnother }: { order: PlacedOrder; onOrderAnother?: () => void }) {
  const headingRef = useRef<HTMLParagraphElement>(null);
  // The form that had focus is gone: move focus to the confirmation so it is read out.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="space-y-5" data-testid="order-success">
      <div className="flex items-start gap-3 rounded-xl bg-green-50 p-4 ring-1 ring-green-300">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="mt-0.5 size-6 shrink-0 text-success" fill="none" stroke="currentColor" strokeWidth={2.5}>
          <path d="m5 13 4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <div>
          <p ref={headingRef} tabIndex={-1} className="font-bold text-ink focus:outline-none">
            Thank you, {order.customer_name}! Your order reference is #{orderReference(order.id)}.
          </p>
          <p className="mt-1 text-sm text-ink/80">
            {order.quantity} × {order.product_name}
            {order.size ? ` (size ${order.size})` : ''} · Total {formatPounds(order.total_amount)}
          </p>
        </div>
      </div>
      <ul className="space-y-2 text-sm">
        {[ORDER_SUCCESS_CONTACT, ORDER_SUCCESS_SHIPPING, ORDER_SUCCESS_PAYMENT].map((line) => (
          <li key={line} className="flex gap-2">
            <span aria-hidden="true" className="font-bold text-brand-700">
              ✓
            </span>
            <span>{line}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-3">
        {order.whatsapp_url && (
          <a
            href={order.whatsapp_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg bg-[#128C4B] px-4 font-semibold text-white hover:bg-[#0e6e3a]"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
              <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.4.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.2c0-.2-.2-.2-.5-.4Z" />
            </svg>
            Send order on WhatsApp
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        {onOrderAnother ? (
          <Button variant="secondary" className="flex-1" onClick={onOrderAnother}>
            {ORDER_ANOTHER}
          </Button>
        ) : (
          <ButtonLink to={`/shop/product/${order.product_id ?? ''}`} variant="secondary" className="flex-1">
            {ORDER_ANOTHER}
          </ButtonLink>
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{notFound ? PRODUCT_NOT_FOUND_TITLE : 'Something went wrong'}</h1>
      <p className="mt-3 text-muted">
        {notFound ? PRODUCT_NOT_FOUND_TEXT : 'Sorry, we could not load this product. Please try again in a moment.'}
      </p>
      <ButtonLink to="/shop" className="mt-8">
        Back to Shop
      </ButtonLink>
    </section>
  );
}
