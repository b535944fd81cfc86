/**
 * Who a club mail really goes to (issue 23, ADR 038): the one place the juniors' rules are applied
 * to every mail to members. A junior's mail goes to their guardians; an under-16 never gets one at
 * their own address; a 16-17 year old gets it too only with the direct-contact consent this season.
 * At 18 the guardians drop out (the age is read on every call).
 */
import { and, inArray, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { consents, guardians, players } from '../../db/schema';
import { isJunior, isUnder16, seasonOf } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import { currentConsents } from './consents';

/** user id → the juniors (first names, with their player ids) this user gets the mail for as a guardian; empty: for themselves. */
export type Audience = Map<string, Array<{ playerId: string; firstName: string; viewOnly?: boolean }>>;

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

type PersonRow = { id: string; user_id: string | null; date_of_birth: string | null; full_name: string };
const columns = { id: players.id, user_id: players.user_id, date_of_birth: players.date_of_birth, full_name: players.full_name };

/**
 * The adults (and 16-17s who may be contacted) for a mail to these logins and these players: logins
 * that are no junior's keep it; a junior's login is swapped for their guardians (and kept only when
 * allowed); players without a login still reach their guardians.
 */
export async function mailAudience(tx: DbOrTx, who: { userIds?: readonly string[]; playerWhere?: SQL }, today = todayIso()): Promise<Audience> {
  const userIds = [...new Set(who.userIds ?? [])];
  const out: Audience = new Map();
  const add = (userId: string, child?: { playerId: string; firstName: string; viewOnly?: boolean }) => {
    const list = out.get(userId) ?? [];
    if (child && !list.some((c) => c.playerId === child.playerId)) list.push(child);
    out.set(userId, list);
  };
  for (const id of userIds) add(id);
  const byPlayer: PersonRow[] = who.playerWhere ? await tx.select(columns).from(players).where(who.playerWhere) : [];
  const logins: PersonRow[] = userIds.length
    ? await tx
        .select(columns)
        .from(players)
        .where(and(inArray(players.user_id, userIds), isNotNull(players.date_of_birth)))
    : [];
  for (const p of byPlayer) if (p.user_id && !isJunior(p.date_of_birth, today)) add(p.user_id);
  const juniors = new Map<string, PersonRow>();
  for (const p of [...byPlayer, ...logins]) if (isJunior(p.date_of_birth, today)) juniors.set(p.id, p);
  if (juniors.size === 0) return out;
  // The child's own address: removed, then given back only to a 16-17 year old with the consent.
  for (const j of juniors.values()) if (j.user_id) out.delete(j.user_id);
  const older = [...juniors.values()].filter((j) => j.user_id && !isUnder16(j.date_of_birth, today));
  const consents = await currentConsents(
    tx,
    older.map((j) => j.id),
    seasonOf(today),
  );
  for (const j of older) if (consents.get(j.id)?.has('direct_contact')) add(j.user_id!);
  const links = await tx
    .select({ user_id: guardians.user_id, player_id: guardians.player_id, level: guardians.level })
    .from(guardians)
    .where(inArray(guardians.player_id, [...juniors.keys()]));
  for (const link of links) {
    add(link.user_id, { playerId: link.player_id, firstName: firstName(juniors.get(link.player_id)!.full_name), viewOnly: link.level === 'view_only' });
  }
  return out;
}

/**
 * An SQL condition, true when this user id is the login of a junior who may not be mailed at their
 * own address today: under 16, or 16-17 without the direct-contact consent this season. For the
 * few statements that write mail without the audience above (the "Forgot password?" link).
 */
export function notContactableJunior(userId: SQL | AnyColumn, today = todayIso()): SQL {
  const season = seasonOf(today);
  return sql`exists (
    select 1 from ${players} p where p.user_id = ${userId} and p.date_of_birth is not null
      and p.date_of_birth > (${today}::date - interval '18 years')
      and (p.date_of_birth > (${today}::date - interval '16 years') or coalesce((
        select c.given from ${consents} c where c.player_id = p.id and c.season = ${season} and c.kind = 'direct_contact'
        order by c.created_at desc limit 1), false) = false))`;
}
