/** Restoring backups older than the schema: the rows move in as the migrations since moved them (teams, membership, upload files). */
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

/**
 * Restoring a backup taken before teams existed: Senior and Vets first (the fixtures, which have no
 * team_id in the backup, load as Senior's), as drizzle/0005_teams_and_training.sql does. Senior's id.
 */
export async function teamsBeforeRestore(client: pg.PoolClient): Promise<string> {
  const { rows } = await client.query<{ id: string; slug: string }>(
    `INSERT INTO teams (name, slug, sort_order) VALUES ('Senior', 'senior', 1), ('Vets', 'vets', 2) RETURNING id, slug`,
  );
  return rows.find((r) => r.slug === 'senior')!.id;
}

/** …then players join Vets or Senior by team_type, and both teams get the Tuesday and Thursday training slots (docs/architecture.md, decision 14). */
export async function teamsAfterRestore(client: pg.PoolClient) {
  await client.query(
    `INSERT INTO player_teams (player_id, team_id)
       SELECT p.id, t.id FROM players p JOIN teams t ON t.slug = CASE WHEN p.team_type = 'Vets' THEN 'vets' ELSE 'senior' END`,
  );
  await client.query(
    `INSERT INTO training_slots (team_id, weekday, start_time, end_time, place)
       SELECT t.id, d.weekday, '19:00', '21:00', 'Main training ground' FROM teams t CROSS JOIN (VALUES (2), (4)) AS d(weekday)`,
  );
}

/**
 * …and a backup from before membership (drizzle/0012_membership_and_roles.sql) gets what that
 * migration gave the rows it found: team spells dated from when the player was added, the staff as
 * team staff (not players), the admin's club role, and its accounts activated and mailable.
 */
export async function membershipAfterRestore(client: pg.PoolClient) {
  await client.query(
    `UPDATE player_teams pt SET joined_on = (p.created_at at time zone 'Europe/London')::date FROM players p WHERE p.id = pt.player_id`,
  );
  await client.query(
    `INSERT INTO team_staff (player_id, team_id, role)
       SELECT pt.player_id, pt.team_id, 'coach' FROM player_teams pt JOIN players p ON p.id = pt.player_id WHERE p.team_type = 'Staff'
       ON CONFLICT DO NOTHING`,
  );
  await client.query(`DELETE FROM player_teams pt USING players p WHERE p.id = pt.player_id AND p.team_type = 'Staff'`);
  await client.query(`INSERT INTO club_roles (user_id, role) SELECT id, 'admin' FROM users WHERE role = 'admin' ON CONFLICT DO NOTHING`);
  await client.query(`UPDATE users SET activated_at = created_at WHERE activated_at IS NULL`);
  await client.query(`UPDATE users SET email_confirmed_at = created_at WHERE email_confirmed_at IS NULL AND email NOT ILIKE '%.invalid'`);
}

/**
 * A format 1 backup's files (uploads/<stored name>) into upload_contents, one at a time, for the
 * upload rows just restored; a file no row names (an upload removed before the backup) is left out.
 */
export async function importUploadFiles(client: pg.PoolClient, dir: string, files: string[]) {
  for (const name of files) {
    if (name.includes('/')) continue; // the app never made sub-folders
    await client.query(
      `INSERT INTO upload_contents (upload_id, bytes) SELECT id, $2 FROM uploads WHERE stored_name = $1 ON CONFLICT (club_id, upload_id) DO NOTHING`,
      [name, await fs.readFile(path.join(dir, name))],
    );
  }
}
