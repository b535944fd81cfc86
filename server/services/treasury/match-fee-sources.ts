/** What match fees can be charged for (issue 31): recent fixtures whose squad is published, and sessions whose attendance is recorded. */
import { and, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { MatchFeeSources } from '../../../shared/contracts/treasury';
import { clubDateOf } from '../../../shared/dates';
import type { SessionUser } from '../../../shared/roles';
import { fixtures, selectionPublications, teams, trainingAttendance, trainingSessions } from '../../db/schema';
import type { TreasuryContext } from './context';
import { addMonths } from './plan-schedule';

/** How far back the list reaches: a season's fees are charged within weeks, not months. */
export const MATCH_FEE_MONTHS_BACK = 4;

export function matchFeeSourceUseCases(ctx: TreasuryContext) {
  const { db, assertMayCharge } = ctx;
  return {
    /** GET /api/treasury/match-fee-sources: newest first, with how many players each would charge. */
    async matchFeeSources(actor: SessionUser | null): Promise<MatchFeeSources> {
      await assertMayCharge(actor);
      const today = clubDateOf(new Date());
      const from = addMonths(today, -MATCH_FEE_MONTHS_BACK);
      const until = addMonths(today, 1);
      const squads = await db
        .select({
          id: fixtures.id,
          team_name: teams.name,
          opponent: fixtures.away_team,
          date: fixtures.match_date,
          players: sql<number>`coalesce(cardinality(${selectionPublications.published_player_ids}), 0)::int`,
        })
        .from(fixtures)
        .innerJoin(selectionPublications, eq(selectionPublications.fixture_id, fixtures.id))
        .leftJoin(teams, eq(teams.id, fixtures.team_id))
        .where(and(gte(fixtures.match_date, from), lte(fixtures.match_date, until)))
        .orderBy(desc(fixtures.match_date))
        .limit(100);
      const sessions = await db
        .select({
          id: trainingSessions.id,
          team_name: teams.name,
          title: trainingSessions.title,
          kind: trainingSessions.kind,
          date: trainingSessions.session_date,
          players: sql<number>`(select count(*) from ${trainingAttendance} a where a.session_id = ${trainingSessions.id})::int`,
        })
        .from(trainingSessions)
        .leftJoin(teams, eq(teams.id, trainingSessions.team_id))
        .where(and(isNotNull(trainingSessions.attendance_recorded_at), gte(trainingSessions.session_date, from), lte(trainingSessions.session_date, until)))
        .orderBy(desc(trainingSessions.session_date))
        .limit(100);
      return {
        fixtures: squads.map((f) => ({ ...f, team_name: f.team_name ?? 'No team' })).filter((f) => f.players > 0),
        sessions: sessions
          .map((s) => ({ id: s.id, team_name: s.team_name ?? 'No team', title: s.title ?? (s.kind === 'training' ? 'Training' : 'Session'), date: s.date, players: s.players }))
          .filter((s) => s.players > 0),
      };
    },
  };
}
