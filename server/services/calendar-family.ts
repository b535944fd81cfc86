/** What a parent's private calendar feed adds to their children's events (issue 31): each child's answer, by first name. */
import { and, inArray } from 'drizzle-orm';
import { AVAILABILITY_LABELS } from '../../shared/availability';
import type { Db, DbOrTx } from '../db/client';
import type { Actor } from '../policy';
import { availability, players, playerTeams } from '../db/schema';
import { inTeamNow } from './teams';

type Kind = 'fixture' | 'training';

/** Per member, what their own calendar adds to an event of a team (their answer, their selection; their children's answers). */
export type PersonalNote = (kind: Kind, id: string, teamId: string) => string[];

/** The teams each of these players is in today. */
export async function currentTeamsOf(db: DbOrTx, playerIds: string[]) {
  if (playerIds.length === 0) return new Map<string, Set<string>>();
  const rows = await db
    .select({ player_id: playerTeams.player_id, team_id: playerTeams.team_id })
    .from(playerTeams)
    .where(and(inArray(playerTeams.player_id, playerIds), inTeamNow));
  const teams = new Map<string, Set<string>>();
  for (const r of rows) teams.set(r.player_id, (teams.get(r.player_id) ?? new Set()).add(r.team_id));
  return teams;
}

/**
 * For each event, a line per child in its team: "Aarav: Available (back at 11)" or "Meera: not
 * answered yet". Only these children's rows are read, so no other child's answer can appear.
 */
export async function childrenNotes(db: DbOrTx, childIds: string[]) {
  const [names, teams, answers] = await Promise.all([
    db.select({ id: players.id, full_name: players.full_name }).from(players).where(inArray(players.id, childIds)),
    currentTeamsOf(db, childIds),
    db
      .select({ player_id: availability.player_id, fixture_id: availability.fixture_id, session_id: availability.session_id, status: availability.status, note: availability.note })
      .from(availability)
      .where(inArray(availability.player_id, childIds)),
  ]);
  const answerOf = new Map(answers.map((a) => [`${a.player_id}:${a.fixture_id ? 'fixture' : 'training'}:${a.fixture_id ?? a.session_id}`, a]));
  const children = names.sort((a, b) => a.full_name.localeCompare(b.full_name));
  return (kind: Kind, id: string, teamId: string) =>
    children
      .filter((child) => teams.get(child.id)?.has(teamId))
      .map((child) => {
        const first = child.full_name.split(' ')[0];
        const answer = answerOf.get(`${child.id}:${kind}:${id}`);
        return answer ? `${first}: ${AVAILABILITY_LABELS[answer.status]}${answer.note ? ` (${answer.note})` : ''}` : `${first}: not answered yet`;
      });
}


/**
 * What a private feed adds to each event: the member's own answer and selection (on their own
 * teams' events), and their children's answers (issue 31).
 */
export async function feedNotes(
  db: DbOrTx,
  actor: Pick<Actor, 'guardianOf'>,
  playerId: string | undefined,
  ownNotes: (db: Db, playerId: string) => Promise<PersonalNote>,
): Promise<PersonalNote | undefined> {
  const own = playerId ? await ownNotes(db as Db, playerId) : undefined;
  const children = actor.guardianOf.size ? await childrenNotes(db, [...actor.guardianOf]) : undefined;
  if (!own && !children) return undefined;
  // A member who is also a parent: "Your answer" only on their own teams' events.
  const ownTeams = playerId && children ? (await currentTeamsOf(db, [playerId])).get(playerId) : undefined;
  return (kind, id, teamId) => [...(own && (!children || ownTeams?.has(teamId)) ? own(kind, id, teamId) : []), ...(children?.(kind, id, teamId) ?? [])];
}
