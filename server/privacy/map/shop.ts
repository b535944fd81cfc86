/** The data map (issue 34): the shop's products and orders (server/db/schema/shop.ts). */
import { orders, products } from '../../db/schema';
import type { MappedTable } from '../types';
import { KEEP_FOR_HMRC } from './common';

export const SHOP_MAP: MappedTable[] = [
  {
    table: products,
    about: [],
    section: null,
    personal: [],
    other: ['id', 'name', 'description', 'category', 'price', 'stock', 'sizes', 'images', 'sort_order', 'created_at', 'updated_at'],
  },
  {
    // A sale is an accounting record: amounts and dates stay under a pseudonym; the customer's
    // name, address, phone and notes go. Orders are found by the customer's address.
    table: orders,
    about: [{ email: orders.customer_email }],
    section: 'orders',
    personal: ['customer_name', 'customer_email', 'customer_phone', 'customer_address', 'notes', 'token'],
    other: ['id', 'number', 'product_id', 'product_name', 'size', 'quantity', 'unit_price', 'total_amount', 'fulfilment', 'status', 'created_at', 'updated_at'],
    mentions: ['notes'],
    redact: ['token'],
    erase: KEEP_FOR_HMRC,
  },
];
