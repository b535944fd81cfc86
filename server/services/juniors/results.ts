/**
 * U7-U11 results (issue 23, ADR 039; FA youth development rules): no score, result, W/D/L, scorer
 * or table of a match of a U7-U11 team anywhere public, in any form. Decided here and nowhere else:
 * every reader of fixtures (the pages, the JSON API, the calendar feeds, share cards) passes its
 * fixtures through `applyResultsRule`, which blanks the scores and the match report (where a score
 * is most likely to be written) unless the caller may see them: admins, club officers and the
 * team's own staff, in the admin panel.
 */
import { publishesResults } from '../../../shared/juniors';
import type { SessionUser } from '../../../shared/roles';
import type { DbOrTx } from '../../db/client';
import { teamsRunBy } from '../roles';

/** The teams whose U7-U11 results a caller may see: every team, or some (their staff's), or none (the public). */
export type ResultsScope = 'all' | string[];

/** Nobody's: what the public pages, the feeds and anonymous or player callers get. */
export const PUBLIC_RESULTS: ResultsScope = [];

/** Admins and club officers see every team's results; a member of staff their own teams'; everyone else none. */
export async function resultsScope(db: DbOrTx, user: SessionUser | null): Promise<ResultsScope> {
  if (!user || (user.role !== 'admin' && user.role !== 'staff')) return PUBLIC_RESULTS;
  const scope = await teamsRunBy(db, user);
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
