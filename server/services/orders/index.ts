/** createOrderService: builds the orders' context and joins the use cases below into one service. */
import type { Db } from '../../db/client';
import type { OrderContext, OrderDeps } from './context';
import { manageOrders } from './manage';
import { placeOrders } from './place';
import { releaseUnconfirmedOrders } from './release';

export type { Order, OrderReceipt, PlacedOrder } from '../../../shared/contracts/shop';
export { PRODUCT_BUSY, PRODUCT_LOCK_WAIT_MS } from './place';

/** The shop's orders: anyone places one and reads its receipt; admins list them and move them along. */
export function createOrderService(db: Db, deps: OrderDeps) {
  const ctx: OrderContext = { db, ...deps };
  return { ...placeOrders(ctx), ...manageOrders(ctx), ...releaseUnconfirmedOrders(ctx) };
}

export type OrderService = ReturnType<typeof createOrderService>;
