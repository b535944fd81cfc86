/**
 * Answering a squad selection from the mail (issue 22): signed one-tap links for "I can play" and
 * "I can't play" that work signed out. Opening one changes nothing (mail scanners follow links);
 * the page says first when the match is cancelled, played or the player is no longer picked, and
 * otherwise asks to confirm with a POST.
 */
import { and, eq } from 'drizzle-orm';
import { forbidden } from '../../shared/errors';
import type { Db, DbOrTx } from '../db/client';
import { fixtureSelections, players, selectionPublications } from '../db/schema';
import type { AvailabilityService } from './availability';
import { eventView } from './availability';
import { isUuid } from './ids';
import type { MailService } from './mail';
import type { SelectionService } from './selection';

export type SquadAnswer = 'confirm' | 'decline';
export interface SquadLink {
  fixture: string;
  player: string;
  sig: string;
}

const signedText = (fixtureId: string, playerId: string) => `squad:${fixtureId}:${playerId}`;

/** The two links of a selection mail, signed for this fixture and player only. */
export async function squadAnswerPaths(mail: MailService, tx: DbOrTx, fixtureId: string, playerId: string) {
  const sig = await mail.signed(signedText(fixtureId, playerId), tx);
  const path = (answer: SquadAnswer) => `/squad-reply?fixture=${fixtureId}&player=${playerId}&answer=${answer}&sig=${sig}`;
  return { confirm: path('confirm'), decline: path('decline') };
}

export const SQUAD_LINK_INVALID = 'This squad link is not valid. Please answer in the Players’ Area.';

export function createSquadLinks(db: Db, deps: { mail: MailService; availability: AvailabilityService; selection: SelectionService }) {
  /** Whether the link is genuine (403 if not): the match, the player, and their place in the published squad (or null). */
  async function check(link: SquadLink) {
    const bad = () => forbidden(SQUAD_LINK_INVALID);
    if (!isUuid(link.fixture) || !isUuid(link.player)) throw bad();
    if (!(await deps.mail.verifySigned(signedText(link.fixture, link.player), link.sig))) throw bad();
    const event = await deps.availability.findEvent('fixture', link.fixture);
    const [player] = await db.select({ id: players.id, full_name: players.full_name, user_id: players.user_id }).from(players).where(eq(players.id, link.player));
    if (!player) throw bad();
    const [place] = await db
      .select({ role: fixtureSelections.role, shirt_number: fixtureSelections.shirt_number, confirmed: fixtureSelections.confirmed })
      .from(fixtureSelections)
      .innerJoin(selectionPublications, eq(selectionPublications.fixture_id, fixtureSelections.fixture_id))
      .where(and(eq(fixtureSelections.fixture_id, event.id), eq(fixtureSelections.player_id, player.id)));
    return { event: eventView(event, new Date()), cancelled: event.cancelled, over: event.over, player, place: place ?? null };
  }

  return {
    check,
    /** The page's POST: the reply as if signed in, for this player and match only. */
    async reply(link: SquadLink, confirmed: boolean, reason?: string) {
      const { player } = await check(link);
      return deps.selection.replyFor(player, link.fixture, { confirmed, ...(reason ? { reason } : {}) });
    },
  };
}

export type SquadLinks = ReturnType<typeof createSquadLinks>;
