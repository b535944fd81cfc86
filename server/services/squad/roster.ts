/** The public squad: the player list (all or one team's), one player, and a player's season stats. */
import { and, eq, or, sql } from 'drizzle-orm';
import { PLAYER_NOT_FOUND, emptySeasonStats } from '../../../shared/players';
import { notFound } from '../../../shared/errors';
import type { PlayerStats, PublicPlayer } from '../../../shared/contracts/players';
import { players, playerStats, teamStaff } from '../../db/schema';
import { isUuid } from '../ids';
import { trainingAttendanceOf } from '../training';
import { squadOrder, type SquadContext } from './context';
import { applyScorerRule } from '../juniors/results';

export function roster({ db, asPublicPlayers }: SquadContext) {
  return {
    /** Every player, or one team's (case-insensitive: 'vets', 'Vets' and 'VETS' all match). */
    async list(options: { team?: string } = {}): Promise<PublicPlayer[]> {
      const team = options.team?.trim();
      // Only members in good standing: a pending registration or someone who left is on no public page.
      const active = eq(players.status, 'active');
      const q = db.select().from(players);
      // Staff: the Staff group and everyone on a team's staff (a player-coach is listed in both).
      const onStaff = sql`exists (select 1 from ${teamStaff} where ${teamStaff.player_id} = ${players.id})`;
      const inGroup = sql`lower(${players.team_type}::text) = lower(${team})`;
      const rows = team
        ? await q.where(and(active, team.toLowerCase() === 'staff' ? or(inGroup, onStaff) : inGroup)).orderBy(...squadOrder)
        : await q.where(active).orderBy(...squadOrder);
      const listed = await asPublicPlayers(rows);
      // A junior is in no adult squad group (issue 31): never under Senior or Vets, whatever their record says.
      return team && team.toLowerCase() !== 'staff' ? listed.filter((p) => p.team_type !== null) : listed;
    },

    async get(id: string): Promise<PublicPlayer> {
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      const [row] = await db
        .select()
        .from(players)
        .where(and(eq(players.id, id), eq(players.status, 'active')));
      if (!row) throw notFound(PLAYER_NOT_FOUND);
      return (await asPublicPlayers([row]))[0];
    },

    /** Season stats; a player with none recorded yet has zeroes (attendance null: not recorded). */
    async stats(id: string): Promise<PlayerStats> {
      return applyScorerRule(db, id, await statsOf(id));
    },
  };

  /** Season stats as recorded. */
  async function statsOf(id: string): Promise<PlayerStats> {
    if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
    const [row] = await db
      .select({ player: players.id, stats: playerStats })
      .from(players)
      .leftJoin(playerStats, eq(playerStats.player_id, players.id))
      .where(and(eq(players.id, id), eq(players.status, 'active')));
    if (!row) throw notFound(PLAYER_NOT_FOUND);
    const s = row.stats;
    const training = await trainingAttendanceOf(db, id);
    const figures = { training_attendance: training.percent, training_sessions_recorded: training.recorded, training_sessions_attended: training.attended };
    if (!s) return { player_id: id, ...emptySeasonStats(), ...figures };
    return {
      player_id: id,
      ...figures,
      matches_played: s.matches_played,
      matches_started: s.matches_started,
      goals: s.goals,
      assists: s.assists,
      minutes_played: s.minutes_played,
      yellow_cards: s.yellow_cards,
      red_cards: s.red_cards,
    };
  }
}
