import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import {
  data,
  isRouteErrorResponse,
  replace,
  useActionData,
  useFetcher,
  useLocation,
  useNavigate,
  useSearchParams,
  type ShouldRevalidateFunction,
} from 'react-router';
import { formatPounds, fromPence, toPence } from '../../../shared/money';
import { MAX_EXTRA_IMAGES, ORDER_FAILED, orderPagePath, PRODUCT_NOT_FOUND_TITLE } from '../../../shared/shop-constants';
import type { Product } from '../../../server/services/products';
import { asDomainError, isDomainError } from '../../../shared/errors';
import { InlineOrder, orderBegun } from '../../components/shop/inline-order';
import { OrderForm, type OrderResult } from '../../components/shop/order-form';
import { ProductBreadcrumb } from '../../components/shop/product-breadcrumb';
import { ProductGallery } from '../../components/shop/product-gallery';
import { StockBadge } from '../../components/shop/stock-badge';
import { BuyForm, clampQuantity, OrderBar, OutOfStock } from '../../components/shop/product-purchase';
import { ButtonLink } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { club, pageTitle } from '../../../shared/club';
import { formError } from '../../lib/errors.server';
import { siteOrigin } from '../../lib/seo';
import { useHydrated } from '../../lib/hydrated';
import type { Route } from './+types/product';

export { ASK_WHEN_BACK, BUY_NOW } from '../../components/shop/product-purchase';
export { PLACE_ORDER } from '../../components/shop/order-form';
export const PRODUCT_NOT_FOUND_TEXT = "The product you're looking for doesn't exist or is no longer available.";
const DESCRIPTION_PREVIEW = 150;

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
    noticeVersion: (await context.services.clubPages.notice()).version,
    origin: siteOrigin(context),
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
      notice_version: text('notice_version'),
    }, context.clientAddress);
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
    { property: 'og:site_name', content: club().club_name },
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

function ProductView({ product, initial, noticeVersion }: LoaderData) {
  const gallery = product.images.slice(0, 1 + MAX_EXTRA_IMAGES);
  const [selectedImage, setSelectedImage] = useState(Math.min(initial.image, Math.max(gallery.length - 1, 0)));
  const [size, setSize] = useState<string | null>(initial.size);
  const [quantityText, setQuantityText] = useState(String(initial.quantity));
  const hydrated = useHydrated();
  const [searchParams] = useSearchParams();
  const fetcher = useFetcher<OrderResult>({ key: `order-${product.id}` });
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
  const { openDialog, closeDialog } = useOrderDialog({ inlineShown, inlineRef, size, quantity });
  const { buyRef, buyInView } = useInView<HTMLButtonElement>(inStock);

  const choice = { size, quantity, total };

  return (
    <div className={`container-page py-6 sm:py-10 ${inStock ? 'pb-28 sm:pb-10' : ''}`}>
      <ProductBreadcrumb product={product} />

      <div className="mt-6 grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProductGallery name={product.name} gallery={gallery} selected={selectedImage} onSelect={setSelectedImage} inStock={inStock} />

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
            <BuyForm product={product} choice={choice} onSize={setSize} quantityText={quantityText} onQuantityText={setQuantityText} buyRef={buyRef} onBuy={openDialog} />
          ) : (
            <OutOfStock product={product} />
          )}
        </section>
      </div>

      {inStock && !dialogOpen && !(hydrated && buyInView) && <OrderBar product={product} choice={choice} />}

      {inlineShown && <InlineOrder ref={inlineRef} result={inlineResult} product={product} choice={choice} noticeVersion={noticeVersion} />}

      <Dialog open={dialogOpen} onClose={closeDialog} title="Complete your order" description="Tell us how to reach you. No payment is taken online.">
        <OrderForm FormComponent={fetcher.Form} product={product} choice={choice} busy={fetcher.state !== 'idle'} result={fetcher.data} interactive noticeVersion={noticeVersion} />
      </Dialog>
    </div>
  );
}

/**
 * Opening and closing the order dialog by the URL (?buy=1); Buy Now with the order form already on
 * the page takes the visitor to it instead.
 */
function useOrderDialog({
  inlineShown,
  inlineRef,
  size,
  quantity,
}: {
  inlineShown: boolean;
  inlineRef: RefObject<HTMLElement | null>;
  size: string | null;
  quantity: number;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
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
  return { openDialog, closeDialog };
}

/** On a phone the order bar stays at the bottom of the screen while the Buy Now of the form is out of sight. */
function useInView<T extends Element>(inStock: boolean) {
  const buyRef = useRef<T>(null);
  const [buyInView, setBuyInView] = useState(false);
  useEffect(() => {
    const button = buyRef.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setBuyInView(entry.isIntersecting));
    observer.observe(button);
    return () => observer.disconnect();
  }, [inStock]);
  return { buyRef, buyInView };
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
