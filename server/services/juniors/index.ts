/** createJuniorService: guardians, their invitations and requests, children's consents and care (issue 23, ADR 038). */
import { childRelation, mayReadMemberDocuments, signedIn } from '../../policy';
import type { SessionUser } from '../../../shared/roles';
import type { AnonymousWriteLimiter } from '../throttle';
import type { Db } from '../../db/client';
import type { MailService } from '../mail';
import { childRow } from './access';
import { forbidden } from '../../../shared/errors';
import { NOT_THEIR_GUARDIAN } from '../../../shared/guardians';
import { childrenUseCases } from './children';
import { childRecordsUseCases } from './records';
import { matchDayUseCases } from './match-day';
import type { JuniorContext } from './context';
import { guardianInvitationsUseCases } from './invitations';
import { guardianLinkUseCases } from './guardian-links';
import { guardianRequestUseCases, parentRegistration } from './requests';
import { turningEighteenUseCases } from './turning-eighteen';

export { currentConsents, hasConsent } from './consents';
export { mailAudience } from './recipients';
export { assertGuardianOrSelf, guardianLevel } from './access';

export function createJuniorService(
  db: Db,
  deps: { mail: MailService; documentsFor: (playerId: string) => Promise<unknown[]>; anonymousWrites?: AnonymousWriteLimiter },
) {
  const ctx: JuniorContext = { db, mail: deps.mail, anonymousWrites: deps.anonymousWrites };
  return {
    ...guardianInvitationsUseCases(ctx),
    ...guardianRequestUseCases(ctx),
    ...parentRegistration(ctx),
    ...childrenUseCases(ctx),
    ...childRecordsUseCases(ctx),
    ...matchDayUseCases(ctx),
    ...turningEighteenUseCases(ctx),
    ...guardianLinkUseCases(ctx),

    /** GET /api/players/{id}/documents: the club's documents for everyone and for this member (themselves, their parents or carers, the club). */
    async documentsOf(actor: SessionUser | null, playerId: string) {
      const me = await signedIn(db, actor);
      const child = await childRow(db, playerId);
      if (!child || !mayReadMemberDocuments(me, await childRelation(db, me, child))) throw forbidden(NOT_THEIR_GUARDIAN);
      return deps.documentsFor(child.id);
    },
  };
}

export type JuniorService = ReturnType<typeof createJuniorService>;
