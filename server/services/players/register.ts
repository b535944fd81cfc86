/** Public self-registration: the register page's conflict check and the new player's account and squad record. */
import { createHash, randomBytes } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import { EMAIL_TAKEN, USERNAME_TAKEN, todayIso, type RegistrationInput } from '../../../shared/players';
import { invalid, type FieldError } from '../../../shared/errors';
import { JUNIOR_SELF_REGISTRATION, juniorLoginRefusal } from '../../../shared/guardians';
import { hashChosenPassword } from '../../auth/password-policy';
import { accountTokens, players, users } from '../../db/schema';
import { welcome } from '../../mail/templates';
import { duplicateAccount, type PlayerContext } from './context';

export function registration({ db, mail, emailOrUsernameTaken, anonymousWrites }: PlayerContext) {
  return {
    /**
     * Which of a registration's username and e-mail are already taken, as field errors: the
     * register page reports them with every other problem at once (ADR 026), not one per try.
     */
    async registrationConflicts(username: string | null, email: string | null): Promise<FieldError[]> {
      const checks = [
        username ? eq(sql`lower(${users.username})`, username.toLowerCase()) : undefined,
        email ? eq(sql`lower(${users.email})`, email.toLowerCase()) : undefined,
      ].filter(Boolean);
      if (checks.length === 0) return [];
      const rows = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(or(...checks));
      const errors: FieldError[] = [];
      if (username && rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) errors.push({ field: 'username', message: USERNAME_TAKEN });
      if (email && rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) errors.push({ field: 'email', message: EMAIL_TAKEN });
      return errors;
    },

    /**
     * Public self-registration: always a player, with the linked squad record (pending), in one
     * transaction. `address` is the client's: at most so many registrations per hour come from one.
     */
    async register(input: RegistrationInput, address?: string) {
      await anonymousWrites?.count('registration', address);
      // Issue 23: a junior does not register themselves: a parent or carer asks for the link ("I am a parent or carer").
      if (juniorLoginRefusal(input.date_of_birth, null, todayIso())) {
        throw invalid(JUNIOR_SELF_REGISTRATION, [{ field: 'date_of_birth', message: JUNIOR_SELF_REGISTRATION }]);
      }
      await emailOrUsernameTaken(db, input.username, input.email);
      const password_hash = await hashChosenPassword(input.password);
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ username: input.username, email: input.email, full_name: input.full_name, role: 'player', password_hash })
            .returning({ id: users.id, username: users.username, email: users.email, full_name: users.full_name, role: users.role });
          const [player] = await tx
            .insert(players)
            .values({
              user_id: user.id,
              full_name: input.full_name,
              position: input.position_preference,
              position_preference: input.position_preference,
              team_type: 'Senior',
              nationality: input.nationality ?? '',
              date_of_birth: input.date_of_birth,
              phone_number: input.phone_number,
              emergency_contact_name: input.emergency_contact_name,
              emergency_contact_phone: input.emergency_contact_phone,
              medical_notes: input.medical_notes,
              previous_club: input.previous_club,
              status: 'pending',
            })
            .returning({ id: players.id, status: players.status });
          // A pending member (issue 21): in no team, on no public page, counted nowhere, until the
          // secretary approves them (server/services/registrations.ts).
          // The welcome carries the link that confirms the address (7 days, single use).
          const confirmToken = randomBytes(32).toString('base64url');
          await tx.insert(accountTokens).values({
            token_hash: createHash('sha256').update(confirmToken).digest('hex'),
            user_id: user.id,
            purpose: 'confirm_email',
            email: user.email,
            expires_at: new Date(Date.now() + 7 * 24 * 3_600_000),
          });
          await mail.toUser(tx, user.id, { template: welcome, data: { username: user.username, confirmToken }, dedupeKey: 'welcome' });
          return { user, player_id: player.id, status: player.status };
        });
      } catch (error) {
        duplicateAccount(error);
      }
    },
  };
}
