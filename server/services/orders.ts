import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { fromPence, toPence } from '../../shared/money';
import type { SessionUser } from '../../shared/roles';
import {
  canTransition,
  onlyLeftDetail,
  ORDER_NOT_FOUND,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  orderFulfilment,
  orderMessage,
  orderSchema,
  orderStatusSchema,
  PRODUCT_NOT_FOUND,
  type OrderInput,
  type OrderStatus,
} from '../../shared/shop';
import { ORDER_TOKEN_PATTERN, orderReference } from '../../shared/shop-constants';
import { whatsappLink } from '../../shared/whatsapp';
import type { Db } from '../db/client';
import { groupCommit, type Outcome } from '../db/group-commit';
import { log } from '../log';
import { orders, products } from '../db/schema';
import type { DatabaseHealth } from '../db/health';
import { conflict, DATABASE_UNAVAILABLE, invalidFields, isDatabaseTimeout, notFound, OUTAGE_RETRY_AFTER_SECONDS, pgErrorCode, unavailable, type FieldError } from '../../shared/errors';
import { isUuid } from './ids';
import { requireAdmin } from './products';
import { shopOrder } from '../mail/templates';
import type { MailService } from './mail';
import type { createSettingsService } from './settings';
import type { Order, OrderReceipt, PlacedOrder } from '../../shared/contracts/shop';

export type { Order, OrderReceipt, PlacedOrder };

type OrderRow = typeof orders.$inferSelect;

const toReceipt = (row: OrderRow): OrderReceipt => ({
  reference: orderReference(row.number),
  product_id: row.product_id,
  product_name: row.product_name,
  size: row.size,
  quantity: row.quantity,
  unit_price: Number(row.unit_price),
  total_amount: Number(row.total_amount),
  customer_name: row.customer_name,
  fulfilment: row.fulfilment,
  status: row.status,
  created_at: row.created_at.toISOString(),
});

/** The whole order, for staff: the receipt with the id and the contact details. */
const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  ...toReceipt(row),
  customer_email: row.customer_email,
  customer_phone: row.customer_phone,
  customer_address: row.customer_address,
  notes: row.notes,
});

/** 128 random bits: an order's success page cannot be found from its number, id or another order's token. */
const newOrderToken = () => randomBytes(16).toString('base64url');

function validationError(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: FieldError[] = issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message }));
  return invalidFields(errors);
}

/** The most orders one transaction writes; more waiting go in the next. */
const ORDERS_PER_COMMIT = 100;

/** One order of a group: refused with its own error, or the row to insert. */
type Decision = { ok: false; error: unknown } | { ok: true; row: typeof orders.$inferInsert & { id: string; token: string } };

/** How long an order for a product whose row someone else holds locked keeps trying (ADR 011). */
export const PRODUCT_LOCK_WAIT_MS = 3_000;
export const PRODUCT_BUSY = 'This product is being updated right now. Please try again in a moment.';

/** An order whose product row another transaction holds: it waits outside the group and tries again. */
class ProductBusy extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL data and integrity errors (SQLSTATE classes 22 and 23): raised by a statement, so its transaction rolled back. */
const isDataError = (error: unknown) => /^2[23]/.test(pgErrorCode(error) ?? '');

export function createOrderService(
  db: Db,
  deps: { settings: ReturnType<typeof createSettingsService>; health: DatabaseHealth; mail: MailService },
) {
  /**
   * Writes a group of orders in one transaction: the products' rows are locked (in id order, so
   * two processes never deadlock), each order in turn is checked against the stock its
   * predecessors left, the stock taken is subtracted, the accepted orders are inserted, and one
   * commit makes them durable. Each order gets its own outcome: a refused order (unknown product,
   * wrong size, not enough stock) does not affect the others.
   *
   * Rows another transaction holds (an admin's edit, another process's group) are skipped, not
   * waited for: one locked product never holds up orders for the others. Its orders come back as
   * ProductBusy and try again in a later group (placeOrder).
   */
  async function writeOrders(inputs: OrderInput[]): Promise<Outcome<PlacedOrder>[]> {
    // Read beside the transaction (one round trip less per group). The link is optional: if the
    // settings cannot be read, committed orders are answered without it, never failed.
    const settings = deps.settings.get().catch((error: unknown) => {
      log.warn('Orders answered without a WhatsApp link: the settings could not be read', { error: String(error) });
      return null;
    });
    const outcomes = await db.transaction(async (tx) => {
      const ids = [...new Set(inputs.map((o) => o.product_id))].sort();
      const locked = await tx.select().from(products).where(inArray(products.id, ids)).orderBy(products.id).for('update', { skipLocked: true });
      const byId = new Map(locked.map((p) => [p.id, { product: p, left: p.stock }]));
      const skipped = ids.filter((id) => !byId.has(id));
      const busy = new Set(
        skipped.length === 0 ? [] : (await tx.select({ id: products.id }).from(products).where(inArray(products.id, skipped))).map((p) => p.id),
      );

      const decisions = inputs.map((order): Decision => {
        if (busy.has(order.product_id)) return { ok: false, error: new ProductBusy() };
        const entry = byId.get(order.product_id);
        if (!entry) return { ok: false, error: notFound(PRODUCT_NOT_FOUND) };
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
          },
        };
      });

      // One statement writes the group: the stock taken from each product, the orders, and the
      // club's mail about each order (committed with it). Three statements were three round trips
      // while the products' rows were locked.
      const accepted = decisions.flatMap((d) => (d.ok ? [d.row] : []));
      if (accepted.length === 0) return decisions as Outcome<PlacedOrder>[];
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
      const mails = deps.mail.toClubInsert(
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
      const inserted = await tx
        .with(stock, clubMail)
        .insert(orders)
        .values(accepted.map((row) => ({ ...row, created_at: sql`clock_timestamp()` })))
        .returning();
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
  async function writeOrdersIsolated(inputs: OrderInput[]): Promise<Outcome<PlacedOrder>[]> {
    // The groups waiting behind one that met an outage answer at once, not each after a timeout.
    if (deps.health.isDown) throw unavailable(DATABASE_UNAVAILABLE, OUTAGE_RETRY_AFTER_SECONDS);
    try {
      return await writeOrders(inputs);
    } catch (error) {
      deps.health.observe(error);
      if (inputs.length === 1 || !isDataError(error)) throw error;
      const outcomes: Outcome<PlacedOrder>[] = [];
      for (const input of inputs) {
        outcomes.push(await writeOrders([input]).then((o) => o[0], (e: unknown) => ({ ok: false as const, error: e })));
      }
      return outcomes;
    }
  }

  const submitOrder = groupCommit(writeOrdersIsolated, ORDERS_PER_COMMIT, isDatabaseTimeout);

  return {
    /**
     * Places a shop order (anyone may). Orders that arrive together are written together (group
     * commit, ADR 010): one transaction locks the product rows, so concurrent orders, from this
     * process or another, can never oversell, and the answer comes only once the order is committed.
     */
    async placeOrder(input: unknown): Promise<PlacedOrder> {
      const parsed = orderSchema.safeParse(input);
      if (!parsed.success) throw validationError(parsed.error.issues);
      if (!isUuid(parsed.data.product_id)) throw notFound(PRODUCT_NOT_FOUND);
      // Its product's row is held by another transaction: try again shortly, holding no connection
      // meanwhile, and give up (503) after PRODUCT_LOCK_WAIT_MS.
      const deadline = Date.now() + PRODUCT_LOCK_WAIT_MS;
      for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
        try {
          return await submitOrder(parsed.data);
        } catch (error) {
          if (!(error instanceof ProductBusy)) throw error;
          if (Date.now() + pause > deadline) throw unavailable(PRODUCT_BUSY, 2);
          await sleep(pause);
        }
      }
    },

    /** Every order, newest first (admin). */
    async list(actor: SessionUser | null): Promise<Order[]> {
      requireAdmin(actor);
      const rows = await db.select().from(orders).orderBy(desc(orders.created_at), desc(orders.id));
      return rows.map(toOrder);
    },

    /**
     * The customer's view of one order, by the token only its customer was given (anyone holding
     * the link may read it; no contact details). Unknown or malformed tokens are 404.
     */
    async receipt(token: string): Promise<OrderReceipt> {
      if (!ORDER_TOKEN_PATTERN.test(token)) throw notFound(ORDER_NOT_FOUND);
      const [[row], settings] = await Promise.all([
        db.select().from(orders).where(eq(orders.token, token)),
        deps.settings.get().catch(() => null),
      ]);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const whatsapp_url = whatsappLink(settings?.whatsapp_number ?? '', orderMessage(toReceipt(row)));
      return { ...toReceipt(row), ...(whatsapp_url ? { whatsapp_url } : {}) };
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
      if (!parsed.success) throw validationError(parsed.error.issues);
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
