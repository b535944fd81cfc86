/**
 * A team's match week (issue 30): fixtures, training, squads and selection, availability, messages
 * to the team, its players' feedback and stats. Run by the club roles that cover every team (admin,
 * secretary) and by the team's own staff today; a change that moves something between teams needs
 * both the old and the new team.
 */
import { forbidden } from '../../shared/errors';
import type { Actor } from './actor';
import { holds } from './club';

export const OWN_TEAMS_ONLY = 'You run the match week and training of your own teams only.';

/** The teams this actor runs: every team for admins and the secretary, else those they are staff of today. */
export const teamsRunBy = (actor: Actor): 'all' | ReadonlySet<string> => (holds(actor, 'secretary') ? 'all' : actor.staffOf);

/** Whether the actor runs this team (a missing team id: only those who run every team). */
export function mayRunTeam(actor: Actor, teamId: string | null | undefined): boolean {
  const scope = teamsRunBy(actor);
  return scope === 'all' || (!!teamId && scope.has(teamId));
}

/** Whether the actor runs some team, or every team: the match-week part of the panel. */
export const runsAnyTeam = (actor: Actor) => teamsRunBy(actor) === 'all' || actor.staffOf.size > 0;

/** Refuses (403) unless the actor runs every one of these teams (old and new for a move). */
export function assertRunsTeams(actor: Actor, ...teamIds: (string | null | undefined)[]) {
  if (!teamIds.every((id) => mayRunTeam(actor, id))) throw forbidden(OWN_TEAMS_ONLY);
}

/** News and its pictures: the secretary and admins, and team staff (match reports). */
export const mayWriteNews = (actor: Actor) => holds(actor, 'secretary') || actor.staffOf.size > 0;
