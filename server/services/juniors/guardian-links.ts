/** Removing a parent's or carer's link to a child (issue 30): an admin or the welfare officer, with a reason, recorded. */
import { and, eq } from 'drizzle-orm';
import { accessReasonSchema } from '../../../shared/contracts/access';
import { notFound } from '../../../shared/errors';
import type { SessionUser } from '../../../shared/roles';
import { guardians, users } from '../../db/schema';
import { parseInput } from '../checks';
import { isUuid } from '../ids';
import { assertSafeguardsAccess, recordAccessChange } from '../logins';
import { childRow } from './access';
import type { JuniorContext } from './context';
import { NO_SUCH_CHILD } from './context';

export const NOT_LINKED = 'This person is not linked to this child.';

export function guardianLinkUseCases({ db }: JuniorContext) {
  return {
    /**
     * DELETE /api/players/{id}/guardians/{user_id}: the link ends now; from the next request the
     * person no longer sees or answers for the child. Their login stays (switch it off separately).
     */
    async removeGuardianLink(actor: SessionUser | null, childId: string, userId: string, input: unknown) {
      const by = await assertSafeguardsAccess(db, actor);
      const { reason } = parseInput(accessReasonSchema, input);
      if (!isUuid(childId)) throw notFound(NO_SUCH_CHILD);
      if (!isUuid(userId)) throw notFound(NOT_LINKED);
      const child = await childRow(db, childId);
      if (!child) throw notFound(NO_SUCH_CHILD);
      return db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(guardians)
          .where(and(eq(guardians.player_id, child.id), eq(guardians.user_id, userId)))
          .returning({ user_id: guardians.user_id });
        if (!removed) throw notFound(NOT_LINKED);
        const [person] = await tx.select({ full_name: users.full_name }).from(users).where(eq(users.id, userId));
        await recordAccessChange(tx, by, {
          action: 'guardian_link_removed',
          userId,
          name: person?.full_name ?? 'A former parent or carer',
          reason,
          child: { id: child.id, full_name: child.full_name },
        });
        return { detail: `${person?.full_name ?? 'They'} can no longer see or answer for ${child.full_name}.` };
      });
    },
  };
}
