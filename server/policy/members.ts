/**
 * What each role reads in the lists that name members (issue 30, ADR 046): the admin and the
 * secretary keep the register (everything); the welfare officer also sees dates of birth (juniors'
 * ages decide safeguarding), not login addresses; the treasurer sees who is in the club; team staff
 * see the players of the teams they run today, without contact details or dates of birth.
 */
import type { AdminPlayer } from '../../shared/contracts/players';
import type { Actor } from './actor';
import { holds } from './club';

export type MemberListView = 'register' | 'welfare' | 'club' | 'team';

export function memberListView(actor: Actor): MemberListView {
  if (holds(actor, 'secretary')) return 'register';
  if (actor.clubRoles.has('welfare_officer')) return 'welfare';
  if (actor.clubRoles.has('treasurer')) return 'club';
  return 'team';
}

/** The members this view lists (team staff: the players and staff of their teams today) and the fields it keeps. */
export function membersFor(actor: Actor, view: MemberListView, players: AdminPlayer[]): AdminPlayer[] {
  const listed = view === 'team' ? players.filter((p) => p.team_ids.some((id) => actor.staffOf.has(id)) || p.staff_roles.some((s) => actor.staffOf.has(s.team_id))) : players;
  if (view === 'register') return listed;
  return listed.map((p) => ({
    ...p,
    date_of_birth: view === 'welfare' ? p.date_of_birth : p.show_personal_details && p.age_group === null ? p.date_of_birth : null,
    height: p.show_personal_details ? p.height : null,
    weight: p.show_personal_details ? p.weight : null,
    login: p.login ? { ...p.login, email: null } : null,
  }));
}
