/** What the public roster shares: the context type, the public view of a player, and the lookup of their teams. */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MailService } from '../mail';
import { players } from '../../db/schema';
import { todayIso } from '../../../shared/players';
import { staffRolesByPlayer, teamIdsByPlayer, type StaffRole } from '../teams';
import type { PublicPlayer } from '../../../shared/contracts/players';
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

export const squadOrder = [asc(players.team_type), sql`${players.jersey_number} asc nulls last`, asc(players.full_name)];

/** The squad's lookups: players with their teams, and as the public sees them. */
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

  return { withTeams, asPublicPlayers };
}
