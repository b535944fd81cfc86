import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/roles';
import { conflict, notFound } from '../../shared/errors';
import { PLAYER_NOT_FOUND } from '../../shared/players';
import type { Db } from '../db/client';
import { players, playerTeams, sessions, users } from '../db/schema';
import { ADMIN_ONLY, requireRoles } from './checks';
import { isUuid } from './ids';
import { setPlayerTeams } from './teams';
import type { MailService } from './mail';
import { takeOutOfUpcomingSquads } from './squad-changes';

export const ALREADY_LEFT = 'This member has already left the club.';
export const NOT_LEFT = 'This member has not left the club.';

/**
 * Leaving the club and coming back (issue 21). Leaving archives a member: off public pages, the
 * admin's player list and every future squad; their teams' spells end today; their login is
 * switched off and signed out; their stats, payments, attendance and answers stay. Coming back
 * undoes it, rejoining the teams they left. Deleting a player stays the erasure path.
 */
export function createMembershipService(db: Db, deps: { mail: MailService }) {
  async function lockMember(tx: Pick<Db, 'select'>, id: string) {
    if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
    const [row] = await tx.select().from(players).where(eq(players.id, id)).for('update');
    if (!row || row.status === 'pending') throw notFound(PLAYER_NOT_FOUND);
    return row;
  }

  return {
    /** POST /api/players/{id}/leave: what it took them out of, so the admin can tell the managers. */
    async leave(actor: SessionUser | null, id: string) {
      requireRoles(actor, ADMIN_ONLY);
      return db.transaction(async (tx) => {
        const member = await lockMember(tx, id);
        if (member.status === 'left') throw conflict(ALREADY_LEFT);
        await setPlayerTeams(tx, id, []);
        // Out of every upcoming squad; each team's staff are told.
        const squads = await takeOutOfUpcomingSquads(tx, deps.mail, member, 'all', 'left_club');
        await tx.update(players).set({ status: 'left', status_changed_at: new Date(), updated_at: new Date() }).where(eq(players.id, id));
        if (member.user_id) {
          await tx.update(users).set({ disabled_at: new Date() }).where(eq(users.id, member.user_id));
          await tx.delete(sessions).where(eq(sessions.user_id, member.user_id));
        }
        return { detail: `${member.full_name} has left the club. Their history is kept.`, removed_from_squads: squads };
      });
    },

    /** POST /api/players/{id}/return: back in the teams they left, their login switched on again. */
    async comeBack(actor: SessionUser | null, id: string) {
      requireRoles(actor, ADMIN_ONLY);
      return db.transaction(async (tx) => {
        const member = await lockMember(tx, id);
        if (member.status !== 'left') throw conflict(NOT_LEFT);
        const leftOn = sql`(${member.status_changed_at ?? new Date()}::timestamptz at time zone 'Europe/London')::date`;
        const left = await tx
          .select({ team_id: playerTeams.team_id })
          .from(playerTeams)
          .where(and(eq(playerTeams.player_id, id), sql`${playerTeams.left_on} = ${leftOn}`));
        await setPlayerTeams(tx, id, [...new Set(left.map((r) => r.team_id))]);
        await tx.update(players).set({ status: 'active', status_changed_at: new Date(), updated_at: new Date() }).where(eq(players.id, id));
        if (member.user_id) await tx.update(users).set({ disabled_at: null }).where(eq(users.id, member.user_id));
        return { detail: `${member.full_name} is back in the club.`, removed_from_squads: [] as string[] };
      });
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
