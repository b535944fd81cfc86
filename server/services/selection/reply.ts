import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/roles';
import { FIXTURE_CLOSED, NOT_A_PLAYER, NOT_SELECTED, selectionReplySchema } from '../../../shared/availability';
import type { DbOrTx } from '../../db/client';
import { fixtureSelections, notifications, players } from '../../db/schema';
import type { AnswerChange } from '../availability';
import { parseInput } from '../checks';
import { conflict, forbidden, notFound, unauthenticated } from '../../../shared/errors';
import type { SelectionContext } from './context';
import { assertGuardianOrSelf } from '../juniors/access';

/** Players confirm or decline; a selected player's drop-out alerts staff. */
export function squadReplies(ctx: SelectionContext) {
  const { db, openFixture, publishedAt, alertStaff } = ctx;
  return {
    /** PUT /api/fixtures/{id}/selection/me: a selected player confirms or declines; a decline alerts staff. */
    async reply(user: SessionUser | null, fixtureId: string, input: unknown) {
      if (!user) throw unauthenticated();
      const [player] = await db
        .select({ id: players.id, full_name: players.full_name, user_id: players.user_id })
        .from(players)
        .where(eq(players.user_id, user.id));
      if (!player) throw forbidden(NOT_A_PLAYER);
      return this.replyFor(player, fixtureId, input);
    },

    /** PUT /api/players/{id}/selection/{fixture_id}: a child's primary parent or carer confirms or declines for them (issue 23). */
    async replyForChild(actor: SessionUser | null, playerId: string, fixtureId: string, input: unknown) {
      const { child, level } = await assertGuardianOrSelf(db, actor, playerId, 'answer');
      if (level && level !== 'primary') throw forbidden('Only the child’s primary parent or carer confirms or declines a squad place.');
      return this.replyFor({ id: child.id, full_name: child.full_name, user_id: child.user_id }, fixtureId, input);
    },

    /** A selected player's reply, signed in or through the signed links of their selection mail (server/services/squad-links.ts). */
    async replyFor(player: { id: string; full_name: string; user_id: string | null }, fixtureId: string, input: unknown) {
      const { confirmed, reason } = parseInput(selectionReplySchema, input);
      const event = await openFixture(fixtureId);
      if (event.cancelled || event.over) throw conflict(FIXTURE_CLOSED);
      return db.transaction(async (tx) => {
        if (!(await publishedAt(tx, event.id))) throw notFound(NOT_SELECTED);
        const now = new Date();
        const [row] = await tx
          .update(fixtureSelections)
          .set({ confirmed, responded_at: now, reconfirm: false })
          .where(and(eq(fixtureSelections.fixture_id, event.id), eq(fixtureSelections.player_id, player.id)))
          .returning();
        if (!row) throw notFound(NOT_SELECTED);
        // Answered: the "Selected … please confirm" notification has done its job.
        if (player.user_id) {
          await tx.execute(
            sql`update ${notifications} set read_at = now() where read_at is null and user_id = ${player.user_id} and kind = 'selection' and title = ${`Selected: ${event.title}`}`,
          );
        }
        if (!confirmed) {
          await alertStaff(tx, event.team_id, `selection-declined:${event.id}:${player.id}:${now.getTime()}`, {
            change: 'declined',
            playerName: player.full_name,
            role: row.role,
            shirtNumber: row.shirt_number,
            event,
            reason: reason || null,
          });
        }
        return { fixture_id: event.id, player_id: player.id, role: row.role, shirt_number: row.shirt_number, confirmed, responded_at: now.toISOString() };
      });
    },

    /** Availability's hook: a selected player changing to unavailable alerts staff (in the answer's transaction). */
    async onAnswer(tx: DbOrTx, change: AnswerChange) {
      if (change.event.kind !== 'fixture' || change.after !== 'unavailable' || change.before === 'unavailable') return;
      const [selected] = await tx
        .select({ role: fixtureSelections.role, shirt: fixtureSelections.shirt_number, name: players.full_name, confirmed: fixtureSelections.confirmed })
        .from(fixtureSelections)
        .innerJoin(players, eq(players.id, fixtureSelections.player_id))
        .where(and(eq(fixtureSelections.fixture_id, change.event.id), eq(fixtureSelections.player_id, change.playerId)));
      // One mail per player per change: a player who already declined has been reported.
      if (!selected || selected.confirmed === false) return;
      await alertStaff(tx, change.event.team_id, `selection-dropout:${change.event.id}:${change.playerId}:${Date.now()}`, {
        change: 'unavailable',
        playerName: selected.name,
        role: selected.role,
        shirtNumber: selected.shirt,
        event: change.event,
        reason: change.note ?? null,
      });
    },
  };
}
