/** Admins managing players' logins: creating an account for a squad player and resetting a password. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PLAYER_NOT_FOUND, todayIso } from '../../../shared/players';
import type { CreatePlayerAccountInput } from '../../../shared/contracts/players';
import type { SessionUser } from '../../../shared/roles';
import { conflict, invalid, notFound } from '../../../shared/errors';
import { juniorLoginRefusal } from '../../../shared/guardians';
import { hashChosenPassword } from '../../auth/password-policy';
import { INVITATION_DAYS } from '../../../shared/members';
import { accountInvitation, passwordChanged, passwordSet } from '../../mail/templates';
import { calendarTokens, passwordResetTokens, players, users } from '../../db/schema';
import { isUuid } from '../ids';
import { duplicateAccount, type PlayerContext } from './context';
import { syncAccess } from '../roles';
import { refuseSuppressed } from '../privacy/suppression';

export function playerLogins({ db, mail, endAllSessions, emailOrUsernameTaken, assertAdmin }: PlayerContext) {
  return {
    /** A login for a member: staff if they are on a team's staff or in the Staff squad group, else player. */
    async createAccount(actor: SessionUser | null, input: CreatePlayerAccountInput) {
      await assertAdmin(actor);
      if (!isUuid(input.player_id)) throw notFound(PLAYER_NOT_FOUND);
      const [player] = await db.select().from(players).where(eq(players.id, input.player_id));
      if (!player) throw notFound(PLAYER_NOT_FOUND);
      if (player.user_id) throw conflict('This player already has a login account.');
      // Issue 23: no login for an under-13; a 13-17 year old only once a parent or carer agreed.
      const refusal = juniorLoginRefusal(player.date_of_birth, player.login_agreed_at, todayIso());
      if (refusal) throw invalid(refusal, [{ field: 'player_id', message: refusal }]);
      await emailOrUsernameTaken(db, input.username, input.email);
      await refuseSuppressed(db, input.email);
      // Without a password, an unguessable one nobody knows until the invitation's link sets theirs.
      const password_hash = await hashChosenPassword(input.password ?? randomBytes(24).toString('base64url'));
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({
              username: input.username,
              email: input.email,
              full_name: player.full_name,
              role: 'player',
              password_hash,
              // An admin who chose the first password vouches for the address (clubs without mail);
              // an invitation's address is confirmed when its link is followed.
              email_confirmed_at: input.password ? new Date() : null,
            })
            .returning({ id: users.id, username: users.username, email: users.email, full_name: users.full_name, role: users.role });
          const linked = await tx
            .update(players)
            .set({ user_id: user.id, updated_at: new Date() })
            .where(and(eq(players.id, player.id), sql`${players.user_id} is null`))
            .returning({ id: players.id });
          if (linked.length === 0) throw conflict('This player already has a login account.');
          // Staff of a team (or of the Staff squad group) get the staff part of the panel.
          await syncAccess(tx, user.id);
          const [{ role }] = await tx.select({ role: users.role }).from(users).where(eq(users.id, user.id));
          user.role = role;
          if (!input.password) {
            const token = randomBytes(32).toString('base64url');
            await tx.insert(passwordResetTokens).values({
              token_hash: createHash('sha256').update(token).digest('hex'),
              user_id: user.id,
              expires_at: new Date(Date.now() + INVITATION_DAYS * 24 * 3_600_000),
            });
            await mail.toUser(tx, user.id, { template: accountInvitation, data: { token, username: user.username }, dedupeKey: 'invitation' });
          }
          return { user, player_id: player.id, invited: !input.password };
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
      await assertAdmin(actor);
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      const login = { id: users.id, username: users.username, activated_at: users.activated_at };
      let [user] = await db.select(login).from(users).where(eq(users.id, id));
      if (!user) {
        const [player] = await db.select({ user_id: players.user_id }).from(players).where(eq(players.id, id));
        if (player?.user_id) [user] = await db.select(login).from(users).where(eq(users.id, player.user_id));
      }
      if (!user) throw notFound(PLAYER_NOT_FOUND);
      const passwordHash = await hashChosenPassword(password);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ password_hash: passwordHash }).where(eq(users.id, user.id));
        // The private calendar link changes with the password (issue 30): the old one stops working.
        await tx.delete(calendarTokens).where(eq(calendarTokens.user_id, user.id));
        // A login never signed in to gets its first password: a welcome, not a change (issue 31).
        if (user.activated_at) await mail.toUser(tx, user.id, { template: passwordChanged, data: { how: 'admin' }, dedupeKey: `password-changed:${randomUUID()}` });
        else await mail.toUser(tx, user.id, { template: passwordSet, data: { how: 'admin', username: user.username }, dedupeKey: `password-set:${user.id}:${randomUUID()}` });
      });
      await endAllSessions(user.id);
      return { user_id: user.id };
    },
  };
}
