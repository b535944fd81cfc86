/**
 * Deleting a whole club (the operator's DELETE /api/hosting/clubs/{id}, issue 36): every row of the
 * club in every table that carries a club_id, then its clubs row, in the caller's transaction.
 *
 * Tables go children first, so that no foreign key that refuses (NO ACTION / RESTRICT) is left
 * pointing at a deleted row; keys that cascade or set null need no order. The order is read from the
 * catalogue, so a table added later is deleted too without a change here.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The tables holding a club's rows (a club_id column), children before parents. */
export async function clubTablesInDeleteOrder(tx: DbOrTx): Promise<string[]> {
  const tables = (
    await tx.execute<{ name: string }>(sql`
      select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'club_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind = 'r' order by c.relname`)
  ).rows.map((r) => r.name);
  const edges = (
    await tx.execute<{ child: string; parent: string }>(sql`
      select ch.relname as child, pa.relname as parent from pg_constraint k
      join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
      join pg_namespace n on n.oid = ch.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and k.confdeltype in ('a', 'r') and k.conrelid <> k.confrelid`)
  ).rows;
  const left = new Set(tables);
  const order: string[] = [];
  while (left.size > 0) {
    // A table no remaining table still refers to (with a refusing key) can go now.
    const free = [...left].filter((t) => !edges.some((e) => e.parent === t && e.child !== t && left.has(e.child)));
    const next = free.length > 0 ? free : [...left]; // a cycle: the rest in name order
    for (const t of next) {
      left.delete(t);
      order.push(t);
    }
  }
  // The content version last: every other delete would bump it (its trigger is off in here anyway).
  return [...order.filter((t) => t !== 'content_version'), ...(tables.includes('content_version') ? ['content_version'] : [])];
}

/**
 * Deletes every row of the club `clubId` and its clubs row. The caller's transaction runs in the
 * club's context (withClub) with row-level security in force; this opens the ledger's append-only
 * lock for this club's rows only (`app.deleting_club`) and keeps the content trigger quiet.
 */
export async function deleteClubRows(tx: DbOrTx, clubId: string): Promise<Record<string, number>> {
  await tx.execute(sql`select set_config('app.deleting_club', ${clubId}, true), set_config('club.content_changed', 'on', true)`);
  const deleted: Record<string, number> = {};
  for (const table of await clubTablesInDeleteOrder(tx)) {
    const result = await tx.execute(sql`delete from ${sql.identifier(table)} where club_id = ${clubId}::uuid`);
    if (result.rowCount) deleted[table] = result.rowCount;
  }
  await tx.execute(sql`delete from clubs where id = ${clubId}::uuid`);
  return deleted;
}
