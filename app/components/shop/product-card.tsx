import { Link } from 'react-router';
import { formatPounds } from '../../../shared/money';
import type { Product } from '../../../server/services/products';
import { StockBadge } from './stock-badge';

export const PRODUCT_PLACEHOLDER_IMAGE = '/favicon.svg';

/** One product in the shop grid; the whole card links to the product page. */
export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const image = product.images[0];
  const soldOut = product.stock <= 0;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-line transition hover:shadow-md hover:ring-brand-700 has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-gold-500">
      <div className="relative aspect-square bg-brand-50">
        {image ? (
          <img
            src={image}
            alt=""
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className={`size-full object-contain p-4 transition group-hover:scale-[1.02] ${soldOut ? 'opacity-60 grayscale' : ''}`}
          />
        ) : (
          <div className="flex size-full items-center justify-center text-sm text-muted">No photo yet</div>
        )}
        <StockBadge stock={product.stock} className="absolute left-3 top-3" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{product.category}</p>
        <h2 className="text-lg font-bold leading-snug text-ink">
          <Link to={`/shop/product/${product.id}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {product.name}
          </Link>
        </h2>
        <p className="mt-auto pt-2 text-xl font-extrabold text-brand-800" data-testid="price">
          {formatPounds(product.price)}
        </p>
      </div>
    </article>
  );
}
