/**
 * Receipts (issue 31): when money is matched to a payer (a statement line matched by its reference
 * at commit, a line the treasurer allocates, a payment recorded by hand), the payer is mailed what
 * was paid, for whom, and what is left. The mail is written to the outbox in the same transaction
 * as the entries, keyed by the payment's first entry: a retried commit writes no entries and so no
 * second receipt, and a rolled-back one takes its receipt with it.
 */
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { charges, ledgerEntries } from '../../db/schema';
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

/** Group a commit's entries into one payment per bank line. */
export function paymentsByLine(entries: (Entry & { bank_line_id: string | null })[]): ReceivedPayment[] {
  const byLine = new Map<string, ReceivedPayment>();
  for (const entry of entries) {
    if (!entry.bank_line_id || !entry.payer_user_id) continue;
    const payment = byLine.get(entry.bank_line_id) ?? { payer_id: entry.payer_user_id, how: 'bank' as const, entries: [] };
    payment.entries.push(entry);
    byLine.set(entry.bank_line_id, payment);
  }
  return [...byLine.values()];
}

/** A receipt to each payer for each payment, through the outbox, once (the dedupe key is the payment's first entry). */
export async function mailReceipts(tx: DbOrTx, ctx: Pick<TreasuryContext, 'mail'>, payments: ReceivedPayment[]) {
  const received = payments.filter((p) => p.entries.some((e) => e.kind === 'payment' || e.kind === 'credit'));
  if (received.length === 0) return 0;
  const chargeIds = [...new Set(received.flatMap((p) => p.entries.map((e) => e.charge_id).filter((id): id is string => id !== null)))];
  const views = new Map((chargeIds.length ? await chargeViews(tx, inArray(charges.id, chargeIds)) : []).map((c) => [c.id, c]));
  const owed = await owedBy(tx, [...new Set(received.map((p) => p.payer_id))]);
  const bank = await bankDetails(tx);
  let sent = 0;
  for (const payment of received) {
    const items: ReceiptItem[] = [];
    let credit = 0;
    for (const entry of payment.entries) {
      if (entry.kind === 'credit') credit -= entry.amount_pence;
      const charge = entry.kind === 'payment' && entry.charge_id ? views.get(entry.charge_id) : undefined;
      if (!charge) continue;
      items.push({ description: charge.description, memberName: charge.member_name ?? undefined, paid: -entry.amount_pence / 100, left: charge.outstanding_pence / 100 });
    }
    const amount = -payment.entries.reduce((sum, e) => sum + e.amount_pence, 0);
    const first = [...payment.entries].sort((a, b) => a.id.localeCompare(b.id))[0]!;
    const queued = await ctx.mail.toUser(tx, payment.payer_id, {
      template: paymentReceipt,
      data: {
        amount: amount / 100,
        receivedOn: first.occurred_on,
        how: payment.how,
        items,
        credit: credit / 100,
        stillOwed: Math.max(0, owed.get(payment.payer_id) ?? 0) / 100,
        reference: await referenceOf(tx, payment.payer_id),
        ...bank,
      },
      dedupeKey: `payment-receipt:${first.id}`,
    });
    if (queued) sent++;
  }
  return sent;
}
