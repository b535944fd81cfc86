/** Season stats: the player's own, anyone's (public), and staff entering a player's figures. */
import { eq } from 'drizzle-orm';
import { PLAYER_NOT_FOUND } from '../../../shared/players';
import type { StatsUpdateInput } from '../../../shared/contracts/players';
import type { SessionUser } from '../../../shared/roles';
import { notFound } from '../../../shared/errors';
import { players, playerStats } from '../../db/schema';
import { isUuid } from '../ids';
import type { PlayerContext } from './context';
import { applyScorerRule, type ResultsScope } from '../juniors/results';

export function seasonStats({ db, linkedPlayer, assertMayCoach, statsFor }: PlayerContext) {
  return {
    async myStats(actor: SessionUser | null) {
      return statsFor((await linkedPlayer(actor)).id);
    },

    /** Season stats are public (the squad profile shows them). */
    async statsOf(playerId: string) {
      if (!isUuid(playerId)) throw notFound(PLAYER_NOT_FOUND);
      const [row] = await db.select({ id: players.id }).from(players).where(eq(players.id, playerId));
      if (!row) throw notFound(PLAYER_NOT_FOUND);
      return statsFor(playerId);
    },

    /** The caller's view of a junior's goals and assists (server/services/juniors/results.ts). */
    scorerRule: <S extends { goals: number | null; assists: number | null }>(playerId: string, stats: S, scope: ResultsScope) =>
      applyScorerRule(db, playerId, stats, scope),

    async updateStats(actor: SessionUser | null, playerId: string, input: StatsUpdateInput) {
      await assertMayCoach(actor, playerId);
      const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      await db
        .insert(playerStats)
        .values({ player_id: playerId, ...values })
        .onConflictDoUpdate({ target: [playerStats.club_id, playerStats.player_id], set: { ...values, updated_at: new Date() } });
      return statsFor(playerId);
    },
  };
}
