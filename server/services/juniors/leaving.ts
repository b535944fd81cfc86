/**
 * A child leaving the club or being deleted (issue 31): their parents and carers are told. The
 * guardians are read before the change (deleting the child deletes the links), then mailed.
 */
import { eq, inArray } from 'drizzle-orm';
import { isJunior } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import type { DbOrTx } from '../../db/client';
import { guardians, users } from '../../db/schema';
import { childLeftClub } from '../../mail/templates';
import type { MailService } from '../mail';
import { firstName } from './context';

/** The logins of a junior's parents and carers (none for an adult: at 18 they speak for themselves). */
export async function guardiansToTell(tx: DbOrTx, child: { id: string; date_of_birth: string | null }): Promise<string[]> {
  if (!isJunior(child.date_of_birth, todayIso())) return [];
  const rows = await tx.select({ user_id: guardians.user_id }).from(guardians).where(eq(guardians.player_id, child.id));
  return rows.map((r) => r.user_id);
}

/** "Aarav has left the club" or "Aarav's record has been deleted", once per event (`key`). */
export async function tellGuardiansChildLeft(tx: DbOrTx, mail: MailService, e: { guardianIds: string[]; fullName: string; deleted: boolean; key: string }) {
  if (e.guardianIds.length === 0) return;
  await mail.toUsersWhere(tx, inArray(users.id, e.guardianIds), {
    template: childLeftClub,
    data: { childFirstName: firstName(e.fullName), deleted: e.deleted },
    dedupeKey: e.key,
  });
}

/** A member leaving the club: if a child, their parents and carers are told (each leaving is its own event). */
export async function tellGuardiansOfLeaving(tx: DbOrTx, mail: MailService, member: { id: string; full_name: string; date_of_birth: string | null }) {
  const guardianIds = await guardiansToTell(tx, member);
  await tellGuardiansChildLeft(tx, mail, { guardianIds, fullName: member.full_name, deleted: false, key: `child-left:${member.id}:${Date.now()}` });
}
