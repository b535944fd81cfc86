/**
 * A pooled connection's club (ADR 065): the PostgreSQL setting `app.club_id` names it, and the
 * club_id defaults and row-level security read it. The pool (server/db/pool.ts) gives each
 * connection it hands out the current club, with one statement only when the connection last had
 * another: a single-club install pays it once per new connection, a hosted one when a connection
 * changes club.
 */
import type pg from 'pg';
import { currentClubId } from './context';

/** The PostgreSQL setting naming the current club on a connection (a uuid as text; '' for none). */
export const CLUB_SETTING = 'app.club_id';

/** Session-wide (not local to a transaction): it stays until the pool gives the connection another club. */
const SET_CLUB = `select set_config('${CLUB_SETTING}', $1, false)`;

/**
 * A hosted install's role (server/tenancy/app-role.ts) and the club in one statement, on a
 * connection's first checkout: `role` is the setting SET ROLE changes, session-wide too.
 */
const SET_ROLE_AND_CLUB = `select set_config('role', $2, false), set_config('${CLUB_SETTING}', $1, false)`;

/** What each connection was last given; a new connection has no club (''). */
const clubOfConnection = new WeakMap<pg.ClientBase, string>();
/** The connections that work as the app's role already. */
const inRole = new WeakSet<pg.ClientBase>();

/**
 * The club a connection handed out now must have: the current context's (server/tenancy/context.ts),
 * else the install's single club; '' (none) on a hosted install outside any club's work.
 */
export function clubForCheckout(installClubId: string | undefined): string {
  return currentClubId() ?? installClubId ?? '';
}

/** Whether the connection must be told its club (or, new, its role) before it is handed out. */
export function needsClub(client: pg.ClientBase, clubId: string, role?: string): boolean {
  return (role !== undefined && !inRole.has(client)) || (clubOfConnection.get(client) ?? '') !== clubId;
}

/** Sets the connection's club (and, the first time, its role), and remembers it once PostgreSQL has it. */
export async function giveClub(client: pg.ClientBase, clubId: string, role?: string): Promise<void> {
  if (role !== undefined && !inRole.has(client)) {
    await client.query(SET_ROLE_AND_CLUB, [clubId, role]);
    inRole.add(client);
  } else {
    await client.query(SET_CLUB, [clubId]);
  }
  clubOfConnection.set(client, clubId);
}
