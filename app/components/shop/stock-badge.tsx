import { stockLabel } from '../../../shared/shop-constants';

/** 'Only N left!' (stock 1 to 5) or 'Out of stock' (0); nothing when there is plenty. */
export function StockBadge({ stock, className = '' }: { stock: number; className?: string }) {
  const label = stockLabel(stock);
  if (!label) return null;
  const tone = stock <= 0 ? 'bg-gray-200 text-gray-800 ring-gray-300' : 'bg-amber-100 text-amber-900 ring-amber-300';
  return (
    <span
      data-testid="stock-label"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-inset ${tone} ${className}`}
    >
      {label}
    </span>
  );
}
