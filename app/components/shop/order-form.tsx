/** The shop's order form (name, contact, collection or delivery, notes), in the order dialog and on the page without JavaScript. */
import { PrivacyNoticeLink } from '../privacy-notice-link';
import { useState } from 'react';
import type { Form } from 'react-router';
import { formatPounds } from '../../../shared/money';
import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_PHONE_MAX,
  FULFILMENT_LABELS,
  FULFILMENTS,
  ORDER_FAILED,
  ORDER_NOTES_MAX,
  PHONE_PATTERN,
  PLACING_ORDER,
  type Fulfilment,
} from '../../../shared/shop-constants';
import type { Product } from '../../../server/services/products';
import { Button } from '../ui/button';
import { ErrorSummary, fieldId } from '../ui/error-summary';
import { TextAreaField, TextField } from '../ui/field';

export const PLACE_ORDER = 'Place Order';
/** How the club reaches the buyer about the order, side by side on the form. */
const CONTACT_FIELDS = [
  { name: 'customer_phone', label: 'Phone number', type: 'tel', autoComplete: 'tel', pattern: PHONE_PATTERN, maxLength: CUSTOMER_PHONE_MAX, hint: 'For WhatsApp' },
  { name: 'customer_email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: CUSTOMER_EMAIL_MAX, hint: 'For your order reference' },
] as const;
/** The order form's fields in page order, for its error summary. */
const ORDER_FIELDS = [
  'customer_name',
  'customer_phone',
  'customer_email',
  'fulfilment',
  'customer_address',
  'notes',
  'size',
  'quantity',
] as const;
const FULFILMENT_HINTS: Record<Fulfilment, string> = {
  collect: "Free. We'll message you when it's ready.",
  delivery: "We'll confirm the delivery cost with you.",
};

export type OrderResult = {
  ok: false;
  error: string;
  fieldErrors: Record<string, string>;
};

export interface OrderChoice {
  size: string | null;
  quantity: number;
  total: number;
}

export function OrderForm({
  FormComponent,
  action,
  product,
  choice,
  busy,
  result,
  interactive = false,
  noticeVersion,
}: {
  FormComponent: typeof Form;
  action?: string;
  product: Product;
  choice: OrderChoice;
  busy: boolean;
  result: OrderResult | undefined;
  /** With JavaScript: the address shows only once delivery is chosen. */
  interactive?: boolean;
  /** The privacy notice version shown, stored with the order (issue 34). */
  noticeVersion?: number;
}) {
  const failed = result && !result.ok ? result : undefined;
  const fieldErrors = failed?.fieldErrors ?? {};
  const [fulfilment, setFulfilment] = useState<Fulfilment | null>(null);
  const showAddress = !interactive || fulfilment === 'delivery' || Boolean(fieldErrors.customer_address);
  /** A field's id, name and error message. */
  const orderField = (name: (typeof ORDER_FIELDS)[number]) => ({
    id: fieldId(name),
    name,
    error: fieldErrors[name],
  });
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
        label="Full name"
        {...orderField('customer_name')}
        autoComplete="name"
        data-autofocus
        required
        maxLength={CUSTOMER_NAME_MAX}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {CONTACT_FIELDS.map(({ name, ...contact }) => (
          <TextField key={name} {...orderField(name)} required {...contact} />
        ))}
      </div>
      <FulfilmentChoice error={fieldErrors.fulfilment} onChoose={setFulfilment} />
      {showAddress && (
        <TextAreaField
          label="Delivery address"
          {...orderField('customer_address')}
          autoComplete="street-address"
          required={interactive}
          hint={interactive ? 'House number, street, town and postcode.' : 'Only for delivery: house number, street, town and postcode.'}
          maxLength={CUSTOMER_ADDRESS_MAX}
          rows={2}
        />
      )}
      <TextAreaField
        label="Special instructions"
        {...orderField('notes')}
        hint="Optional. Printing, gift notes, collection times…"
        maxLength={ORDER_NOTES_MAX}
        rows={2}
      />
      <PrivacyNoticeLink version={noticeVersion} />
      {/* Place Order stays in view at the foot of the dialog, however long the form. */}
      <div className={interactive ? 'sticky -bottom-6 -mx-6 -mb-6 border-t border-line bg-white px-6 pb-6 pt-4' : 'pt-2'}>
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? PLACING_ORDER : PLACE_ORDER}
        </Button>
      </div>
    </FormComponent>
  );
}

/** Collection or delivery: a required choice of two radio buttons, with the error the server gave. */
function FulfilmentChoice({ error, onChoose }: { error: string | undefined; onChoose: (option: Fulfilment) => void }) {
  const fulfilmentErrorId = `${fieldId('fulfilment')}-error`;
  return (
    <fieldset aria-describedby={error ? fulfilmentErrorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-ink">
        Collection or delivery
        <span className="text-danger" aria-hidden="true">
          {' '}*
        </span>
      </legend>
      {error && (
        <p id={fulfilmentErrorId} className="mb-1 text-sm font-medium text-danger">
          {error}
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
              aria-invalid={error ? true : undefined}
              onChange={() => onChoose(option)}
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
  );
}
