/** Payments: the player's own, an admin's payment requests and their status changes. */
import { and, eq, sql } from 'drizzle-orm';
import { formatPounds, todayIso, type PaymentCreateInput, type PaymentStatus } from '../../../shared/players';
import { formatDateGB } from '../../../shared/dates';
import type { SessionUser } from '../../../shared/roles';
import { notFound } from '../../../shared/errors';
import { payments } from '../../db/schema';
import { paymentRequest } from '../../mail/templates';
import { isUuid } from '../ids';
import { notifyPlayer } from '../notifications';
import { toPayment, type PlayerContext } from './context';

export function playerPayments({ db, mail, linkedPlayer, assertMayAccess, assertRole, paymentsFor }: PlayerContext) {
  return {
    async myPayments(actor: SessionUser | null) {
      return paymentsFor((await linkedPlayer(actor)).id);
    },

    async paymentsOf(actor: SessionUser | null, playerId: string) {
      await assertMayAccess(actor, playerId);
      return paymentsFor(playerId);
    },

    /** A payment request; the player is notified. */
    async addPayment(actor: SessionUser | null, playerId: string, input: PaymentCreateInput) {
      assertRole(actor, []);
      await assertMayAccess(actor, playerId);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(payments)
          .values({
            player_id: playerId,
            description: input.description,
            payment_type: input.payment_type,
            amount: input.amount,
            status: input.status,
            due_date: input.due_date ?? todayIso(),
            paid_date: input.status === 'paid' ? todayIso() : null,
          })
          .returning();
        if (row.status !== 'paid') {
          await notifyPlayer(tx, playerId, {
            kind: 'payment',
            title: `New payment request: ${row.description}`,
            body: `${formatPounds(Number(row.amount))} due ${formatDateGB(row.due_date)}`,
            link: '/players-area/payments',
          });
          await mail.toPlayer(tx, playerId, {
            template: paymentRequest,
            data: { description: row.description, amount: Number(row.amount), paymentType: row.payment_type, dueDate: row.due_date },
            dedupeKey: `payment:${row.id}`,
          });
        }
        return toPayment(row);
      });
    },

    /** Paid records today's date as paid_date; back to outstanding (or overdue) clears it. */
    async setPaymentStatus(actor: SessionUser | null, playerId: string, paymentId: string, status: PaymentStatus) {
      assertRole(actor, []);
      await assertMayAccess(actor, playerId);
      if (!isUuid(paymentId)) throw notFound('Payment not found');
      const [row] = await db
        .update(payments)
        .set({ status, paid_date: status === 'paid' ? sql`coalesce(${payments.paid_date}, ${todayIso()}::date)` : null })
        .where(and(eq(payments.id, paymentId), eq(payments.player_id, playerId)))
        .returning();
      if (!row) throw notFound('Payment not found');
      return toPayment(row);
    },
  };
}
