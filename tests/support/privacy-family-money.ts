/**
 * The privacy family's money (tests/support/privacy-family.ts), written with the treasury's own
 * ledger primitives so the rows are what the app stores (ADR 040): Priya's payer reference, a charge
 * to her for each child, a bank payment from "P OKONKWO-HALE" allocated to Tobi's, a payment by hand
 * on Ada's reversed as a mistake, Ada's charge marked overdue, and an unplaced bank line naming
 * Priya as its possible payer.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { bankImports, bankLines, chargeOverdueMarks, charges, ledgerEntries } from '../../server/db/schema';
import { referenceOf } from '../../server/services/treasury/context';
import { payByHand, receiveMoney, reverseEntry, writeCharges } from '../../server/services/treasury/ledger';
import type { SeededPeople } from './privacy-family';
import { randomHash, type OtherFamily } from './privacy-other-family';

export const FAMILY_BANK_COUNTERPARTY = 'P OKONKWO-HALE';
export const FAMILY_UNMATCHED_COUNTERPARTY = 'MRS PRIYA OKONKWO-HALE';

export async function seedFamilyMoney(db: Db, people: SeededPeople, other: OtherFamily) {
  const { parent, children } = people;
  const [tobi, ada] = children;
  // The treasurer (the other family's Dario) does the club's books.
  const actor = { id: other.parent.userId, full_name: other.parent.name };
  return db.transaction(async (tx) => {
    const reference = await referenceOf(tx, parent.userId);
    const [tobiCharge, adaCharge] = await writeCharges(tx, actor, [
      { payer_user_id: parent.userId, player_id: tobi.playerId, team_id: tobi.teamId, category: 'subs', description: 'Autumn term subs', amount_pence: 4500, due_date: '2026-10-01' },
      { payer_user_id: parent.userId, player_id: ada.playerId, team_id: ada.teamId, category: 'subs', description: 'Autumn term subs', amount_pence: 3000, due_date: '2026-10-01' },
    ]);
    const bankReference = `${reference} TOBI SUBS`;
    const [imported] = await tx
      .insert(bankImports)
      .values({
        file_name: 'statement-2026-10.csv',
        file_hash: randomHash(),
        layout: 'starling',
        status: 'committed',
        uploaded_by: actor.id,
        uploaded_by_name: actor.full_name,
        lines_read: 2,
        incoming_pence: 7500,
        outgoing_pence: 0,
        duplicates: 0,
        preview: {
          lines: [
            { row: 2, counterparty: FAMILY_BANK_COUNTERPARTY, reference: bankReference, pence: 4500 },
            { row: 3, counterparty: FAMILY_UNMATCHED_COUNTERPARTY, reference: 'ADA WRENS', pence: 3000 },
          ],
        },
        lines_added: 2,
        committed_at: new Date(),
        committed_by_name: actor.full_name,
      })
      .returning();
    const [line] = await tx
      .insert(bankLines)
      .values({
        import_id: imported!.id,
        fingerprint: randomHash(),
        row: 2,
        date: '2026-10-02',
        amount_pence: 4500,
        counterparty: FAMILY_BANK_COUNTERPARTY,
        reference: bankReference,
        description: 'FASTER PAYMENT',
        status: 'allocated',
        payer_user_id: parent.userId,
        decided_by_name: actor.full_name,
        decided_at: new Date(),
      })
      .returning();
    // A second payment the treasurer has not placed yet: Priya is its possible payer (her name is in its text).
    await tx.insert(bankLines).values({
      import_id: imported!.id,
      fingerprint: randomHash(),
      row: 3,
      date: '2026-11-20',
      amount_pence: 3000,
      counterparty: FAMILY_UNMATCHED_COUNTERPARTY,
      reference: 'ADA WRENS',
      description: 'FASTER PAYMENT',
      status: 'unmatched',
      candidates: [parent.userId],
    });
    await receiveMoney(tx, actor, { payer_id: parent.userId, amount_pence: 4500, date: '2026-10-02', bank_line_id: line!.id, allocations: [{ charge_id: tobiCharge!, pence: 4500 }] });
    const [adaCharge_] = await tx.select().from(charges).where(eq(charges.id, adaCharge!));
    const byHand = await payByHand(tx, actor, adaCharge_!, 3000);
    await reverseEntry(tx, actor, byHand, 'Marked paid by mistake: the cash was for the raffle');
    await tx.insert(chargeOverdueMarks).values({ charge_id: adaCharge!, marked_by_name: actor.full_name });
    const entries = await tx.select({ id: ledgerEntries.id }).from(ledgerEntries).where(eq(ledgerEntries.payer_user_id, parent.userId));
    return { chargeIds: [tobiCharge!, adaCharge!], ledgerEntryIds: entries.map((e) => e.id), reference, texts: [FAMILY_BANK_COUNTERPARTY, FAMILY_UNMATCHED_COUNTERPARTY] };
  });
}
