import { and, asc, count, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { addDaysIso, clubDateOf, clubTimeToInstant } from '../../shared/dates';
import type { SessionUser } from '../../shared/roles';
import type { Db } from '../db/client';
import {
  availability,
  fixtureSelections,
  guardianRequests,
  fixtures,
  joinUsSubmissions,
  orders,
  chargeOverdueMarks,
  charges,
  ledgerEntries,
  players,
  playerTeams,
  products,
  selectionPublications,
  sponsors,
  teams,
} from '../db/schema';
import { isAdmin, mayEnterAdmin, mayHandlePersonalData, mayManageGuardians, must, teamsRunByUser as teamsRunBy } from '../policy';
import { dueRows } from './privacy/retention';
import type { DatabaseStatusWithCounts } from './setup';
import { firstSteps } from './first-steps';
import { requestsDueWithin } from './privacy/requests';
import type { AdminDashboard } from '../../shared/contracts/admin';

export type { AdminDashboard };
type AdminToday = AdminDashboard['today'];
type ResultToEnter = AdminToday['results_to_enter'][number];

/** A fixture counts as played this long after kick-off, so a Sunday morning match shows by Sunday night. */
export const MATCH_LENGTH_MS = 2 * 60 * 60 * 1000;

/** The coming week's fixtures of the actor's teams, with live counts ("8/11 confirmed"). */
async function matchWeek(db: Db, actor: SessionUser, now: Date): Promise<AdminToday['match_week']> {
  const scope = await teamsRunBy(db, actor);
  if (scope !== 'all' && scope.size === 0) return [];
  const today = clubDateOf(now);
  const answers = (status: string) =>
    sql<number>`(select count(*)::int from ${availability} a join ${playerTeams} pt on pt.player_id = a.player_id and pt.team_id = ${fixtures.team_id} and pt.left_on is null
      where a.fixture_id = ${fixtures.id} and a.status = ${status})`;
  const members = sql<number>`(select count(*)::int from ${playerTeams} pt where pt.team_id = ${fixtures.team_id} and pt.left_on is null)`;
  const answered = sql<number>`(select count(*)::int from ${availability} a join ${playerTeams} pt on pt.player_id = a.player_id and pt.team_id = ${fixtures.team_id} and pt.left_on is null where a.fixture_id = ${fixtures.id})`;
  const rows = await db
    .select({
      fixture_id: fixtures.id,
      team: teams.name,
      away_team: fixtures.away_team,
      is_home: fixtures.is_home,
      match_date: fixtures.match_date,
      match_time: fixtures.match_time,
      available: answers('available'),
      maybe: answers('maybe'),
      unavailable: answers('unavailable'),
      no_answer: sql<number>`${members} - ${answered}`,
      selected: sql<number>`(select count(*)::int from ${fixtureSelections} s where s.fixture_id = ${fixtures.id})`,
      confirmed: sql<number>`(select count(*)::int from ${fixtureSelections} s where s.fixture_id = ${fixtures.id} and s.confirmed)`,
      published: sql<boolean>`exists (select 1 from ${selectionPublications} p where p.fixture_id = ${fixtures.id})`,
    })
    .from(fixtures)
    .innerJoin(teams, eq(teams.id, fixtures.team_id))
    .where(
      and(
        eq(fixtures.status, 'upcoming'),
        gte(fixtures.match_date, today),
        lte(fixtures.match_date, addDaysIso(today, 7)),
        scope === 'all' ? undefined : inArray(fixtures.team_id, [...scope]),
      ),
    )
    .orderBy(asc(fixtures.match_date), asc(fixtures.match_time));
  return rows;
}

/**
 * The admin panel's overview. Admins and staff may read it (staff see the panel's dashboard);
 * the counts are plain numbers, no personal data.
 */
/** Personal-data requests due within a week, or overdue (issue 34), for those who handle them. */
async function privacyDueSoon(db: Db) {
  return (await requestsDueWithin(db, 7)).map(({ id, subject_name, type, due_on, days_left, overdue }) => ({ id, subject_name, type, due_on, days_left, overdue }));
}

export function createAdminService(
  db: Db,
  deps: {
    setup: { status: () => Promise<DatabaseStatusWithCounts> };
    registrationsWaiting: (actor: SessionUser) => Promise<number | null>;
    /** Issue 23: junior teams' staff whose DBS check is missing, expired or expires within 60 days (null: not theirs to see). */
    dbsWarnings?: (actor: SessionUser) => Promise<string[] | null>;
  },
  clock: () => Date = () => new Date(),
) {
  const tally = async (table: typeof orders | typeof players | typeof products | typeof fixtures | typeof joinUsSubmissions | typeof sponsors) => {
    const [row] = await db.select({ value: count() }).from(table);
    return row.value;
  };

  async function resultsToEnter(now: Date): Promise<ResultToEnter[]> {
    // Fixtures up to today without both scores, not cancelled; then only those whose kick-off was long enough ago.
    const rows = await db
      .select({
        id: fixtures.id,
        team: teams.name,
        away_team: fixtures.away_team,
        is_home: fixtures.is_home,
        match_date: fixtures.match_date,
        match_time: fixtures.match_time,
      })
      .from(fixtures)
      .innerJoin(teams, eq(teams.id, fixtures.team_id))
      .where(and(lte(fixtures.match_date, clubDateOf(now)), ne(fixtures.status, 'cancelled'), or(isNull(fixtures.home_score), isNull(fixtures.away_score))))
      .orderBy(asc(fixtures.match_date), asc(fixtures.match_time));
    return rows.filter((f) => clubTimeToInstant(f.match_date, f.match_time).getTime() + MATCH_LENGTH_MS <= now.getTime());
  }

  /** Unpaid charges by member (issue 24: read from the ledger), overdue once past their due date. */
  async function outstanding(now: Date): Promise<AdminToday['outstanding_payments']> {
    const today = clubDateOf(now);
    const owing = sql<number>`(select coalesce(sum(e.amount_pence), 0) from ${ledgerEntries} e where e.charge_id = "charges"."id")`;
    const open = db
      .select({
        player_id: charges.player_id,
        due_date: charges.due_date,
        owing: sql<number>`${owing}::int`.as('owing'),
        marked: sql<boolean>`exists (select 1 from ${chargeOverdueMarks} m where m.charge_id = "charges"."id")`.as('marked'),
      })
      .from(charges)
      .as('open');
    const rows = await db
      .select({
        player_id: players.id,
        full_name: players.full_name,
        payments: count(),
        pence: sql<string>`sum(${open.owing})`,
        // Overdue: marked so, or past its due date and still unpaid.
        overdue: sql<boolean>`bool_or(${open.due_date} < ${today} or ${open.marked})`,
      })
      .from(open)
      .innerJoin(players, eq(players.id, open.player_id))
      // Members in good standing, as the Players list shows them (issue 21).
      .where(and(sql`${open.owing} > 0`, eq(players.status, 'active')))
      .groupBy(players.id, players.full_name)
      .orderBy(asc(players.full_name));
    const list = rows.map(({ pence, ...r }) => ({ ...r, amount: Number(pence) / 100, overdue: Boolean(r.overdue) }));
    return {
      payments: list.reduce((sum, p) => sum + p.payments, 0),
      amount: list.reduce((sum, p) => sum + Math.round(p.amount * 100), 0) / 100,
      players: list,
    };
  }

  return {
    async dashboard(actor: SessionUser | null): Promise<AdminDashboard> {
      const reader = await must(db, actor, mayEnterAdmin);
      const now = clock();
      const [o, [pl], pr, f, j, s, status, [pending], results, owing, registrations, week] = await Promise.all([
        tally(orders),
        // Members in good standing: not a registration still waiting, not someone who left.
        db.select({ value: count() }).from(players).where(eq(players.status, 'active')),
        tally(products),
        tally(fixtures),
        tally(joinUsSubmissions),
        tally(sponsors),
        deps.setup.status(),
        db.select({ value: count() }).from(orders).where(eq(orders.status, 'pending')),
        resultsToEnter(now),
        isAdmin(reader) ? outstanding(now) : Promise.resolve(null),
        deps.registrationsWaiting(reader.user),
        matchWeek(db, reader.user, now),
      ]);
      const dbsChecks = deps.dbsWarnings ? await deps.dbsWarnings(reader.user) : null;
      // "I am a parent or carer" requests waiting (issue 31), for those who decide them.
      const parentRequests = mayManageGuardians(reader)
        ? (await db.select({ value: count() }).from(guardianRequests).where(eq(guardianRequests.status, 'pending')))[0]!.value
        : null;
      const privacy = mayHandlePersonalData(reader) ? await privacyDueSoon(db) : null;
      return {
        orders: o,
        players: pl.value,
        products: pr,
        fixtures: f,
        join_us: j,
        sponsors: s,
        ...status,
        // Join-us submissions are deleted once dealt with (their page says so), so every one is still new.
        today: {
          pending_orders: pending.value,
          join_us: j,
          registrations,
          parent_requests: parentRequests,
          results_to_enter: results,
          outstanding_payments: owing,
          match_week: week,
          dbs_checks: dbsChecks,
          retention_due: mayHandlePersonalData(reader) ? await dueRows(db, now) : null,
          privacy_requests: privacy,
          first_steps: isAdmin(reader) ? await firstSteps(db) : null,
        },
      };
    },
  };
}
