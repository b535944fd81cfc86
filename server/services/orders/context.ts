/** What the order use cases share: the context type, the receipt and staff views of an order, and the validation error. */
import { invalidFields, type FieldError } from '../../../shared/errors';
import { orderReference } from '../../../shared/shop-constants';
import type { Db } from '../../db/client';
import type { DatabaseHealth } from '../../db/health';
import { orders } from '../../db/schema';
import type { MailService } from '../mail';
import type { createSettingsService } from '../settings';
import type { AnonymousWriteLimiter } from '../throttle';
import type { Order, OrderReceipt } from '../../../shared/contracts/shop';

export type OrderRow = typeof orders.$inferSelect;

export type OrderDeps = {
  settings: ReturnType<typeof createSettingsService>;
  health: DatabaseHealth;
  mail: MailService;
  /** Orders per client address and hour (issue 30); without it none are counted. */
  anonymousWrites?: AnonymousWriteLimiter;
};
export type OrderContext = { db: Db } & OrderDeps;

export const toReceipt = (row: OrderRow): OrderReceipt => ({
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
export const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  ...toReceipt(row),
  customer_email: row.customer_email,
  customer_phone: row.customer_phone,
  customer_address: row.customer_address,
  notes: row.notes,
});

export function validationError(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: FieldError[] = issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message }));
  return invalidFields(errors);
}
