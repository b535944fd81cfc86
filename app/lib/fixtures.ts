import type { Fixture } from '../../server/services/fixtures';
import { PLAYED_LABEL } from '../../shared/juniors';

export type MatchOutcome = 'Win' | 'Loss' | 'Draw';

/** Our score and theirs: is_home decides which of home_score/away_score is the club's. */
export function clubScores(fixture: Pick<Fixture, 'is_home' | 'home_score' | 'away_score'>) {
  if (fixture.home_score === null || fixture.away_score === null) return null;
  return fixture.is_home ? { ours: fixture.home_score, theirs: fixture.away_score } : { ours: fixture.away_score, theirs: fixture.home_score };
}

/** Win, Loss or Draw from the club's point of view; null until a completed match has a score. */
export function matchOutcome(fixture: Pick<Fixture, 'status' | 'is_home' | 'home_score' | 'away_score'>): MatchOutcome | null {
  if (fixture.status !== 'completed') return null;
  const s = clubScores(fixture);
  if (!s) return null;
  return s.ours > s.theirs ? 'Win' : s.ours < s.theirs ? 'Loss' : 'Draw';
}

/** A match report collapses above 200 characters (docs/product.md#fixtures). */
export const MATCH_REPORT_COLLAPSE_AT = 200;

/**
 * "Played" for a completed match whose result is not published (a U7-U11 team, issue 23): the
 * server sent no score; the page says the match took place and nothing more. Null otherwise.
 */
export function playedOnly(fixture: Pick<Fixture, 'status' | 'results_published'>): string | null {
  return fixture.status === 'completed' && !fixture.results_published ? PLAYED_LABEL : null;
}
