/**
 * A guardian's children and what is kept about each (issue 23): the list of children, a child's
 * guardians, consents per season, medical notes (every staff or welfare read recorded), the care
 * details a guardian keeps, and a guardian's agreement to a 13-17 year old's own login.
 */
import { heldMailCounts } from '../held-mail';
import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { unauthenticated } from '../../../shared/errors';
import { ageGroupFor, ageOn, guardianCanAnswer, isJunior, seasonStartYear, type ChildStanding } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import { guardianInvitations, guardians, players, playerTeams, teams, users } from '../../db/schema';
import { childRow, requireChild } from './access';
import { assertManagesGuardians, type JuniorContext } from './context';

export function childrenUseCases(ctx: JuniorContext) {
  const { db } = ctx;

  async function teamsOf(playerId: string) {
    return db
      .select({ id: teams.id, name: teams.name, age_group: teams.age_group })
      .from(playerTeams)
      .innerJoin(teams, eq(teams.id, playerTeams.team_id))
      .where(and(eq(playerTeams.player_id, playerId), isNull(playerTeams.left_on)))
      .orderBy(asc(teams.sort_order), asc(teams.name));
  }

  /** The teams a child was in whose places have ended (shown when no place is current). */
  async function formerTeamsOf(playerId: string) {
    const rows = await db
      .selectDistinct({ name: teams.name, sort_order: teams.sort_order })
      .from(playerTeams)
      .innerJoin(teams, eq(teams.id, playerTeams.team_id))
      .where(and(eq(playerTeams.player_id, playerId), isNotNull(playerTeams.left_on)))
      .orderBy(asc(teams.sort_order), asc(teams.name));
    return rows.map((r) => r.name);
  }

  /** In a team; waiting for one; their team places ended; or left the club (issue 31). */
  async function standingOf(child: { id: string; status: string }, current: unknown[]) {
    const former = current.length ? [] : await formerTeamsOf(child.id);
    const standing: ChildStanding =
      child.status === 'left' ? 'left_club' : current.length ? 'in_team' : former.length ? 'team_ended' : 'waiting';
    return { standing, former_teams: former };
  }

  return {
    /** GET /api/guardians/me/children: each child this login is a guardian of (while under 18). */
    async myChildren(actor: SessionUser | null) {
      if (!actor) throw unauthenticated();
      const today = todayIso();
      const rows = await db
        .select({ child: players, level: guardians.level, relationship: guardians.relationship })
        .from(guardians)
        .innerJoin(players, eq(players.id, guardians.player_id))
        .where(eq(guardians.user_id, actor.id))
        .orderBy(asc(players.full_name));
      const result = [];
      for (const { child, level, relationship } of rows) {
        if (!isJunior(child.date_of_birth, today)) continue;
        const current = await teamsOf(child.id);
        result.push({
          player_id: child.id,
          full_name: child.full_name,
          age_group: ageGroupFor(child.date_of_birth!, seasonStartYear(today)),
          teams: current,
          level,
          can_answer: guardianCanAnswer(level),
          relationship,
          has_login: !!child.user_id,
          may_have_login: ageOn(child.date_of_birth!, today) >= 13,
          login_agreed: !!child.login_agreed_at,
          has_emergency_contact: !!(child.emergency_contact_name && child.emergency_contact_phone),
          ...(await standingOf(child, current)),
        });
      }
      return result;
    },

    /** GET /api/players/{id}/guardians: a child's guardians and the invitations still open (admins, secretary, welfare officer). */
    async guardiansOf(actor: SessionUser | null, playerId: string) {
      await assertManagesGuardians(db, actor);
      const child = requireChild(await childRow(db, playerId));
      const linked = await db
        .select({
          user_id: guardians.user_id,
          full_name: users.full_name,
          email: users.email,
          level: guardians.level,
          relationship: guardians.relationship,
          approved_by: guardians.approved_by,
          created_at: guardians.created_at,
          confirmed_at: users.email_confirmed_at,
        })
        .from(guardians)
        .innerJoin(users, eq(users.id, guardians.user_id))
        .where(eq(guardians.player_id, child.id))
        .orderBy(asc(users.full_name));
      const invited = await db
        .select({
          email: guardianInvitations.email,
          level: guardianInvitations.level,
          expires_at: guardianInvitations.expires_at,
          invited_by: guardianInvitations.invited_by,
        })
        .from(guardianInvitations)
        .where(and(eq(guardianInvitations.player_id, child.id), isNull(guardianInvitations.used_at)))
        .orderBy(desc(guardianInvitations.created_at));
      const now = Date.now();
      // Mail held until a parent confirms their address: the staff see they are waited for (issue 31).
      const held = await heldMailCounts(db, linked.map((g) => g.user_id));
      return {
        player_id: child.id,
        full_name: child.full_name,
        guardians: linked.map(({ confirmed_at, ...g }) => ({
          ...g,
          created_at: g.created_at.toISOString(),
          address_confirmed: confirmed_at !== null,
          held_mails: held.get(g.user_id) ?? 0,
        })),
        invitations: invited.filter((i) => i.expires_at.getTime() > now).map((i) => ({ ...i, expires_at: i.expires_at.toISOString() })),
      };
    },
  };
}
