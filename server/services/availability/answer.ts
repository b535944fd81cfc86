import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/roles';
import { NOT_A_PLAYER, NOT_IN_TEAM, PLAYER_NOT_IN_TEAM, availabilityInputSchema, type EventKind } from '../../../shared/availability';
import { forbidden, invalid, notFound, unauthenticated } from '../../../shared/errors';
import { availability, players } from '../../db/schema';
import { parseInput } from '../checks';
import { assertRunsTeam, matchWeekRunner } from '../../policy';
import { isUuid } from '../ids';
import { assertGuardianOrSelf } from '../juniors/access';
import { isJunior } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import type { AvailabilityContext } from './context';
import { eventView } from './events';

type SignedLink = { kind: string; id: string; player: string; sig: string };

/** Answering: a player for themself, staff for a player, anyone holding a signed link from a mail. */
export function answering(ctx: AvailabilityContext) {
  const { db, deps, clock, findEvent, playerOfUser, inTeam, checkOpen, store, linkPath } = ctx;

  /** Whether an e-mail link is genuine (403 if not); returns its event, player and current answer. */
  async function checkLink(link: SignedLink) {
    const bad = () => forbidden('This availability link is not valid. Please answer in the Players’ Area.');
    if ((link.kind !== 'fixture' && link.kind !== 'training') || !isUuid(link.id) || !isUuid(link.player)) throw bad();
    if (!(await deps.mail.verifySigned(`availability:${link.kind}:${link.id}:${link.player}`, link.sig))) throw bad();
    const event = await findEvent(link.kind, link.id);
    const [player] = await db
      .select({ id: players.id, user_id: players.user_id, full_name: players.full_name })
      .from(players)
      .where(eq(players.id, link.player));
    if (!player) throw bad();
    // A player who has left the team hears so before any form (issue 22), not after pressing Confirm.
    if (!(await inTeam(player.id, event.team_id))) throw forbidden(NOT_IN_TEAM);
    const column = event.kind === 'fixture' ? availability.fixture_id : availability.session_id;
    const [answer] = await db
      .select({ status: availability.status, note: availability.note })
      .from(availability)
      .where(and(eq(column, event.id), eq(availability.player_id, player.id)));
    return { event, player, view: eventView(event, clock()), answer: answer ?? null };
  }

  return {
    /** Answering for yourself needs a player record (403 otherwise), checked before the body is. */
    async requirePlayer(user: SessionUser | null) {
      if (!user || !(await playerOfUser(user))) throw forbidden(NOT_A_PLAYER);
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
      const staff = await matchWeekRunner(db, actor);
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

    /**
     * A one-click link from an e-mail: the signature stands in for the sign-in (the page POSTs it).
     * A junior's mail went to their parents or carers (issue 23): their answer is recorded as on the child's behalf.
     */
    async answerByLink(link: SignedLink, status: unknown, note?: unknown) {
      const { event, player } = await checkLink(link);
      const parsed = parseInput(availabilityInputSchema, { status, note: note || undefined });
      if (!(await inTeam(player.id, event.team_id))) throw forbidden(NOT_IN_TEAM);
      checkOpen(event, false);
      const [row] = await db.select({ date_of_birth: players.date_of_birth }).from(players).where(eq(players.id, player.id));
      const byGuardian = isJunior(row?.date_of_birth, todayIso());
      return store(event, player.id, parsed.status, parsed.note, byGuardian ? null : player.user_id, byGuardian);
    },

    /**
     * PUT /api/players/{id}/availability/{kind}/{event_id}: a primary or secondary parent or carer
     * answers for their child (recorded as theirs, on the child's behalf), or the player for themself.
     * A view-only guardian, or anyone not linked to the child, is refused (403).
     */
    async answerForChild(actor: SessionUser | null, playerId: string, kind: EventKind, id: string, input: unknown) {
      const { child, level } = await assertGuardianOrSelf(db, actor, playerId, 'answer');
      const { status, note } = parseInput(availabilityInputSchema, input);
      const event = await findEvent(kind, id);
      if (!(await inTeam(child.id, event.team_id))) throw forbidden(NOT_IN_TEAM);
      checkOpen(event, false);
      return store(event, child.id, status, note, actor!.id, level !== null);
    },

    /** Whether an e-mail link is genuine (403 if not); returns its event, player and current answer. */

    checkLink,

    linkPath: linkPath,
  };
}
