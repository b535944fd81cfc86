/** What the admin's player records (manage.ts) share: the admin's view of a player, a new player's teams, and the login-link checks. */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { players, teams, users } from '../../db/schema';
import { conflict, invalid, isUniqueViolation } from '../../../shared/errors';
import type { AdminPlayer } from '../../../shared/contracts/players';
import { versionOf } from '../edit-version';
import { heldMailCounts } from '../held-mail';
import type { MailService } from '../mail';
import { squadHelpers, toPublicPlayer, type PlayerRow } from '../squad/context';
import { defaultTeamId, type StaffRole } from '../teams';

export type ManageContext = { db: Db; mail: MailService } & ReturnType<typeof manageHelpers>;

/** The admin's view: every squad field (whatever the player chose to show), the login link and whether it exists. */
type Login = AdminPlayer['login'];

export function toAdminPlayer(row: PlayerRow, teamIds: string[] = [], login: Login = null, staffRoles: StaffRole[] = []): AdminPlayer {
  return {
    ...toPublicPlayer(row, teamIds, staffRoles),
    version: versionOf(row.updated_at),
    date_of_birth: row.date_of_birth,
    height: row.height,
    weight: row.weight,
    user_id: row.user_id,
    has_login: row.user_id !== null,
    login,
  };
}

/** The admin's lookups and checks: players with their logins, a new player's teams, login links. */
export function manageHelpers(db: Db) {
  const { withTeams } = squadHelpers(db);

  /** The admin's view: with each login's username, address and whether its owner has activated it (issue 21). */
  async function asAdminPlayers(rows: PlayerRow[]): Promise<AdminPlayer[]> {
    const ids = rows.flatMap((r) => (r.user_id ? [r.user_id] : []));
    const logins = ids.length
      ? await db
          .select({ id: users.id, username: users.username, email: users.email, activated_at: users.activated_at, confirmed_at: users.email_confirmed_at })
          .from(users)
          .where(inArray(users.id, ids))
      : [];
    // Mail held until the address is confirmed: the staff see the member is waited for (issue 31).
    const held = await heldMailCounts(db, ids);
    const byId = new Map(
      logins.map((l) => [
        l.id,
        { username: l.username, email: l.email, activated: l.activated_at !== null, address_confirmed: l.confirmed_at !== null, held_mails: held.get(l.id) ?? 0 },
      ]),
    );
    return withTeams(rows, (row, teamIds, staffRoles) => toAdminPlayer(row, teamIds, (row.user_id && byId.get(row.user_id)) || null, staffRoles));
  }

  /** A new player with no team_ids: the team named like their team_type (Vets), else the first team. */
  async function teamsForNewPlayer(teamType: string): Promise<string[]> {
    const [named] = await db
      .select({ id: teams.id })
      .from(teams)
      .where(sql`lower(${teams.name}) = lower(${teamType})`);
    return [named?.id ?? (await defaultTeamId(db))];
  }

  async function checkUser(userId: string | null, playerId?: string) {
    if (!userId) return;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw invalid('No user account has this id.', [{ field: 'user_id', message: 'No user account has this id' }]);
    const [linked] = await db.select({ id: players.id }).from(players).where(eq(players.user_id, userId));
    if (linked && linked.id !== playerId) throw conflict('That user account is already linked to another player.');
  }

  /** Two admins linking the same account at once: the unique index decides, as a 409. */
  async function write(run: () => Promise<PlayerRow | undefined>) {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('That user account is already linked to another player.');
      throw error;
    }
  }

  return { asAdminPlayers, teamsForNewPlayer, checkUser, write };
}
