/** The product page's breadcrumb: Shop / category / product. */
import { Link } from 'react-router';
import type { Product } from '../../../server/services/products';

export function ProductBreadcrumb({ product }: { product: Product }) {
  return (
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
  );
}
