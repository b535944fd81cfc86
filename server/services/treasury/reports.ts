/** Arrears by age and team, and the CSV export for the AGM and the club's accounts: both read from the ledger. */
import { sql } from 'drizzle-orm';
import {
  arrearsQuerySchema,
  CHARGE_CATEGORY_LABELS,
  exportQuerySchema,
  type Arrears,
  type ChargeCategory,
  type LedgerKind,
} from '../../../shared/contracts/treasury';
import { clubDateOf } from '../../../shared/dates';
import type { SessionUser } from '../../../shared/roles';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { parseInput } from '../checks';
import type { TreasuryContext } from './context';

type Bucket = keyof Arrears['buckets'];
const emptyBuckets = (): Arrears['buckets'] => ({ '0-30': 0, '31-60': 0, '60+': 0 });
/** Days past the due date → the bucket: up to 30, 31 to 60, more than 60. */
export const bucketOf = (days: number): Bucket => (days <= 30 ? '0-30' : days <= 60 ? '31-60' : '60+');

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Pence as the export writes them: -25.00, 1234.56. */
export const poundsText = (pence: number) => `${pence < 0 ? '-' : ''}${Math.floor(Math.abs(pence) / 100)}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;

/** A CSV field: quoted when needed; text (not a plain number) that a spreadsheet would run as a formula starts with an apostrophe. */
function csvField(value: string | number | null) {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const EXPORT_TOTAL_KINDS: LedgerKind[] = ['charge', 'payment', 'credit', 'reversal'];
const TOTAL_LABELS: Record<LedgerKind, string> = { charge: 'Total charges', payment: 'Total payments', credit: 'Total credits', reversal: 'Total reversals' };

/** What was due and unpaid on `asOf`, by bucket, team and payer. */
export async function arrearsOn(db: Db, asOf: string): Promise<Arrears> {
  const rows = await db.execute<{
    due_date: string;
    team_id: string | null;
    team_name: string | null;
    payer_id: string | null;
    payer_name: string | null;
    reference: string | null;
    owing: number;
  }>(sql`
    select c.due_date::text, c.team_id, t.name as team_name, c.payer_user_id as payer_id, u.full_name as payer_name, r.reference,
      (c.amount_pence + (select coalesce(sum(e.amount_pence), 0) from ledger_entries e
        where e.charge_id = c.id and e.kind in ('payment', 'reversal') and e.occurred_on <= ${asOf}
          and not exists (select 1 from ledger_entries o where o.id = e.reverses_id and o.kind = 'charge')))::int as owing
    from charges c
    left join teams t on t.id = c.team_id
    left join users u on u.id = c.payer_user_id
    left join payer_references r on r.payer_user_id = c.payer_user_id
    where c.due_date <= ${asOf}
      and not exists (select 1 from ledger_entries r2 join ledger_entries o on o.id = r2.reverses_id where o.charge_id = c.id and o.kind = 'charge')`);
  const answer: Arrears = { as_of: asOf, total_pence: 0, buckets: emptyBuckets(), teams: [], payers: [] };
  const teams = new Map<string, Arrears['teams'][number]>();
  const payers = new Map<string, Arrears['payers'][number]>();
  for (const row of rows.rows) {
    if (row.owing <= 0) continue;
    const bucket = bucketOf(daysBetween(row.due_date, asOf));
    answer.total_pence += row.owing;
    answer.buckets[bucket] += row.owing;
    const teamKey = row.team_id ?? '';
    if (!teams.has(teamKey)) teams.set(teamKey, { team_id: row.team_id, team_name: row.team_name ?? 'No team', total_pence: 0, buckets: emptyBuckets() });
    const team = teams.get(teamKey)!;
    team.total_pence += row.owing;
    team.buckets[bucket] += row.owing;
    const payerKey = row.payer_id ?? '';
    if (!payers.has(payerKey)) {
      payers.set(payerKey, {
        payer_id: row.payer_id,
        payer_name: row.payer_name ?? 'No payer yet',
        reference: row.reference,
        total_pence: 0,
        buckets: emptyBuckets(),
      });
    }
    const payer = payers.get(payerKey)!;
    payer.total_pence += row.owing;
    payer.buckets[bucket] += row.owing;
  }
  answer.teams = [...teams.values()].sort((a, b) => a.team_name.localeCompare(b.team_name));
  answer.payers = [...payers.values()].sort((a, b) => b.total_pence - a.total_pence || a.payer_name.localeCompare(b.payer_name));
  return answer;
}

/** Every ledger entry of the filter as CSV, then the totals per kind and their sum. */
export async function ledgerCsv(db: Db, filter: z.infer<typeof exportQuerySchema>): Promise<string> {
  const conditions = [
    filter.category ? sql`c.category = ${filter.category}` : undefined,
    filter.team ? sql`c.team_id = ${filter.team}` : undefined,
    filter.season ? sql`c.season = ${filter.season}` : undefined,
  ].filter((c) => c !== undefined);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await db.execute<{
    occurred_on: string;
    kind: LedgerKind;
    amount_pence: number;
    payer_name: string | null;
    reference: string | null;
    member_name: string | null;
    team_name: string | null;
    category: ChargeCategory | null;
    season: string | null;
    description: string | null;
    reason: string | null;
    bank_date: string | null;
    created_by_name: string;
  }>(sql`
    select e.occurred_on::text, e.kind, e.amount_pence, u.full_name as payer_name, r.reference, p.full_name as member_name, t.name as team_name,
      c.category, c.season, c.description, e.reason, l.date::text as bank_date, e.created_by_name
    from ledger_entries e
    left join charges c on c.id = e.charge_id
    left join users u on u.id = e.payer_user_id
    left join payer_references r on r.payer_user_id = e.payer_user_id
    left join players p on p.id = c.player_id
    left join teams t on t.id = c.team_id
    left join bank_lines l on l.id = e.bank_line_id
    ${where}
    order by e.occurred_on, e.created_at, e.id`);
  const header = ['Date', 'Kind', 'Amount', 'Payer', 'Reference', 'Member', 'Team', 'Category', 'Season', 'Description', 'Reason', 'Bank date', 'Recorded by'];
  const lines = [header.join(',')];
  const totals: Record<LedgerKind, number> = { charge: 0, payment: 0, credit: 0, reversal: 0 };
  for (const row of rows.rows) {
    totals[row.kind] += row.amount_pence;
    lines.push(
      [
        row.occurred_on,
        row.kind,
        poundsText(row.amount_pence),
        row.payer_name,
        row.reference,
        row.member_name,
        row.team_name,
        row.category ? CHARGE_CATEGORY_LABELS[row.category] : null,
        row.season,
        row.description,
        row.reason,
        row.bank_date,
        row.created_by_name,
      ]
        .map(csvField)
        .join(','),
    );
  }
  lines.push('');
  for (const kind of EXPORT_TOTAL_KINDS) lines.push(`${TOTAL_LABELS[kind]},,${poundsText(totals[kind])}`);
  const balance = EXPORT_TOTAL_KINDS.reduce((sum, kind) => sum + totals[kind], 0);
  lines.push(`Balance owed to the club (charges + payments + credits + reversals),,${poundsText(balance)}`);
  return `${lines.join('\r\n')}\r\n`;
}

export function reportUseCases(ctx: TreasuryContext) {
  const { db, assertTreasurer } = ctx;
  return {
    /**
     * GET /api/treasury/arrears?as_of=: what was due and unpaid on that day (paid: money dated on or
     * before it), by days overdue, team and payer. A reversed charge was a mistake: never arrears.
     */
    async arrears(actor: SessionUser | null, query: unknown): Promise<Arrears> {
      await assertTreasurer(actor);
      return arrearsOn(db, parseInput(arrearsQuerySchema, query).as_of ?? clubDateOf(new Date()));
    },

    /**
     * GET /api/treasury/export.csv: every ledger entry (of the category, team and season asked for:
     * money kept as credit belongs to none, so it is only in the whole export), then the totals per
     * kind and the balance, which is their sum: the figures reconcile to the penny.
     */
    async exportCsv(actor: SessionUser | null, query: unknown): Promise<string> {
      await assertTreasurer(actor);
      return ledgerCsv(db, parseInput(exportQuerySchema, query));
    },
  };
}
