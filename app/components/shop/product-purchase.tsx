/** The product page's ways to buy: the size and quantity form, the phone's order bar, and the out-of-stock message. */
import type { Ref } from 'react';
import { useRouteLoaderData } from 'react-router';
import { formatPounds } from '../../../shared/money';
import { FALLBACK_SETTINGS } from '../../../shared/settings';
import { whatsappLink } from '../../../shared/whatsapp';
import type { Product } from '../../../server/services/products';
import { Button } from '../ui/button';
import type { loader as rootLoader } from '../../root';
import type { OrderChoice } from './order-form';
import { WhatsAppIcon } from './whatsapp-icon';

export const BUY_NOW = 'Buy Now';
export const ASK_WHEN_BACK = "Ask on WhatsApp when it's back";

/** Size, quantity and total; without JavaScript it is a GET form to ?buy=1, with it Buy Now opens the order dialog. */
export function BuyForm({
  product,
  choice: { size, quantity, total },
  onSize,
  quantityText,
  onQuantityText,
  buyRef,
  onBuy,
}: {
  product: Product;
  choice: OrderChoice;
  onSize: (size: string) => void;
  quantityText: string;
  onQuantityText: (text: string) => void;
  buyRef: Ref<HTMLButtonElement>;
  onBuy: () => void;
}) {
  const step = (delta: number) => onQuantityText(String(clampQuantity(quantity + delta, product.stock)));
  return (
    <form
      id="buy-form"
      method="get"
      action={`/shop/product/${product.id}`}
      className="mt-8 space-y-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line"
      onSubmit={(event) => {
        event.preventDefault();
        onBuy();
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
                  onChange={() => onSize(option)}
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
            onChange={(event) => onQuantityText(event.target.value)}
            onBlur={() => onQuantityText(String(quantity))}
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
  );
}

/** A quantity the stock allows: a whole number from 1 to the stock (at least 1). */
export const clampQuantity = (value: number, stock: number) => Math.min(Math.max(Math.trunc(value) || 1, 1), Math.max(stock, 1));

/** Sold out: asks the club shop (WhatsApp, or e-mail without a number) to say when it is back. */
export function OutOfStock({ product }: { product: Product }) {
  const settings = useRouteLoaderData<typeof rootLoader>('root')?.settings ?? FALLBACK_SETTINGS;
  const askWhenBack =
    whatsappLink(settings.whatsapp_number, `Hello! Please let me know when the ${product.name} is back in stock.`) ??
    `mailto:${settings.sales_email || settings.club_email}?subject=${encodeURIComponent(`When is the ${product.name} back in stock?`)}`;
  return (
    <div className="mt-8 space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line" data-testid="out-of-stock">
      <p className="font-semibold">This item is out of stock.</p>
      <p className="text-sm text-ink/80">
        Message the club shop and we'll tell you as soon as it is back
        {product.sizes.length > 0 ? ' in your size' : ''}.
      </p>
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
  );
}

/** The phone's order bar: the total and Buy Now always within reach (it submits the buy form). */
export function OrderBar({ product, choice: { size, quantity, total } }: { product: Product; choice: OrderChoice }) {
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur sm:hidden"
      data-testid="order-bar"
    >
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
  );
}
