/**
 * Statement import: the treasurer uploads the bank's CSV; the preview (lines read, incoming total,
 * duplicates, failed rows, what would be allocated, suggested or left unmatched) writes no ledger
 * row; the commit writes the new lines and their allocations and credits in one transaction, once.
 */
import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { ColumnMappingSchema, type ImportPreview } from '../../../shared/contracts/treasury';
import { DomainError, conflict, invalid, notFound } from '../../../shared/errors';
import type { SessionUser } from '../../../shared/roles';
import type { DbOrTx } from '../../db/client';
import { bankImports, bankLines, ledgerEntries, statementMappings } from '../../db/schema';
import { matchLines, type LineDecision, type LineForMatching } from '../../treasury/matching';
import { parseStatement, UnknownLayoutError, type ColumnMapping } from '../../treasury/statement/parse';
import { normaliseHeader } from '../../treasury/statement/presets';
import { parseInput } from '../checks';
import { isUuid } from '../ids';
import { referencePrefix, type TreasuryContext } from './context';
import { candidateFinder, matchingPayers } from './payers';
import { openChargesOf, type Actor } from './ledger';
import { mailReceipts, paymentsByPayer } from './receipts';

export const IMPORT_NOT_FOUND = 'No statement import has this id.';
/** The largest statement read at once. */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

/** An unknown header row: 422 with the headers, so the page can offer the column mapping. */
export class UnknownLayout extends DomainError {
  constructor(readonly headers: string[]) {
    super('invalid', 'This file’s columns do not match a bank we know. Say which column is the date, the amount (or paid in and paid out) and the text.');
  }
}

type StoredLine = ImportPreview['lines'][number] & {
  fingerprint: string;
  balance_pence: number | null;
  allocations?: { charge_id: string; pence: number }[];
  credit_pence?: number;
};
interface StoredPreview {
  failed: { row: number; reason: string }[];
  lines: StoredLine[];
}

const headersKey = (headers: string[]) => headers.map(normaliseHeader).join('|');
const REASONS = {
  reference_typo: 'The reference is one character away from this payer’s',
  name_and_amount: 'Their name and the exact amount of an open charge',
} as const;
/** Why a line was matched, in the treasurer's words. */
const reasonOf = (d: LineDecision) => (d.kind === 'suggested' ? REASONS[d.reason] : d.kind === 'allocated' ? 'Their reference' : null);

/** Reads the file: a preset, the mapping given (then saved for this bank's header row), or the one saved before. */
async function readStatement(tx: DbOrTx, actor: Actor, bytes: Uint8Array, mappingJson: string | undefined) {
  const input = Buffer.from(bytes);
  let mapping: ColumnMapping | undefined;
  if (mappingJson !== undefined && mappingJson.trim() !== '') {
    let raw: unknown;
    try {
      raw = JSON.parse(mappingJson);
    } catch {
      throw invalid('The column mapping is not valid JSON.', [{ field: 'mapping', message: 'The column mapping is not valid JSON.' }]);
    }
    mapping = parseInput(ColumnMappingSchema, raw) as ColumnMapping;
  }
  try {
    const parsed = parseStatement(input, mapping);
    if (mapping) {
      const key = headersKey(parsed.headers);
      await tx
        .insert(statementMappings)
        .values({ headers_key: key, mapping, created_by_name: actor.full_name })
        .onConflictDoUpdate({ target: [statementMappings.club_id, statementMappings.headers_key], set: { mapping, created_by_name: actor.full_name } });
    }
    return parsed;
  } catch (error) {
    if (!(error instanceof UnknownLayoutError)) throw invalid(`The file could not be read as a bank statement: ${(error as Error).message}`);
    if (!mapping) {
      const [saved] = await tx
        .select()
        .from(statementMappings)
        .where(eq(statementMappings.headers_key, headersKey(error.headers)));
      if (saved) return parseStatement(input, saved.mapping as ColumnMapping);
    }
    throw new UnknownLayout(error.headers);
  }
}

/** Matches the lines against the payers and their open charges now. */
async function decide(tx: DbOrTx, lines: LineForMatching[]) {
  const payers = await matchingPayers(tx);
  const open = await openChargesOf(tx, 'all');
  const decisions = matchLines(lines, referencePrefix(), payers, open);
  const names = new Map(payers.map((p) => [p.payer_id, p.names[0] ?? '']));
  return { decisions, names, payers };
}

function toAnswer(row: typeof bankImports.$inferSelect): ImportPreview {
  const preview = row.preview as StoredPreview;
  const count = (kind: string) => preview.lines.filter((l) => !l.duplicate && l.decision === kind).length;
  return {
    id: row.id,
    file_name: row.file_name,
    layout: row.layout,
    status: row.status,
    lines_read: row.lines_read,
    incoming_pence: row.incoming_pence,
    outgoing_pence: row.outgoing_pence,
    duplicates: row.duplicates,
    failed: preview.failed,
    new_lines: preview.lines.filter((l) => !l.duplicate).length,
    allocated: count('allocated'),
    suggested: count('suggested'),
    unmatched: count('unmatched'),
    outgoing: count('outgoing'),
    lines: preview.lines.map(({ fingerprint: _f, balance_pence: _b, allocations: _a, credit_pence: _c, ...line }) => line),
    committed_at: row.committed_at?.toISOString() ?? null,
    lines_added: row.lines_added,
  };
}

/** Serialises commits with each other and with hand allocations (which take it shared). */
export const lockTreasury = (tx: DbOrTx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('treasury:commit'))`);

/** Reads and matches a statement, and keeps the preview (no bank line, no ledger row). */
async function writePreview(tx: DbOrTx, user: Actor, file: { name: string; bytes: Uint8Array }, mappingJson: string | undefined) {
  const parsed = await readStatement(tx, user, file.bytes, mappingJson);
  const seen = new Set<string>();
  const fingerprints = parsed.lines.map((l) => l.fingerprint);
  const committed = new Set<string>();
  for (let i = 0; i < fingerprints.length; i += 1000) {
    const rows = await tx
      .select({ f: bankLines.fingerprint })
      .from(bankLines)
      .where(inArray(bankLines.fingerprint, fingerprints.slice(i, i + 1000)));
    for (const r of rows) committed.add(r.f);
  }
  const isDuplicate = parsed.lines.map((l) => {
    const dup = committed.has(l.fingerprint) || seen.has(l.fingerprint);
    seen.add(l.fingerprint);
    return dup;
  });
  const fresh = parsed.lines.filter((_, i) => !isDuplicate[i]);
  const { decisions, names } = await decide(tx, fresh);
  let next = 0;
  const lines: StoredLine[] = parsed.lines.map((line, i) => {
    const decision = isDuplicate[i] ? null : decisions[next++];
    const payer = decision && 'payer_id' in decision ? decision.payer_id : null;
    return {
      row: line.row,
      date: line.date,
      counterparty: line.counterparty,
      reference: line.reference,
      description: line.description,
      amount_pence: line.amount_pence,
      balance_pence: line.balance_pence,
      fingerprint: line.fingerprint,
      duplicate: isDuplicate[i],
      decision: decision?.kind ?? (line.amount_pence > 0 ? 'unmatched' : 'outgoing'),
      payer_id: payer,
      payer_name: payer ? (names.get(payer) ?? null) : null,
      reason: decision ? reasonOf(decision) : null,
    };
  });
  const [row] = await tx
    .insert(bankImports)
    .values({
      file_name: file.name.slice(0, 200) || 'statement.csv',
      file_hash: createHash('sha256').update(file.bytes).digest('hex'),
      layout: parsed.layout,
      uploaded_by: user.id,
      uploaded_by_name: user.full_name,
      lines_read: parsed.lines.length,
      incoming_pence: parsed.incoming_pence,
      outgoing_pence: parsed.outgoing_pence,
      duplicates: isDuplicate.filter(Boolean).length,
      preview: { failed: parsed.failed, lines } satisfies StoredPreview,
    })
    .returning();
  return toAnswer(row);
}

/** Adds an import's lines not committed before, matched against the ledger now, with their entries. */
async function writeLines(tx: DbOrTx, ctx: Pick<TreasuryContext, 'mail'>, user: Actor, row: typeof bankImports.$inferSelect) {
  const preview = row.preview as StoredPreview;
  const candidates = preview.lines.filter((l) => !l.duplicate);
  const taken = new Set<string>();
  for (let i = 0; i < candidates.length; i += 1000) {
    const rows = await tx
      .select({ f: bankLines.fingerprint })
      .from(bankLines)
      .where(
        inArray(
          bankLines.fingerprint,
          candidates.slice(i, i + 1000).map((l) => l.fingerprint),
        ),
      );
    for (const r of rows) taken.add(r.f);
  }
  const fresh = candidates.filter((l) => !taken.has(l.fingerprint));
  const { decisions, payers, names } = await decide(tx, fresh);
  const candidatesFor = candidateFinder(payers);
  const byFingerprint = new Map<string, StoredLine>();
  const values = fresh.map((line, i) => {
    const d = decisions[i];
    // Matched again now: the ledger may have changed since the preview (another import, a hand allocation).
    const payer = 'payer_id' in d ? d.payer_id : null;
    const stored: StoredLine = { ...line, decision: d.kind, payer_id: payer, payer_name: payer ? (names.get(payer) ?? null) : null, reason: reasonOf(d) };
    if (d.kind === 'allocated') Object.assign(stored, { allocations: d.allocations, credit_pence: d.credit_pence });
    byFingerprint.set(line.fingerprint, stored);
    return {
      import_id: row.id,
      fingerprint: line.fingerprint,
      row: line.row,
      date: line.date,
      amount_pence: line.amount_pence,
      counterparty: line.counterparty,
      reference: line.reference,
      description: line.description,
      balance_pence: line.balance_pence,
      status: d.kind,
      payer_user_id: stored.payer_id,
      reason: stored.reason,
      candidates: d.kind === 'unmatched' ? candidatesFor(`${line.counterparty} ${line.description}`) : stored.payer_id ? [stored.payer_id] : [],
      decided_by_name: d.kind === 'allocated' ? 'Matched by reference' : null,
    };
  });
  const entries: (typeof ledgerEntries.$inferInsert)[] = [];
  let added = 0;
  for (let i = 0; i < values.length; i += 1000) {
    const inserted = await tx
      .insert(bankLines)
      .values(values.slice(i, i + 1000))
      .onConflictDoNothing({ target: [bankLines.club_id, bankLines.fingerprint] })
      .returning({ id: bankLines.id, fingerprint: bankLines.fingerprint });
    added += inserted.length;
    for (const line of inserted) {
      const stored = byFingerprint.get(line.fingerprint)!;
      if (stored.decision !== 'allocated' || !stored.payer_id) continue;
      const by = {
        payer_user_id: stored.payer_id,
        bank_line_id: line.id,
        occurred_on: stored.date,
        created_by: user.id,
        created_by_name: user.full_name,
      };
      for (const a of stored.allocations ?? []) entries.push({ ...by, kind: 'payment', charge_id: a.charge_id, amount_pence: -a.pence });
      if ((stored.credit_pence ?? 0) > 0) entries.push({ ...by, kind: 'credit', amount_pence: -stored.credit_pence!, reason: 'More than was owed' });
    }
  }
  const written: (typeof ledgerEntries.$inferSelect)[] = [];
  for (let i = 0; i < entries.length; i += 1000) written.push(...(await tx.insert(ledgerEntries).values(entries.slice(i, i + 1000)).returning()));
  // A receipt to each payer matched now (issue 31), in this transaction: a commit answered again writes none.
  await mailReceipts(tx, ctx, paymentsByPayer(written, 'bank'));
  const lines = preview.lines.map((l) => byFingerprint.get(l.fingerprint) ?? { ...l, duplicate: true });
  const [done] = await tx
    .update(bankImports)
    .set({
      status: 'committed',
      committed_at: new Date(),
      committed_by_name: user.full_name,
      lines_added: added,
      preview: { failed: preview.failed, lines },
    })
    .where(eq(bankImports.id, row.id))
    .returning();
  if (!done) throw conflict('The import changed while it was being committed; please try again.');
  return done;
}

export function importUseCases(ctx: TreasuryContext) {
  const { db, assertTreasurer } = ctx;
  return {
    /** POST /api/treasury/imports: reads and matches the file; writes the preview only. */
    async previewImport(actor: SessionUser | null, file: { name: string; bytes: Uint8Array }, mappingJson?: string): Promise<ImportPreview> {
      const user = await assertTreasurer(actor);
      if (file.bytes.byteLength === 0) throw invalid('The file is empty: export the statement from your bank as CSV and upload that.');
      if (file.bytes.byteLength > MAX_STATEMENT_BYTES) throw invalid('The statement is over 5 MB: export a shorter period.');
      return db.transaction((tx) => writePreview(tx, user, file, mappingJson));
    },

    async getImport(actor: SessionUser | null, id: string) {
      await assertTreasurer(actor);
      if (!isUuid(id)) throw notFound(IMPORT_NOT_FOUND);
      const [row] = await db.select().from(bankImports).where(eq(bankImports.id, id));
      if (!row) throw notFound(IMPORT_NOT_FOUND);
      return toAnswer(row);
    },

    /**
     * POST /api/treasury/imports/{id}/commit: adds the lines not committed before (by fingerprint),
     * matched again against the ledger as it is now, with their allocations and credits. A second
     * commit of the same import answers the first one's result and writes nothing.
     */
    async commitImport(actor: SessionUser | null, id: string) {
      const user = await assertTreasurer(actor);
      if (!isUuid(id)) throw notFound(IMPORT_NOT_FOUND);
      return db.transaction(async (tx) => {
        await lockTreasury(tx);
        const [row] = await tx.select().from(bankImports).where(eq(bankImports.id, id)).for('update');
        if (!row) throw notFound(IMPORT_NOT_FOUND);
        if (row.status === 'committed') return toAnswer(row);
        return toAnswer(await writeLines(tx, ctx, user, row));
      });
    },
  };
}
