import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { inTeamNow } from './teams';
import type { SessionUser } from '../../shared/roles';
import {
  AVAILABILITY_LABELS,
  AVAILABILITY_STATUSES,
  EVENT_CANCELLED,
  EVENT_OVER,
  FIXTURE_NOT_FOUND,
  NOT_A_PLAYER,
  NOT_IN_TEAM,
  PLAYER_NOT_IN_TEAM,
  NOBODY_TO_REMIND,
  REMIND_INTERVAL_MINUTES,
  availabilityInputSchema,
  lockedDetail,
  type AvailabilityStatus,
  type EventKind,
} from '../../shared/availability';
import { addDaysIso, clubDateOf, clubTimeOf } from '../../shared/dates';
import { SESSION_NOT_FOUND, clubInstant, sessionTitle } from '../../shared/teams';
import type { Db, DbOrTx } from '../db/client';
import { availability, availabilityReminders, fixtures, players, playerTeams, teams, trainingSessions, users } from '../db/schema';
import { availabilityRequest } from '../mail/templates';
import type { AvailabilityRequestMail } from '../mail/templates/availability-request';
import { ADMIN_AND_STAFF, parseInput, requireRoles } from './checks';
import { conflict, forbidden, invalid, notFound, rateLimited, unauthenticated } from '../../shared/errors';
import { isUuid } from './ids';
import type { MailService } from './mail';
import type { TrainingService } from './training';
import type { AvailabilityEvent as EventView } from '../../shared/contracts/availability';
import { assertRunsTeam } from './roles';

export type { EventView };

/** One fixture or training session, as availability sees it. */
export interface AvailabilityEvent {
  kind: EventKind;
  id: string;
  team_id: string;
  team: string;
  /** "Senior vs Riverside" or "Senior training". */
  title: string;
  date: string;
  time: string;
  place: string;
  starts_at: Date;
  locks_at: Date;
  lock_hours: number;
  cancelled: boolean;
  /** A fixture already played. */
  over: boolean;
  /** Issue 22: meet time, kit, notes, and (sessions) the address. */
  meet_time?: string | null;
  kit?: string | null;
  notes?: string | null;
  address?: string | null;
}

const londonStamp = (d: Date) => `${clubDateOf(d)} ${clubTimeOf(d)}`;

export const eventView = (e: AvailabilityEvent, now: Date): EventView => ({
  kind: e.kind,
  id: e.id,
  team_id: e.team_id,
  team: e.team,
  title: e.title,
  date: e.date,
  time: e.time,
  place: e.place,
  starts_at: e.starts_at.toISOString(),
  locks_at: e.locks_at.toISOString(),
  cancelled: e.cancelled,
  /** Whether the caller can still change an answer (players: until locks_at). */
  open: !e.cancelled && !e.over && now < e.locks_at,
  meet_time: e.meet_time ?? null,
  kit: e.kit ?? null,
  notes: e.notes ?? null,
  address: e.address ?? null,
});

/** Answers close at the team's lock time, or at a session's own answer deadline when that is earlier. */
const lockOfSession = (starts: Date, lockHours: number, answerBy: Date | null) => {
  const lock = new Date(starts.getTime() - lockHours * 3_600_000);
  return answerBy && answerBy < lock ? answerBy : lock;
};

/**
 * Availability (ADR 020): a player's Available / Maybe / Unavailable for each upcoming
 * fixture and training session of their teams. Players answer until the team's lock time;
 * staff and admins may answer for a player until the start (recorded as on their behalf).
 */
export function createAvailabilityService(
  db: Db,
  deps: { mail: MailService; training: TrainingService; clock?: () => Date; onAnswer?: (tx: DbOrTx, change: AnswerChange) => Promise<void> },
) {
  const clock = deps.clock ?? (() => new Date());

  async function findEvent(kind: EventKind, id: string, executor: DbOrTx = db): Promise<AvailabilityEvent> {
    if (kind === 'fixture') {
      if (!isUuid(id)) throw notFound(FIXTURE_NOT_FOUND);
      const [row] = await executor
        .select({ f: fixtures, team: teams.name, lock: teams.availability_lock_hours })
        .from(fixtures)
        .innerJoin(teams, eq(teams.id, fixtures.team_id))
        .where(eq(fixtures.id, id));
      if (!row) throw notFound(FIXTURE_NOT_FOUND);
      return fixtureEvent(row.f, row.team, row.lock);
    }
    if (!isUuid(id)) throw notFound(SESSION_NOT_FOUND);
    const [row] = await executor
      .select({ s: trainingSessions, team: teams.name, lock: teams.availability_lock_hours })
      .from(trainingSessions)
      .innerJoin(teams, eq(teams.id, trainingSessions.team_id))
      .where(eq(trainingSessions.id, id));
    if (!row) throw notFound(SESSION_NOT_FOUND);
    return sessionEvent(row.s, row.team, row.lock);
  }

  async function playerOfUser(user: SessionUser) {
    const [row] = await db.select({ id: players.id, full_name: players.full_name }).from(players).where(eq(players.user_id, user.id));
    return row;
  }

  async function inTeam(playerId: string, teamId: string) {
    const [row] = await db
      .select({ id: playerTeams.player_id })
      .from(playerTeams)
      .where(and(eq(playerTeams.player_id, playerId), eq(playerTeams.team_id, teamId), inTeamNow));
    return Boolean(row);
  }

  /** Cancelled, over or (for players) past the lock: 409 with the reason. */
  function checkOpen(event: AvailabilityEvent, byStaff: boolean) {
    const now = clock();
    if (event.cancelled) throw conflict(EVENT_CANCELLED);
    if (event.over || now >= event.starts_at) throw conflict(EVENT_OVER);
    if (!byStaff && now >= event.locks_at) throw conflict(lockedDetail(event.lock_hours, londonStamp(event.locks_at)));
  }

  /** Stores the answer (one row per player and event) and tells the listeners (the drop-out alert). */
  async function store(event: AvailabilityEvent, playerId: string, status: AvailabilityStatus, note: string | null, answeredBy: string | null, onBehalf: boolean) {
    return db.transaction(async (tx) => {
      const column = event.kind === 'fixture' ? availability.fixture_id : availability.session_id;
      // The previous answer, locked so two quick changes are judged one after the other.
      const [before] = await tx
        .select({ status: availability.status })
        .from(availability)
        .where(and(eq(column, event.id), eq(availability.player_id, playerId)))
        .for('update');
      const now = new Date();
      const values = {
        player_id: playerId,
        fixture_id: event.kind === 'fixture' ? event.id : null,
        session_id: event.kind === 'training' ? event.id : null,
        status,
        note,
        answered_by: answeredBy,
        on_behalf: onBehalf,
        updated_at: now,
      };
      const [row] = await tx
        .insert(availability)
        .values(values)
        .onConflictDoUpdate({ target: [column, availability.player_id], set: { status, note, answered_by: answeredBy, on_behalf: onBehalf, updated_at: now, needs_recheck: false } })
        .returning();
      await deps.onAnswer?.(tx, { event, playerId, before: before?.status ?? null, after: status, note });
      return {
        kind: event.kind,
        event_id: event.id,
        player_id: playerId,
        status: row.status,
        note: row.note,
        on_behalf: row.on_behalf,
        answered_at: row.updated_at.toISOString(),
      };
    });
  }

  /** The team's players with their answers for an event (the manager's list). */
  async function answersOf(event: AvailabilityEvent) {
    const column = event.kind === 'fixture' ? availability.fixture_id : availability.session_id;
    const rows = await db
      .select({
        player_id: players.id,
        full_name: players.full_name,
        jersey_number: players.jersey_number,
        has_login: sql<boolean>`${players.user_id} is not null`,
        status: availability.status,
        note: availability.note,
        on_behalf: availability.on_behalf,
        answered_by_name: users.full_name,
        answered_at: availability.updated_at,
        needs_recheck: availability.needs_recheck,
      })
      .from(playerTeams)
      .innerJoin(players, eq(players.id, playerTeams.player_id))
      .leftJoin(availability, and(eq(column, event.id), eq(availability.player_id, players.id)))
      .leftJoin(users, eq(users.id, availability.answered_by))
      .where(and(eq(playerTeams.team_id, event.team_id), inTeamNow))
      .orderBy(asc(players.full_name));
    const list = rows.map((r) => ({
      player_id: r.player_id,
      full_name: r.full_name,
      jersey_number: r.jersey_number,
      has_login: r.has_login,
      status: r.status ?? null,
      note: r.note ?? null,
      on_behalf: r.on_behalf ?? false,
      answered_by: r.on_behalf ? (r.answered_by_name ?? 'Staff') : null,
      answered_at: r.answered_at?.toISOString() ?? null,
      needs_recheck: r.needs_recheck ?? false,
    }));
    const counts = { available: 0, maybe: 0, unavailable: 0, no_answer: 0 };
    for (const p of list) counts[p.status ?? 'no_answer']++;
    return { counts, players: list };
  }

  /** Players of the event's team with a login and no answer yet: the reminders' audience. */
  /** The team's players with a login who have not answered (and, for the manager's reminder, those who said maybe). */
  async function unanswered(tx: DbOrTx, event: AvailabilityEvent, withMaybe = false) {
    const rows = await tx
      .select({ id: players.id })
      .from(playerTeams)
      .innerJoin(players, eq(players.id, playerTeams.player_id))
      .leftJoin(availability, and(eq(availability.fixture_id, event.id), eq(availability.player_id, players.id)))
      .where(
        and(
          eq(playerTeams.team_id, event.team_id),
          inTeamNow,
          isNotNull(players.user_id),
          withMaybe ? or(isNull(availability.id), eq(availability.status, 'maybe')) : isNull(availability.id),
        ),
      );
    return rows.map((r) => r.id);
  }

  /**
   * The "can you play?" mail for one player, with three signed one-click links (each opens a page
   * that confirms with a POST). `key` makes it once per player and occasion.
   */
  async function askPlayer(tx: DbOrTx, event: AvailabilityEvent, playerId: string, key: string, askedBy: AvailabilityRequestMail['askedBy']) {
    const answerPaths = {} as AvailabilityRequestMail['answerPaths'];
    for (const status of AVAILABILITY_STATUSES) answerPaths[status] = await this_linkPath(event.kind, event.id, playerId, status, tx);
    return deps.mail.toPlayer(tx, playerId, {
      template: availabilityRequest,
      data: { event: { ...event, locksAt: event.locks_at }, askedBy, answerPaths },
      dedupeKey: key,
    });
  }

  async function this_linkPath(kind: EventKind, eventId: string, playerId: string, status: AvailabilityStatus, executor: DbOrTx = db) {
    const sig = await deps.mail.signed(`availability:${kind}:${eventId}:${playerId}`, executor);
    return `/availability?event=${kind}&id=${eventId}&player=${playerId}&status=${status}&sig=${sig}`;
  }

  return {
    findEvent,
    answersOf,
    inTeam,

    /** Answering for yourself needs a player record (403 otherwise), checked before the body is. */
    async requirePlayer(user: SessionUser | null) {
      if (!user || !(await playerOfUser(user))) throw forbidden(NOT_A_PLAYER);
    },

    /**
     * "Remind those who haven't answered" (staff, admin), and those who said maybe: at most once an hour per fixture. The
     * hour is claimed by one conditional upsert, so two presses at once send once; the second gets
     * 429 with the time it can be pressed again, and nothing is sent.
     */
    async remindNow(actor: SessionUser | null, fixtureId: string) {
      const staff = requireRoles(actor, ADMIN_AND_STAFF);
      const event = await findEvent('fixture', fixtureId);
      await assertRunsTeam(db, staff, event.team_id);
      checkOpen(event, false);
      return db.transaction(async (tx) => {
        // Nobody to ask: the hour is not spent on nobody (issue 22).
        const audience = await unanswered(tx, event, true);
        if (audience.length === 0) throw conflict(NOBODY_TO_REMIND);
        const claimed = await tx.execute<{ last_sent_at: Date }>(sql`
          insert into ${availabilityReminders} (fixture_id, last_sent_at, sent_by) values (${event.id}, now(), ${staff.id})
          on conflict (fixture_id) do update set last_sent_at = now(), sent_by = excluded.sent_by
            where ${availabilityReminders.last_sent_at} <= now() - ${`${REMIND_INTERVAL_MINUTES} minutes`}::interval
          returning last_sent_at`);
        if (claimed.rows.length === 0) {
          const [last] = await tx.select().from(availabilityReminders).where(eq(availabilityReminders.fixture_id, event.id));
          const next = new Date(last.last_sent_at.getTime() + REMIND_INTERVAL_MINUTES * 60_000);
          const wait = Math.max(1, Math.ceil((next.getTime() - Date.now()) / 1000));
          throw rateLimited(
            `Reminders for this fixture were sent at ${clubTimeOf(last.last_sent_at)}; you can send them again from ${clubTimeOf(next)} (at most once an hour).`,
            wait,
          );
        }
        const stamp = new Date(claimed.rows[0].last_sent_at).getTime();
        let queued = 0;
        for (const playerId of audience) {
          queued += await askPlayer(tx, event, playerId, `availability-remind:${event.id}:${playerId}:${stamp}`, 'manager');
        }
        return { reminded: queued, sent_at: new Date(stamp).toISOString() };
      });
    },

    /** Upcoming fixtures from today to `days` days ahead (club dates), still taking answers at `now`: the automatic reminders' list. */
    async fixturesOpenWithin(days: number, now = clock()) {
      const rows = await db
        .select({ f: fixtures, team: teams.name, lock: teams.availability_lock_hours })
        .from(fixtures)
        .innerJoin(teams, eq(teams.id, fixtures.team_id))
        .where(and(eq(fixtures.status, 'upcoming'), gte(fixtures.match_date, clubDateOf(now)), lte(fixtures.match_date, addDaysIso(clubDateOf(now), days))));
      return rows.map((row) => fixtureEvent(row.f, row.team, row.lock)).filter((event) => now < event.locks_at);
    },

    /**
     * Asks every player of the event's team who has a login and no answer yet (one transaction):
     * `keyOf` makes each mail once per player and occasion. Returns how many mails were new.
     */
    async askUnanswered(event: AvailabilityEvent, keyOf: (playerId: string) => string, askedBy: AvailabilityRequestMail['askedBy']) {
      return db.transaction(async (tx) => {
        let queued = 0;
        for (const playerId of await unanswered(tx, event)) queued += await askPlayer(tx, event, playerId, keyOf(playerId), askedBy);
        return queued;
      });
    },

    /** A player's own answer (PUT …/availability/me). */
    async answerMine(user: SessionUser | null, kind: EventKind, id: string, input: unknown) {
      if (!user) throw unauthenticated();
      const player = await playerOfUser(user);
      if (!player) throw forbidden(NOT_A_PLAYER);
      const { status, note } = parseInput(availabilityInputSchema, input);
      const event = await findEvent(kind, id);
      if (!(await inTeam(player.id, event.team_id))) throw forbidden(NOT_IN_TEAM);
      checkOpen(event, false);
      return store(event, player.id, status, note, user.id, false);
    },

    /** Staff or an admin answering for a player (PUT …/availability/{player_id}): until the start, recorded as on their behalf. */
    async answerFor(actor: SessionUser | null, kind: EventKind, id: string, playerId: string, input: unknown) {
      const staff = requireRoles(actor, ADMIN_AND_STAFF);
      const { status, note } = parseInput(availabilityInputSchema, input);
      const event = await findEvent(kind, id);
      await assertRunsTeam(db, staff, event.team_id);
      if (!isUuid(playerId)) throw notFound('Player not found');
      const [player] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
      if (!player) throw notFound('Player not found');
      if (!(await inTeam(playerId, event.team_id))) throw invalid(PLAYER_NOT_IN_TEAM, [{ field: 'player_id', message: PLAYER_NOT_IN_TEAM }]);
      checkOpen(event, true);
      return store(event, playerId, status, note, staff.id, true);
    },

    /** A one-click link from an e-mail: the signature stands in for the sign-in (the page POSTs it). */
    async answerByLink(link: { kind: string; id: string; player: string; sig: string }, status: unknown, note?: unknown) {
      const { event, player } = await this.checkLink(link);
      const parsed = parseInput(availabilityInputSchema, { status, note: note || undefined });
      if (!(await inTeam(player.id, event.team_id))) throw forbidden(NOT_IN_TEAM);
      checkOpen(event, false);
      return store(event, player.id, parsed.status, parsed.note, player.user_id, false);
    },

    /** Whether an e-mail link is genuine (403 if not); returns its event, player and current answer. */
    async checkLink(link: { kind: string; id: string; player: string; sig: string }) {
      const bad = () => forbidden('This availability link is not valid. Please answer in the Players’ Area.');
      if ((link.kind !== 'fixture' && link.kind !== 'training') || !isUuid(link.id) || !isUuid(link.player)) throw bad();
      if (!(await deps.mail.verifySigned(`availability:${link.kind}:${link.id}:${link.player}`, link.sig))) throw bad();
      const event = await findEvent(link.kind, link.id);
      const [player] = await db.select({ id: players.id, user_id: players.user_id, full_name: players.full_name }).from(players).where(eq(players.id, link.player));
      if (!player) throw bad();
      // A player who has left the team hears so before any form (issue 22), not after pressing Confirm.
      if (!(await inTeam(player.id, event.team_id))) throw forbidden(NOT_IN_TEAM);
      const column = event.kind === 'fixture' ? availability.fixture_id : availability.session_id;
      const [answer] = await db
        .select({ status: availability.status, note: availability.note })
        .from(availability)
        .where(and(eq(column, event.id), eq(availability.player_id, player.id)));
      return { event, player, view: eventView(event, clock()), answer: answer ?? null };
    },

    /** The signed address of an e-mail's answer link (status preselected on the page). */
    linkPath: this_linkPath,

    /**
     * GET /api/players/me/availability: the caller's upcoming fixtures and training sessions
     * (their teams, the next 8 weeks) with their answers, soonest first.
     */
    async mine(user: SessionUser | null) {
      if (!user) throw unauthenticated();
      const player = await playerOfUser(user);
      if (!player) throw forbidden(NOT_A_PLAYER);
      const now = clock();
      const teamIds = await deps.training.teamIdsOfUser(user);
      if (teamIds.length === 0) return [];
      const [fixtureRows, sessions] = await Promise.all([
        db
          .select({ f: fixtures, team: teams.name, lock: teams.availability_lock_hours })
          .from(fixtures)
          .innerJoin(teams, eq(teams.id, fixtures.team_id))
          .where(and(inArray(fixtures.team_id, teamIds), eq(fixtures.status, 'upcoming'), gte(fixtures.match_date, addDaysIso(clubDateOf(now), -1))))
          .orderBy(asc(fixtures.match_date), asc(fixtures.match_time))
          .limit(50),
        deps.training.upcomingForUser(user),
      ]);
      const lockOf = new Map((await db.select({ id: teams.id, lock: teams.availability_lock_hours }).from(teams).where(inArray(teams.id, teamIds))).map((t) => [t.id, t.lock]));
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
      const answers = await db
        .select()
        .from(availability)
        .where(eq(availability.player_id, player.id));
      const byEvent = new Map(answers.map((a) => [`${a.fixture_id ? 'fixture' : 'training'}:${a.fixture_id ?? a.session_id}`, a]));
      return events.map((e) => {
        const a = byEvent.get(`${e.kind}:${e.id}`);
        return {
          ...eventView(e, now),
          answer: a ? { status: a.status, note: a.note, on_behalf: a.on_behalf, answered_at: a.updated_at.toISOString() } : null,
        };
      });
    },

    /** GET …/availability (staff, admin): counts and the team's players with answers and notes. */
    async forEvent(actor: SessionUser | null, kind: EventKind, id: string) {
      const staff = requireRoles(actor, ADMIN_AND_STAFF);
      const event = await findEvent(kind, id);
      await assertRunsTeam(db, staff, event.team_id);
      return { event: eventView(event, clock()), ...(await answersOf(event)) };
    },
  };
}

export interface AnswerChange {
  event: AvailabilityEvent;
  playerId: string;
  before: AvailabilityStatus | null;
  after: AvailabilityStatus;
  /** The player's note with the answer: the reason staff are told. */
  note?: string | null;
}

export function fixtureEvent(f: typeof fixtures.$inferSelect, team: string, lockHours: number): AvailabilityEvent {
  const starts = clubInstant(f.match_date, f.match_time);
  return {
    kind: 'fixture',
    id: f.id,
    team_id: f.team_id,
    team,
    title: `${team} ${f.is_home ? 'vs' : '@'} ${f.away_team}`,
    date: f.match_date,
    time: f.match_time,
    place: f.venue,
    starts_at: starts,
    locks_at: new Date(starts.getTime() - lockHours * 3_600_000),
    lock_hours: lockHours,
    cancelled: f.status === 'cancelled',
    over: f.status === 'completed',
    meet_time: f.meet_time,
    kit: f.kit,
    notes: f.notes,
  };
}

function sessionEvent(s: typeof trainingSessions.$inferSelect, team: string, lockHours: number): AvailabilityEvent {
  return {
    kind: 'training',
    id: s.id,
    team_id: s.team_id,
    team,
    title: sessionTitle(team, s.kind, s.title),
    date: clubDateOf(s.starts_at),
    time: clubTimeOf(s.starts_at),
    place: s.place,
    starts_at: s.starts_at,
    locks_at: lockOfSession(s.starts_at, lockHours, s.answer_by),
    lock_hours: lockHours,
    cancelled: s.status === 'cancelled',
    over: false,
    meet_time: s.meet_time,
    kit: s.kit,
    notes: s.notes,
    address: s.address,
  };
}

export const statusLabel = (s: AvailabilityStatus) => AVAILABILITY_LABELS[s];

export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
