/**
 * Who is asking (issue 30): the relationships a decision may rest on, read as they stand today
 * in one query, once per request. The rules in this folder are the only place that reads them to
 * decide; services and page loaders ask a rule (ADR 046).
 */
import { sql } from 'drizzle-orm';
import type { ClubRole } from '../../shared/club-roles';
import { unauthenticated } from '../../shared/errors';
import type { SessionUser } from '../../shared/roles';
import { todayIso } from '../../shared/players';
import type { DbOrTx } from '../db/client';
import { staffPlaceCounts } from './dbs';

export type MemberStatus = 'pending' | 'active' | 'left';

export interface Actor {
  readonly user: SessionUser;
  readonly id: string;
  readonly name: string;
  /** Club roles held today; an admin login counts as holding "admin". */
  readonly clubRoles: ReadonlySet<ClubRole>;
  /** The teams on whose staff this person has a place that counts today (not suspended: dbs.ts). */
  readonly staffOf: ReadonlySet<string>;
  /** The junior teams whose staff place is kept but suspended today: their DBS check is not in order (issue 31). */
  readonly suspendedFrom: ReadonlySet<string>;
  /** The login's own member record and its status; null for a login without one (a parent-only login). */
  readonly member: { readonly playerId: string; readonly status: MemberStatus } | null;
  /** The juniors (under 18 today) this login is a parent or carer of. */
  readonly guardianOf: ReadonlySet<string>;
}

interface ActorRow extends Record<string, unknown> {
  club_roles: ClubRole[] | null;
  staff_of: string[] | null;
  suspended_from: string[] | null;
  guardian_of: string[] | null;
  player_id: string | null;
  status: MemberStatus | null;
}

// One per request: the session's user object is made afresh for each request, so it keys the memo.
const memo = new WeakMap<SessionUser, Promise<Actor>>();

async function load(db: DbOrTx, user: SessionUser): Promise<Actor> {
  const today = todayIso();
  const result = await db.execute<ActorRow>(sql`
    select
      (select array_agg(role::text) from club_roles where user_id = ${user.id}) as club_roles,
      (select array_agg(distinct ts.team_id::text) from team_staff ts join players p on p.id = ts.player_id join teams t on t.id = ts.team_id
        where p.user_id = ${user.id} and p.status = 'active' and ${staffPlaceCounts(today)}) as staff_of,
      (select array_agg(distinct ts.team_id::text) from team_staff ts join players p on p.id = ts.player_id join teams t on t.id = ts.team_id
        where p.user_id = ${user.id} and p.status = 'active' and not ${staffPlaceCounts(today)}) as suspended_from,
      (select array_agg(g.player_id::text) from guardians g join players c on c.id = g.player_id
        where g.user_id = ${user.id} and c.date_of_birth > ((now() at time zone 'Europe/London')::date - interval '18 years')) as guardian_of,
      p.id as player_id, p.status as status
    from (select 1) one
    left join lateral (
      select id, status from players where user_id = ${user.id}
      order by (status = 'active') desc, created_at limit 1
    ) p on true`);
  const row = (result as unknown as { rows: ActorRow[] }).rows[0];
  const clubRoles = new Set<ClubRole>(row?.club_roles ?? []);
  if (user.role === 'admin') clubRoles.add('admin');
  return {
    user,
    id: user.id,
    name: user.full_name,
    clubRoles,
    staffOf: new Set(row?.staff_of ?? []),
    suspendedFrom: new Set(row?.suspended_from ?? []),
    guardianOf: new Set(row?.guardian_of ?? []),
    member: row?.player_id ? { playerId: row.player_id, status: row.status ?? 'active' } : null,
  };
}

/** The actor behind this signed-in user (read once per request). */
export function actorOf(db: DbOrTx, user: SessionUser): Promise<Actor> {
  let actor = memo.get(user);
  if (!actor) {
    actor = load(db, user);
    memo.set(user, actor);
    // A failed read is not remembered: the next ask tries again.
    actor.catch(() => memo.delete(user));
  }
  return actor;
}

/** The actor, or 401 when nobody is signed in. */
export async function signedIn(db: DbOrTx, user: SessionUser | null): Promise<Actor> {
  if (!user) throw unauthenticated();
  return actorOf(db, user);
}
