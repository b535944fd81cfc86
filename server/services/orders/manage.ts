/** Orders after they are placed: the customer's receipt by its token, and the admin's list, detail and status changes. */
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/roles';
import { canTransition, ORDER_NOT_FOUND, ORDER_STATUS_LABELS, ORDER_TRANSITIONS, orderMessage, orderStatusSchema, type OrderStatus } from '../../../shared/shop';
import { ORDER_TOKEN_PATTERN } from '../../../shared/shop-constants';
import { whatsappLink } from '../../../shared/whatsapp';
import { orders, products } from '../../db/schema';
import { conflict, notFound } from '../../../shared/errors';
import { isUuid } from '../ids';
import { requireAdmin } from '../products';
import type { Order, OrderReceipt } from '../../../shared/contracts/shop';
import { toOrder, toReceipt, validationError, type OrderContext } from './context';

export function manageOrders(ctx: OrderContext) {
  return {
    /** Every order, newest first (admin). */
    async list(actor: SessionUser | null): Promise<Order[]> {
      await requireAdmin(ctx.db, actor);
      const rows = await ctx.db.select().from(orders).orderBy(desc(orders.created_at), desc(orders.id));
      return rows.map(toOrder);
    },

    /**
     * The customer's view of one order, by the token only its customer was given (anyone holding
     * the link may read it; no contact details). Unknown or malformed tokens are 404.
     */
    async receipt(token: string): Promise<OrderReceipt> {
      if (!ORDER_TOKEN_PATTERN.test(token)) throw notFound(ORDER_NOT_FOUND);
      const [[row], settings] = await Promise.all([
        ctx.db.select().from(orders).where(eq(orders.token, token)),
        ctx.settings.get().catch(() => null),
      ]);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const whatsapp_url = whatsappLink(settings?.whatsapp_number ?? '', orderMessage(toReceipt(row)));
      return { ...toReceipt(row), ...(whatsapp_url ? { whatsapp_url } : {}) };
    },

    async get(actor: SessionUser | null, id: string): Promise<Order> {
      await requireAdmin(ctx.db, actor);
      if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
      const [row] = await ctx.db.select().from(orders).where(eq(orders.id, id));
      if (!row) throw notFound(ORDER_NOT_FOUND);
      return toOrder(row);
    },

    /**
     * Moves an order along pending -> confirmed -> paid -> fulfilled, or cancels it before it is
     * fulfilled. Each change is a conditional UPDATE on the status it expects, so of two racing
     * requests only one wins; cancelling returns the quantity to stock in the same transaction.
     */
    async changeStatus(actor: SessionUser | null, id: string, input: unknown): Promise<Order> {
      await requireAdmin(ctx.db, actor);
      const parsed = orderStatusSchema.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error.issues);
      const target = parsed.data.status;
      if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);

      return ctx.db.transaction(async (tx) => {
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
      const [row] = await ctx.db.select({ value: sql<number>`count(*)::int` }).from(orders);
      return row.value;
    },
  };
}
