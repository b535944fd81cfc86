/**
 * The one door for a player's places in teams (issue 32, ADR "one door for team places"): every
 * path that puts a player in a team or takes them out of one (the admin's player form, approving a
 * registration, approving a parent's request, leaving and coming back to the club, deletion) goes
 * through `setTeams` or `joinTeam`, inside the caller's transaction. The door writes the dated
 * spells (issue 21) and raises one event per team joined or left; the listeners
 * (./team-place-listeners.ts) run in the same transaction, so what they write (a refusal, an outbox
 * mail) commits or rolls back with the change itself.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/roles';
import type { AgeGroup } from '../../../shared/juniors';
import type { DbOrTx } from '../../db/client';
import { players, playerTeams, teams } from '../../db/schema';
import type { MailService } from '../mail';
import { inTeamNow } from '../teams';
import { TEAM_PLACE_LISTENERS } from './team-place-listeners';

/** Which door path made the change: each is named in the event, so listeners and tests can tell them apart. */
export const TEAM_PLACE_PATHS = ['admin_new_player', 'admin_edit', 'registration', 'guardian_request', 'left_club', 'returned_to_club', 'deleted'] as const;
export type TeamPlacePath = (typeof TEAM_PLACE_PATHS)[number];

/** The player as the listeners see them (read inside the transaction, after the caller's own writes). */
export interface TeamPlacePlayer {
  id: string;
  full_name: string;
  date_of_birth: string | null;
}

export interface TeamPlaceTeam {
  id: string;
  name: string;
  age_group: AgeGroup;
}

/** "Player joined team" or "player left team": who, which team, by which path, by whom. */
export interface TeamPlaceEvent {
  type: 'joined_team' | 'left_team';
  player: TeamPlacePlayer;
  team: TeamPlaceTeam;
  path: TeamPlacePath;
  /** The signed-in person who made the change. */
  by: { id: string; name: string };
}

/** One pass through the door: its events, and what the listeners did about them. */
export interface TeamPlaceChange {
  player: TeamPlacePlayer;
  path: TeamPlacePath;
  events: TeamPlaceEvent[];
  /** Upcoming fixtures whose squads lost the player (the match week's listener fills it). */
  removedFromSquads: string[];
}

/** What every listener may use: the transaction and the mail outbox. */
export interface TeamPlaceDeps {
  mail: MailService;
}

/** A listener runs once per change with all of its events, in the change's transaction; throwing refuses the change. */
export type TeamPlaceListener = (tx: DbOrTx, change: TeamPlaceChange, deps: TeamPlaceDeps) => Promise<void>;

/** Extra listeners a test adds to watch the door (the club's own are in ./team-place-listeners.ts). */
const watchers = new Set<TeamPlaceListener>();

/** Adds a listener after the club's own; returns its removal. For tests that must see every event. */
export function watchTeamPlaces(listener: TeamPlaceListener): () => void {
  watchers.add(listener);
  return () => watchers.delete(listener);
}

/** What the caller says about the change. */
export interface TeamPlaceRequest {
  playerId: string;
  path: TeamPlacePath;
  by: Pick<SessionUser, 'id' | 'full_name'>;
  /** The first day of new spells (club date); default today. */
  joinedOn?: string | null;
}

/** Today in club time, as the database sees it (the default of joined_on). */
const clubToday = sql`(now() at time zone 'Europe/London')::date`;

async function currentTeamIds(tx: DbOrTx, playerId: string): Promise<string[]> {
  const rows = await tx
    .select({ team_id: playerTeams.team_id })
    .from(playerTeams)
    .where(and(eq(playerTeams.player_id, playerId), inTeamNow));
  return rows.map((r) => r.team_id);
}

/**
 * Writes the spells: a team left ends its spell today (a spell begun today leaves no trace), a
 * team joined starts one today or on `joinedOn` (one left earlier today simply goes on). Past
 * sessions and fixtures keep who was in the team.
 */
async function writeSpells(tx: DbOrTx, playerId: string, teamIds: string[], joining: string[], joinedOn: string | null) {
  const mine = eq(playerTeams.player_id, playerId);
  const leaving = teamIds.length ? and(mine, inTeamNow, notInArray(playerTeams.team_id, teamIds)) : and(mine, inTeamNow);
  await tx.delete(playerTeams).where(and(leaving, sql`${playerTeams.joined_on} >= ${clubToday}`));
  await tx.update(playerTeams).set({ left_on: clubToday }).where(leaving);
  if (joining.length === 0) return;
  await tx
    .update(playerTeams)
    .set({ left_on: null })
    .where(and(mine, inArray(playerTeams.team_id, joining), sql`${playerTeams.left_on} = ${clubToday}`));
  const reopened = new Set(await currentTeamIds(tx, playerId));
  const fresh = joining.filter((id) => !reopened.has(id));
  if (fresh.length) await tx.insert(playerTeams).values(fresh.map((team_id) => ({ player_id: playerId, team_id, ...(joinedOn ? { joined_on: joinedOn } : {}) })));
}

/**
 * Sets the teams a player plays for from today to exactly `teamIds`, raising "joined team" for
 * each team new to them and "left team" for each they no longer play for. The caller checked the
 * team ids exist; the listeners may still refuse (a junior team needs a date of birth).
 */
export async function setTeams(tx: DbOrTx, deps: TeamPlaceDeps, request: TeamPlaceRequest & { teamIds: string[] }): Promise<TeamPlaceChange> {
  const { playerId, path, by } = request;
  const wanted = [...new Set(request.teamIds)];
  const before = await currentTeamIds(tx, playerId);
  const joining = wanted.filter((id) => !before.includes(id));
  const leaving = before.filter((id) => !wanted.includes(id));
  await writeSpells(tx, playerId, wanted, joining, request.joinedOn ?? null);
  const [player] = await tx.select({ id: players.id, full_name: players.full_name, date_of_birth: players.date_of_birth }).from(players).where(eq(players.id, playerId));
  const change: TeamPlaceChange = { player: player!, path, events: [], removedFromSquads: [] };
  const moved = [...joining, ...leaving];
  if (moved.length === 0) return change;
  const named = await tx.select({ id: teams.id, name: teams.name, age_group: teams.age_group }).from(teams).where(inArray(teams.id, moved));
  const team = (id: string) => named.find((t) => t.id === id)!;
  const who = { id: by.id, name: by.full_name };
  change.events = [
    ...joining.map((id): TeamPlaceEvent => ({ type: 'joined_team', player: change.player, team: team(id), path, by: who })),
    ...leaving.map((id): TeamPlaceEvent => ({ type: 'left_team', player: change.player, team: team(id), path, by: who })),
  ];
  for (const listener of [...TEAM_PLACE_LISTENERS, ...watchers]) await listener(tx, change, deps);
  return change;
}

/** Puts the player in one more team (their other teams stay). */
export async function joinTeam(tx: DbOrTx, deps: TeamPlaceDeps, request: TeamPlaceRequest & { teamId: string }): Promise<TeamPlaceChange> {
  const teamIds = [...(await currentTeamIds(tx, request.playerId)), request.teamId];
  return setTeams(tx, deps, { ...request, teamIds });
}

/** Takes the player out of every team they play for (leaving the club, or before their record is deleted). */
export async function leaveAllTeams(tx: DbOrTx, deps: TeamPlaceDeps, request: TeamPlaceRequest): Promise<TeamPlaceChange> {
  return setTeams(tx, deps, { ...request, teamIds: [] });
}
