/**
 * A team's match week (issue 30): fixtures, training, squads and selection, availability, messages
 * to the team, its players' feedback and stats. Run by the club roles that cover every team (admin,
 * secretary) and by the team's own staff today; a change that moves something between teams needs
 * both the old and the new team.
 */
import { sql } from 'drizzle-orm';
import { forbidden } from '../../shared/errors';
import { isJuniorAgeGroup } from '../../shared/juniors';
import { todayIso } from '../../shared/players';
import type { DbOrTx } from '../db/client';
import type { Actor } from './actor';
import { holds } from './club';

export const OWN_TEAMS_ONLY = 'You run the match week and training of your own teams only.';

export const STAFF_PLACE_SUSPENDED =
  'Your place on this junior team’s staff is suspended because your DBS check is not in order. It comes back once the welfare officer records a new in-date check.';

/**
 * The teams this actor runs: every team for admins and the secretary, else those they are staff of
 * today in a place that counts (a junior team's place is suspended while their DBS check is not in
 * order, issue 31: actor.suspendedFrom, never in staffOf).
 */
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
  if (teamIds.every((id) => mayRunTeam(actor, id))) return;
  throw forbidden(teamIds.some((id) => !!id && actor.suspendedFrom.has(id)) ? STAFF_PLACE_SUSPENDED : OWN_TEAMS_ONLY);
}

/** News and its pictures: the secretary and admins, and team staff (match reports). */
export const mayWriteNews = (actor: Actor) => holds(actor, 'secretary') || actor.staffOf.size > 0;

/**
 * The teams whose match week and training this person follows (issue 30, finding 19): the teams
 * they play for today, their children's teams, the teams they run; every team for the club's
 * officers who cover them all (admins, the secretary, the welfare officer). Where and when a junior
 * team trains is shown to these people only.
 */
export async function teamsFollowedBy(db: DbOrTx, actor: Actor | null, today = todayIso()): Promise<'all' | ReadonlySet<string>> {
  if (!actor) return new Set();
  if (holds(actor, 'secretary', 'welfare_officer')) return 'all';
  const people = [...(actor.member?.status === 'active' ? [actor.member.playerId] : []), ...actor.guardianOf];
  const followed = new Set(actor.staffOf);
  if (people.length) {
    const result = await db.execute<{ team_id: string }>(sql`
      select distinct team_id::text from player_teams
      where player_id in (${sql.join(
        people.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and joined_on <= ${today}::date and (left_on is null or left_on > ${today}::date)`);
    for (const row of (result as unknown as { rows: { team_id: string }[] }).rows) followed.add(row.team_id);
  }
  return followed;
}

/** Whether this person sees where and when this team trains: anyone for an open team; a junior team's own people only. */
export const maySeeTraining = (followed: 'all' | ReadonlySet<string>, team: { id: string; age_group: string | null }) =>
  !isJuniorAgeGroup(team.age_group) || followed === 'all' || followed.has(team.id);
