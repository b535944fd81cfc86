/** How a fixture is named everywhere ("Riverside Rovers v Ashgrove Athletic"): the home side first. */
import { club } from './club';

/** What naming a fixture needs: which side is at home, and the opponent. */
export type FixtureSidesSource = { is_home: boolean; away_team: string };

export interface FixtureTitleOptions {
  /** Our side's name: the club (default) or one of its teams ("Senior"). */
  club?: string;
  /** 'v' (default) or 'vs', as the public fixture cards print it. */
  separator?: 'v' | 'vs';
  /** Add "(H)" or "(A)" after the names, as calendar entries do. */
  venue?: boolean;
}

/** The two sides' names in home/away order: our side is home when `is_home`. */
export function fixtureSides(fixture: FixtureSidesSource, ours: string = club().short_name) {
  return fixture.is_home ? { home: ours, away: fixture.away_team } : { home: fixture.away_team, away: ours };
}

/** "Riverside Rovers v Ashgrove Athletic", "Senior vs Ashgrove Athletic" or "… v Ashgrove Athletic (H)". */
export function fixtureTitle(fixture: FixtureSidesSource, { club, separator = 'v', venue = false }: FixtureTitleOptions = {}) {
  const { home, away } = fixtureSides(fixture, club);
  return `${home} ${separator} ${away}${venue ? ` (${fixture.is_home ? 'H' : 'A'})` : ''}`;
}
