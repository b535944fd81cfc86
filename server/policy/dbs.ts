/**
 * DBS with consequences (issue 31, ADR 048): a staff place on a junior team counts only while the
 * person's DBS check is in order today. It is computed from today's data (the expiry date against
 * today), never a flag someone must flip; the place itself is kept, suspended, and counts again
 * as soon as a new in-date check is recorded or an admin records an override with a reason.
 *
 * This is the one place the rule is written; the actor (actor.ts), a child's coaches (children.ts)
 * and the staff lists (services/juniors/dbs-standing.ts) all read it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { JUNIOR_AGE_GROUPS } from '../../shared/juniors';
import type { Actor } from './actor';
import { isAdmin } from './club';

const juniorGroups = sql.raw(JUNIOR_AGE_GROUPS.map((g) => `'${g}'`).join(', '));

/**
 * Whether the staff place `ts` (team_staff) on team `t` (teams) counts today: always on an adult
 * team; on a junior team when the person's check is not required, in renewal, or in date today;
 * or when an admin overrode it, on the check itself (until a check is recorded again) or on the
 * place (made before the check was last recorded, an older place override no longer counts).
 */
export function staffPlaceCounts(today: string): SQL {
  return sql`(
    t.age_group::text not in (${juniorGroups})
    or exists (
      select 1 from dbs_checks d where d.player_id = ts.player_id and (
        d.status in ('not_required', 'renewal_in_progress')
        or (d.status = 'in_date' and d.expires_on >= ${today}::date)
        or d.override_at is not null))
    or (ts.dbs_override_at is not null and not exists (
      select 1 from dbs_checks d where d.player_id = ts.player_id and d.updated_at > ts.dbs_override_at)))`;
}

/** Lifting a suspension for an expired check: admins only, with a reason. */
export const mayOverrideDbsSuspension = (actor: Actor) => isAdmin(actor);
