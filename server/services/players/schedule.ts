/** The portal's fixture list: the next upcoming fixtures, optionally only some teams'. */
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { todayIso } from '../../../shared/players';
import { fixtures, teams } from '../../db/schema';
import type { PlayerContext } from './context';

export interface UpcomingFixture {
  id: string;
  team_id: string;
  team: string;
  match_date: string;
  match_time: string;
  venue: string;
  competition: string;
  is_home: boolean;
  away_team: string;
  meet_time: string | null;
  kit: string | null;
  notes: string | null;
}

export function playerSchedule({ db }: PlayerContext) {
  return {
    /** The next upcoming fixtures by date (portal dashboard and schedule), optionally only these teams'. */
    async upcomingFixtures(limit = 3, teamIds?: string[]): Promise<UpcomingFixture[]> {
      if (teamIds && teamIds.length === 0) return [];
      return db
        .select({
          id: fixtures.id,
          team_id: fixtures.team_id,
          team: teams.name,
          match_date: fixtures.match_date,
          match_time: fixtures.match_time,
          venue: fixtures.venue,
          competition: fixtures.competition,
          is_home: fixtures.is_home,
          away_team: fixtures.away_team,
          meet_time: fixtures.meet_time,
          kit: fixtures.kit,
          notes: fixtures.notes,
        })
        .from(fixtures)
        .innerJoin(teams, eq(teams.id, fixtures.team_id))
        .where(and(eq(fixtures.status, 'upcoming'), gte(fixtures.match_date, todayIso()), teamIds ? inArray(fixtures.team_id, teamIds) : undefined))
        .orderBy(asc(fixtures.match_date), asc(fixtures.match_time))
        .limit(limit);
    },
  };
}
