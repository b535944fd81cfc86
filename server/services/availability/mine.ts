import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { inTeamNow } from '../teams';
import { assertGuardianOrSelf } from '../juniors/access';
import type { SessionUser } from '../../../shared/roles';
import { NOT_A_PLAYER, type AnswerGiver, type EventKind } from '../../../shared/availability';
import { addDaysIso, clubDateOf } from '../../../shared/dates';
import { forbidden, unauthenticated } from '../../../shared/errors';
import { availability, fixtures, guardians, playerTeams, teams, users } from '../../db/schema';
import { assertRunsTeam, matchWeekRunner } from '../../policy';
import type { Db } from '../../db/client';
import type { AvailabilityContext } from './context';
import { eventView, fixtureEvent, lockOfSession, type AvailabilityEvent } from './events';

/** A player's answers with who gave them: the player, a parent or carer (the child's guardian), or the club's staff. */
async function answersWithAnswerer(db: Db, playerId: string) {
  return db
    .select({
      fixture_id: availability.fixture_id,
      session_id: availability.session_id,
      status: availability.status,
      note: availability.note,
      on_behalf: availability.on_behalf,
      updated_at: availability.updated_at,
      answered_by: availability.answered_by,
      answered_by_name: users.full_name,
      guardian: guardians.user_id,
    })
    .from(availability)
    .leftJoin(users, eq(users.id, availability.answered_by))
    .leftJoin(guardians, and(eq(guardians.user_id, availability.answered_by), eq(guardians.player_id, availability.player_id)))
    .where(eq(availability.player_id, playerId));
}

/**
 * An answer as the player and their parents read it (issue 31): "Answered for you by the club"
 * only when staff did; a parent's answer (signed in, or from a mail's link) says a parent gave it.
 */
export function answerView(a: Awaited<ReturnType<typeof answersWithAnswerer>>[number], viewerId: string) {
  const byGuardian = a.on_behalf && (a.guardian !== null || a.answered_by === null);
  return {
    status: a.status,
    note: a.note,
    on_behalf: a.on_behalf,
    answered_at: a.updated_at.toISOString(),
    by: (!a.on_behalf ? 'player' : byGuardian ? 'guardian' : 'club') as AnswerGiver,
    // A parent's name (the other parent reads who answered); staff are "the club".
    answered_by: byGuardian ? (a.answered_by_name ?? null) : null,
    by_you: a.answered_by !== null && a.answered_by === viewerId,
  };
}
/** Reading answers: a player's own upcoming events
, and the manager's list for one event. */
export function answerLists(ctx: AvailabilityContext) {
  const { db, deps, clock, findEvent, playerOfUser, answersOf } = ctx;

  /** The upcoming fixtures and sessions of these teams with one player's answers, soonest first. */
  async function upcomingWithAnswers(
    playerId: string,
    viewerId: string,
    teamIds: string[],
    sessions: Awaited<ReturnType<AvailabilityContext['deps']['training']['upcomingForUser']>>,
  ) {
    const now = clock();
    const fixtureRows = await db
      .select({ f: fixtures, team: teams.name, lock: teams.availability_lock_hours })
      .from(fixtures)
      .innerJoin(teams, eq(teams.id, fixtures.team_id))
      // A cancelled match stays in the list, marked cancelled (issue 31): it does not silently disappear.
      .where(
        and(inArray(fixtures.team_id, teamIds), inArray(fixtures.status, ['upcoming', 'cancelled']), gte(fixtures.match_date, addDaysIso(clubDateOf(now), -1))),
      )
      .orderBy(asc(fixtures.match_date), asc(fixtures.match_time))
      .limit(50);
    const lockOf = new Map(
      (await db.select({ id: teams.id, lock: teams.availability_lock_hours }).from(teams).where(inArray(teams.id, teamIds))).map((t) => [t.id, t.lock]),
    );
    const events: AvailabilityEvent[] = [
      ...fixtureRows.map((r) => fixtureEvent(r.f, r.team, r.lock)),
      ...sessions.map((s) => {
        const starts = new Date(s.starts_at);
        const lock = lockOf.get(s.team_id) ?? 2;
        return {
          kind: 'training' as const,
          id: s.id,
          team_id: s.team_id,
          team: s.team,
          title: s.label,
          date: s.date,
          time: s.start_time,
          place: s.place,
          meet_time: s.meet_time,
          kit: s.kit,
          notes: s.notes,
          address: s.address,
          starts_at: starts,
          locks_at: lockOfSession(starts, lock, s.answer_by ? new Date(s.answer_by) : null),
          lock_hours: lock,
          cancelled: s.status === 'cancelled',
          over: false,
        };
      }),
    ]
      .filter((e) => e.starts_at > now)
      .sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime());
    const answers = await answersWithAnswerer(db, playerId);
    const byEvent = new Map(answers.map((a) => [`${a.fixture_id ? 'fixture' : 'training'}:${a.fixture_id ?? a.session_id}`, a]));
    return events.map((e) => {
      const a = byEvent.get(`${e.kind}:${e.id}`);
      return { ...eventView(e, now), answer: a ? answerView(a, viewerId) : null };
    });
  }

  return {
    /**
     * GET /api/players/me/availability: the caller's upcoming fixtures and training sessions
     * (their teams, the next 8 weeks) with their answers, soonest first.
     */
    async mine(user: SessionUser | null) {
      if (!user) throw unauthenticated();
      const player = await playerOfUser(user);
      if (!player) throw forbidden(NOT_A_PLAYER);
      const teamIds = await deps.training.teamIdsOfUser(user);
      if (teamIds.length === 0) return [];
      return upcomingWithAnswers(player.id, user.id, teamIds, await deps.training.upcomingForUser(user));
    },

    /**
     * GET /api/players/{id}/availability: a child's upcoming fixtures and sessions with their answers,
     * for their parents and carers (any level) or the player; 403 for anyone else (issue 23).
     */
    async forChild(actor: SessionUser | null, playerId: string) {
      const { child } = await assertGuardianOrSelf(db, actor, playerId);
      const rows = await db
        .select({ team_id: playerTeams.team_id })
        .from(playerTeams)
        .where(and(eq(playerTeams.player_id, child.id), inTeamNow));
      const teamIds = rows.map((r) => r.team_id);
      if (teamIds.length === 0) return [];
      return upcomingWithAnswers(child.id, actor!.id, teamIds, await deps.training.upcomingForTeams(teamIds));
    },

    /** GET …/availability (staff, admin): counts and the team's players with answers and notes. */
    async forEvent(actor: SessionUser | null, kind: EventKind, id: string) {
      const staff = await matchWeekRunner(db, actor);
      const event = await findEvent(kind, id);
      await assertRunsTeam(db, staff, event.team_id);
      return { event: eventView(event, clock()), ...(await answersOf(event)) };
    },
  };
}
