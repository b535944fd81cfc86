/**
 * The rule book (issue 30, ADR 045): every decision about who may read or change a person, a
 * child's data, a team's match week, the club's content or its money is one named rule here, read
 * from the relationships as they stand today (actor.ts). Services and page loaders ask these rules;
 * lint keeps role comparisons out of every other file. `access-matrix.ts` beside this file declares,
 * operation by operation, who may do what, and its test checks the running app against it.
 */
import type { SessionUser } from '../../shared/roles';
import type { DbOrTx } from '../db/client';
import { signedIn, type Actor } from './actor';
import { assertRunsTeams, teamsRunBy } from './teams';

export * from './actor';
export * from './club';
export * from './teams';
export * from './children';

/** 401 without a login; 403 unless the signed-in person runs every one of these teams. */
export async function assertRunsTeam(db: DbOrTx, user: SessionUser | null, ...teamIds: (string | null | undefined)[]): Promise<Actor> {
  const actor = await signedIn(db, user);
  assertRunsTeams(actor, ...teamIds);
  return actor;
}

/** The teams the signed-in person runs ('all' for the club roles that cover every team). */
export async function teamsRunByUser(db: DbOrTx, user: SessionUser): Promise<'all' | ReadonlySet<string>> {
  return teamsRunBy(await signedIn(db, user));
}
