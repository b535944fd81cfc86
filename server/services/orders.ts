import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { fromPence, toPence } from '../../shared/money';
import type { SessionUser } from '../../shared/roles';
import {
  canTransition,
  onlyLeftDetail,
  ORDER_NOT_FOUND,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  orderMessage,
  orderSchema,
  orderStatusSchema,
  PRODUCT_NOT_FOUND,
  type OrderStatus,
} from '../../shared/shop';
import { whatsappLink } from '../../shared/whatsapp';
import type { Db } from '../db/client';
import { orders, products } from '../db/schema';
import { conflict, invalid, notFound, type FieldError } from './errors';
import { isUuid } from './ids';
import { requireAdmin } from './products';
import type { createSettingsService } from './settings';

/** SPEC "Order (admin view)", plus the product's id (null once the product is deleted). */
export interface Order {
  id: string;
  product_id: string | null;
  product_name: string;
  size: string | null;
  quantity: number;
  unit_price: number;
  total_amount: number;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  customer_address: string | null;
  notes: string | null;
  status: OrderStatus;
  created_at: string;
}

export interface PlacedOrder extends Order {
  /** The club's WhatsApp chat with the order text; absent when no number is set. */
  whatsapp_url?: string;
}

type OrderRow = typeof orders.$inferSelect;

const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  product_id: row.product_id,
  product_name: row.product_name,
  size: row.size,
  quantity: row.quantity,
  unit_price: Number(row.unit_price),
  total_amount: Number(row.total_amount),
  customer_name: row.customer_name,
  customer_email: row.customer_email,
  customer_phone: row.customer_phone,
  customer_address: row.customer_address,
  notes: row.notes,
  status: row.status,
  created_at: row.created_at.toISOString(),
});

function validationError(issues: { path: PropertyKey[]; message: string }[]): never {
  const errors: FieldError[] = issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message }));
  throw invalid(errors.map((e) => (e.field === 'body' ? e.message : `${e.field}: ${e.message}`)).slice(0, 5).join('; '), errors);
}

export function createOrderService(db: Db, deps: { settings: ReturnType<typeof createSettingsService> }) {
  return {
    /**
     * Places a shop order (anyone may). Stock is taken with one conditional UPDATE inside the
     * order's transaction, so concurrent orders queue on the product row and can never oversell.
     */
    async placeOrder(input: unknown): Promise<PlacedOrder> {
      const parsed = orderSchema.safeParse(input);
      if (!parsed.success) validationError(parsed.error.issues);
      const order = parsed.data;
      if (!isUuid(order.product_id)) throw notFound(PRODUCT_NOT_FOUND);

      const placed = await db.transaction(async (tx) => {
        const [product] = await tx.select().from(products).where(eq(products.id, order.product_id));
        if (!product) throw notFound(PRODUCT_NOT_FOUND);

        let size: string | null = null;
        if (product.sizes.length > 0) {
          size = order.size ?? product.sizes[0];
          if (!product.sizes.includes(size)) {
            validationError([{ path: ['size'], message: `Please choose one of the sizes: ${product.sizes.join(', ')}` }]);
          }
        } else if (order.size != null) {
          validationError([{ path: ['size'], message: 'This product does not come in sizes' }]);
        }

        if (order.quantity > product.stock) throw conflict(onlyLeftDetail(product.stock));
        const [taken] = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${order.quantity}`, updated_at: new Date() })
          .where(and(eq(products.id, product.id), gte(products.stock, order.quantity)))
          .returning({ name: products.name, price: products.price });
        if (!taken) {
          // Another order took the stock between our read and our update: say what is left now.
          const [now] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
          throw conflict(onlyLeftDetail(now?.stock ?? 0));
        }

        const unitPence = toPence(Number(taken.price));
        const [row] = await tx
          .insert(orders)
          .values({
            product_id: product.id,
            product_name: taken.name,
            size,
            quantity: order.quantity,
            unit_price: fromPence(unitPence),
            total_amount: fromPence(unitPence * order.quantity),
            customer_name: order.customer_name,
            customer_email: order.customer_email,
            customer_phone: order.customer_phone,
            customer_address: order.customer_address ?? null,
            notes: order.notes ?? null,
          })
          .returning();
        return toOrder(row);
      });

      const whatsapp_url = whatsappLink((await deps.settings.get()).whatsapp_number, orderMessage(placed));
      return whatsapp_url ? { ...placed, whatsapp_url } : placed;
    },

    /** Every order, newest first (admin). */
    async list(actor: SessionUser | null): Promise<Order[]> {
      requireAdmin(actor);
      const rows = await db.select().from(orders).orderBy(desc(orders.created_at), desc(orders.id));
      return rows.map(toOrder);
    },

    async get(actor: SessionUser | null, id: string): Promise<Order> {
      requireAdmin(actor);
      if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      if (!row) throw notFound(ORDER_NOT_FOUND);
      return toOrder(row);
    },

    /**
     * Moves an order along pending -> confirmed -> paid -> fulfilled, or cancels it before it is
     * fulfilled. Each change is a conditional UPDATE on the status it expects, so of two racing
     * requests only one wins; cancelling returns the quantity to stock in the same transaction.
     */
    async changeStatus(actor: SessionUser | null, id: string, input: unknown): Promise<Order> {
      requireAdmin(actor);
      const parsed = orderStatusSchema.safeParse(input);
      if (!parsed.success) validationError(parsed.error.issues);
      const target = parsed.data.status;
      if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);

      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(orders).where(eq(orders.id, id));
        if (!current) throw notFound(ORDER_NOT_FOUND);
        const refuse = (from: OrderStatus): never => {
          if (from === target) throw conflict(`The order is already ${ORDER_STATUS_LABELS[from].toLowerCase()}.`);
          const allowed = ORDER_TRANSITIONS[from];
          throw conflict(
            allowed.length === 0
              ? `The order is ${ORDER_STATUS_LABELS[from].toLowerCase()}; its status can no longer change.`
              : `A ${from} order can only become ${allowed.join(' or ')}, not ${target}.`,
          );
        };
        if (!canTransition(current.status, target)) refuse(current.status);

        const [updated] =
          target === 'cancelled'
            ? await tx
                .update(orders)
                .set({ status: 'cancelled', updated_at: new Date() })
                .where(and(eq(orders.id, id), ne(orders.status, 'cancelled'), ne(orders.status, 'fulfilled')))
                .returning()
            : await tx
                .update(orders)
                .set({ status: target, updated_at: new Date() })
                .where(and(eq(orders.id, id), eq(orders.status, current.status)))
                .returning();
        if (!updated) {
          // Someone else changed it first; explain against what it is now.
          const [now] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
          refuse(now?.status ?? current.status);
        }
        if (target === 'cancelled' && updated.product_id) {
          await tx
            .update(products)
            .set({ stock: sql`${products.stock} + ${updated.quantity}`, updated_at: new Date() })
            .where(eq(products.id, updated.product_id));
        }
        return toOrder(updated);
      });
    },

    async count(): Promise<number> {
      const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(orders);
      return row.value;
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
