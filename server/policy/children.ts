/**
 * A child's data (issue 30; FA safeguarding guidance, UK GDPR): who sees a junior's medical notes,
 * emergency contacts, consents and documents, and who changes who they are. Read from the
 * relationships as they stand today: a guardian's link while the child is under 18, and the staff
 * of a team the child plays for today (a spell that ended counts for nothing), whose DBS check is in
 * order when the team is a junior team (an expired check suspends the place: dbs.ts, issue 31).
 */
import { sql } from 'drizzle-orm';
import { guardianCanAnswer, isJunior, type GuardianLevel } from '../../shared/juniors';
import { todayIso } from '../../shared/players';
import type { DbOrTx } from '../db/client';
import type { Actor } from './actor';
import { holds, isAdmin } from './club';
import { staffPlaceCounts } from './dbs';

export interface ChildRef {
  id: string;
  user_id: string | null;
  date_of_birth: string | null;
}

export interface ChildRelation {
  /** The child's own login. */
  self: boolean;
  /** A guardian's level while the child is a junior; null otherwise. */
  level: GuardianLevel | null;
  /** On the staff, today, of a team the child plays for today, in a place that counts (a junior team's is suspended while the DBS check is not in order: dbs.ts). */
  coaches: boolean;
  /** Whether the child is under 18 today. */
  junior: boolean;
}

/** How the actor relates to this child today. */
export async function childRelation(db: DbOrTx, actor: Actor, child: ChildRef, today = todayIso()): Promise<ChildRelation> {
  const junior = isJunior(child.date_of_birth, today);
  const result = await db.execute<{ level: GuardianLevel | null; coaches: boolean }>(sql`
    select
      (select level::text from guardians where user_id = ${actor.id} and player_id = ${child.id}) as level,
      exists (
        select 1 from team_staff ts
        join players sp on sp.id = ts.player_id and sp.user_id = ${actor.id} and sp.status = 'active'
        join player_teams pt on pt.team_id = ts.team_id and pt.player_id = ${child.id}
          and pt.joined_on <= ${today}::date and (pt.left_on is null or pt.left_on > ${today}::date)
        join teams t on t.id = ts.team_id
        where ${staffPlaceCounts(today)}
      ) as coaches`);
  const row = (result as unknown as { rows: { level: GuardianLevel | null; coaches: boolean }[] }).rows[0];
  return { self: child.user_id === actor.id, level: junior ? (row?.level ?? null) : null, coaches: !!row?.coaches, junior };
}

/** Medical notes and emergency contacts: the child, their guardians, their coaches today and the welfare officer (not an admin as such). */
export const mayReadMedicalNotes = (actor: Actor, rel: ChildRelation) =>
  rel.self || !!rel.level || rel.coaches || actor.clubRoles.has('welfare_officer');

/** Who read the medical notes: the child's guardians and the welfare officer. */
export const mayReadMedicalNoteLog = (actor: Actor, rel: ChildRelation) => !!rel.level || actor.clubRoles.has('welfare_officer');

/** This season's consents: as for medical notes, and admins. */
export const mayReadConsents = (actor: Actor, rel: ChildRelation) => isAdmin(actor) || mayReadMedicalNotes(actor, rel);

/** Inviting the child's other parent or carer (issue 31): their primary parent or carer, besides the club (mayManageGuardians). */
export const mayInviteOtherGuardian = (rel: ChildRelation) => rel.level === 'primary';

/**
 * A junior team's match-day card (issue 31): every child's medical notes, emergency contacts, photo
 * consent and who may collect. The team's staff today whose place counts for each of its children
 * (a junior team's coach with a DBS check in order: `coaches`), and the welfare officer; not an
 * admin or the secretary as such (they do not read medical notes).
 */
export const mayReadMatchDayCard = (actor: Actor, teamId: string, children: readonly ChildRelation[]) =>
  actor.clubRoles.has('welfare_officer') || (actor.staffOf.has(teamId) && children.every((rel) => rel.coaches));

/** Whether the match-day cards are any of this person's work: team staff and the welfare officer (the Match day tab). */
export const mayOpenMatchDayCards = (actor: Actor) => actor.staffOf.size > 0 || actor.clubRoles.has('welfare_officer');

/** Which junior teams' cards to list: every one for the welfare officer, else the teams they are on the staff of today. */
export const matchDayCardTeams = (actor: Actor): 'all' | ReadonlySet<string> => (actor.clubRoles.has('welfare_officer') ? 'all' : actor.staffOf);

/** Giving or withdrawing a consent, the care details, answering for the child: a guardian who can answer. */
export const mayAnswerForChild = (rel: ChildRelation) => !!rel.level && guardianCanAnswer(rel.level);

export const IDENTITY_BY_GUARDIANS =
  'Your name, date of birth and e-mail address are changed by your parent or carer, or by the club, while you are under 18.';

/**
 * A junior's name, date of birth and e-mail: a guardian who can answer, or the club (admins, the
 * secretary); never the junior's own login. An adult changes their own.
 */
export const mayChangeIdentity = (actor: Actor, rel: ChildRelation) =>
  holds(actor, 'secretary') || (rel.junior ? mayAnswerForChild(rel) : rel.self);

/** A member's documents: themselves, a junior's guardians, and the club (admins, the secretary). */
export const mayReadMemberDocuments = (actor: Actor, rel: ChildRelation) => rel.self || !!rel.level || holds(actor, 'secretary');

/** Whether the staff place counts for feedback and stats: coaches of a team the player plays for today. */
export const mayCoachPlayer = (actor: Actor, rel: ChildRelation) => holds(actor, 'secretary') || rel.coaches;

/** A message to one member: the club (admins, the secretary), or a coach of a team they play for today. */
export const mayMessageMember = (actor: Actor, rel: ChildRelation) => holds(actor, 'secretary') || rel.coaches;

/** Whether this login is a junior's own (under 18 by their record today): who they are is then changed by a parent or the club. */
export async function isJuniorsOwnLogin(db: DbOrTx, actor: Actor, today = todayIso()): Promise<boolean> {
  if (!actor.member) return false;
  const result = await db.execute<{ date_of_birth: string | null }>(sql`select date_of_birth::text from players where id = ${actor.member.playerId}`);
  const row = (result as unknown as { rows: { date_of_birth: string | null }[] }).rows[0];
  return isJunior(row?.date_of_birth, today);
}

/**
 * A copy of a child's personal data from the portal (issue 34, UK GDPR Article 15): a guardian with
 * parental responsibility today (primary or secondary; not view-only, not a former guardian, not
 * once the child is 18), without asking the club. Coaches and the club use a request instead.
 */
export const mayDownloadChildData = (rel: ChildRelation) => !!rel.level && guardianCanAnswer(rel.level);
