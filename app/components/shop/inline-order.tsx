/** The order form as part of the product page, for a visitor without JavaScript (?buy=1). */
import { Form, useNavigation } from 'react-router';
import type { Product } from '../../../server/services/products';
import { OrderForm, type OrderChoice, type OrderResult } from './order-form';

/** Without JavaScript (?buy=1) the order form is part of the page and posts to the route's action. */
export function InlineOrder({
  ref,
  product,
  choice,
  result,
  noticeVersion,
}: {
  ref: React.Ref<HTMLElement>;
  noticeVersion?: number;
  product: Product;
  choice: OrderChoice;
  result: OrderResult | undefined;
}) {
  const navigation = useNavigation();
  return (
    <section
      ref={ref}
      id="order"
      aria-labelledby="order-heading"
      className="mx-auto mt-10 max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line"
    >
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
        noticeVersion={noticeVersion}
      />
    </section>
  );
}

/** Whether the visitor has begun the order form on the page: a field filled in, an option chosen, or the focus inside it. */
export function orderBegun(section: HTMLElement) {
  if (section.contains(document.activeElement)) return true;
  return Array.from(section.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=hidden]), textarea')).some((field) =>
    field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox') ? field.checked : field.value !== '',
  );
}
