/**
 * What happens when a player joins or leaves a team, whichever path they came by: the club's
 * listeners to the door's events (./team-places.ts), registered here and nowhere else. Each runs
 * in the change's transaction, so a refusal undoes the change and a mail is an outbox row written
 * with it (never lost, never twice).
 *
 * Nothing is mailed when someone joins a team: availability, training attendance, calendars and
 * charges are read from the team's spells when asked, so a new player is in next week's match
 * week without a row written for them.
 */
import { assertDateOfBirthForJuniorTeams } from '../teams';
import { takeOutOfUpcomingSquads, type SquadRemovalReason } from '../squad-changes';
import type { TeamPlaceListener, TeamPlacePath } from './team-places';

/**
 * The rule book (issue 23): a junior team (U7-U18) needs the player's date of birth, as it is what
 * keeps a child's details off the public pages. 422, and nothing is changed, whichever path.
 */
const juniorsNeedDateOfBirth: TeamPlaceListener = async (tx, change) => {
  const joined = change.events.filter((e) => e.type === 'joined_team').map((e) => e.team.id);
  await assertDateOfBirthForJuniorTeams(tx, joined, change.player.date_of_birth);
};

/** How the staff's mail words a removal: moved out of the team, or gone from the club. */
const SQUAD_REMOVAL: Record<TeamPlacePath, SquadRemovalReason> = {
  admin_new_player: 'left_team',
  admin_edit: 'left_team',
  registration: 'left_team',
  guardian_request: 'left_team',
  returned_to_club: 'left_team',
  left_club: 'left_club',
  deleted: 'left_club',
};

/**
 * The match week (issue 21): a player who stops playing for a team is taken out of its upcoming
 * squads, and that team's staff and the admins are told in one mail each for the whole change.
 */
const outOfUpcomingSquads: TeamPlaceListener = async (tx, change, { mail }) => {
  const left = change.events.filter((e) => e.type === 'left_team').map((e) => e.team.id);
  if (left.length === 0) return;
  change.removedFromSquads.push(...(await takeOutOfUpcomingSquads(tx, mail, change.player, left, SQUAD_REMOVAL[change.path])));
};

/** The club's listeners, in the order they run: the rule book first, so a refused change mails no one. */
export const TEAM_PLACE_LISTENERS: readonly TeamPlaceListener[] = [juniorsNeedDateOfBirth, outOfUpcomingSquads];
