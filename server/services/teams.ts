import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { TEAM_NOT_FOUND, slugify, teamInputSchema } from '../../shared/teams';
import type { SessionUser } from '../../shared/roles';
import type { Db, DbOrTx } from '../db/client';
import { fixtures, playerTeams, teams, teamStaff } from '../db/schema';
import { parseInput } from './checks';
import { OWN_TEAMS_ONLY, allow, mayRunTeam, mayRunTheClub, maySetAgeGroup, must, runsAnyTeam, signedIn } from '../policy';

export const AGE_GROUP_DECIDERS = 'Only an admin or the welfare officer changes a team’s age group: it decides what is published about the children in it.';
import { conflict, forbidden, invalid, isUniqueViolation, notFound } from '../../shared/errors';
import { isUuid } from './ids';
import type { Team } from '../../shared/contracts/teams';
import type { PublicPlayer } from '../../shared/contracts/players';
import { JUNIOR_AGE_GROUPS, isJuniorAgeGroup } from '../../shared/juniors';
import { assertStaffChecked } from './juniors/dbs';
import { assertWelfareOfficer } from './juniors/welfare';

export type { Team };
export type StaffRole = PublicPlayer['staff_roles'][number];

type TeamRow = typeof teams.$inferSelect;

/** The JSON shape of a team. */
export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    sort_order: row.sort_order,
    match_length_minutes: row.match_length_minutes,
    availability_lock_hours: row.availability_lock_hours,
    age_group: row.age_group,
    format: row.format,
  };
}

export const TEAM_NAME_TAKEN = 'A team with this name already exists.';
export const TEAM_HAS_FIXTURES = (n: number) => `This team still has ${n} fixture${n === 1 ? '' : 's'}. Move them to another team or delete them first.`;

const teamOrder = [asc(teams.sort_order), asc(teams.name)];

/** The first team by sort order: where fixtures and players go when a client names none. */
export async function defaultTeamId(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .orderBy(...teamOrder)
    .limit(1);
  if (!row) throw invalid('The club has no teams yet; an admin must add one first.', [{ field: 'team_id', message: 'The club has no teams yet' }]);
  return row.id;
}

/** 422 unless every id names a team (an unknown id in input is the client's mistake, not a 404). */
export async function assertTeamsExist(db: DbOrTx, ids: string[], field: string) {
  if (ids.length === 0) return;
  const bad = ids.some((id) => !isUuid(id));
  const known = bad ? [] : await db.select({ id: teams.id }).from(teams).where(inArray(teams.id, ids));
  if (bad || known.length !== new Set(ids).size) {
    throw invalid('There is no such team: choose one from the list.', [{ field, message: 'There is no such team: choose one from the list.' }]);
  }
}

/**
 * Issue 23: a player of a junior team (U7-U18) needs a date of birth: it is what makes them a
 * junior, so what keeps their name, photo and details out of public pages. 422 otherwise.
 */
export async function assertDateOfBirthForJuniorTeams(db: DbOrTx, teamIds: string[], dateOfBirth: string | null | undefined) {
  if (dateOfBirth || teamIds.length === 0 || teamIds.some((id) => !isUuid(id))) return;
  const junior = await db
    .select({ name: teams.name, age_group: teams.age_group })
    .from(teams)
    .where(and(inArray(teams.id, teamIds), inArray(teams.age_group, [...JUNIOR_AGE_GROUPS])))
    .orderBy(...teamOrder)
    .limit(1);
  if (junior.length === 0) return;
  const message = `${junior[0].name} is a junior team (${junior[0].age_group}): enter the player's date of birth before adding them to it.`;
  throw invalid(message, [{ field: 'date_of_birth', message }]);
}

/** A playing spell still open: the player is in the team now (issue 21: spells are dated). */
export const inTeamNow = isNull(playerTeams.left_on);

/** A playing spell that covers a club date (a session's or a fixture's): joined by then, not yet left. */
export const inTeamOn = (date: SQL | string) =>
  sql`(${playerTeams.joined_on} <= ${date} and (${playerTeams.left_on} is null or ${playerTeams.left_on} > ${date}))`;

/** Each player's current team ids, in team order. */
export async function teamIdsByPlayer(db: DbOrTx, playerIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(playerIds.map((id) => [id, []]));
  if (playerIds.length === 0) return map;
  const rows = await db
    .select({ player_id: playerTeams.player_id, team_id: playerTeams.team_id })
    .from(playerTeams)
    .innerJoin(teams, eq(teams.id, playerTeams.team_id))
    .where(and(inArray(playerTeams.player_id, playerIds), inTeamNow))
    .orderBy(...teamOrder);
  for (const row of rows) map.get(row.player_id)?.push(row.team_id);
  return map;
}

/** Each person's places on team staffs ("Manager" of "Vets"), in team order. */
export async function staffRolesByPlayer(db: DbOrTx, playerIds: string[]): Promise<Map<string, StaffRole[]>> {
  const map = new Map<string, StaffRole[]>(playerIds.map((id) => [id, []]));
  if (playerIds.length === 0) return map;
  const rows = await db
    .select({ player_id: teamStaff.player_id, team_id: teamStaff.team_id, team_name: teams.name, role: teamStaff.role })
    .from(teamStaff)
    .innerJoin(teams, eq(teams.id, teamStaff.team_id))
    .where(inArray(teamStaff.player_id, playerIds))
    .orderBy(...teamOrder);
  for (const { player_id, ...role } of rows) map.get(player_id)?.push(role);
  return map;
}

/** Teams: anyone reads them; admins add and delete, admins and staff edit (decision 6 in docs/architecture.md). */
export function createTeamService(db: Db) {
  async function find(id: string): Promise<TeamRow> {
    if (!isUuid(id)) throw notFound(TEAM_NOT_FOUND);
    const [row] = await db.select().from(teams).where(eq(teams.id, id));
    if (!row) throw notFound(TEAM_NOT_FOUND);
    return row;
  }

  async function write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // Same name (any case) or a name whose slug another team has: two admins adding "U14" at once included.
      if (isUniqueViolation(error)) throw conflict(TEAM_NAME_TAKEN);
      throw error;
    }
  }

  return {
    async list(): Promise<Team[]> {
      return (
        await db
          .select()
          .from(teams)
          .orderBy(...teamOrder)
      ).map(toTeam);
    },

    async get(id: string): Promise<Team> {
      return toTeam(await find(id));
    },

    /** The team a public link names: `/fixtures?team=vets`. */
    async bySlug(slug: string): Promise<Team | undefined> {
      const [row] = await db.select().from(teams).where(eq(teams.slug, slug.trim().toLowerCase()));
      return row ? toTeam(row) : undefined;
    },

    async create(user: SessionUser | null, input: unknown): Promise<Team> {
      await must(db, user, mayRunTheClub);
      const values = parseInput(teamInputSchema, input);
      // Issue 23: no junior team without a welfare officer parents can contact.
      if (isJuniorAgeGroup(values.age_group)) await assertWelfareOfficer(db);
      return write(async () => {
        // A new team goes last unless told otherwise.
        const sort_order = values.sort_order ?? (await db.select({ max: sql<number>`coalesce(max(${teams.sort_order}), 0)::int` }).from(teams))[0].max + 1;
        const [row] = await db
          .insert(teams)
          .values({ ...values, sort_order, slug: slugify(values.name) })
          .returning();
        return toTeam(row);
      });
    },

    async update(user: SessionUser | null, id: string, input: unknown): Promise<Team> {
      const actor = await signedIn(db, user);
      // The team's runners edit it; the welfare officer (and admins) decide its age group (issue 30).
      allow(runsAnyTeam(actor) || maySetAgeGroup(actor), OWN_TEAMS_ONLY);
      const existing = await find(id);
      const values = parseInput(teamInputSchema, input);
      if (!mayRunTeam(actor, existing.id)) {
        // The welfare officer of a team they do not run: its age group and format only.
        const other =
          values.name !== existing.name ||
          values.match_length_minutes !== existing.match_length_minutes ||
          values.availability_lock_hours !== existing.availability_lock_hours ||
          (values.sort_order != null && values.sort_order !== existing.sort_order);
        const grouping = (values.age_group !== undefined && values.age_group !== existing.age_group) || (values.format !== undefined && values.format !== existing.format);
        if (other || !grouping || !maySetAgeGroup(actor)) throw forbidden(OWN_TEAMS_ONLY);
      }
      // Whether a team plays as juniors decides what is published about children (issue 30).
      if (values.age_group !== undefined && values.age_group !== existing.age_group) allow(maySetAgeGroup(actor), AGE_GROUP_DECIDERS);
      if (isJuniorAgeGroup(values.age_group) && !isJuniorAgeGroup(existing.age_group)) {
        await assertWelfareOfficer(db);
        await assertStaffChecked(db, existing, values.age_group);
      }
      return write(async () => {
        const [row] = await db
          .update(teams)
          .set({ ...values, sort_order: values.sort_order ?? existing.sort_order, slug: slugify(values.name), updated_at: new Date() })
          .where(eq(teams.id, id))
          .returning();
        if (!row) throw notFound(TEAM_NOT_FOUND);
        return toTeam(row);
      });
    },

    /**
     * Refused (409) while fixtures belong to the team: results are the club's history. Its
     * memberships, training slots and sessions go with it.
     */
    async remove(user: SessionUser | null, id: string): Promise<void> {
      await must(db, user, mayRunTheClub);
      await find(id);
      await db.transaction(async (tx) => {
        const [{ n }] = await tx.select({ n: count() }).from(fixtures).where(eq(fixtures.team_id, id));
        if (n > 0) throw conflict(TEAM_HAS_FIXTURES(n));
        try {
          await tx.delete(teams).where(eq(teams.id, id));
        } catch (error) {
          // A fixture added for it in the meantime: the foreign key refuses (restrict).
          if ((error as { cause?: { code?: string } }).cause?.code === '23503') throw conflict(TEAM_HAS_FIXTURES(1));
          throw error;
        }
      });
    },
  };
}
