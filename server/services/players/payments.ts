/**
 * Payments as the players' area and the admin's player page have always seen them, now read from
 * and written to the treasury's ledger (issue 24): a payment request is a charge, marking it paid
 * records a payment entry, marking it unpaid again reverses that payment (never an edit).
 */
import { and, eq } from 'drizzle-orm';
import { todayIso, type PaymentStatus } from '../../../shared/players';
import type { PaymentCreateInput } from '../../../shared/contracts/players';
import { formatDateGB } from '../../../shared/dates';
import { formatPounds } from '../../../shared/money';
import type { SessionUser } from '../../../shared/roles';
import { notFound } from '../../../shared/errors';
import { chargeOverdueMarks, charges } from '../../db/schema';
import { allow, AWAITING_APPROVAL, mayUseMembersArea, signedIn } from '../../policy';
import { isUuid } from '../ids';
import { notifyPlayer } from '../notifications';
import { mailNewCharges } from '../treasury/charges';
import { currentTeamOf, payerFor } from '../treasury/context';
import { mailReceipts } from '../treasury/receipts';
import { chargeViews, payByHand, unpayCharge, writeCharges } from '../treasury/ledger';
import { chargeCategoryOf, toPayment, type PlayerContext } from './context';

export function playerPayments(ctx: PlayerContext) {
  const { db, assertMayAccess, assertAdmin, paymentsFor, paymentsOfLogin } = ctx;
  return {
    /**
     * GET /api/players/me/payments, from the ledger (issue 31): the signed-in login's own charges as
     * a member and every charge they pay (a parent's children's). A login with neither has none.
     */
    async myPayments(actor: SessionUser | null) {
      const me = await signedIn(db, actor);
      allow(mayUseMembersArea(me), AWAITING_APPROVAL);
      return paymentsOfLogin(me.user.id, me.member?.playerId ?? null);
    },

    async paymentsOf(actor: SessionUser | null, playerId: string) {
      await assertMayAccess(actor, playerId);
      return paymentsFor(playerId);
    },

    /** A payment request: a charge to the member's payer, who is notified and mailed (with their reference and the bank details). */
    async addPayment(actor: SessionUser | null, playerId: string, input: PaymentCreateInput) {
      await assertAdmin(actor);
      await assertMayAccess(actor, playerId);
      return db.transaction(async (tx) => {
        const [member] = await ctx.memberForCharge(tx, playerId);
        const payer = await payerFor(tx, member);
        const [id] = await writeCharges(tx, actor!, [
          {
            payer_user_id: payer,
            player_id: playerId,
            team_id: await currentTeamOf(tx, playerId),
            category: chargeCategoryOf(input.payment_type),
            description: input.description,
            label: input.payment_type,
            amount_pence: Math.round(input.amount * 100),
            due_date: input.due_date ?? todayIso(),
          },
        ]);
        if (input.status === 'paid') {
          // Paid by hand: what the payer's credit has not paid already, with a receipt to them (issue 31).
          const [owing] = await chargeViews(tx, eq(charges.id, id));
          const entry = owing.outstanding_pence > 0 ? await payByHand(tx, actor!, { id, payer_user_id: payer }, owing.outstanding_pence) : null;
          if (entry && payer) await mailReceipts(tx, ctx, [{ payer_id: payer, how: 'hand', entries: [entry] }]);
        }
        if (input.status === 'overdue') await tx.insert(chargeOverdueMarks).values({ charge_id: id, marked_by_name: actor!.full_name });
        const [view] = await chargeViews(tx, eq(charges.id, id));
        // The member is told in the portal when they pay themself; when a parent or carer pays for a
        // junior, the child is not, the adults who look after them are (and the payer is mailed).
        if (view.status !== 'paid') {
          const note = {
            kind: 'payment',
            title: `New payment request: ${view.description}`,
            body: `${formatPounds(view.amount_pence / 100)} due ${formatDateGB(view.due_date)}`,
            link: '/players-area/payments',
          };
          await notifyPlayer(tx, playerId, note, { child: payer === null || payer === member.user_id });
        }
        if (view.status !== 'paid') await mailNewCharges(tx, ctx, [id]);
        return toPayment(view);
      });
    },

    /** Paid records a payment entry for what is outstanding; back to outstanding (or overdue) reverses the payments. */
    async setPaymentStatus(actor: SessionUser | null, playerId: string, paymentId: string, status: PaymentStatus) {
      await assertAdmin(actor);
      await assertMayAccess(actor, playerId);
      if (!isUuid(paymentId)) throw notFound('Payment not found');
      return db.transaction(async (tx) => {
        const [charge] = await tx
          .select()
          .from(charges)
          .where(and(eq(charges.id, paymentId), eq(charges.player_id, playerId)))
          .for('update');
        if (!charge) throw notFound('Payment not found');
        const [view] = await chargeViews(tx, eq(charges.id, charge.id));
        if (view.reversed) throw notFound('Payment not found');
        if (status === 'paid' && view.outstanding_pence > 0) {
          const entry = await payByHand(tx, actor!, charge, view.outstanding_pence);
          // A receipt to whoever pays (issue 31); nobody to tell while the charge has no payer.
          if (charge.payer_user_id) await mailReceipts(tx, ctx, [{ payer_id: charge.payer_user_id, how: 'hand', entries: [entry] }]);
        } else if (status !== 'paid' && view.paid_pence > 0) {
          await unpayCharge(tx, actor!, charge.id, `Marked unpaid by ${actor!.full_name}`);
        }
        // Overdue is a mark on the list, kept beside the ledger; any other status clears it.
        if (status === 'overdue') await tx.insert(chargeOverdueMarks).values({ charge_id: charge.id, marked_by_name: actor!.full_name }).onConflictDoNothing();
        else await tx.delete(chargeOverdueMarks).where(eq(chargeOverdueMarks.charge_id, charge.id));
        const [after] = await chargeViews(tx, eq(charges.id, charge.id));
        return toPayment(after);
      });
    },
  };
}
