import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgEnum, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clubId, clubKey, clubRef, createdAt, id, updatedAt } from './columns';
import { noticeVersion, privacyNoticeVersions } from './privacy-notice';

export const products = pgTable(
  'products',
  {
    club_id: clubId(),
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    price: numeric('price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    stock: integer('stock').notNull().default(0),
    sizes: text('sizes').array().notNull().default([]),
    images: text('images').array().notNull().default([]),
    /** The admin's featured order: lower first, then by name (kit first, not alphabetical; ADR 023). */
    sort_order: integer('sort_order').notNull().default(100), // PRODUCT_SORT_ORDER_DEFAULT
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // The last line of defence against overselling: stock can never go below zero.
    clubKey(t, t.id),
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
    index('products_category_idx').on(t.category),
    index('products_sort_idx').on(t.sort_order, t.name),
  ],
);

export const orderStatusEnum = pgEnum('order_status', ['pending', 'confirmed', 'paid', 'fulfilled', 'cancelled']);

export const orderFulfilmentEnum = pgEnum('order_fulfilment', ['collect', 'delivery']);

/**
 * The number in an order's reference ("RR-1042"): a sequence, so two app processes never hand out
 * the same one (ADR 023). Gaps (a rolled-back group) are harmless.
 */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001, maxValue: 2_147_483_647 });

export const orders = pgTable(
  'orders',
  {
    club_id: clubId(),
    id: id(),
    number: integer('number')
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    /**
     * The key to the customer's success page /shop/orders/{token} (base64url): the app gives each
     * order 128 random bits; the default (a random UUID's 122 bits) only covers rows written by hand.
     */
    token: text('token')
      .notNull()
      .default(sql`translate(rtrim(encode(decode(replace(gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '='), '+/', '-_')`),
    /** Null once the product is deleted; product_name keeps the order readable. */
    product_id: uuid('product_id'),
    product_name: text('product_name').notNull(),
    size: text('size'),
    quantity: integer('quantity').notNull().default(1),
    unit_price: numeric('unit_price', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    total_amount: numeric('total_amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    customer_name: text('customer_name').notNull(),
    customer_email: text('customer_email').notNull(),
    customer_phone: text('customer_phone').notNull(),
    customer_address: text('customer_address'),
    notes: text('notes'),
    fulfilment: orderFulfilmentEnum('fulfilment').notNull().default('collect'),
    status: orderStatusEnum('status').notNull().default('pending'),
    /** The privacy notice version shown at checkout (issue 34). */
    notice_version: noticeVersion(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    clubKey(t, t.id),
    clubRef('orders_product_id_fk', t, t.product_id, products, products.id).onDelete('set null'),
    clubRef('orders_notice_version_fk', t, t.notice_version, privacyNoticeVersions, privacyNoticeVersions.version),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    index('orders_created_idx').on(t.created_at),
    uniqueIndex('orders_number_idx').on(t.club_id, t.number),
    uniqueIndex('orders_token_idx').on(t.club_id, t.token),
  ],
);
