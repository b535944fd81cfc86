/**
 * Work on a club's rows with row-level security in force, whatever role the app connects as
 * (ADR 065): a transaction of a superuser or a BYPASSRLS role (the embedded server's owner, until the
 * app connects as club_app) takes the role club_app for itself (SET LOCAL ROLE), so its reads and
 * writes see only the club of `app.club_id`, as the policies say. A connection already club_app is
 * left as it is.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export async function underRowSecurity(tx: DbOrTx): Promise<void> {
  const { rows } = await tx.execute<{ skips: boolean; club_app: boolean }>(sql`
    select (select rolsuper or rolbypassrls from pg_roles where rolname = current_user) as skips,
           exists (select 1 from pg_roles where rolname = 'club_app') as club_app`);
  if (rows[0]?.skips && rows[0].club_app) await tx.execute(sql`set local role club_app`);
}
