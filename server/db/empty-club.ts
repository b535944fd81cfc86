/**
 * A real club's first run (issue 33, ADR "first run: an empty club"): instead of the sample club,
 * initialization leaves the database empty but for the admin and the club's settings.
 *
 * Migration 0005 made the teams Senior and Vets (with Tuesday and Thursday training) in every
 * database, so that fixtures written before teams existed had one. A new club names its own teams
 * ("Add your teams" on the Today checklist), so they are removed here, with their training slots,
 * unless something already belongs to them (a club restored from an older backup before
 * initializing keeps them).
 */
import { and, inArray, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { fixtures, playerTeams, settings, teams, teamStaff } from './schema';

/** The slugs of the teams migration 0005 makes in every database. */
export const MIGRATION_TEAM_SLUGS = ['senior', 'vets'] as const;

/** Writes an empty club: its settings row (blank, as Settings shows it) and no teams of anyone else's. */
export async function startEmptyClub(tx: DbOrTx): Promise<void> {
  await tx.insert(settings).values({ id: 1 }).onConflictDoNothing();
  const belongs = (table: typeof fixtures | typeof playerTeams | typeof teamStaff) =>
    notExists(tx.select({ one: sql`1` }).from(table).where(sql`${table.team_id} = ${teams.id}`));
  // Training slots and sessions go with their team (ON DELETE CASCADE).
  await tx
    .delete(teams)
    .where(and(inArray(teams.slug, [...MIGRATION_TEAM_SLUGS]), belongs(fixtures), belongs(playerTeams), belongs(teamStaff)));
}
