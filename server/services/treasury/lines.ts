/** The bank lines the treasurer decides: allocate by hand (a suggestion confirmed, or found by name), ignore, or undo an allocation. */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { allocateLineSchema, lineListQuerySchema, reversalSchema, type BankLine } from '../../../shared/contracts/treasury';
import { conflict, invalid, notFound } from '../../../shared/errors';
import type { SessionUser } from '../../../shared/roles';
import { bankLines, ledgerEntries, users } from '../../db/schema';
import { parseInput } from '../checks';
import { isUuid } from '../ids';
import type { TreasuryContext } from './context';
import { checkAllocations, liveEntries, lockPayer, openChargesOf, receiveMoney, reverseEntry } from './ledger';
import { searchPayers } from './payers';
import { mailReceipts } from './receipts';

export const LINE_NOT_FOUND = 'No bank line has this id.';
export const NO_SUCH_PAYER = 'No login has this id: choose the payer from the search.';

const payerName = sql<string | null>`(select u.full_name from ${users} u where u.id = "bank_lines"."payer_user_id")`;

function toLine(row: typeof bankLines.$inferSelect & { payer_name: string | null }): BankLine {
  return {
    id: row.id,
    import_id: row.import_id,
    date: row.date,
    counterparty: row.counterparty,
    reference: row.reference,
    description: row.description,
    amount_pence: row.amount_pence,
    status: row.status,
    payer_id: row.payer_user_id,
    payer_name: row.payer_name,
    reason: row.reason,
    decided_by: row.decided_by_name,
  };
}

export function lineUseCases(ctx: TreasuryContext) {
  const { db, assertTreasurer } = ctx;

  async function lineView(tx: Pick<typeof db, 'select'>, id: string) {
    const [row] = await tx.select({ line: bankLines, payer_name: payerName }).from(bankLines).where(eq(bankLines.id, id));
    return row ? toLine({ ...row.line, payer_name: row.payer_name }) : undefined;
  }

  /** The line, locked for the decision; 404 for an unknown id. */
  async function lockLine(tx: Pick<typeof db, 'select'>, id: string) {
    if (!isUuid(id)) throw notFound(LINE_NOT_FOUND);
    const [line] = await tx.select().from(bankLines).where(eq(bankLines.id, id)).for('update');
    if (!line) throw notFound(LINE_NOT_FOUND);
    return line;
  }

  return {
    /** GET /api/treasury/lines?status=: newest first. */
    async listLines(actor: SessionUser | null, query: unknown): Promise<BankLine[]> {
      await assertTreasurer(actor);
      const { status } = parseInput(lineListQuerySchema, query);
      const rows = await db
        .select({ line: bankLines, payer_name: payerName })
        .from(bankLines)
        .where(status ? eq(bankLines.status, status) : undefined)
        .orderBy(desc(bankLines.date), asc(bankLines.row))
        .limit(2000);
      return rows.map((r) => toLine({ ...r.line, payer_name: r.payer_name }));
    },

    /**
     * POST /api/treasury/lines/{id}/allocate: money in, unmatched or suggested, to a payer: to the
     * charges named, else their open charges earliest due first; what is left is credit.
     */
    async allocateLine(actor: SessionUser | null, id: string, input: unknown) {
      const user = await assertTreasurer(actor);
      const data = parseInput(allocateLineSchema, input);
      return db.transaction(async (tx) => {
        const line = await lockLine(tx, id);
        if (line.amount_pence <= 0) throw invalid('Money going out is not a payment: it cannot be allocated to a payer.');
        if (line.status === 'allocated') throw conflict('This line is allocated already: undo that first (POST …/reversal), then allocate it again.');
        const [payer] = await tx.select({ id: users.id }).from(users).where(eq(users.id, data.payer_id));
        if (!payer) throw invalid(NO_SUCH_PAYER, [{ field: 'payer_id', message: NO_SUCH_PAYER }]);
        // The payer's charges cannot change between the checks below and the payment.
        await lockPayer(tx, data.payer_id);
        if (data.allocations) {
          const open = await openChargesOf(tx, [data.payer_id]);
          checkAllocations(open, data.allocations);
          const total = data.allocations.reduce((sum, a) => sum + a.pence, 0);
          if (total > line.amount_pence)
            throw invalid('The allocations add up to more than the line’s amount.', [{ field: 'allocations', message: 'More than the line' }]);
        }
        const reason = line.status === 'suggested' && line.payer_user_id === data.payer_id ? 'Suggestion confirmed' : 'Allocated by hand';
        const received = await receiveMoney(tx, user, {
          payer_id: data.payer_id,
          amount_pence: line.amount_pence,
          date: line.date,
          bank_line_id: line.id,
          allocations: data.allocations,
          reason,
        });
        await tx
          .update(bankLines)
          .set({ status: 'allocated', payer_user_id: data.payer_id, reason, decided_by_name: user.full_name, decided_at: new Date() })
          .where(eq(bankLines.id, line.id));
        await mailReceipts(tx, ctx, [{ payer_id: data.payer_id, how: 'bank', entries: received.entries }]);
        return (await lineView(tx, line.id))!;
      });
    },

    /** POST /api/treasury/lines/{id}/ignore: money in that is not a member's payment (a grant, bar takings). */
    async ignoreLine(actor: SessionUser | null, id: string, input: unknown) {
      const user = await assertTreasurer(actor);
      const { reason } = parseInput(reversalSchema, input);
      return db.transaction(async (tx) => {
        const line = await lockLine(tx, id);
        if (line.status !== 'unmatched' && line.status !== 'suggested') throw conflict('Only an unmatched or suggested line can be set aside.');
        await tx
          .update(bankLines)
          .set({ status: 'ignored', payer_user_id: null, reason, decided_by_name: user.full_name, decided_at: new Date() })
          .where(eq(bankLines.id, line.id));
        return (await lineView(tx, line.id))!;
      });
    },

    /**
     * POST /api/treasury/lines/{id}/reversal: an allocation was wrong. Every entry it made is
     * reversed (new rows, with who and why) and the line is unmatched again.
     */
    async reverseLine(actor: SessionUser | null, id: string, input: unknown) {
      const user = await assertTreasurer(actor);
      const { reason } = parseInput(reversalSchema, input);
      return db.transaction(async (tx) => {
        const line = await lockLine(tx, id);
        if (line.status !== 'allocated') throw conflict('Only an allocated line can be undone.');
        for (const entry of await liveEntries(tx, eq(ledgerEntries.bank_line_id, line.id), ['payment', 'credit'])) await reverseEntry(tx, user, entry, reason);
        await tx
          .update(bankLines)
          .set({ status: 'unmatched', payer_user_id: null, reason, decided_by_name: user.full_name, decided_at: new Date() })
          .where(eq(bankLines.id, line.id));
        return (await lineView(tx, line.id))!;
      });
    },

    /** GET /api/treasury/payers?q=: payers by their name or a member's they pay for (hand allocation). */
    async searchPayers(actor: SessionUser | null, q: string) {
      await assertTreasurer(actor);
      return searchPayers(db, q);
    },
  };
}
