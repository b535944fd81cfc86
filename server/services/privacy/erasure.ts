/**
 * Erasure in two steps (issue 34, docs/decisions/060-erasure-and-pseudonyms.md): the preview counts
 * what the erasure would do, table by table; the erasure does exactly that in one transaction. Both
 * run the plan the data map gives (erasure-plan.ts), so the counts shown are the counts done.
 */
import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailSuppressions, erasures, uploads } from '../../db/schema';
import { hashAddress } from './suppression';
import type { MappedTable } from '../../privacy/types';
import { planErasure, type ErasureStep, type StepKind } from './erasure-plan';
import type { ErasureSubjects } from './erasure-subject';
import { erasureReport, type ErasureReport, type TableCount } from './erasure-report';

export type { ErasureReport } from './erasure-report';

/** The last day of the financial year a date falls in (the club's year ends 31 August), plus six years. */
export function keptUntil(dateIso: string): string {
  const [year, month] = dateIso.split('-').map(Number);
  return `${(month > 8 ? year + 1 : year) + 6}-08-31`;
}

/** "Former member 7f3a": 4 to 6 hex characters from the request's id, unique among erasures. */
export async function pseudonymFor(db: DbOrTx, seed: string): Promise<string> {
  const hex = createHash('sha256').update(seed).digest('hex');
  for (let length = 4; length <= 6; length += 1) {
    for (let at = 0; at + length <= hex.length; at += length) {
      const candidate = `Former member ${hex.slice(at, at + length)}`;
      const taken = await db.select({ p: erasures.pseudonym }).from(erasures).where(inArray(erasures.pseudonym, [candidate]));
      if (taken.length === 0) return candidate;
    }
  }
  throw new Error('No free pseudonym');
}


/** The uploads that are the subjects' own: their photos and the documents for them only. */
async function uploadsOf(db: DbOrTx, subjects: ErasureSubjects): Promise<string[]> {
  if (subjects.playerIds.length === 0) return [];
  const ids = sql`ARRAY[${sql.join(subjects.playerIds.map((id) => sql`${id}::uuid`), sql`, `)}]::uuid[]`;
  const rows = await db.execute<{ id: string }>(sql`
    SELECT u.id FROM uploads u
    WHERE (u.id IN (SELECT d.upload_id FROM documents d WHERE d.player_id = ANY(${ids}) AND d.upload_id IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM documents d WHERE d.upload_id = u.id AND (d.player_id IS NULL OR NOT d.player_id = ANY(${ids}))))
       OR (('/uploads/' || u.stored_name) IN (SELECT p.photo_url FROM players p WHERE p.id = ANY(${ids}) AND p.photo_url IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM players p WHERE p.photo_url = '/uploads/' || u.stored_name AND NOT p.id = ANY(${ids})))`);
  return rows.rows.map((r) => r.id);
}

async function latestOf(db: DbOrTx, step: ErasureStep): Promise<string | null> {
  if (!step.latestDate) return null;
  const rows = await db.execute<{ latest: string | null }>(step.latestDate);
  return rows.rows[0]?.latest ?? null;
}

async function countOf(db: DbOrTx, step: ErasureStep): Promise<number> {
  const rows = await db.execute<{ n: number }>(step.count);
  return Number(rows.rows[0]?.n ?? 0);
}

interface Run {
  map: readonly MappedTable[];
  subjects: ErasureSubjects;
  pseudonym: string;
}

async function runSteps(db: DbOrTx, run: Run, write: boolean): Promise<{ counts: TableCount[]; uploadIds: string[] }> {
  const uploadIds = await uploadsOf(db, run.subjects);
  const counts: TableCount[] = [];
  for (const step of planErasure(run.map, run.subjects, run.pseudonym)) {
    const latest = step.kind === 'pseudonymised' ? await latestOf(db, step) : null;
    const rows = write ? ((await db.execute(step.apply)).rowCount ?? 0) : await countOf(db, step);
    if (rows > 0) counts.push({ table: step.table, section: step.section, kind: step.kind as StepKind, rows, reason: step.reason, kept_until: latest ? keptUntil(latest) : null });
  }
  if (write && uploadIds.length) await db.delete(uploads).where(inArray(uploads.id, uploadIds));
  return { counts, uploadIds };
}

/** What erasing the subjects would do, counted without writing anything. */
export async function previewErasure(db: DbOrTx, run: Run & { people: string[] }): Promise<ErasureReport> {
  const { counts, uploadIds } = await runSteps(db, run, false);
  return erasureReport(run.pseudonym, run.people, counts, uploadIds.length);
}

/**
 * Erases the subjects: every step in one transaction (all or nothing), their rows locked first,
 * the ledger's text columns opened to the pseudonym only inside it (`app.erasing`). Records the
 * erasure (no personal data) and a hash of each address so the club does not invite them again.
 */
export async function executeErasure(
  db: DbOrTx,
  run: Run & { people: string[]; requestId: string | null; by: { id: string | null; name: string } },
  hooks: { before?: (tx: DbOrTx) => Promise<void>; after?: (tx: DbOrTx, report: ErasureReport) => Promise<void> } = {},
): Promise<ErasureReport> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL app.erasing = 'on'`);
    if (hooks.before) await hooks.before(tx);
    const { playerIds, userIds } = run.subjects;
    if (playerIds.length) await tx.execute(sql`SELECT id FROM players WHERE id IN (${sql.join(playerIds.map((id) => sql`${id}::uuid`), sql`, `)}) FOR UPDATE`);
    if (userIds.length) await tx.execute(sql`SELECT id FROM users WHERE id IN (${sql.join(userIds.map((id) => sql`${id}::uuid`), sql`, `)}) FOR UPDATE`);
    const { counts, uploadIds } = await runSteps(tx, run, true);
    const report = erasureReport(run.pseudonym, run.people, counts, uploadIds.length);
    await tx.insert(erasures).values({
      pseudonym: run.pseudonym,
      request_id: run.requestId,
      erased_by: run.by.id,
      erased_by_name: run.by.name,
      counts: report.tables,
      kept_until: report.kept_until,
      uploads_removed: uploadIds.length,
    });
    if (run.subjects.emails.length) {
      await tx
        .insert(emailSuppressions)
        .values(run.subjects.emails.map((e) => ({ email_sha256: hashAddress(e) })))
        .onConflictDoNothing();
    }
    if (hooks.after) await hooks.after(tx, report);
    return report;
  });
}
