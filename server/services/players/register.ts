/** Public self-registration: the register page's conflict check and the new player's account and squad record. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { EMAIL_TAKEN, USERNAME_TAKEN, todayIso } from '../../../shared/players';
import type { RegistrationInput } from '../../../shared/contracts/players';
import { conflict, invalid, isDomainError, type FieldError } from '../../../shared/errors';
import { JUNIOR_SELF_REGISTRATION, juniorLoginRefusal } from '../../../shared/guardians';
import { hashChosenPassword } from '../../auth/password-policy';
import { accountTokens, players, users } from '../../db/schema';
import { welcome } from '../../mail/templates';
import { ownerOfAddress, tellAddressOwner } from '../address-in-use';
import { clearSuppression } from '../privacy/suppression';
import { duplicateAccount, type PlayerContext } from './context';

export function registration({ db, mail, anonymousWrites }: PlayerContext) {
  /**
   * A registration with an address that already has an account: nothing is created, the owner is
   * told by mail, and the answer looks like a new registration's (issue 30, finding 14).
   */
  async function answeredAsNew(input: RegistrationInput) {
    const owner = await ownerOfAddress(db, input.email);
    if (owner) await db.transaction((tx) => tellAddressOwner(tx, mail, owner, 'registration'));
    const user = { id: randomUUID(), username: input.username, email: input.email, full_name: input.full_name, role: 'player' as const };
    return { user, player_id: randomUUID(), status: 'pending' as const, created: false as const };
  }

  /**
   * Whether a registration's username is already taken, as a field error: the register page reports
   * it with every other problem at once (ADR 026), not one per try. Usernames are shown on the
   * site; an address already in use is never reported (issue 30, finding 14).
   */
  async function registrationConflicts(username: string | null): Promise<FieldError[]> {
    if (!username) return [];
    const [taken] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    return taken ? [{ field: 'username', message: USERNAME_TAKEN }] : [];
  }

  return {
    registrationConflicts,

    /**
     * Public self-registration: always a player, with the linked squad record (pending), in one
     * transaction. `created` is false when the address already had an account: then nothing was made
     * and its owner was mailed; the caller answers as for a new registration. `address` is the
     * client's: at most so many registrations per hour come from one.
     */
    async register(input: RegistrationInput, address?: string) {
      await anonymousWrites?.count('registration', address);
      // Issue 23: a junior does not register themselves: a parent or carer asks for the link ("I am a parent or carer").
      if (juniorLoginRefusal(input.date_of_birth, null, todayIso())) {
        throw invalid(JUNIOR_SELF_REGISTRATION, [{ field: 'date_of_birth', message: JUNIOR_SELF_REGISTRATION }]);
      }
      if ((await registrationConflicts(input.username)).length) throw conflict(USERNAME_TAKEN);
      // The password is checked (and hashed) either way: a weak one is refused, taken address or not.
      const password_hash = await hashChosenPassword(input.password);
      if (await ownerOfAddress(db, input.email)) return answeredAsNew(input);
      try {
        return await db.transaction(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ username: input.username, email: input.email, full_name: input.full_name, role: 'player', password_hash })
            .returning({ id: users.id, username: users.username, email: users.email, full_name: users.full_name, role: users.role });
          // Registering themselves is asking again: an erased address may hear from the club (issue 34).
          await clearSuppression(tx, input.email);
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
          // secretary approves them (services/players/registrations.ts).
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
          return { user, player_id: player.id, status: player.status, created: true as const };
        });
      } catch (error) {
        // The address was taken since the check above: answered as new too.
        try {
          duplicateAccount(error);
        } catch (refusal) {
          if (isDomainError(refusal) && refusal.detail === EMAIL_TAKEN) return answeredAsNew(input);
          throw refusal;
        }
      }
    },
  };
}
