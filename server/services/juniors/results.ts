/**
 * U7-U11 results (issue 23, ADR 039; FA youth development rules): no score, result, W/D/L, scorer
 * or table of a match of a U7-U11 team anywhere public, in any form. Decided here and nowhere else:
 * every reader of fixtures (the pages, the JSON API, the calendar feeds, share cards) passes its
 * fixtures through `applyResultsRule`, which blanks the scores and the match report (where a score
 * is most likely to be written) unless the caller may see them: admins, club officers and the
 * team's own staff, in the admin panel.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { isJunior, isJuniorAgeGroup, publishesResults } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import { players, playerTeams, teams } from '../../db/schema';
import type { SessionUser } from '../../../shared/roles';
import type { DbOrTx } from '../../db/client';
import { actorOf, runsAnyTeam, teamsRunBy } from '../../policy';

/** The teams whose U7-U11 results a caller may see: every team, or some (their staff's), or none (the public). */
export type ResultsScope = 'all' | string[];

/** Nobody's: what the public pages, the feeds and anonymous or player callers get. */
export const PUBLIC_RESULTS: ResultsScope = [];

/** Admins and club officers see every team's results; a member of staff their own teams'; everyone else none. */
export async function resultsScope(db: DbOrTx, user: SessionUser | null): Promise<ResultsScope> {
  if (!user) return PUBLIC_RESULTS;
  const actor = await actorOf(db, user);
  if (!runsAnyTeam(actor)) return PUBLIC_RESULTS;
  const scope = teamsRunBy(actor);
  return scope === 'all' ? 'all' : [...scope].sort();
}

interface WithResults {
  team_id: string;
  home_score: number | null;
  away_score: number | null;
  match_report: string | null;
}

/** Whether this fixture's result may be shown to a caller with this scope. */
export function resultsShown(fixture: { team_id: string }, ageGroup: string | null | undefined, scope: ResultsScope = PUBLIC_RESULTS) {
  return publishesResults(ageGroup) || scope === 'all' || scope.includes(fixture.team_id);
}

/** The fixture as this caller may see it: a U7-U11 match without its score and report, marked as such. */
export function applyResultsRule<F extends WithResults>(
  fixture: F,
  ageGroup: string | null | undefined,
  scope: ResultsScope = PUBLIC_RESULTS,
): F & { results_published: boolean } {
  if (resultsShown(fixture, ageGroup, scope)) return { ...fixture, results_published: true };
  return { ...fixture, home_score: null, away_score: null, match_report: null, results_published: false };
}

/**
 * A junior team's "Notes for the players" (car-shares, meeting points) are for its members, never
 * public (issue 31): blank unless the caller's scope covers the team. Parents and players read them
 * on their own pages, which read the fixture itself.
 */
export function applyNotesRule<F extends { team_id: string; notes: string | null }>(fixture: F, ageGroup: string | null | undefined, scope: ResultsScope = PUBLIC_RESULTS): F {
  if (!isJuniorAgeGroup(ageGroup) || scope === 'all' || scope.includes(fixture.team_id)) return fixture;
  return { ...fixture, notes: null };
}

/**
 * A junior's goals and assists are a U7-U11 match's scorers by another name: null (not shown) for a
 * player under 18 in a U7-U11 team, unless the caller's scope covers that team.
 */
export async function applyScorerRule<S extends { goals: number | null; assists: number | null }>(
  db: DbOrTx,
  playerId: string,
  stats: S,
  scope: ResultsScope = PUBLIC_RESULTS,
): Promise<S> {
  if (scope === 'all') return stats;
  const rows = await db
    .select({ team_id: playerTeams.team_id, age_group: teams.age_group, date_of_birth: players.date_of_birth })
    .from(playerTeams)
    .innerJoin(teams, eq(teams.id, playerTeams.team_id))
    .innerJoin(players, eq(players.id, playerTeams.player_id))
    .where(and(eq(playerTeams.player_id, playerId), isNull(playerTeams.left_on)));
  const hidden = rows.some((r) => isJunior(r.date_of_birth, todayIso()) && !resultsShown(r, r.age_group, scope));
  return hidden ? { ...stats, goals: null, assists: null } : stats;
}
