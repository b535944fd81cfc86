/** The signed-in player's own record: finding it and the My Profile edits. */
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/roles';
import type { PlayerProfile, ProfileUpdateInput } from '../../../shared/contracts/players';
import { players, users } from '../../db/schema';
import { duplicateAccount, type PlayerContext, type PlayerRow } from './context';
import type { Db } from '../../db/client';
import { withoutLeftOut } from '../../../shared/fields';
import { DomainError } from '../../../shared/errors';
import { actorOf, childRelation, IDENTITY_BY_GUARDIANS, mayChangeIdentity } from '../../policy';


/** A junior's own login never changes who they are (issue 30): name, date of birth, e-mail. True when they are locked. */
async function assertMayChangeIdentity(db: Db, actor: SessionUser, player: PlayerRow, input: ProfileUpdateInput): Promise<boolean> {
  const me = await actorOf(db, actor);
  if (mayChangeIdentity(me, await childRelation(db, me, player))) return false;
  // Locked: a date of birth left out of the form stays as it is; one that differs is refused.
  const changed = [
    input.full_name !== player.full_name && { field: 'full_name', message: IDENTITY_BY_GUARDIANS },
    input.date_of_birth !== null && input.date_of_birth !== player.date_of_birth && { field: 'date_of_birth', message: IDENTITY_BY_GUARDIANS },
    input.email.toLowerCase() !== actor.email.toLowerCase() && { field: 'email', message: IDENTITY_BY_GUARDIANS },
  ].filter((e) => !!e);
  if (changed.length) throw new DomainError('forbidden', IDENTITY_BY_GUARDIANS, { errors: changed });
  return true;
}

export function ownProfile({ db, emailChange, linkedPlayer, profileOf }: PlayerContext) {
  return {
    /** The signed-in user's player record, or null (staff and admins usually have none). */
    async findOwn(actor: SessionUser | null): Promise<PlayerProfile | null> {
      if (!actor) return null;
      const [row] = await db.select().from(players).where(eq(players.user_id, actor.id));
      return row ? profileOf(row) : null;
    },

    /** The signed-in member's standing (pending while the club has not approved them); null without a player record. */
    async memberStatus(actor: SessionUser | null) {
      if (!actor) return null;
      const [row] = await db.select({ status: players.status }).from(players).where(eq(players.user_id, actor.id));
      return row?.status ?? null;
    },

    /** The id of the signed-in user's player record; 404 when there is none. */
    async linkedPlayerId(actor: SessionUser | null) {
      return (await linkedPlayer(actor)).id;
    },

    async me(actor: SessionUser | null) {
      return profileOf(await linkedPlayer(actor, 'profile'));
    },

    /**
     * My Profile edits: the player record and the account's name together. A new e-mail address is
     * the login's (issue 30): it needs the current password and changes only when the link mailed to
     * it is followed (the old address is told); until then the profile shows the old one.
     */
    async updateMe(actor: SessionUser | null, input: ProfileUpdateInput, address: string) {
      const player = await linkedPlayer(actor, 'profile');
      const identityLocked = await assertMayChangeIdentity(db, actor!, player, input);
      const newEmail = input.email.toLowerCase() !== actor!.email.toLowerCase() ? input.email : null;
      if (newEmail) await emailChange.confirmCurrentPassword(actor!, input.current_password, address);
      try {
        await db.transaction(async (tx) => {
          await tx.update(users).set({ full_name: input.full_name }).where(eq(users.id, actor!.id));
          if (newEmail) await emailChange.startChange(tx, actor!, newEmail);
          await tx
            .update(players)
            .set({
              full_name: input.full_name,
              phone_number: input.phone_number,
              date_of_birth: identityLocked ? player.date_of_birth : input.date_of_birth,
              emergency_contact_name: input.emergency_contact_name,
              emergency_contact_phone: input.emergency_contact_phone,
              position_preference: input.position_preference,
              address: input.address,
              medical_notes: input.medical_notes,
              availability: input.availability,
              // Left out (clients that predate the opt-in): the player's earlier choice stays.
              ...withoutLeftOut({ show_personal_details: input.show_personal_details }),
              updated_at: new Date(),
            })
            .where(eq(players.id, player.id));
        });
      } catch (error) {
        duplicateAccount(error);
      }
      const [updated] = await db.select().from(players).where(eq(players.id, player.id));
      return profileOf(updated);
    },
  };
}
