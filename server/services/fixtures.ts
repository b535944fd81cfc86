import { and, asc, desc, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import { fixtureInputSchema, type FixtureQuery } from '../../shared/content';
import type { SessionUser } from '../../shared/roles';
import type { Db } from '../db/client';
import { fixtures, teams } from '../db/schema';
import { parseInput } from './checks';
import { allow, assertRunsTeams, OWN_TEAMS_ONLY, runsAnyTeam, signedIn } from '../policy';
import { notFound } from '../../shared/errors';
import { isUuid } from './ids';
import { assertTeamsExist, defaultTeamId } from './teams';
import type { Fixture } from '../../shared/contracts/fixtures';
import { withoutLeftOut } from '../../shared/fields';
import type { EventChangeService } from './event-changes';
import { assertCurrentVersion, versionOf } from './edit-version';
import { applyNotesRule, applyResultsRule, PUBLIC_RESULTS, resultsScope, type ResultsScope } from './juniors/results';

export type { Fixture };

export type FixtureRow = typeof fixtures.$inferSelect & { team: string; age_group: string };

export const FIXTURE_NOT_FOUND = 'Fixture not found';

/**
 * A fixture as the API answers it, with the earlier site's field names (docs/architecture.md#earlier-clients).
 * A U7-U11 team's score and report only for a caller whose scope covers it (issue 23, server/services/juniors/results.ts).
 */
export function toFixture(row: FixtureRow, scope: ResultsScope = PUBLIC_RESULTS): Fixture {
  const fixture = {
    id: row.id,
    team_id: row.team_id,
    /** The team's name, for cards and previews. */
    team: row.team,
    match_date: row.match_date,
    match_time: row.match_time,
    venue: row.venue,
    competition: row.competition,
    is_home: row.is_home,
    away_team: row.away_team,
    home_score: row.home_score,
    away_score: row.away_score,
    status: row.status,
    match_report: row.match_report,
    meet_time: row.meet_time,
    kit: row.kit,
    notes: row.notes,
    version: versionOf(row.updated_at),
    age_group: row.age_group,
    played: row.status === 'completed',
  };
  return applyResultsRule(applyNotesRule(fixture, row.age_group, scope), row.age_group, scope);
}

/** Fixtures and results: anyone reads them, admins and staff manage them. */
export function createFixtureService(db: Db, deps: { eventChanges?: EventChangeService } = {}) {
  const withTeam = () =>
    db.select({ fixture: fixtures, team: teams.name, age_group: teams.age_group }).from(fixtures).innerJoin(teams, eq(teams.id, fixtures.team_id));
  type Joined = { fixture: typeof fixtures.$inferSelect; team: string; age_group: string };
  const flatten = (r: Joined, scope: ResultsScope = PUBLIC_RESULTS) => toFixture({ ...r.fixture, team: r.team, age_group: r.age_group }, scope);
  /** Writes answer their author, who may see what they just recorded (admins and the team's staff). */
  async function read(id: string, scope: ResultsScope = 'all'): Promise<Fixture> {
    const [row] = await withTeam().where(eq(fixtures.id, id));
    if (!row) throw notFound(FIXTURE_NOT_FOUND);
    return flatten(row, scope);
  }

  return {
    /**
     * Upcoming: the next one first (date and kick-off ascending). Completed: the latest result
     * first. Cancelled: in date order. Everything: upcoming soonest first, then the rest latest first.
     */
    async list(query: FixtureQuery & { fromToday?: boolean } = {}, scope: ResultsScope = PUBLIC_RESULTS): Promise<Fixture[]> {
      const base = withTeam();
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(fixtures.status, query.status));
      if (query.team_id !== undefined) {
        if (!isUuid(query.team_id)) return [];
        conditions.push(eq(fixtures.team_id, query.team_id));
      }
      // Previews of "what's next" skip fixtures whose date has passed but were never updated.
      if (query.fromToday) conditions.push(gte(fixtures.match_date, sql`current_date`));
      const filtered = conditions.length ? base.where(and(...conditions)) : base;
      const upcoming = sql`${fixtures.status} = 'upcoming'`;
      const ordered =
        query.status === 'completed'
          ? filtered.orderBy(desc(fixtures.match_date), desc(fixtures.match_time))
          : query.status
            ? filtered.orderBy(asc(fixtures.match_date), asc(fixtures.match_time))
            : // Everything ("All Matches"): what is coming next first, soonest first; then what was
              // played (or called off), the latest first. A fan opens the page for the next game or
              // the last score, not for last season's opener.
              filtered.orderBy(
                sql`case when ${upcoming} then 0 else 1 end`,
                sql`case when ${upcoming} then ${fixtures.match_date} end asc`,
                sql`case when ${upcoming} then ${fixtures.match_time} end asc`,
                desc(fixtures.match_date),
                desc(fixtures.match_time),
              );
      const rows = query.limit ? await ordered.limit(query.limit) : await ordered;
      return rows.map((r) => flatten(r, scope));
    },

    /** One fixture; without a scope, as the public sees it. */
    async get(id: string, scope: ResultsScope = PUBLIC_RESULTS): Promise<Fixture> {
      if (!isUuid(id)) throw notFound(FIXTURE_NOT_FOUND);
      return read(id, scope);
    },

    /** The teams whose U7-U11 results this caller may see (the API asks before reading). */
    resultsScope: (user: SessionUser | null) => resultsScope(db, user),

    async create(user: SessionUser | null, input: unknown): Promise<Fixture> {
      const staff = await signedIn(db, user);
      allow(runsAnyTeam(staff), OWN_TEAMS_ONLY);
      const { team_id, version: _version, ...values } = parseInput(fixtureInputSchema, input);
      if (team_id !== undefined) await assertTeamsExist(db, [team_id], 'team_id');
      // Only for a team they run (issue 30): the club's first team when none is named.
      assertRunsTeams(staff, team_id ?? (await defaultTeamId(db)));
      const [row] = await db
        .insert(fixtures)
        .values({ ...values, team_id: team_id ?? (await defaultTeamId(db)), updated_by: staff.name })
        .returning({ id: fixtures.id });
      return read(row.id);
    },

    async update(user: SessionUser | null, id: string, input: unknown): Promise<Fixture> {
      const staff = await signedIn(db, user);
      allow(runsAnyTeam(staff), OWN_TEAMS_ONLY);
      if (!isUuid(id)) throw notFound(FIXTURE_NOT_FOUND);
      const { team_id, version, ...values } = parseInput(fixtureInputSchema, input);
      if (team_id !== undefined) await assertTeamsExist(db, [team_id], 'team_id');
      const details = (f: typeof fixtures.$inferSelect) => ({ date: f.match_date, time: f.match_time, place: f.venue, status: f.status, meet_time: f.meet_time, kit: f.kit });
      const set = withoutLeftOut({ ...values, team_id });
      // Saved with nothing changed: no write at all, so updated_at (the calendar feeds' DTSTAMP and
      // LAST-MODIFIED, hence their bytes and ETag) stays, and no cache is dropped for nothing.
      const changed = or(...(Object.keys(set) as (keyof typeof set)[]).map((key) => sql`${fixtures[key]} is distinct from ${set[key] ?? null}`));
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(fixtures).where(eq(fixtures.id, id)).for('update');
        if (!before) return;
        // The match's team and, when it moves, the new one: both must be theirs (issue 30).
        assertRunsTeams(staff, before.team_id, team_id ?? before.team_id);
        // Someone saved since this copy was loaded: refused, naming them (issue 22).
        assertCurrentVersion('fixture', before, version);
        const [after] = await tx
          .update(fixtures)
          .set({ ...set, updated_at: new Date(), updated_by: staff.name })
          .where(and(eq(fixtures.id, id), changed))
          .returning();
        if (!after) return;
        // The squad, those who said they can play and the team's staff hear of it (issue 22).
        const [team] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.id, after.team_id));
        const event = { kind: 'fixture' as const, id, team_id: after.team_id, title: `${team.name} ${after.is_home ? 'vs' : '@'} ${after.away_team}` };
        await deps.eventChanges?.record(tx, event, details(before), details(after), staff.name);
      });
      // Unchanged or missing alike: read() answers 404 for a missing one.
      return read(id);
    },

    async remove(user: SessionUser | null, id: string): Promise<void> {
      const staff = await signedIn(db, user);
      allow(runsAnyTeam(staff), OWN_TEAMS_ONLY);
      if (!isUuid(id)) throw notFound(FIXTURE_NOT_FOUND);
      await db.transaction(async (tx) => {
        const [match] = await tx.select({ team_id: fixtures.team_id }).from(fixtures).where(eq(fixtures.id, id)).for('update');
        if (!match) throw notFound(FIXTURE_NOT_FOUND);
        assertRunsTeams(staff, match.team_id);
        await tx.delete(fixtures).where(eq(fixtures.id, id));
      });
    },
  };
}
