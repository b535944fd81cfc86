/** Payers as the matching sees them (reference, their name and their members' names), and the treasurer's search by name. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nameKeys, type PayerForMatching } from '../../treasury/matching';
import { normaliseText } from '../../treasury/statement/parse';

/** Everyone who pays or has a reference: their name first, then the members they pay for. */
export async function matchingPayers(tx: DbOrTx): Promise<PayerForMatching[]> {
  const rows = await tx.execute<{ payer_id: string; reference: string | null; full_name: string; members: string[] | null }>(sql`
    select u.id as payer_id, r.reference, u.full_name,
      array(select distinct p.full_name from players p where p.user_id = u.id
            or p.id in (select c.player_id from charges c where c.payer_user_id = u.id)) as members
    from users u
    left join payer_references r on r.payer_user_id = u.id
    where r.reference is not null or exists (select 1 from charges c where c.payer_user_id = u.id)`);
  return rows.rows.map((r) => ({
    payer_id: r.payer_id,
    reference: r.reference ?? '',
    names: [r.full_name, ...(r.members ?? []).filter((m) => m !== r.full_name)],
  }));
}

/** Runs of 2 to 4 words of a bank text, as a name would be written in it. */
function textKeys(text: string): Set<string> {
  const words = normaliseText(text).split(' ').filter(Boolean);
  const keys = new Set<string>();
  for (let start = 0; start < words.length; start++) {
    for (let size = 2; size <= 4 && start + size <= words.length; size++) keys.add(words.slice(start, start + size).join(' '));
  }
  return keys;
}

/** Finds the payers whose name (or a member's) is in an unmatched line's text: their reminders wait for the treasurer. */
export function candidateFinder(payers: PayerForMatching[]) {
  const byKey = new Map<string, Set<string>>();
  for (const payer of payers) {
    for (const name of payer.names) {
      for (const key of nameKeys(name)) {
        if (!byKey.has(key)) byKey.set(key, new Set());
        byKey.get(key)!.add(payer.payer_id);
      }
    }
  }
  return (text: string): string[] => {
    const found = new Set<string>();
    for (const key of textKeys(text)) for (const id of byKey.get(key) ?? []) found.add(id);
    return [...found];
  };
}

/** Payers by their name or a member's they pay for (hand allocation): at most 20. */
export async function searchPayers(tx: DbOrTx, q: string) {
  const term = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (q.trim().length < 2) return [];
  const rows = await tx.execute<{ payer_id: string; full_name: string; reference: string | null; owed_pence: number; members: string[] }>(sql`
    select u.id as payer_id, u.full_name, r.reference,
      coalesce((select sum(e.amount_pence) from ledger_entries e where e.payer_user_id = u.id and e.charge_id is not null), 0)::int as owed_pence,
      array(select distinct p.full_name from players p where p.user_id = u.id or p.id in (select c.player_id from charges c where c.payer_user_id = u.id)) as members
    from users u left join payer_references r on r.payer_user_id = u.id
    where u.disabled_at is null and (u.full_name ilike ${term} or exists (
      select 1 from players p where p.full_name ilike ${term} and (p.user_id = u.id or p.id in (select c.player_id from charges c where c.payer_user_id = u.id))))
    order by u.full_name limit 20`);
  return rows.rows;
}
