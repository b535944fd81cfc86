/** Placing a shop order: orders that arrive together are checked against the stock and written in one transaction (group commit, ADR 010). */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { fromPence, toPence } from '../../../shared/money';
import { onlyLeftDetail, orderFulfilment, orderMessage, orderSchema, PRODUCT_NOT_FOUND, type OrderInput } from '../../../shared/shop';
import { ORDER_QUANTITY_CAP_DEFAULT, orderQuantityCapDetail, orderReference } from '../../../shared/shop-constants';
import { whatsappLink } from '../../../shared/whatsapp';
import type { DbOrTx } from '../../db/client';
import { groupCommit, type Outcome } from '../../db/group-commit';
import { log } from '../../log';
import { orders, products, settings } from '../../db/schema';
import { conflict, DATABASE_UNAVAILABLE, isDatabaseTimeout, notFound, OUTAGE_RETRY_AFTER_SECONDS, pgErrorCode, unavailable } from '../../../shared/errors';
import { isUuid } from '../ids';
import { checkedNoticeVersion, CURRENT_NOTICE_SQL } from '../privacy-notice';
import { shopOrder } from '../../mail/templates';
import type { PlacedOrder } from '../../../shared/contracts/shop';
import { toOrder, validationError, type OrderContext } from './context';

/** 128 random bits: an order's success page cannot be found from its number, id or another order's token. */
const newOrderToken = () => randomBytes(16).toString('base64url');

/** The most orders one transaction writes; more waiting go in the next. */
const ORDERS_PER_COMMIT = 100;

type OrderInsert = typeof orders.$inferInsert & { id: string; token: string };
/** One order of a group: refused with its own error, or the row to insert. */
type Decision = { ok: false; error: unknown } | { ok: true; row: OrderInsert };
type Product = typeof products.$inferSelect;
type Stock = Map<string, { product: Product; left: number }>;

/** How long an order for a product whose row someone else holds locked keeps trying (ADR 011). */
export const PRODUCT_LOCK_WAIT_MS = 3_000;
export const PRODUCT_BUSY = 'This product is being updated right now. Please try again in a moment.';

/** An order whose product row another transaction holds: it waits outside the group and tries again. */
class ProductBusy extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL data and integrity errors (SQLSTATE classes 22 and 23): raised by a statement, so its transaction rolled back. */
const isDataError = (error: unknown) => /^2[23]/.test(pgErrorCode(error) ?? '');

/**
 * Locks the group's products' rows (in id order, so two processes never deadlock), skipping those
 * another transaction holds: `busy` names the products that exist but were skipped.
 */
async function lockProducts(tx: DbOrTx, inputs: OrderInput[]) {
  const ids = [...new Set(inputs.map((o) => o.product_id))].sort();
  const locked = await tx.select().from(products).where(inArray(products.id, ids)).orderBy(products.id).for('update', { skipLocked: true });
  const byId: Stock = new Map(locked.map((p) => [p.id, { product: p, left: p.stock }]));
  const skipped = ids.filter((id) => !byId.has(id));
  const busy = new Set(
    skipped.length === 0 ? [] : (await tx.select({ id: products.id }).from(products).where(inArray(products.id, skipped))).map((p) => p.id),
  );
  return { byId, busy };
}

/** The admin's cap on one product per order (Settings; the default before the club is set up). */
async function quantityCap(tx: DbOrTx) {
  const [row] = await tx.select({ cap: settings.order_quantity_cap }).from(settings).where(eq(settings.id, 1));
  return row?.cap ?? ORDER_QUANTITY_CAP_DEFAULT;
}

/** Each order in turn, checked against the cap and the stock its predecessors left (which it then takes). */
function decide(inputs: OrderInput[], byId: Stock, busy: Set<string>, cap: number) {
  return inputs.map((order): Decision => {
    if (busy.has(order.product_id)) return { ok: false, error: new ProductBusy() };
    const entry = byId.get(order.product_id);
    if (!entry) return { ok: false, error: notFound(PRODUCT_NOT_FOUND) };
    if (order.quantity > cap) return { ok: false, error: validationError([{ path: ['quantity'], message: orderQuantityCapDetail(cap) }]) };
    const { product } = entry;
    let size: string | null = null;
    if (product.sizes.length > 0) {
      size = order.size ?? product.sizes[0];
      if (!product.sizes.includes(size)) {
        return { ok: false, error: validationError([{ path: ['size'], message: `Please choose one of the sizes: ${product.sizes.join(', ')}` }]) };
      }
    } else if (order.size != null) {
      return { ok: false, error: validationError([{ path: ['size'], message: 'This product does not come in sizes' }]) };
    }
    if (order.quantity > entry.left) return { ok: false, error: conflict(onlyLeftDetail(entry.left)) };
    entry.left -= order.quantity;

    const unitPence = toPence(Number(product.price));
    return {
      ok: true,
      row: {
        id: randomUUID(),
        token: newOrderToken(),
        product_id: product.id,
        product_name: product.name,
        size,
        quantity: order.quantity,
        unit_price: fromPence(unitPence),
        total_amount: fromPence(unitPence * order.quantity),
        customer_name: order.customer_name,
        customer_email: order.customer_email,
        customer_phone: order.customer_phone,
        ...orderFulfilment(order),
        notes: order.notes ?? null,
        notice_version: order.notice_version ?? null,
      },
    };
  });
}

/**
 * One statement writes the group: the stock taken from each product, the orders, and the club's
 * mail about each order (committed with it). Three statements were three round trips while the
 * products' rows were locked.
 */
async function insertAccepted(ctx: OrderContext, tx: DbOrTx, accepted: OrderInsert[], byId: Stock) {
  // The references ("RR-1042") the mails name: taken from the sequence before the insert.
  const numbers = await tx.execute<{ n: number }>(sql`select nextval('order_number_seq')::int as n from generate_series(1, ${accepted.length}::int)`);
  accepted.forEach((row, i) => (row.number = numbers.rows[i]!.n));
  const taken = [...byId.values()].filter(({ product, left }) => left !== product.stock);
  const stockTaken = sql.join(
    taken.map(({ product, left }) => sql`when ${product.id}::uuid then ${product.stock - left}::integer`),
    sql` `,
  );
  const stock = tx.$with('stock_taken').as(
    tx
      .update(products)
      .set({ stock: sql`${products.stock} - (case ${products.id} ${stockTaken} end)`, updated_at: new Date() })
      .where(inArray(products.id, taken.map(({ product }) => product.id)))
      .returning({ id: products.id }),
  );
  // The club's sales inbox hears of each order; rendered here, from the rows about to be inserted.
  const mails = ctx.mail.toClubInsert(
    tx,
    accepted.map((row) => ({
      template: shopOrder,
      data: {
        reference: orderReference(row.number!),
        productName: row.product_name,
        size: row.size ?? null,
        quantity: row.quantity ?? 1,
        totalAmount: Number(row.total_amount),
        fulfilment: row.fulfilment ?? 'collect',
        customerName: row.customer_name,
        customerEmail: row.customer_email,
        customerPhone: row.customer_phone,
        customerAddress: row.customer_address ?? null,
        notes: row.notes ?? null,
      },
      dedupeKey: `order:${row.id}`,
    })),
  )!;
  const clubMail = tx.$with('club_mail').as(mails);
  // Each order's own moment (in arrival order), not the transaction's shared start time.
  return tx
    .with(stock, clubMail)
    .insert(orders)
    .values(accepted.map((row) => ({ ...row, notice_version: row.notice_version ?? CURRENT_NOTICE_SQL, created_at: sql`clock_timestamp()` })))
    .returning();
}

/**
 * Writes a group of orders in one transaction: the products' rows are locked, each order in turn is
 * checked against the stock its predecessors left, the stock taken is subtracted, the accepted
 * orders are inserted, and one commit makes them durable. Each order gets its own outcome: a
 * refused order (unknown product, wrong size, not enough stock) does not affect the others.
 *
 * Rows another transaction holds (an admin's edit, another process's group) are skipped, not
 * waited for: one locked product never holds up orders for the others. Its orders come back as
 * ProductBusy and try again in a later group (placeOrder).
 */
async function writeOrders(ctx: OrderContext, inputs: OrderInput[]): Promise<Outcome<PlacedOrder>[]> {
  // Read beside the transaction (one round trip less per group). The link is optional: if the
  // settings cannot be read, committed orders are answered without it, never failed.
  const settings = ctx.settings.get().catch((error: unknown) => {
    log.warn('Orders answered without a WhatsApp link: the settings could not be read', { error: String(error) });
    return null;
  });
  const outcomes = await ctx.db.transaction(async (tx) => {
    const [{ byId, busy }, cap] = [await lockProducts(tx, inputs), await quantityCap(tx)];
    const decisions = decide(inputs, byId, busy, cap);
    const accepted = decisions.flatMap((d) => (d.ok ? [d.row] : []));
    if (accepted.length === 0) return decisions as Outcome<PlacedOrder>[];
    const inserted = await insertAccepted(ctx, tx, accepted, byId);
    const stored = new Map(inserted.map((row) => [row.id, { ...toOrder(row), token: row.token }]));
    return decisions.map((d): Outcome<PlacedOrder> => (d.ok ? { ok: true, value: stored.get(d.row.id)! } : d));
  });

  const whatsapp_number = (await settings)?.whatsapp_number ?? '';
  return outcomes.map((outcome) => {
    if (!outcome.ok) return outcome;
    const whatsapp_url = whatsappLink(whatsapp_number, orderMessage(outcome.value));
    return whatsapp_url ? { ok: true, value: { ...outcome.value, whatsapp_url } } : outcome;
  });
}

/** A group, or each of its orders alone if one order's data made the group's transaction fail. */
async function writeOrdersIsolated(ctx: OrderContext, inputs: OrderInput[]): Promise<Outcome<PlacedOrder>[]> {
  // The groups waiting behind one that met an outage answer at once, not each after a timeout.
  if (ctx.health.isDown) throw unavailable(DATABASE_UNAVAILABLE, OUTAGE_RETRY_AFTER_SECONDS);
  try {
    return await writeOrders(ctx, inputs);
  } catch (error) {
    ctx.health.observe(error);
    if (inputs.length === 1 || !isDataError(error)) throw error;
    const outcomes: Outcome<PlacedOrder>[] = [];
    for (const input of inputs) {
      outcomes.push(await writeOrders(ctx, [input]).then((o) => o[0], (e: unknown) => ({ ok: false as const, error: e })));
    }
    return outcomes;
  }
}

export function placeOrders(ctx: OrderContext) {
  const submitOrder = groupCommit((inputs: OrderInput[]) => writeOrdersIsolated(ctx, inputs), ORDERS_PER_COMMIT, isDatabaseTimeout);

  return {
    /**
     * Places a shop order (anyone may). Orders that arrive together are written together (group
     * commit, ADR 010): one transaction locks the product rows, so concurrent orders, from this
     * process or another, can never oversell, and the answer comes only once the order is committed.
     * `address` is the client's (API and shop page): at most so many orders per hour come from one.
     */
    async placeOrder(input: unknown, address?: string): Promise<PlacedOrder> {
      const parsed = orderSchema.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error.issues);
      if (!isUuid(parsed.data.product_id)) throw notFound(PRODUCT_NOT_FOUND);
      await ctx.anonymousWrites?.count('order', address);
      // The privacy notice version the checkout showed (issue 34): a published one (remembered once
      // seen), or, when none was sent, the current one, read by the order's own insert.
      const sent = parsed.data.notice_version;
      const order = { ...parsed.data, notice_version: sent === undefined ? undefined : await checkedNoticeVersion(ctx.db, sent) };
      // Its product's row is held by another transaction: try again shortly, holding no connection
      // meanwhile, and give up (503) after PRODUCT_LOCK_WAIT_MS.
      const deadline = Date.now() + PRODUCT_LOCK_WAIT_MS;
      for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
        try {
          return await submitOrder(order);
        } catch (error) {
          if (!(error instanceof ProductBusy)) throw error;
          if (Date.now() + pause > deadline) throw unavailable(PRODUCT_BUSY, 2);
          await sleep(pause);
        }
      }
    },
  };
}
