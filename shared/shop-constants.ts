import { club } from './club';
import { codesOf } from './codes';

/**
 * The shop's texts, limits and order lifecycle (docs/product.md#shop), with no zod: pages import these without
 * pulling the validation schemas (shared/shop.ts) into the browser bundle.
 */

// ---------------------------------------------------------------------------------------------
// Texts and limits (docs/product.md#shop)

/** 'Only N left!' shows when stock is 5 or less and above 0; 'Out of stock' at 0. */
export const LOW_STOCK_THRESHOLD = 5;
export const OUT_OF_STOCK_LABEL = 'Out of stock';
export const lowStockLabel = (stock: number) => `Only ${stock} left!`;
/** The label a product card or page shows for its stock, or null when there is plenty. */
export function stockLabel(stock: number): string | null {
  if (stock <= 0) return OUT_OF_STOCK_LABEL;
  if (stock <= LOW_STOCK_THRESHOLD) return lowStockLabel(stock);
  return null;
}

/** The product gallery: the first image large, then up to 4 more. */
export const MAX_EXTRA_IMAGES = 4;

export const PRODUCT_NOT_FOUND = 'Product not found';
export const PRODUCT_NOT_FOUND_TITLE = 'Product Not Found';
export const ORDER_NOT_FOUND = 'Order not found';

export const PLACING_ORDER = 'Placing Order...';
export const ORDER_FAILED = 'Failed to place order. Please try again.';
export const ORDER_SUCCESS_CONTACT = 'The club will contact you within 24 hours to confirm your order.';
export const ORDER_SUCCESS_SHIPPING = 'Shipping takes 3-5 working days.';
export const ORDER_SUCCESS_PAYMENT = 'Payment is by bank transfer or a card payment link, which we will send you.';

/** Stock conflicts, in words a customer understands. */
export const OUT_OF_STOCK_DETAIL = 'Sorry, this item is out of stock.';
export const onlyLeftDetail = (stock: number) => (stock <= 0 ? OUT_OF_STOCK_DETAIL : `Sorry, only ${stock} left in stock.`);

/**
 * Orders are referred to by a short reference: the club's initials and the order's number from a
 * PostgreSQL sequence ("RR-1042" for Riverside Rovers), easy to read out on the phone or type into WhatsApp (ADR 023).
 */
export const orderReferencePrefix = (shortName = club().short_name) =>
  shortName
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();
/** Made when shown, from the club's short name now (issue 33): a renamed club's orders read with its new initials. */
export const orderReference = (number: number) => `${orderReferencePrefix()}-${number}`;

/** How the customer gets the order: collected from the club, or delivered to their address. */
export const FULFILMENT_LABELS = {
  collect: 'Collect from the club',
  delivery: 'Delivery to my address',
};
export type Fulfilment = keyof typeof FULFILMENT_LABELS;
export const FULFILMENTS = codesOf(FULFILMENT_LABELS);
export const CHOOSE_FULFILMENT = 'Choose collection from the club or delivery';
export const DELIVERY_ADDRESS_REQUIRED = 'Enter the delivery address, or choose collection from the club';

/** An order's success-page token: 16 random bytes as base64url (22 characters). */
export const ORDER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const orderPagePath = (token: string) => `/shop/orders/${token}`;

/**
 * What happens next, in plain words, for the success page (ADR 023). First the promise that the
 * club is in touch within 24 hours (docs/product.md#shop).
 */
export function orderNextSteps(fulfilment: Fulfilment, collectFrom: string): string[] {
  return fulfilment === 'collect'
    ? [ORDER_SUCCESS_CONTACT, `We'll message you on WhatsApp when it's ready to collect from ${collectFrom}.`, ORDER_SUCCESS_PAYMENT]
    : [ORDER_SUCCESS_CONTACT, "We'll agree the delivery and its cost with you on WhatsApp.", ORDER_SUCCESS_PAYMENT, ORDER_SUCCESS_SHIPPING];
}

/** A product's display order (sort_order): lower first; new products get the default, after those given a place. */
export const PRODUCT_SORT_ORDER_MAX = 9999;
export const PRODUCT_SORT_ORDER_DEFAULT = 100;

export const ORDER_QUANTITY_MAX = 1000;
/** The most of one product an order may take, until an admin changes it in Settings (issue 30). */
export const ORDER_QUANTITY_CAP_DEFAULT = 10;
/** Days an order may wait for the club to confirm it before its stock is released (issue 30; Settings). */
export const PENDING_ORDER_DAYS_DEFAULT = 7;
export const PENDING_ORDER_DAYS_MAX = 90;
/** A quantity over the admin's cap, next to the quantity field. */
export const orderQuantityCapDetail = (cap: number) => `You can order at most ${cap} of each item.`;
/** The largest amount orders.total_amount (numeric(10, 2)) can hold. */
export const ORDER_TOTAL_MAX = 99_999_999.99;
export const CUSTOMER_NAME_MAX = 100;
export const CUSTOMER_EMAIL_MAX = 254;
export const CUSTOMER_PHONE_MIN = 7;
export const CUSTOMER_PHONE_MAX = 20;
export const CUSTOMER_ADDRESS_MAX = 500;
export const ORDER_NOTES_MAX = 1000;
/** Digits, spaces, +, - and parentheses (as a pattern attribute too). */
export const PHONE_PATTERN = `[0-9 +\\-\\(\\)]{${CUSTOMER_PHONE_MIN},${CUSTOMER_PHONE_MAX}}`;

// ---------------------------------------------------------------------------------------------
// Order lifecycle (decision 11 in docs/architecture.md)

export const ORDER_STATUSES = ['pending', 'confirmed', 'paid', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** pending -> confirmed -> paid -> fulfilled, or cancelled from any state before fulfilled. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['paid', 'cancelled'],
  paid: ['fulfilled', 'cancelled'],
  fulfilled: [],
  cancelled: [],
};
export const canTransition = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  paid: 'Paid',
  fulfilled: 'Fulfilled',
  cancelled: 'Cancelled',
};
