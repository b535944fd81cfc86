import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  replace,
  useActionData,
  useFetcher,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
  useSearchParams,
  type ShouldRevalidateFunction,
} from 'react-router';
import { formatPounds, fromPence, toPence } from '../../../shared/money';
import { FALLBACK_SETTINGS } from '../../../shared/settings';
import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_PHONE_MAX,
  FULFILMENT_LABELS,
  FULFILMENTS,
  MAX_EXTRA_IMAGES,
  ORDER_FAILED,
  ORDER_NOTES_MAX,
  orderPagePath,
  PHONE_PATTERN,
  PLACING_ORDER,
  PRODUCT_NOT_FOUND_TITLE,
  type Fulfilment,
} from '../../../shared/shop-constants';
import { whatsappLink } from '../../../shared/whatsapp';
import type { Product } from '../../../server/services/products';
import { asDomainError, isDomainError } from '../../../shared/errors';
import { StockBadge } from '../../components/shop/stock-badge';
import { WhatsAppIcon } from '../../components/shop/whatsapp-icon';
import { Button, ButtonLink } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ErrorSummary, fieldId } from '../../components/ui/error-summary';
import { TextAreaField, TextField } from '../../components/ui/field';
import { CLUB_NAME, pageTitle } from '../../../shared/club';
import { formError } from '../../lib/errors.server';
import { useHydrated } from '../../lib/hydrated';
import type { loader as rootLoader } from '../../root';
import type { Route } from './+types/product';

export const BUY_NOW = 'Buy Now';
export const PLACE_ORDER = 'Place Order';
export const ASK_WHEN_BACK = "Ask on WhatsApp when it's back";
/** The order form's fields in page order, for its error summary. */
const ORDER_FIELDS = ['customer_name', 'customer_phone', 'customer_email', 'fulfilment', 'customer_address', 'notes', 'size', 'quantity'] as const;
const FULFILMENT_HINTS: Record<Fulfilment, string> = {
  collect: "Free. We'll message you when it's ready.",
  delivery: "We'll confirm the delivery cost with you.",
};
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

/**
 * Placing an order: the same service as POST /api/orders, so both agree on every rule. A placed
 * order goes to its own page, /shop/orders/{token} (ADR 023), replacing the form in the history so
 * Back returns to the product, not to a filled-in form.
 */
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
      // The form asks explicitly: no choice is refused ("Choose collection … or delivery"), not guessed.
      fulfilment: text('fulfilment') ?? '',
    });
    return replace(orderPagePath(order.token));
  } catch (error) {
    if (isDomainError(asDomainError(error))) return formError(error);
    console.error('Placing an order failed', error);
    return data({ ok: false as const, error: ORDER_FAILED, fieldErrors: {} as Record<string, string> }, { status: 500 });
  }
}

/**
 * A refused order (409: someone else took the stock) still reloads the product, so the stock shown
 * is current. Opening or closing the order dialog (?buy=1) stays on the same product: no reload.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (actionStatus === 409) return true;
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
};

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
type OrderResult = { ok: false; error: string; fieldErrors: Record<string, string> };

function ProductView({ product, initial }: LoaderData) {
  const gallery = product.images.slice(0, 1 + MAX_EXTRA_IMAGES);
  const [selectedImage, setSelectedImage] = useState(Math.min(initial.image, Math.max(gallery.length - 1, 0)));
  const [size, setSize] = useState<string | null>(initial.size);
  const [quantityText, setQuantityText] = useState(String(initial.quantity));
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<OrderResult>({ key: `order-${product.id}` });
  // Only a page submission (no JavaScript, ?buy=1) fills this; the dialog's fetcher keeps its own result.
  const inlineResult = useActionData<typeof action>() as OrderResult | undefined;
  const settings = useRouteLoaderData<typeof rootLoader>('root')?.settings ?? FALLBACK_SETTINGS;

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

  // Without JavaScript, ?buy=1 shows the order form on the page. When React takes over, a form the
  // visitor has begun (a field filled or focused, or the errors of a refused order) stays where it is,
  // with what they typed (ADR 033); an untouched one gives way to the dialog.
  const buying = searchParams.get('buy') === '1';
  const inlineRef = useRef<HTMLElement>(null);
  const [inlineKept, setInlineKept] = useState(Boolean(inlineResult));
  useLayoutEffect(() => {
    if (inlineRef.current && orderBegun(inlineRef.current)) setInlineKept(true);
  }, []);
  if (inlineKept && !buying) setInlineKept(false);
  const inlineShown = inStock && (hydrated ? inlineKept && buying : initial.buy || Boolean(inlineResult));

  // The dialog is open while the URL says ?buy=1 (as the page without JavaScript does), so the
  // browser's Back button closes it and a reload opens it again.
  // A refused order (someone took the last one) keeps the dialog open to say so, even now it is sold out.
  const dialogOpen = hydrated && !inlineShown && (inStock || Boolean(fetcher.data)) && buying;
  const openedHere = (location.state as { orderDialog?: boolean } | null)?.orderDialog === true;
  const openDialog = () => {
    if (inlineShown) {
      // The order form is already on the page: Buy Now takes the visitor to it.
      inlineRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      return;
    }
    const params = new URLSearchParams({ buy: '1', ...(size ? { size } : {}), quantity: String(quantity) });
    navigate(`?${params}`, { preventScrollReset: true, state: { orderDialog: true } });
  };
  const closeDialog = () => {
    if (openedHere) {
      navigate(-1);
      return;
    }
    const params = new URLSearchParams(searchParams);
    params.delete('buy');
    const search = params.toString();
    navigate({ search: search ? `?${search}` : '' }, { replace: true, preventScrollReset: true });
  };

  // On a phone the order bar stays at the bottom of the screen while the Buy Now of the form is out of sight.
  const buyRef = useRef<HTMLButtonElement>(null);
  const [buyInView, setBuyInView] = useState(false);
  useEffect(() => {
    const button = buyRef.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setBuyInView(entry.isIntersecting));
    observer.observe(button);
    return () => observer.disconnect();
  }, [inStock]);

  const mainImage = gallery[selectedImage];
  const choice = { size, quantity, total };
  const askWhenBack =
    whatsappLink(settings.whatsapp_number, `Hello! Please let me know when the ${product.name} is back in stock.`) ??
    `mailto:${settings.sales_email || settings.club_email}?subject=${encodeURIComponent(`When is the ${product.name} back in stock?`)}`;

  return (
    <div className={`container-page py-6 sm:py-10 ${inStock ? 'pb-28 sm:pb-10' : ''}`}>
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
                className={`aspect-square w-full object-contain p-6 ${inStock ? '' : 'opacity-70 grayscale'}`}
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

          {inStock ? (
            <form
              id="buy-form"
              method="get"
              action={`/shop/product/${product.id}`}
              className="mt-8 space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line"
              onSubmit={(event) => {
                event.preventDefault();
                openDialog();
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
                          className="peer sr-only"
                        />
                        <span className="flex min-h-11 min-w-12 items-center justify-center rounded-lg border border-line px-3 font-semibold peer-checked:border-brand-800 peer-checked:bg-brand-800 peer-checked:text-white peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-500">
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
                    disabled={quantity <= 1}
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
                    onChange={(event) => setQuantityText(event.target.value)}
                    onBlur={() => setQuantityText(String(quantity))}
                    className="h-11 w-20 rounded-lg border border-line bg-white text-center text-lg font-semibold [appearance:textfield] focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30 [&::-webkit-inner-spin-button]:appearance-none"
                  />
                  <Button
                    variant="secondary"
                    className="w-11 px-0 text-xl"
                    aria-label="Increase quantity"
                    aria-controls="quantity"
                    disabled={quantity >= product.stock}
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

              <Button ref={buyRef} type="submit" size="lg" className="w-full">
                {BUY_NOW}
              </Button>
            </form>
          ) : (
            <div className="mt-8 space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line" data-testid="out-of-stock">
              <p className="font-semibold">This item is out of stock.</p>
              <p className="text-sm text-ink/80">Message the club shop and we'll tell you as soon as it is back{product.sizes.length > 0 ? ' in your size' : ''}.</p>
              <a
                href={askWhenBack}
                target={askWhenBack.startsWith('https:') ? '_blank' : undefined}
                rel="noopener noreferrer"
                className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-[#0e6e3a] px-4 text-lg font-semibold text-white hover:bg-[#0b5a2f] focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-500"
              >
                <WhatsAppIcon />
                {ASK_WHEN_BACK}
                {askWhenBack.startsWith('https:') && <span className="sr-only"> (opens in a new tab)</span>}
              </a>
            </div>
          )}
        </section>
      </div>

      {inStock && !dialogOpen && !(hydrated && buyInView) && (
        // The phone's order bar: the total and Buy Now always within reach (it submits the form above).
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur sm:hidden" data-testid="order-bar">
          <div className="flex items-center justify-between gap-4">
            <p className="min-w-0">
              <span className="block text-xs font-semibold text-muted">
                Total{product.sizes.length > 0 && size ? ` · Size ${size}` : ''} · Qty {quantity}
              </span>
              <span className="text-xl font-extrabold text-brand-800">{formatPounds(total)}</span>
            </p>
            <Button type="submit" form="buy-form" size="lg" className="shrink-0 px-8">
              {BUY_NOW}
            </Button>
          </div>
        </div>
      )}

      {inlineShown && <InlineOrder ref={inlineRef} result={inlineResult} product={product} choice={choice} />}

      <Dialog open={dialogOpen} onClose={closeDialog} title="Complete your order" description="Tell us how to reach you. No payment is taken online.">
        <OrderForm FormComponent={fetcher.Form} product={product} choice={choice} busy={fetcher.state !== 'idle'} result={fetcher.data} interactive />
      </Dialog>
    </div>
  );
}

/** Without JavaScript (?buy=1) the order form is part of the page and posts to the route's action. */
function InlineOrder({ ref, product, choice, result }: { ref: React.Ref<HTMLElement>; product: Product; choice: OrderChoice; result: OrderResult | undefined }) {
  const navigation = useNavigation();
  return (
    <section ref={ref} id="order" aria-labelledby="order-heading" className="mx-auto mt-10 max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
      <h2 id="order-heading" className="mb-4 text-2xl font-bold">
        Complete your order
      </h2>
      <OrderForm
        FormComponent={Form}
        // Posting back to ?buy=1&size=…&quantity=… keeps the form (and the choice) on the page afterwards.
        action={`/shop/product/${product.id}?${new URLSearchParams({ buy: '1', ...(choice.size ? { size: choice.size } : {}), quantity: String(choice.quantity) })}`}
        product={product}
        choice={choice}
        busy={navigation.state === 'submitting'}
        result={result}
      />
    </section>
  );
}

/** Whether the visitor has begun the order form on the page: a field filled in, an option chosen, or the focus inside it. */
function orderBegun(section: HTMLElement) {
  if (section.contains(document.activeElement)) return true;
  return Array.from(section.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=hidden]), textarea')).some((field) =>
    field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox') ? field.checked : field.value !== '',
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
  interactive = false,
}: {
  FormComponent: typeof Form;
  action?: string;
  product: Product;
  choice: OrderChoice;
  busy: boolean;
  result: OrderResult | undefined;
  /** With JavaScript: the address shows only once delivery is chosen. */
  interactive?: boolean;
}) {
  const failed = result && !result.ok ? result : undefined;
  const fieldErrors = failed?.fieldErrors ?? {};
  const [fulfilment, setFulfilment] = useState<Fulfilment | null>(null);
  const showAddress = !interactive || fulfilment === 'delivery' || Boolean(fieldErrors.customer_address);
  const fulfilmentErrorId = `${fieldId('fulfilment')}-error`;
  return (
    // noValidate: the server checks every field and the error summary lists every problem at once (GOV.UK pattern).
    <FormComponent method="post" action={action ?? `/shop/product/${product.id}`} noValidate className="space-y-4">
      <input type="hidden" name="quantity" value={choice.quantity} />
      {choice.size && <input type="hidden" name="size" value={choice.size} />}
      <ErrorSummary
        errors={fieldErrors}
        order={ORDER_FIELDS}
        message={failed && Object.keys(fieldErrors).length === 0 ? failed.error || ORDER_FAILED : null}
      />
      <div className="flex items-center justify-between gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm" data-testid="order-summary">
        <span>
          <span className="font-semibold">{product.name}</span>
          {choice.size && <> · Size {choice.size}</>} · Qty {choice.quantity}
        </span>
        <span className="text-base font-bold text-brand-800">{formatPounds(choice.total)}</span>
      </div>
      <TextField
        id={fieldId('customer_name')}
        label="Full name"
        name="customer_name"
        autoComplete="name"
        data-autofocus
        required
        maxLength={CUSTOMER_NAME_MAX}
        error={fieldErrors.customer_name}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={fieldId('customer_phone')}
          label="Phone number"
          name="customer_phone"
          type="tel"
          autoComplete="tel"
          required
          pattern={PHONE_PATTERN}
          maxLength={CUSTOMER_PHONE_MAX}
          hint="For WhatsApp"
          error={fieldErrors.customer_phone}
        />
        <TextField
          id={fieldId('customer_email')}
          label="Email"
          name="customer_email"
          type="email"
          autoComplete="email"
          required
          maxLength={CUSTOMER_EMAIL_MAX}
          hint="For your order reference"
          error={fieldErrors.customer_email}
        />
      </div>
      <fieldset aria-describedby={fieldErrors.fulfilment ? fulfilmentErrorId : undefined}>
        <legend className="mb-1 text-sm font-semibold text-ink">
          Collection or delivery
          <span className="text-danger" aria-hidden="true">
            {' '}*
          </span>
        </legend>
        {fieldErrors.fulfilment && (
          <p id={fulfilmentErrorId} className="mb-1 text-sm font-medium text-danger">
            {fieldErrors.fulfilment}
          </p>
        )}
        <div className="grid gap-2 sm:grid-cols-2">
          {FULFILMENTS.map((option, index) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-line px-3 py-2 has-[:checked]:border-brand-800 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-500"
            >
              <input
                type="radio"
                name="fulfilment"
                value={option}
                // The summary's link goes to the first option.
                id={index === 0 ? fieldId('fulfilment') : `${fieldId('fulfilment')}-${option}`}
                required
                aria-invalid={fieldErrors.fulfilment ? true : undefined}
                onChange={() => setFulfilment(option)}
                className="mt-1 size-5 shrink-0 accent-brand-800"
              />
              <span>
                <span className="block font-semibold">{FULFILMENT_LABELS[option]}</span>
                <span className="block text-sm text-muted">{FULFILMENT_HINTS[option]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {showAddress && (
        <TextAreaField
          id={fieldId('customer_address')}
          label="Delivery address"
          name="customer_address"
          autoComplete="street-address"
          required={interactive}
          hint={interactive ? 'House number, street, town and postcode.' : 'Only for delivery: house number, street, town and postcode.'}
          maxLength={CUSTOMER_ADDRESS_MAX}
          rows={2}
          error={fieldErrors.customer_address}
        />
      )}
      <TextAreaField
        id={fieldId('notes')}
        label="Special instructions"
        name="notes"
        hint="Optional. Printing, gift notes, collection times…"
        maxLength={ORDER_NOTES_MAX}
        rows={2}
        error={fieldErrors.notes}
      />
      {/* Place Order stays in view at the foot of the dialog, however long the form. */}
      <div className={interactive ? 'sticky -bottom-6 -mx-6 -mb-6 border-t border-line bg-white px-6 pb-6 pt-4' : 'pt-2'}>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? PLACING_ORDER : PLACE_ORDER}
        </Button>
      </div>
    </FormComponent>
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
