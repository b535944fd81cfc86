import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { playerInputSchema } from '../../shared/content';
import type { SessionUser } from '../../shared/roles';
import type { Db } from '../db/client';
import { players, playerStats, teams, users } from '../db/schema';
import { ADMIN_AND_STAFF, ADMIN_ONLY, parseInput, requireRoles } from './checks';
import { conflict, invalid, isUniqueViolation, notFound } from '../../shared/errors';
import { isUuid } from './ids';
import { todayIso } from '../../shared/players';
import { trainingAttendanceOf } from './training';
import { assertTeamsExist, defaultTeamId, setPlayerTeams, teamIdsByPlayer } from './teams';
import type { AdminPlayer, PublicPlayer } from '../../shared/contracts/players';

export type { AdminPlayer, PublicPlayer };

export const PLAYER_NOT_FOUND = 'Player not found';

type PlayerRow = typeof players.$inferSelect;

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
export function toPublicPlayer(row: PlayerRow, teamIds: string[] = [], today = todayIso()): PublicPlayer {
  const personal = row.show_personal_details
    ? { date_of_birth: row.date_of_birth as string | null, height: row.height, weight: row.weight }
    : {};
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
    show_personal_details: row.show_personal_details,
    ...personal,
    social_media: row.social_media ?? {},
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
    show_personal_details: boolean;
    date_of_birth?: string | null;
    height?: string | null;
    weight?: string | null;
    social_media: Record<string, string>;
  };
}

/** The admin's view: every squad field (whatever the player chose to show), the login link and whether it exists. */
type Login = AdminPlayer['login'];

export function toAdminPlayer(row: PlayerRow, teamIds: string[] = [], login: Login = null): AdminPlayer {
  return {
    ...toPublicPlayer(row, teamIds),
    date_of_birth: row.date_of_birth,
    height: row.height,
    weight: row.weight,
    user_id: row.user_id,
    has_login: row.user_id !== null,
    login,
  };
}

export const EMPTY_STATS = {
  training_attendance: null as number | null,
  training_sessions_recorded: 0,
  training_sessions_attended: 0,
  matches_played: 0,
  matches_started: 0,
  goals: 0,
  assists: 0,
  minutes_played: 0,
  yellow_cards: 0,
  red_cards: 0,
};
export type PlayerStats = typeof EMPTY_STATS & { player_id: string };

const squadOrder = [asc(players.team_type), sql`${players.jersey_number} asc nulls last`, asc(players.full_name)];

/** The squad: public to read; admins add, edit and remove players (staff may read the admin list). */
export function createSquadService(db: Db) {
  async function withTeams<T>(rows: PlayerRow[], shape: (row: PlayerRow, teamIds: string[]) => T): Promise<T[]> {
    const byPlayer = await teamIdsByPlayer(db, rows.map((r) => r.id));
    return rows.map((r) => shape(r, byPlayer.get(r.id) ?? []));
  }

  /** The admin's view: with each login's username, address and whether its owner has activated it (issue 21). */
  async function asAdminPlayers(rows: PlayerRow[]): Promise<AdminPlayer[]> {
    const ids = rows.flatMap((r) => (r.user_id ? [r.user_id] : []));
    const logins = ids.length
      ? await db.select({ id: users.id, username: users.username, email: users.email, activated_at: users.activated_at }).from(users).where(inArray(users.id, ids))
      : [];
    const byId = new Map(logins.map((l) => [l.id, { username: l.username, email: l.email, activated: l.activated_at !== null }]));
    return withTeams(rows, (row, teamIds) => toAdminPlayer(row, teamIds, (row.user_id && byId.get(row.user_id)) || null));
  }

  /** A new player with no team_ids: the team named like their team_type (Vets), else the first team. */
  async function teamsForNewPlayer(teamType: string): Promise<string[]> {
    const [named] = await db.select({ id: teams.id }).from(teams).where(sql`lower(${teams.name}) = lower(${teamType})`);
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

  return {
    /** Every player, or one team's (case-insensitive: 'vets', 'Vets' and 'VETS' all match). */
    async list(options: { team?: string } = {}): Promise<PublicPlayer[]> {
      const team = options.team?.trim();
      // Only members in good standing: a pending registration or someone who left is on no public page.
      const active = eq(players.status, 'active');
      const q = db.select().from(players);
      const rows = team
        ? await q.where(and(active, sql`lower(${players.team_type}::text) = lower(${team})`)).orderBy(...squadOrder)
        : await q.where(active).orderBy(...squadOrder);
      return withTeams(rows, toPublicPlayer);
    },

    async get(id: string): Promise<PublicPlayer> {
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      const [row] = await db.select().from(players).where(and(eq(players.id, id), eq(players.status, 'active')));
      if (!row) throw notFound(PLAYER_NOT_FOUND);
      return (await withTeams([row], toPublicPlayer))[0];
    },

    /** Season stats; a player with none recorded yet has zeroes (attendance null: not recorded). */
    async stats(id: string): Promise<PlayerStats> {
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
      if (!s) return { player_id: id, ...EMPTY_STATS, ...figures };
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
    },

    /** The admin panel's player list (staff may read it too). */
    async adminList(user: SessionUser | null, options: { status?: 'active' | 'left' } = {}): Promise<AdminPlayer[]> {
      requireRoles(user, ADMIN_AND_STAFF);
      // Members in good standing, or (status=left) those who left; registrations waiting for approval
      // are listed apart (GET /api/admin/registrations).
      const rows = await db.select().from(players).where(eq(players.status, options.status ?? 'active')).orderBy(...squadOrder);
      return asAdminPlayers(rows);
    },

    async create(user: SessionUser | null, input: unknown): Promise<AdminPlayer> {
      requireRoles(user, ADMIN_ONLY);
      const { team_ids, joined_on, ...values } = parseInput(playerInputSchema, input);
      await checkUser(values.user_id);
      if (team_ids) await assertTeamsExist(db, team_ids, 'team_ids');
      const teamIds = team_ids ?? (await teamsForNewPlayer(values.team_type));
      const row = await write(() =>
        db.transaction(async (tx) => {
          const [inserted] = await tx.insert(players).values(values).returning();
          await setPlayerTeams(tx, inserted.id, teamIds, joined_on);
          return inserted;
        }),
      );
      return (await asAdminPlayers([row!]))[0];
    },

    async update(user: SessionUser | null, id: string, input: unknown): Promise<AdminPlayer> {
      requireRoles(user, ADMIN_ONLY);
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      const { team_ids, joined_on, ...values } = parseInput(playerInputSchema, input);
      const [existing] = await db.select({ id: players.id, user_id: players.user_id }).from(players).where(eq(players.id, id));
      if (!existing) throw notFound(PLAYER_NOT_FOUND);
      // A form that leaves user_id out keeps the existing login link.
      const hasUserId = typeof input === 'object' && input !== null && 'user_id' in input;
      const next = { ...values, user_id: hasUserId ? values.user_id : existing.user_id };
      // A client that predates the opt-in sends no show_personal_details: the player's choice stays.
      if (next.show_personal_details === undefined) delete next.show_personal_details;
      await checkUser(next.user_id, id);
      if (team_ids) await assertTeamsExist(db, team_ids, 'team_ids');
      const row = await write(() =>
        db.transaction(async (tx) => {
          const [updated] = await tx.update(players).set({ ...next, updated_at: new Date() }).where(eq(players.id, id)).returning();
          // Omitted team_ids keep the memberships (forms and clients that predate teams).
          if (updated && team_ids) await setPlayerTeams(tx, id, team_ids, joined_on);
          return updated;
        }),
      );
      if (!row) throw notFound(PLAYER_NOT_FOUND);
      return (await asAdminPlayers([row]))[0];
    },

    async remove(user: SessionUser | null, id: string): Promise<void> {
      requireRoles(user, ADMIN_ONLY);
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      const deleted = await db.delete(players).where(eq(players.id, id)).returning({ id: players.id });
      if (!deleted.length) throw notFound(PLAYER_NOT_FOUND);
    },
  };
}
