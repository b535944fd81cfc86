/**
 * The club's own business (issue 30): who runs membership, money, safeguarding and the club's
 * content. Each rule names the club roles that cover it; an admin covers everything.
 */
import type { ClubRole } from '../../shared/club-roles';
import { forbidden } from '../../shared/errors';
import type { Role } from '../../shared/roles';
import type { Actor } from './actor';

/** Whether the actor holds one of these club roles today (an admin holds every one). */
export const holds = (actor: Actor, ...roles: readonly ClubRole[]) => actor.clubRoles.has('admin') || roles.some((r) => actor.clubRoles.has(r));

export const isAdmin = (actor: Actor) => actor.clubRoles.has('admin');

/** Registrations, members' records, leaving and coming back: the secretary's work. */
export const mayManageMembership = (actor: Actor) => holds(actor, 'secretary');

/** Club roles, and linking a registration onto a record that holds power: admins only. */
export const mayGrantPower = (actor: Actor) => isAdmin(actor);

/** The ledger, charges, bank statements and payments: the treasurer's work. */
export const mayManageMoney = (actor: Actor) => holds(actor, 'treasurer');

/** Charging members (one, a team, several teams): the treasurer and the secretary. */
export const mayChargeMembers = (actor: Actor) => holds(actor, 'treasurer', 'secretary');

/** DBS records, guardian links, consents overview, the medical-notes log, switching logins off. */
export const mayManageSafeguarding = (actor: Actor) => holds(actor, 'welfare_officer');

/**
 * Personal-data requests (access, erasure, correction, restriction), their downloads and erasures,
 * and the retention schedule (issue 34): the data protection lead and the secretary.
 */
export const mayHandlePersonalData = (actor: Actor) => holds(actor, 'data_protection_lead', 'secretary');

/** Inviting guardians and deciding "I am a parent" requests. */
export const mayManageGuardians = (actor: Actor) => holds(actor, 'secretary', 'welfare_officer');

/** Whether a team plays as juniors (its age group): the welfare officer decides, or an admin. */
export const maySetAgeGroup = (actor: Actor) => holds(actor, 'welfare_officer');

/** The club's documents (for everyone or one member): the secretary besides admins. */
export const mayPublishClubDocuments = (actor: Actor) => holds(actor, 'secretary');

/** Members' records themselves (adding, editing, deleting, leaving, logins, passwords): admins. */
export const mayManageMemberRecords = (actor: Actor) => isAdmin(actor);

/** Teams themselves (adding, removing), Join Us applications and the mail outbox: admins. */
export const mayRunTheClub = (actor: Actor) => isAdmin(actor);

/** The shop, sponsors, club settings, the home page and about: admins. */
export const mayManageClubSite = (actor: Actor) => isAdmin(actor);

/**
 * The whole club as one file (issue 36, "Take your club and leave"): every member's personal data,
 * the money and the uploads. Admins only: never the secretary, the treasurer or the data protection
 * lead, whose work needs part of it, not all.
 */
export const mayDownloadClubFile = (actor: Actor) => isAdmin(actor);

/**
 * The club's own web addresses on a hosted install (issue 36): a domain that shows the club's site
 * and gets a certificate in its name. Admins only, as the site's settings are.
 */
export const mayManageClubDomain = (actor: Actor) => isAdmin(actor);

/** A message to everyone in the club: admins and the secretary; team staff message their own teams. */
export const mayMessageWholeClub = (actor: Actor) => holds(actor, 'secretary');

/** Whether the actor works in the admin panel at all: a club role or a staff place. */
export const mayEnterAdmin = (actor: Actor) => actor.clubRoles.size > 0 || actor.staffOf.size > 0;

/** DBS checks are looked after by the secretary and the welfare officer (and admins). */
export const mayLookAfterDbsChecks = (actor: Actor) => holds(actor, 'secretary', 'welfare_officer');

/** A DBS check is recorded by those who look after them, never by the person it is about. */
export const mayRecordDbsCheck = (actor: Actor, subjectUserId: string | null) => mayLookAfterDbsChecks(actor) && subjectUserId !== actor.id;

/** Refuses (403) when a rule says no. */
export function allow(rule: boolean, detail?: string): asserts rule {
  if (!rule) throw forbidden(detail);
}

/** The club's documents for everyone: its members and volunteers (not a pending registrant, finding 12; not a parent-only login). */
export const mayReadClubDocuments = (actor: Actor) => mayEnterAdmin(actor) || actor.member?.status === 'active';

export const AWAITING_APPROVAL = 'Your registration is waiting for the club’s approval: until then you can see your status and your own profile only.';

/** The members' area beyond one's own profile and status (the bank details among it): not while a registration waits. */
export const mayUseMembersArea = (actor: Actor) => actor.member?.status !== 'pending';

/**
 * Setting the club up, before there are relationships to read: the login's own access level (the
 * admin the setup made) decides, and the database counts are the admin's to see.
 */
export const isAdminLogin = (user: { role: Role } | null) => user?.role === 'admin';

/** A login that is only a player's goes when the player's record is deleted; one with any other access stays. */
export const loginGoesWithPlayer = (role: string) => role === 'player';

/**
 * A copy of one's own personal data from the portal (issue 34): any login, except while a
 * registration waits for approval or after leaving the club (the club answers a request then).
 */
export const mayDownloadOwnData = (actor: Actor) => !actor.member || actor.member.status === 'active';
