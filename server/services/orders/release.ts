/**
 * Orders nobody confirmed (issue 30): a pending order holds its stock for the days set in Settings
 * (default 7); then it is cancelled, its stock returned, and the buyer and the shop are told. Run by
 * the job server/jobs/unconfirmed-orders.ts.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { orderReference, PENDING_ORDER_DAYS_DEFAULT } from '../../../shared/shop-constants';
import { orders, products, settings } from '../../db/schema';
import { orderReleased, orderReleasedToShop } from '../../mail/templates';
import type { OrderContext } from './context';

/** The most orders one run cancels; a longer backlog goes in the next runs. */
const ORDERS_PER_RUN = 200;

export function releaseUnconfirmedOrders(ctx: OrderContext) {
  return {
    /**
     * Cancels the pending orders placed more than the set days before `now`, returns their stock
     * and mails the buyer and the shop, each order in the transaction that cancels it. Rows another
     * process or an admin holds are skipped (this run) and the status is checked again by the
     * update, so an order confirmed meanwhile is left alone and none is released twice.
     * Answers how many orders were released.
     */
    async releaseUnconfirmed(now = new Date()): Promise<number> {
      return ctx.db.transaction(async (tx) => {
        const [row] = await tx.select({ days: settings.pending_order_days }).from(settings).where(eq(settings.id, 1));
        const days = row?.days ?? PENDING_ORDER_DAYS_DEFAULT;
        const before = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
        const due = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.status, 'pending'), lt(orders.created_at, before)))
          .orderBy(orders.created_at)
          .limit(ORDERS_PER_RUN)
          .for('update', { skipLocked: true });
        let released = 0;
        for (const { id } of due) {
          const [order] = await tx
            .update(orders)
            .set({ status: 'cancelled', updated_at: now })
            .where(and(eq(orders.id, id), eq(orders.status, 'pending')))
            .returning();
          if (!order) continue;
          released++;
          if (order.product_id) {
            await tx
              .update(products)
              .set({ stock: sql`${products.stock} + ${order.quantity}`, updated_at: now })
              .where(eq(products.id, order.product_id));
          }
          const data = { reference: orderReference(order.number), productName: order.product_name, size: order.size, quantity: order.quantity, days };
          await ctx.mail.toAddress(tx, order.customer_email, { template: orderReleased, data, dedupeKey: `order-released:${order.id}` }, { name: order.customer_name });
          await ctx.mail.toClub(tx, { template: orderReleasedToShop, data: { ...data, customerName: order.customer_name }, dedupeKey: `order-released-shop:${order.id}` });
        }
        return released;
      });
    },
  };
}
