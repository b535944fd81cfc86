import { and, asc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { inTeamNow } from '../teams';
import type { SessionUser } from '../../../shared/roles';
import {
  AVAILABILITY_STATUSES,
  EVENT_CANCELLED,
  EVENT_OVER,
  FIXTURE_NOT_FOUND,
  lockedDetail,
  type AvailabilityStatus,
  type EventKind,
} from '../../../shared/availability';
import { SESSION_NOT_FOUND } from '../../../shared/teams';
import { conflict, notFound } from '../../../shared/errors';
import type { Db, DbOrTx } from '../../db/client';
import { availability, fixtures, guardians, players, playerTeams, teams, trainingSessions, users } from '../../db/schema';
import { availabilityRequest } from '../../mail/templates';
import type { AvailabilityRequestMail } from '../../mail/templates/availability-request';
import { isUuid } from '../ids';
import { mailAudience } from '../juniors/recipients';
import type { MailService } from '../mail';
import type { TrainingService } from '../training';
import { fixtureEvent, londonStamp, sessionEvent, type AnswerChange, type AvailabilityEvent } from './events';

export interface AvailabilityDeps {
  mail: MailService;
  training: TrainingService;
  clock?: () => Date;
  onAnswer?: (tx: DbOrTx, change: AnswerChange) => Promise<void>;
}

/** What every availability use case works with: the database, its dependencies and the shared steps below. */
export type AvailabilityContext = { db: Db; deps: AvailabilityDeps; clock: () => Date } & ReturnType<typeof eventLookups> &
  ReturnType<typeof answerStore> &
  ReturnType<typeof asking>;

/** The "can you play?" mail of one event, its answers and its dedupe key. */
const request = (event: AvailabilityEvent, askedBy: AvailabilityRequestMail['askedBy'], answerPaths: AvailabilityRequestMail['answerPaths'], dedupeKey: string) => ({
  template: availabilityRequest,
  data: { event: { ...event, locksAt: event.locks_at }, askedBy, answerPaths } as AvailabilityRequestMail,
  dedupeKey,
});

export function availabilityContext(db: Db, deps: AvailabilityDeps): AvailabilityContext {
  const clock = deps.clock ?? (() => new Date());
  return { db, deps, clock, ...eventLookups(db, clock), ...answerStore(db, deps), ...asking(db, deps) };
}

/** Finding an event, the caller's player record and team, and whether answers are still open. */
function eventLookups(db: Db, clock: () => Date) {
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
    // A member in good standing: a registration still waiting answers for nothing (issue 30).
    const [row] = await db
      .select({ id: players.id, full_name: players.full_name })
      .from(players)
      .where(and(eq(players.user_id, user.id), eq(players.status, 'active')));
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

  return { findEvent, playerOfUser, inTeam, checkOpen };
}

/** Storing an answer, and the manager's list of answers. */
function answerStore(db: Db, deps: AvailabilityDeps) {
  /** Stores the answer (one row per player and event) and tells the listeners (the drop-out alert). */
  async function store(
    event: AvailabilityEvent,
    playerId: string,
    status: AvailabilityStatus,
    note: string | null,
    answeredBy: string | null,
    onBehalf: boolean,
  ) {
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
        .onConflictDoUpdate({
          target: [availability.club_id, column, availability.player_id],
          set: { status, note, answered_by: answeredBy, on_behalf: onBehalf, updated_at: now, needs_recheck: false },
        })
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
        answered_by_user: availability.answered_by,
        answered_at: availability.updated_at,
        needs_recheck: availability.needs_recheck,
      })
      .from(playerTeams)
      .innerJoin(players, eq(players.id, playerTeams.player_id))
      .leftJoin(availability, and(eq(column, event.id), eq(availability.player_id, players.id)))
      .leftJoin(users, eq(users.id, availability.answered_by))
      .where(and(eq(playerTeams.team_id, event.team_id), inTeamNow))
      .orderBy(asc(players.full_name));
    // Parents and carers who answered for a child (issue 23): "Jane Smith, mother".
    const answerers = rows.filter((r) => r.on_behalf && r.answered_by_user).map((r) => r.answered_by_user!);
    const links = answerers.length
      ? await db
          .select({ user_id: guardians.user_id, player_id: guardians.player_id, relationship: guardians.relationship })
          .from(guardians)
          .where(inArray(guardians.user_id, answerers))
      : [];
    const answeredBy = (r: (typeof rows)[number]) => {
      if (!r.on_behalf) return null;
      if (!r.answered_by_user) return 'A parent or carer (e-mail link)';
      const link = links.find((l) => l.user_id === r.answered_by_user && l.player_id === r.player_id);
      if (link) return `${r.answered_by_name ?? 'A parent or carer'}, ${link.relationship?.trim().toLowerCase() || 'parent or carer'}`;
      return r.answered_by_name ?? 'Staff';
    };
    const list = rows.map((r) => ({
      player_id: r.player_id,
      full_name: r.full_name,
      jersey_number: r.jersey_number,
      has_login: r.has_login,
      status: r.status ?? null,
      note: r.note ?? null,
      on_behalf: r.on_behalf ?? false,
      answered_by: answeredBy(r),
      // A parent or carer answered (signed in, or from a mail's link): staff need not answer for them (issue 31).
      by_guardian: r.on_behalf === true && (!r.answered_by_user || links.some((l) => l.user_id === r.answered_by_user && l.player_id === r.player_id)),
      answered_at: r.answered_at?.toISOString() ?? null,
      needs_recheck: r.needs_recheck ?? false,
    }));
    const counts = { available: 0, maybe: 0, unavailable: 0, no_answer: 0 };
    for (const p of list) counts[p.status ?? 'no_answer']++;
    return { counts, players: list };
  }

  return { store, answersOf };
}

/** Who still has to answer, and the "can you play?" mail with its signed links. */
function asking(db: Db, deps: AvailabilityDeps) {
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
          // A login of their own, or a parent or carer to ask (issue 23: the mail goes to them).
          or(isNotNull(players.user_id), sql`exists (select 1 from ${guardians} where ${guardians.player_id} = ${players.id})`),
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

  /**
   * The "can you play?" mail for several players of one event (issue 31): one mail per person, so a
   * parent asked about two children gets one mail with each child's answers. `keyOf` as askPlayer's.
   */
  async function askPlayers(tx: DbOrTx, event: AvailabilityEvent, playerIds: string[], keyOf: (playerId: string) => string, askedBy: AvailabilityRequestMail['askedBy']) {
    const perParent = new Map<string, Array<{ playerId: string; firstName: string; viewOnly?: boolean; answerPaths: AvailabilityRequestMail['answerPaths'] }>>();
    let queued = 0;
    for (const playerId of playerIds) {
      const answerPaths = {} as AvailabilityRequestMail['answerPaths'];
      for (const status of AVAILABILITY_STATUSES) answerPaths[status] = await this_linkPath(event.kind, event.id, playerId, status, tx);
      for (const [userId, children] of await mailAudience(tx, { playerWhere: eq(players.id, playerId) })) {
        const child = children.find((c) => c.playerId === playerId);
        if (child) perParent.set(userId, [...(perParent.get(userId) ?? []), { ...child, answerPaths }]);
        else queued += await deps.mail.toAudience(tx, new Map([[userId, []]]), request(event, askedBy, answerPaths, keyOf(playerId)));
      }
    }
    for (const [userId, unsorted] of perParent) {
      const children = unsorted.sort((a, b) => a.firstName.localeCompare(b.firstName));
      const ids = children.map((c) => c.playerId);
      const key = children.length === 1 ? `${keyOf(ids[0]!)}` : `${keyOf(ids[0]!)}:with:${ids.slice(1).join('+')}`;
      const mail = request(event, askedBy, children[0]!.answerPaths, key);
      const many = children.length > 1 ? { children: children.map((c) => ({ name: c.firstName, answerPaths: c.answerPaths })) } : {};
      queued += await deps.mail.toAudience(tx, new Map([[userId, children]]), { ...mail, data: { ...mail.data, ...many } });
    }
    return queued;
  }

  async function this_linkPath(kind: EventKind, eventId: string, playerId: string, status: AvailabilityStatus, executor: DbOrTx = db) {
    const sig = await deps.mail.signed(`availability:${kind}:${eventId}:${playerId}`, executor);
    return `/availability?event=${kind}&id=${eventId}&player=${playerId}&status=${status}&sig=${sig}`;
  }

  return { unanswered, askPlayer, askPlayers, linkPath: this_linkPath };
}
