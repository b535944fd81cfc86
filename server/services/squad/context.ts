/** What the squad use cases share: the context type, the public and admin views of a player, and the lookups and checks. */
import { heldMailCounts } from '../held-mail';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MailService } from '../mail';
import { versionOf } from '../edit-version';
import { players, teams, users } from '../../db/schema';
import { conflict, invalid, isUniqueViolation } from '../../../shared/errors';
import { todayIso } from '../../../shared/players';
import { defaultTeamId, staffRolesByPlayer, teamIdsByPlayer, type StaffRole } from '../teams';
import type { AdminPlayer, PublicPlayer } from '../../../shared/contracts/players';
import { applyPublicView, juniorAgeGroup, publicViews } from '../juniors/public-view';

export type PlayerRow = typeof players.$inferSelect;

export type SquadContext = { db: Db; mail: MailService } & ReturnType<typeof squadHelpers>;

/** Whole years from a 'YYYY-MM-DD' date of birth to `today` (also 'YYYY-MM-DD', the club's date). */
export function ageOn(dateOfBirth: string | null, today: string): number | null {
  if (!dateOfBirth) return null;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  const age = ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
  return age >= 0 ? age : null;
}

/**
 * What visitors see of a player (docs/product.md#player-profile). Contact and medical details are never
 * here; date of birth, height and weight only when the player opted in (show_personal_details,
 * decision 19 in docs/architecture.md, ADR 022): otherwise the keys are absent and `age` stands in.
 */
export function toPublicPlayer(row: PlayerRow, teamIds: string[] = [], staffRoles: StaffRole[] = [], today = todayIso()): PublicPlayer {
  const personal = row.show_personal_details ? { date_of_birth: row.date_of_birth as string | null, height: row.height, weight: row.weight } : {};
  return {
    id: row.id,
    /** The teams the player plays for (GET /api/teams), in team order. */
    team_ids: teamIds,
    full_name: row.full_name,
    jersey_number: row.jersey_number,
    position: row.position,
    nationality: row.nationality,
    team_type: row.team_type,
    photo_url: row.photo_url,
    bio: row.bio,
    age: ageOn(row.date_of_birth, today),
    age_group: juniorAgeGroup(row.date_of_birth, today),
    show_personal_details: row.show_personal_details,
    ...personal,
    social_media: row.social_media ?? {},
    staff_roles: staffRoles,
  } as {
    id: string;
    team_ids: string[];
    full_name: string;
    jersey_number: number | null;
    position: PlayerRow['position'];
    nationality: string;
    team_type: PlayerRow['team_type'];
    photo_url: string | null;
    bio: string | null;
    age: number | null;
    age_group: string | null;
    show_personal_details: boolean;
    date_of_birth?: string | null;
    height?: string | null;
    weight?: string | null;
    social_media: Record<string, string>;
    staff_roles: StaffRole[];
  };
}

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

export const squadOrder = [asc(players.team_type), sql`${players.jersey_number} asc nulls last`, asc(players.full_name)];

/** The squad's lookups and checks: players with their teams, a new player's teams, login links. */
export function squadHelpers(db: Db) {
  async function withTeams<T>(rows: PlayerRow[], shape: (row: PlayerRow, teamIds: string[], staffRoles: StaffRole[]) => T): Promise<T[]> {
    const ids = rows.map((r) => r.id);
    const [byPlayer, staffBy] = await Promise.all([teamIdsByPlayer(db, ids), staffRolesByPlayer(db, ids)]);
    return rows.map((r) => shape(r, byPlayer.get(r.id) ?? [], staffBy.get(r.id) ?? []));
  }

  /** What the public sees (issue 23): a junior's name, photo and details follow the consents in force (server/services/juniors/public-view.ts). */
  async function asPublicPlayers(rows: PlayerRow[]): Promise<PublicPlayer[]> {
    const [shaped, views] = await Promise.all([withTeams(rows, toPublicPlayer), publicViews(db, rows)]);
    return shaped.map((p) => applyPublicView(p, views.get(p.id)));
  }

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

  return { withTeams, asPublicPlayers, asAdminPlayers, teamsForNewPlayer, checkUser, write };
}
