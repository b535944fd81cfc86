import { Link, useNavigation, useRouteLoaderData } from 'react-router';
import { FALLBACK_SETTINGS } from '../../../shared/settings';
import { productQuerySchema } from '../../../shared/shop';
import { ProductCard } from '../../components/shop/product-card';
import { ShopFilters } from '../../components/shop/shop-filters';
import { club, pageTitle } from '../../../shared/club';
import type { loader as rootLoader } from '../../root';
import type { Route } from './+types/shop';

export { ALL_CATEGORIES } from '../../components/shop/shop-filters';
export const SHOP_TITLE = 'Club Shop';
export const NO_MATCHING_PRODUCTS = 'No products match your search.';
export const SHOP_EMPTY = 'The shop is being restocked. Please check back soon.';
export const SHOP_CONTACT = 'Questions about kit or an order? Email';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(SHOP_TITLE) },
  {
    name: 'description',
    content: `Official ${club().club_name} kit, training wear and supporters' gear. Order online and the club confirms by WhatsApp; every sale helps keep our subs low.`,
  },
  { property: 'og:title', content: `${SHOP_TITLE} | ${club().club_name}` },
  { property: 'og:type', content: 'website' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = productQuerySchema.safeParse({
    search: url.searchParams.get('search') || undefined,
    category: url.searchParams.get('category') || undefined,
  });
  const query = parsed.success ? parsed.data : {};
  const [products, categories] = await Promise.all([context.services.products.list(query), context.services.products.categories()]);
  return { products, categories, search: query.search ?? '', category: query.category ?? '' };
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { products, categories, search, category } = loaderData;
  const navigation = useNavigation();
  const filtered = Boolean(search || category);
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/shop';
  // The sales e-mail from the admin's Settings (decision 1 in docs/architecture.md); the general one when blank.
  const salesEmail = useRouteLoaderData<typeof rootLoader>('root')?.settings.sales_email ?? FALLBACK_SETTINGS.club_email;

  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-950 text-white">
        <div className="container-page py-10 sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-5xl">{SHOP_TITLE}</h1>
          <p className="mt-3 max-w-2xl text-brand-100">
            Kit, training wear and supporters' gear. Order here and the club will confirm with you on WhatsApp and arrange
            payment: no card details online.
          </p>
          <p className="mt-2 max-w-2xl text-brand-100">
            {SHOP_CONTACT}{' '}
            <a href={`mailto:${salesEmail}`} className="font-semibold text-white underline">
              {salesEmail}
            </a>
          </p>
        </div>
      </section>

      <div className="container-page py-8">
        <ShopFilters categories={categories} search={search} category={category} />

        <div className="mt-6 flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted" role="status" aria-live="polite" data-testid="result-count">
            {loading ? 'Loading…' : `${products.length} ${products.length === 1 ? 'product' : 'products'}`}
            {filtered && !loading && (search ? ` matching “${search}”` : '')}
            {filtered && !loading && category ? ` in ${category}` : ''}
          </p>
          {filtered && (
            <Link to="/shop" className="text-sm font-semibold text-brand-800 underline" preventScrollReset>
              Clear filters
            </Link>
          )}
        </div>

        {products.length === 0 ? (
          <div className="mt-6 rounded-2xl bg-white px-6 py-16 text-center shadow-sm ring-1 ring-line">
            <p className="text-lg font-semibold">{filtered ? NO_MATCHING_PRODUCTS : SHOP_EMPTY}</p>
            {filtered && <p className="mt-2 text-muted">Try another word or category.</p>}
          </div>
        ) : (
          <ul className={`mt-4 grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4 ${loading ? 'opacity-60' : ''}`}>
            {products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} eager={index < 4} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
