import type pg from 'pg';

/**
 * Puts a test's own connection in the install's one club (ADR 065), as the app's pool does for its
 * connections: rows it inserts take that club, as the app's would. A connection with no club fails
 * any insert into a club's table (the column default needs `app.club_id`).
 */
export async function inTheClub<C extends pg.ClientBase>(client: C): Promise<C> {
  await client.query(`SELECT set_config('app.club_id', (SELECT id::text FROM clubs ORDER BY created_at, id LIMIT 1), false)`);
  return client;
}
