import { asc, eq, sql } from 'drizzle-orm';
import { playerInputSchema } from '../../shared/content';
import type { SessionUser } from '../../shared/roles';
import type { Db } from '../db/client';
import { players, playerStats, users } from '../db/schema';
import { ADMIN_AND_STAFF, ADMIN_ONLY, parseInput, requireRoles } from './checks';
import { conflict, invalid, isUniqueViolation, notFound } from './errors';
import { isUuid } from './ids';

export const PLAYER_NOT_FOUND = 'Player not found';

type PlayerRow = typeof players.$inferSelect;

/** What visitors see of a player (SPEC section 3 "Player"); contact and medical details stay private. */
export function toPublicPlayer(row: PlayerRow) {
  return {
    id: row.id,
    full_name: row.full_name,
    jersey_number: row.jersey_number,
    position: row.position,
    nationality: row.nationality,
    team_type: row.team_type,
    photo_url: row.photo_url,
    bio: row.bio,
    date_of_birth: row.date_of_birth,
    height: row.height,
    weight: row.weight,
    social_media: row.social_media ?? {},
  };
}
export type PublicPlayer = ReturnType<typeof toPublicPlayer>;

/** The admin's view: the public fields, the login link and whether it exists. */
export function toAdminPlayer(row: PlayerRow) {
  return { ...toPublicPlayer(row), user_id: row.user_id, has_login: row.user_id !== null };
}
export type AdminPlayer = ReturnType<typeof toAdminPlayer>;

export const EMPTY_STATS = {
  training_attendance: null as number | null,
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
  async function checkUser(userId: string | null, playerId?: string) {
    if (!userId) return;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw invalid('user_id: No user account has this id', [{ field: 'user_id', message: 'No user account has this id' }]);
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
      const q = db.select().from(players);
      const rows = team
        ? await q.where(sql`lower(${players.team_type}::text) = lower(${team})`).orderBy(...squadOrder)
        : await q.orderBy(...squadOrder);
      return rows.map(toPublicPlayer);
    },

    async get(id: string): Promise<PublicPlayer> {
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      const [row] = await db.select().from(players).where(eq(players.id, id));
      if (!row) throw notFound(PLAYER_NOT_FOUND);
      return toPublicPlayer(row);
    },

    /** Season stats; a player with none recorded yet has zeroes (attendance null: not recorded). */
    async stats(id: string): Promise<PlayerStats> {
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      const [row] = await db
        .select({ player: players.id, stats: playerStats })
        .from(players)
        .leftJoin(playerStats, eq(playerStats.player_id, players.id))
        .where(eq(players.id, id));
      if (!row) throw notFound(PLAYER_NOT_FOUND);
      const s = row.stats;
      if (!s) return { player_id: id, ...EMPTY_STATS };
      return {
        player_id: id,
        training_attendance: s.training_attendance,
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
    async adminList(user: SessionUser | null): Promise<AdminPlayer[]> {
      requireRoles(user, ADMIN_AND_STAFF);
      const rows = await db.select().from(players).orderBy(...squadOrder);
      return rows.map(toAdminPlayer);
    },

    async create(user: SessionUser | null, input: unknown): Promise<AdminPlayer> {
      requireRoles(user, ADMIN_ONLY);
      const values = parseInput(playerInputSchema, input);
      await checkUser(values.user_id);
      const row = await write(async () => (await db.insert(players).values(values).returning())[0]);
      return toAdminPlayer(row!);
    },

    async update(user: SessionUser | null, id: string, input: unknown): Promise<AdminPlayer> {
      requireRoles(user, ADMIN_ONLY);
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      const values = parseInput(playerInputSchema, input);
      const [existing] = await db.select({ id: players.id, user_id: players.user_id }).from(players).where(eq(players.id, id));
      if (!existing) throw notFound(PLAYER_NOT_FOUND);
      // A form that leaves user_id out keeps the existing login link.
      const hasUserId = typeof input === 'object' && input !== null && 'user_id' in input;
      const next = { ...values, user_id: hasUserId ? values.user_id : existing.user_id };
      await checkUser(next.user_id, id);
      const row = await write(async () =>
        (await db.update(players).set({ ...next, updated_at: new Date() }).where(eq(players.id, id)).returning())[0],
      );
      if (!row) throw notFound(PLAYER_NOT_FOUND);
      return toAdminPlayer(row);
    },

    async remove(user: SessionUser | null, id: string): Promise<void> {
      requireRoles(user, ADMIN_ONLY);
      if (!isUuid(id)) throw notFound(PLAYER_NOT_FOUND);
      const deleted = await db.delete(players).where(eq(players.id, id)).returning({ id: players.id });
      if (!deleted.length) throw notFound(PLAYER_NOT_FOUND);
    },
  };
}
