import { z } from '@hono/zod-openapi';
import { FULFILMENTS, ORDER_STATUSES } from '../shop-constants';

/** The club shop: products and orders, as the API takes and answers them. */
export { productSchema, productQuerySchema, orderSchema, orderStatusSchema } from '../shop';
export type { ProductInput, ProductData, ProductQuery, OrderInput } from '../shop';

export const ProductSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    price: z.number().openapi({ description: 'Pounds, 2 decimals', example: 34.99 }),
    stock: z.number().int(),
    sizes: z.array(z.string()),
    images: z.array(z.string()).openapi({ description: 'Image URLs; the first is the main picture' }),
    sort_order: z.number().int().openapi({ description: 'Display order set by the admin: lower first, then by name' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Product');
export type Product = z.infer<typeof ProductSchema>;

export const OrderSchema = z
  .object({
    id: z.string().uuid(),
    reference: z
      .string()
      .openapi({ description: "The short reference the customer and the club use: the club's initials and a sequence number", example: 'RR-1042' }),
    product_id: z.string().uuid().nullable().openapi({ description: 'Null once the product has been deleted' }),
    product_name: z.string(),
    size: z.string().nullable(),
    quantity: z.number().int(),
    unit_price: z.number(),
    total_amount: z.number().openapi({ description: 'Pounds, 2 decimals, computed by the server from the current price' }),
    customer_name: z.string(),
    customer_email: z.string(),
    customer_phone: z.string(),
    customer_address: z.string().nullable(),
    notes: z.string().nullable(),
    fulfilment: z.enum(FULFILMENTS).openapi({ description: 'collect: from the club; delivery: to customer_address' }),
    status: z.enum(ORDER_STATUSES),
    created_at: z.string(),
  })
  .openapi('Order');
export const PlacedOrderSchema = OrderSchema.extend({
  token: z.string().openapi({
    description: "The customer's key to GET /api/orders/receipt/{token} and the page /shop/orders/{token}: 128 random bits, given only here",
  }),
  whatsapp_url: z
    .string()
    .optional()
    .openapi({ description: 'https://wa.me/<digits>?text=… to confirm the order with the club; absent when the club has no WhatsApp number set' }),
}).openapi('PlacedOrder');
export const ReceiptSchema = OrderSchema.pick({
  reference: true,
  product_id: true,
  product_name: true,
  size: true,
  quantity: true,
  unit_price: true,
  total_amount: true,
  customer_name: true,
  fulfilment: true,
  status: true,
  created_at: true,
})
  .extend({ whatsapp_url: z.string().optional().openapi({ description: "The club's WhatsApp chat with the order text; absent when no number is set" }) })
  .openapi('OrderReceipt');
export type Order = z.infer<typeof OrderSchema>;
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>;
export type OrderReceipt = z.infer<typeof ReceiptSchema>;
