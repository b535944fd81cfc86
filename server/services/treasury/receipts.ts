/**
 * Receipts (issue 31): when money is matched to a payer (a statement's lines matched by reference at
 * commit, a line the treasurer allocates, a payment recorded by hand), the payer is mailed what was
 * paid, for whom, and what is left: one receipt per payer per event. It is written to the outbox in
 * the same transaction as the entries, keyed by the payment's first entry: a retried commit writes
 * no entries and so no second receipt, and a rolled-back one takes its receipt with it.
 */
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { charges, ledgerEntries, payerReferences } from '../../db/schema';
import { paymentReceipt } from '../../mail/templates';
import type { ReceiptItem } from '../../mail/templates/payment-receipt';
import { bankDetails, referenceOf, type TreasuryContext } from './context';
import { chargeViews } from './ledger';

type Entry = Pick<typeof ledgerEntries.$inferSelect, 'id' | 'kind' | 'payer_user_id' | 'charge_id' | 'amount_pence' | 'occurred_on'>;

/** One payment received: its entries (payments to charges, and any credit), all for one payer. */
export interface ReceivedPayment {
  payer_id: string;
  how: 'bank' | 'hand';
  entries: Entry[];
}

/** What each payer still owes on their charges in all, now. */
async function owedBy(tx: DbOrTx, payerIds: string[]) {
  const rows = await tx
    .select({ payer: ledgerEntries.payer_user_id, owed: sql<number>`coalesce(sum(${ledgerEntries.amount_pence}), 0)::int` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.payer_user_id, payerIds), isNotNull(ledgerEntries.charge_id)))
    .groupBy(ledgerEntries.payer_user_id);
  return new Map(rows.map((r) => [r.payer!, r.owed]));
}

/** A commit's entries as one payment per payer: a receipt each, however many of their transfers the statement held. */
export function paymentsByPayer(entries: Entry[], how: ReceivedPayment['how']): ReceivedPayment[] {
  const byPayer = new Map<string, ReceivedPayment>();
  for (const entry of entries) {
    if (!entry.payer_user_id) continue;
    const payment = byPayer.get(entry.payer_user_id) ?? { payer_id: entry.payer_user_id, how, entries: [] };
    payment.entries.push(entry);
    byPayer.set(entry.payer_user_id, payment);
  }
  return [...byPayer.values()];
}

/** The payers' references, read together (made for one who has none yet). */
async function referencesOf(tx: DbOrTx, payerIds: string[]) {
  const rows = await tx.select().from(payerReferences).where(inArray(payerReferences.payer_user_id, payerIds));
  const found = new Map(rows.map((r) => [r.payer_user_id!, r.reference]));
  for (const id of payerIds) if (!found.has(id)) found.set(id, await referenceOf(tx, id));
  return found;
}

/** A receipt to each payer for each payment, through the outbox, once (the dedupe key is the payment's first entry). */
export async function mailReceipts(tx: DbOrTx, ctx: Pick<TreasuryContext, 'mail'>, payments: ReceivedPayment[]) {
  const received = payments.filter((p) => p.entries.some((e) => e.kind === 'payment' || e.kind === 'credit'));
  if (received.length === 0) return 0;
  const chargeIds = [...new Set(received.flatMap((p) => p.entries.map((e) => e.charge_id).filter((id): id is string => id !== null)))];
  const views = new Map((chargeIds.length ? await chargeViews(tx, inArray(charges.id, chargeIds)) : []).map((c) => [c.id, c]));
  const payers = [...new Set(received.map((p) => p.payer_id))];
  const owed = await owedBy(tx, payers);
  const references = await referencesOf(tx, payers);
  const bank = await bankDetails(tx);
  let sent = 0;
  for (const payment of received) {
    // One line per charge, however many of the payer's transfers went to it.
    const items = new Map<string, ReceiptItem>();
    let credit = 0;
    for (const entry of payment.entries) {
      if (entry.kind === 'credit') credit -= entry.amount_pence;
      const charge = entry.kind === 'payment' && entry.charge_id ? views.get(entry.charge_id) : undefined;
      if (!charge) continue;
      const item = items.get(charge.id) ?? { description: charge.description, memberName: charge.member_name ?? undefined, paid: 0, left: charge.outstanding_pence / 100 };
      item.paid = (Math.round(item.paid * 100) - entry.amount_pence) / 100;
      items.set(charge.id, item);
    }
    const amount = -payment.entries.reduce((sum, e) => sum + e.amount_pence, 0);
    const first = [...payment.entries].sort((a, b) => a.id.localeCompare(b.id))[0]!;
    const queued = await ctx.mail.toUser(tx, payment.payer_id, {
      template: paymentReceipt,
      data: {
        amount: amount / 100,
        receivedOn: [...new Set(payment.entries.map((e) => e.occurred_on))].sort(),
        how: payment.how,
        items: [...items.values()],
        credit: credit / 100,
        stillOwed: Math.max(0, owed.get(payment.payer_id) ?? 0) / 100,
        reference: references.get(payment.payer_id)!,
        ...bank,
      },
      dedupeKey: `payment-receipt:${first.id}`,
    });
    if (queued) sent++;
  }
  return sent;
}
