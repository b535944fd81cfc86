import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { assertGuardianOrSelf } from '../juniors/access';
import type { SessionUser } from '../../../shared/roles';
import { NOT_IN_TEAM, SHEET_NOT_PUBLISHED } from '../../../shared/availability';
import { club } from '../../../shared/club';
import { fixtureSelections, fixtures, players, selectionPublications, teams } from '../../db/schema';
import { forbidden, notFound } from '../../../shared/errors';
import { mayRunTeam, signedIn } from '../../policy';
import type { SelectionContext } from './context';

/** A player's selections and the printable team sheet. */
export function squadLists(ctx: SelectionContext) {
  const { db, deps, openFixture, squad, publishedAt } = ctx;
  /** Published selections for upcoming fixtures of the players matching `which`. */
  function selectionsWhere(which: SQL) {
    return db
      .select({
        fixture_id: fixtures.id,
        team: teams.name,
        is_home: fixtures.is_home,
        away_team: fixtures.away_team,
        match_date: fixtures.match_date,
        match_time: fixtures.match_time,
        venue: fixtures.venue,
        role: fixtureSelections.role,
        shirt_number: fixtureSelections.shirt_number,
        confirmed: fixtureSelections.confirmed,
        reconfirm: fixtureSelections.reconfirm,
      })
      .from(fixtureSelections)
      .innerJoin(players, eq(players.id, fixtureSelections.player_id))
      .innerJoin(fixtures, eq(fixtures.id, fixtureSelections.fixture_id))
      .innerJoin(teams, eq(teams.id, fixtures.team_id))
      .innerJoin(selectionPublications, eq(selectionPublications.fixture_id, fixtures.id))
      .where(and(which, eq(fixtures.status, 'upcoming'), sql`${fixtures.match_date} >= (now() at time zone 'Europe/London')::date`))
      .orderBy(asc(fixtures.match_date));
  }

  return {
    /** The player's published selections for upcoming fixtures (the portal dashboard). */
    async mine(user: SessionUser) {
      return selectionsWhere(eq(players.user_id, user.id));
    },

    /** GET /api/players/{id}/selection: a child's published selections, for their parents and carers (issue 23). */
    async forChild(actor: SessionUser | null, playerId: string) {
      const { child } = await assertGuardianOrSelf(db, actor, playerId);
      return selectionsWhere(eq(players.id, child.id));
    },

    /** The printable team sheet (staff, admin): club, fixture and the squad with numbers and names. */
    async teamSheet(actor: SessionUser | null, fixtureId: string) {
      const me = await signedIn(db, actor);
      const event = await openFixture(fixtureId);
      if (!mayRunTeam(me, event.team_id)) {
        // The team's players, and the parents and carers of its juniors, see the sheet once it is published (issues 22, 30).
        const own = [...(me.member?.status === 'active' ? [me.member.playerId] : []), ...me.guardianOf];
        const inTeam = await Promise.all(own.map((id) => deps.availability.inTeam(id, event.team_id)));
        if (!inTeam.some(Boolean)) throw forbidden(NOT_IN_TEAM);
        if (!(await publishedAt(db, event.id))) throw notFound(SHEET_NOT_PUBLISHED);
      }
      const [f] = await db.select().from(fixtures).where(eq(fixtures.id, fixtureId));
      const rows = await squad(db, event);
      return {
        club: club().club_name,
        team: event.team,
        opponent: f.away_team,
        is_home: f.is_home,
        competition: f.competition,
        date: event.date,
        time: event.time,
        venue: event.place,
        starters: rows
          .filter((r) => r.role === 'starter')
          .map((r) => ({ shirt_number: r.shirt_number, full_name: r.full_name, position: r.position, captain: r.captain })),
        substitutes: rows
          .filter((r) => r.role === 'substitute')
          .map((r) => ({ shirt_number: r.shirt_number, full_name: r.full_name, position: r.position, captain: r.captain })),
      };
    },
  };
}
