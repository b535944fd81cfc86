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

/** What each connection was last given; a new connection has no club (''). */
const clubOfConnection = new WeakMap<pg.ClientBase, string>();

/**
 * The club a connection handed out now must have: the current context's (server/tenancy/context.ts),
 * else the install's single club; '' (none) on a hosted install outside any club's work.
 */
export function clubForCheckout(installClubId: string | undefined): string {
  return currentClubId() ?? installClubId ?? '';
}

/** Whether the connection must be told its club before it is handed out. */
export function needsClub(client: pg.ClientBase, clubId: string): boolean {
  return (clubOfConnection.get(client) ?? '') !== clubId;
}

/** Sets the connection's club, and remembers it once PostgreSQL has it. */
export async function giveClub(client: pg.ClientBase, clubId: string): Promise<void> {
  await client.query(SET_CLUB, [clubId]);
  clubOfConnection.set(client, clubId);
}
