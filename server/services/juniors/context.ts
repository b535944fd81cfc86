/** What the juniors' use cases share: the database, mail, and who may manage guardians. */
import { invalid } from '../../../shared/errors';
import { isJunior } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import type { Db, DbOrTx } from '../../db/client';
import type { MailService } from '../mail';
import { childRow, type ChildRow } from './access';
import { allow, mayManageGuardians, signedIn } from '../../policy';
import type { AnonymousWriteLimiter } from '../throttle';

export interface JuniorContext {
  db: Db;
  mail: MailService;
  /** Parents' registrations per client address and hour (issue 30); without it none are counted. */
  anonymousWrites?: AnonymousWriteLimiter;
}

export const MANAGES_GUARDIANS = 'Only admins, the club secretary and the welfare officer manage parents and carers.';
export const NO_SUCH_CHILD = 'No junior member has this id.';
export const NOT_A_JUNIOR = 'This player is not a junior (under 18 today, by their date of birth): parents and carers cannot be linked to them.';

/** Admins, the secretary and the welfare officer invite guardians and decide "I am a parent" requests (403 for others). */
export async function assertManagesGuardians(db: DbOrTx, actor: SessionUser | null): Promise<SessionUser> {
  allow(mayManageGuardians(await signedIn(db, actor)), MANAGES_GUARDIANS);
  return actor!;
}

/** A child a guardian can be linked to: a member under 18 today (422 naming the field otherwise). */
export async function juniorForLink(db: DbOrTx, playerId: string, field = 'player_id'): Promise<ChildRow> {
  const child = await childRow(db, playerId);
  if (!child || child.status === 'left') throw invalid(NO_SUCH_CHILD, [{ field, message: NO_SUCH_CHILD }]);
  if (!isJunior(child.date_of_birth, todayIso())) throw invalid(NOT_A_JUNIOR, [{ field, message: NOT_A_JUNIOR }]);
  return child;
}

export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;
