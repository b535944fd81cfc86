import { z } from 'zod';
import './zod-messages';
import { noticeVersionField } from './privacy-notice';
import { formatPounds } from './money';
import {
  CHOOSE_FULFILMENT,
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_EMAIL_MAX,
  CUSTOMER_NAME_MAX,
  CUSTOMER_PHONE_MIN,
  DELIVERY_ADDRESS_REQUIRED,
  FULFILMENTS,
  ORDER_NOTES_MAX,
  ORDER_QUANTITY_MAX,
  ORDER_STATUSES,
  PHONE_PATTERN,
  PRODUCT_SORT_ORDER_MAX,
  type Fulfilment,
} from './shop-constants';

export * from './shop-constants';

// ---------------------------------------------------------------------------------------------
// Schemas

const PHONE_OR_EMPTY = new RegExp(`^(${PHONE_PATTERN})?$`);
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * The order a customer places (docs/product.md#shop). Quantities are JSON numbers, never strings.
 * `fulfilment` is how the customer gets it: when absent (earlier clients send none: docs/architecture.md#earlier-clients)
 * an address means delivery and no address collection, as the earlier form said ("leave blank to collect");
 * when present, delivery needs an address and a collected order keeps none (ADR 023).
 */
export const orderSchema = z
  .object({
    product_id: z.string({ error: 'Please choose a product' }).max(100, 'Product not found'),
    quantity: z
      .number({ error: 'Quantity must be a whole number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(ORDER_QUANTITY_MAX, `Quantity can be at most ${ORDER_QUANTITY_MAX}`),
    size: z.preprocess(blankToUndefined, z.string({ error: 'Size must be text' }).trim().max(30, 'Unknown size').nullish()),
    customer_name: z
      .string({ error: 'Please enter your full name' })
      .trim()
      .min(1, 'Please enter your full name')
      .max(CUSTOMER_NAME_MAX, `Your name can be at most ${CUSTOMER_NAME_MAX} characters`),
    customer_email: z
      .string({ error: 'Please enter your email address' })
      .trim()
      .min(1, 'Please enter your email address')
      .max(CUSTOMER_EMAIL_MAX, 'Please enter a valid email address')
      .pipe(z.email('Please enter a valid email address')),
    customer_phone: z
      .string({ error: 'Please enter your phone number' })
      .trim()
      .min(1, 'Please enter your phone number')
      // Each problem said once: an empty number gets only the message above, a malformed one only the next.
      .regex(PHONE_OR_EMPTY, 'Please enter a valid phone number (digits, spaces, +, - and brackets, 7 to 20 characters)')
      .refine((phone) => !phone || !PHONE_OR_EMPTY.test(phone) || phone.replace(/\D/g, '').length >= CUSTOMER_PHONE_MIN, 'Please enter a valid phone number'),
    customer_address: z.preprocess(
      blankToUndefined,
      z.string({ error: 'Address must be text' }).trim().max(CUSTOMER_ADDRESS_MAX, `The address can be at most ${CUSTOMER_ADDRESS_MAX} characters`).nullish(),
    ),
    notes: z.preprocess(
      blankToUndefined,
      z.string({ error: 'Notes must be text' }).trim().max(ORDER_NOTES_MAX, `Special instructions can be at most ${ORDER_NOTES_MAX} characters`).nullish(),
    ),
    fulfilment: z.enum(FULFILMENTS, { error: CHOOSE_FULFILMENT }).optional(),
    /** The privacy notice version the checkout showed (issue 34); omitted: the current one. */
    notice_version: noticeVersionField,
  })
  .superRefine(
    (order, ctx) => {
      if (order.fulfilment === 'delivery' && !order.customer_address) {
        ctx.addIssue({ code: 'custom', path: ['customer_address'], message: DELIVERY_ADDRESS_REQUIRED });
      }
    },
    // Also when other fields are wrong: the form lists every problem at once (ADR 026).
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type OrderInput = z.infer<typeof orderSchema>;

/** The fulfilment an order is stored with, and the address it keeps (none when collected). */
export function orderFulfilment(order: Pick<OrderInput, 'fulfilment' | 'customer_address'>): { fulfilment: Fulfilment; customer_address: string | null } {
  const fulfilment = order.fulfilment ?? (order.customer_address ? 'delivery' : 'collect');
  return { fulfilment, customer_address: fulfilment === 'delivery' ? (order.customer_address ?? null) : null };
}

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 5000;
export const PRODUCT_CATEGORY_MAX = 60;
/** £10,000: with ORDER_QUANTITY_MAX, the largest order total still fits orders.total_amount (ORDER_TOTAL_MAX). */
export const PRODUCT_PRICE_MAX = 10_000;
export const PRODUCT_STOCK_MAX = 1_000_000;


const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

const trimmedList = (label: string, max: number, itemMax: number) =>
  z
    .array(z.string({ error: `Each ${label} must be text` }).trim().min(1, `A ${label} cannot be blank`).max(itemMax, `A ${label} is too long`), {
      error: `${label[0].toUpperCase()}${label.slice(1)}s must be a list`,
    })
    .max(max, `At most ${max} ${label}s`);

/** What an admin sends to create or replace a product (the Products tab's form: docs/product.md#admin-panel). */
export const productSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(PRODUCT_NAME_MAX, 'Name is too long'),
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(PRODUCT_DESCRIPTION_MAX, 'Description is too long'),
  category: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').max(PRODUCT_CATEGORY_MAX, 'Category is too long'),
  price: z
    .number({ error: 'Price is required and must be a number' })
    .min(0, 'Price cannot be negative')
    .max(PRODUCT_PRICE_MAX, `Price can be at most ${formatPounds(PRODUCT_PRICE_MAX)}`)
    .refine(hasAtMostTwoDecimals, 'Price can have at most 2 decimals'),
  stock: z
    .number({ error: 'Stock is required and must be a number' })
    .int('Stock must be a whole number')
    .min(0, 'Stock cannot be negative')
    .max(PRODUCT_STOCK_MAX, 'Stock is too high'),
  sizes: trimmedList('size', 30, 30)
    .refine((sizes) => new Set(sizes).size === sizes.length, 'Each size can appear only once')
    .default([]),
  // Absent or null: a new product gets PRODUCT_SORT_ORDER_DEFAULT, an edited one keeps its place.
  sort_order: z.preprocess(
    (value) => (value === null ? undefined : value),
    z
      .number({ error: 'Display order must be a whole number' })
      .int('Display order must be a whole number')
      .min(0, 'Display order cannot be negative')
      .max(PRODUCT_SORT_ORDER_MAX, `Display order can be at most ${PRODUCT_SORT_ORDER_MAX}`)
      .optional(),
  ),
  images: trimmedList('image', 20, 2000)
    .refine((images) => images.every((url) => /^(https?:\/\/|\/(?!\/))/i.test(url)), 'Images must be web addresses (https://…) or site paths (/…)')
    .default([]),
});
export type ProductInput = z.input<typeof productSchema>;
export type ProductData = z.infer<typeof productSchema>;

/** The admin form's comma-separated text ("S, M, L") as a list of trimmed, non-empty entries. */
export const splitList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** PostgreSQL cannot compare text holding a NUL character: such a query is refused (422), never a 500. */
const withoutNul = (value: string) => !value.includes('\u0000');

export const productQuerySchema = z.object({
  search: z.string().trim().max(100, 'The search can be at most 100 characters').refine(withoutNul, 'The search cannot contain the NUL character').optional(),
  category: z.string().trim().max(PRODUCT_CATEGORY_MAX, 'Unknown category').refine(withoutNul, 'Unknown category').optional(),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

export const orderStatusSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of: ${ORDER_STATUSES.join(', ')}` }),
});

// ---------------------------------------------------------------------------------------------
// The messaging-app text that confirms an order with the club

export function orderMessage(order: {
  reference: string;
  product_name: string;
  size: string | null;
  quantity: number;
  total_amount: number;
  customer_name: string;
  fulfilment: Fulfilment;
}) {
  return [
    `Hello! I have just placed order ${order.reference} in the club shop.`,
    `Product: ${order.product_name}`,
    ...(order.size ? [`Size: ${order.size}`] : []),
    `Quantity: ${order.quantity}`,
    `Total: ${formatPounds(order.total_amount)}`,
    `${order.fulfilment === 'collect' ? 'Collection from the club' : 'Delivery to my address'}`,
    `Name: ${order.customer_name}`,
  ].join('\n');
}
