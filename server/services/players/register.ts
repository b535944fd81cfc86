/** Public self-registration: the register page's conflict check and the new player's account and squad record. */
import { asc, eq, or, sql } from 'drizzle-orm';
import { EMAIL_TAKEN, USERNAME_TAKEN, type RegistrationInput } from '../../../shared/players';
import type { FieldError } from '../../../shared/errors';
import { hashPassword } from '../../auth/passwords';
import { players, playerTeams, teams, users } from '../../db/schema';
import { welcome } from '../../mail/templates';
import { duplicateAccount, type PlayerContext } from './context';

export function registration({ db, mail, emailOrUsernameTaken }: PlayerContext) {
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
      const rows = await db.select({ username: users.username, email: users.email }).from(users).where(or(...checks));
      const errors: FieldError[] = [];
      if (username && rows.some((r) => r.username.toLowerCase() === username.toLowerCase())) errors.push({ field: 'username', message: USERNAME_TAKEN });
      if (email && rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) errors.push({ field: 'email', message: EMAIL_TAKEN });
      return errors;
    },

    /** Public self-registration: always a player, with the linked squad record, in one transaction. */
    async register(input: RegistrationInput) {
      await emailOrUsernameTaken(db, input.username, input.email);
      const password_hash = await hashPassword(input.password);
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
            })
            .returning({ id: players.id });
          // A new player joins the first team by sort order (Senior); staff move them later.
          const [team] = await tx.select({ id: teams.id }).from(teams).orderBy(asc(teams.sort_order), asc(teams.name)).limit(1);
          if (team) await tx.insert(playerTeams).values({ player_id: player.id, team_id: team.id });
          await mail.toUser(tx, user.id, { template: welcome, data: { username: user.username }, dedupeKey: 'welcome' });
          return { user, player_id: player.id };
        });
      } catch (error) {
        duplicateAccount(error);
      }
    },
  };
}
