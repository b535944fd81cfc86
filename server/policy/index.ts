/**
 * The rule book (issue 30, ADR 046): every decision about who may read or change a person, a
 * child's data, a team's match week, the club's content or its money is one named rule here, read
 * from the relationships as they stand today (actor.ts). Services and page loaders ask these rules;
 * lint keeps role comparisons out of every other file. `access-matrix.ts` beside this file declares,
 * operation by operation, who may do what, and its test checks the running app against it.
 */
import type { SessionUser } from '../../shared/roles';
import type { DbOrTx } from '../db/client';
import { actorOf, signedIn, type Actor } from './actor';
import {
  allow,
  isAdmin,
  mayDownloadClubFile,
  mayManageClubDomain,
  mayEnterAdmin,
  mayHandlePersonalData,
  mayLookAfterDbsChecks,
  mayManageClubSite,
  mayManageGuardians,
  mayManageMemberRecords,
  mayManageMembership,
  mayChargeMembers,
  mayManageMoney,
  mayManageSafeguarding,
  mayMessageWholeClub,
  mayPublishClubDocuments,
  maySetAgeGroup,
} from './club';
import { mayOpenMatchDayCards } from './children';
import { assertRunsTeams, mayWriteNews, OWN_TEAMS_ONLY, runsAnyTeam, teamsRunBy } from './teams';

export * from './actor';
export * from './club';
export * from './teams';
export * from './children';
export * from './dbs';

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

/** 401 without a login; 403 (with `detail`) unless the rule allows the signed-in person. */
export async function must(db: DbOrTx, user: SessionUser | null, rule: (actor: Actor) => boolean, detail?: string): Promise<Actor> {
  const actor = await signedIn(db, user);
  allow(rule(actor), detail);
  return actor;
}

/** The match-week part of the panel (fixtures, training, squads, availability): someone who runs a team. */
export async function matchWeekRunner(db: DbOrTx, user: SessionUser | null): Promise<SessionUser> {
  return (await must(db, user, runsAnyTeam, OWN_TEAMS_ONLY)).user;
}
export * from './members';

/** What the pages may show the signed-in person (menus, tabs, buttons): each one a rule's answer. */
export interface Capabilities {
  enterAdmin: boolean;
  admin: boolean;
  memberRecords: boolean;
  membership: boolean;
  money: boolean;
  /** Charging members (the Money tab's charging part): the treasurer and the secretary. */
  chargeMembers: boolean;
  safeguarding: boolean;
  guardians: boolean;
  dbsChecks: boolean;
  news: boolean;
  documents: boolean;
  clubSite: boolean;
  runsTeams: boolean;
  runsAllTeams: boolean;
  /** The Teams tab: those who run a team, and those who set age groups. */
  teams: boolean;
  messageWholeClub: boolean;
  setAgeGroup: boolean;
  /** The Match day tab: team staff and the welfare officer (issue 31). */
  matchDay: boolean;
  /** Data requests, downloads, erasure and retention (issue 34): the data protection lead and the secretary. */
  personalData: boolean;
  /** The whole club as one file (issue 36): admins only. */
  clubFile: boolean;
  /** The club's own web addresses on a hosted install (issue 36): admins only. */
  clubDomain: boolean;
}

export function capabilitiesOf(actor: Actor): Capabilities {
  return {
    enterAdmin: mayEnterAdmin(actor),
    admin: isAdmin(actor),
    memberRecords: mayManageMemberRecords(actor),
    membership: mayManageMembership(actor),
    money: mayManageMoney(actor),
    chargeMembers: mayChargeMembers(actor),
    safeguarding: mayManageSafeguarding(actor),
    guardians: mayManageGuardians(actor),
    dbsChecks: mayLookAfterDbsChecks(actor),
    news: mayWriteNews(actor),
    documents: mayPublishClubDocuments(actor),
    clubSite: mayManageClubSite(actor),
    runsTeams: runsAnyTeam(actor),
    runsAllTeams: teamsRunBy(actor) === 'all',
    teams: runsAnyTeam(actor) || maySetAgeGroup(actor),
    messageWholeClub: mayMessageWholeClub(actor),
    setAgeGroup: maySetAgeGroup(actor),
    matchDay: mayOpenMatchDayCards(actor),
    personalData: mayHandlePersonalData(actor),
    clubFile: mayDownloadClubFile(actor),
    clubDomain: mayManageClubDomain(actor),
  };
}

/** The rule book as a service: the transports (API guards, page loaders) ask it about the signed-in person. */
export function createAccessService(db: DbOrTx) {
  return {
    actorOf: (user: SessionUser) => actorOf(db, user),
    async capabilities(user: SessionUser | null): Promise<Capabilities | null> {
      return user ? capabilitiesOf(await actorOf(db, user)) : null;
    },
  };
}
