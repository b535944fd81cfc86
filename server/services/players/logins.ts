/** Admins managing players' logins: creating an account for a squad player and resetting a password. */
import { and, eq, sql } from 'drizzle-orm';
import { PLAYER_NOT_FOUND, type CreatePlayerAccountInput } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import { conflict, notFound } from '../../../shared/errors';
import { hashPassword } from '../../auth/passwords';
import { players, users } from '../../db/schema';
import { isUuid } from '../ids';
import { duplicateAccount, type PlayerContext } from './context';

export function playerLogins({ db, endAllSessions, emailOrUsernameTaken, assertRole }: PlayerContext) {
  return {
    /** A login for a squad player: role player, or staff for the Staff team. */
    async createAccount(actor: SessionUser | null, input: CreatePlayerAccountInput) {
      assertRole(actor, []);
      if (!isUuid(input.player_id)) throw notFound(PLAYER_NOT_FOUND);
      const [player] = await db.select().from(players).where(eq(players.id, input.player_id));
      if (!player) throw notFound(PLAYER_NOT_FOUND);
      if (player.user_id) throw conflict('This player already has a login account.');
      await emailOrUsernameTaken(db, input.username, input.email);
      const password_hash = await hashPassword(input.password);
      const role = player.team_type === 'Staff' ? ('staff' as const) : ('player' as const);
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ username: input.username, email: input.email, full_name: player.full_name, role, password_hash })
            .returning({ id: users.id, username: users.username, email: users.email, full_name: users.full_name, role: users.role });
          const linked = await tx
            .update(players)
            .set({ user_id: user.id, updated_at: new Date() })
            .where(and(eq(players.id, player.id), sql`${players.user_id} is null`))
            .returning({ id: players.id });
          if (linked.length === 0) throw conflict('This player already has a login account.');
          return { user, player_id: player.id };
        });
      } catch (error) {
        duplicateAccount(error);
      }
    },

    /**
     * Sets a new password for a user (given the user's id or their player's id) and ends all of
     * that user's sessions.
     */
    async resetPassword(actor: SessionUser | null, id: string, password: string) {
      assertRole(actor, []);
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      let [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
      if (!user) {
        const [player] = await db.select({ user_id: players.user_id }).from(players).where(eq(players.id, id));
        if (player?.user_id) user = { id: player.user_id };
      }
      if (!user) throw notFound(PLAYER_NOT_FOUND);
      await db.update(users).set({ password_hash: await hashPassword(password) }).where(eq(users.id, user.id));
      await endAllSessions(user.id);
      return { user_id: user.id };
    },
  };
}
