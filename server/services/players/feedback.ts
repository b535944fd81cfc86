/** Coach feedback: the player's own, and staff writing it (the player is notified). */
import { todayIso } from '../../../shared/players';
import type { FeedbackCreateInput } from '../../../shared/contracts/players';
import type { SessionUser } from '../../../shared/roles';
import { feedback } from '../../db/schema';
import { newFeedback } from '../../mail/templates';
import { notifyPlayer } from '../notifications';
import { toFeedback, type PlayerContext } from './context';

export function coachFeedback({ db, mail, linkedPlayer, assertMayAccess, assertMayCoach, feedbackFor }: PlayerContext) {
  return {
    async myFeedback(actor: SessionUser | null) {
      return feedbackFor((await linkedPlayer(actor)).id);
    },

    async feedbackOf(actor: SessionUser | null, playerId: string) {
      await assertMayAccess(actor, playerId, 'coaching');
      return feedbackFor(playerId);
    },

    async addFeedback(actor: SessionUser | null, playerId: string, input: FeedbackCreateInput) {
      const coach = await assertMayCoach(actor, playerId);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(feedback)
          .values({
            player_id: playerId,
            // Signed by whoever writes it (issue 30): a name typed in the form is not trusted.
            coach_name: coach.name,
            category: input.category,
            feedback: input.feedback,
            rating: input.rating ?? null,
            date: input.date ?? todayIso(),
          })
          .returning();
        await notifyPlayer(tx, playerId, {
          kind: 'feedback',
          title: `New ${row.category.toLowerCase()} feedback from ${row.coach_name}`,
          body: row.feedback.length > 120 ? `${row.feedback.slice(0, 117)}…` : row.feedback,
          link: '/players-area/feedback',
        });
        await mail.toPlayer(tx, playerId, {
          template: newFeedback,
          data: { coachName: row.coach_name, category: row.category, feedback: row.feedback },
          dedupeKey: `feedback:${row.id}`,
        });
        return toFeedback(row);
      });
    },
  };
}
