import { expect, it } from 'vitest';
import { migrationDatabase } from '../../tests/support/migration-db';

// Migration 0043 (ADR 065 stage 3) on an install that already has data: every existing row gets the
// install's one club, the keys include it, and the club's rows keep working as before.

const { client, upTo, apply } = await migrationDatabase();

it('gives every existing row the one club, keys them by it, and keeps the settings row and ON DELETE SET NULL working', async () => {
  await upTo('club_on_every_row');
  await client.query(`INSERT INTO settings (id, club_name) VALUES (1, 'Ashdown Rovers') ON CONFLICT (id) DO UPDATE SET club_name = excluded.club_name`);
  const user = (await client.query(`INSERT INTO users (username, email, full_name, password_hash) VALUES ('sam', 'sam@example.com', 'Sam', 'h') RETURNING id`)).rows[0].id;
  const player = (await client.query(`INSERT INTO players (full_name, user_id) VALUES ('Sam', $1) RETURNING id`, [user])).rows[0].id;
  const team = (await client.query(`SELECT id FROM teams ORDER BY sort_order LIMIT 1`)).rows[0].id;
  await client.query(`INSERT INTO player_teams (player_id, team_id) VALUES ($1, $2)`, [player, team]);
  await client.query(
    `INSERT INTO fixtures (team_id, match_date, match_time, venue, competition, away_team) VALUES ($1, '2026-12-05', '14:00', 'Home', 'League', 'Visitors')`,
    [team],
  );
  await client.query(`INSERT INTO role_changes (subject_name, subject_user_id, role, action, by_name) VALUES ('Sam', $1, 'secretary', 'granted', 'Admin')`, [user]);

  await apply('club_on_every_row');

  const club = (await client.query(`SELECT id FROM clubs`)).rows;
  expect(club).toHaveLength(1);
  const clubId = club[0].id;
  for (const table of ['settings', 'content_version', 'users', 'players', 'player_teams', 'teams', 'fixtures', 'role_changes']) {
    const { rows } = await client.query(`SELECT DISTINCT club_id FROM ${table}`);
    expect(rows, table).toEqual([{ club_id: clubId }]);
  }
  // The settings row is the club's: its key is the club.
  const key = await client.query(
    `SELECT array_agg(a.attname::text) AS cols FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.conrelid = 'settings'::regclass AND c.contype = 'p'`,
  );
  expect(key.rows[0].cols).toEqual(['club_id']);
  // Rows written after it take the club from the connection.
  await client.query(`SELECT set_config('app.club_id', $1, false)`, [clubId]);
  const later = await client.query(`INSERT INTO news (title, content) VALUES ('Later', 'x') RETURNING club_id`);
  expect(later.rows[0].club_id).toBe(clubId);
  // A deleted login leaves its history with the club, only the link cleared.
  await client.query(`DELETE FROM users WHERE id = $1`, [user]);
  expect((await client.query(`SELECT club_id, subject_user_id FROM role_changes`)).rows).toEqual([{ club_id: clubId, subject_user_id: null }]);
  expect((await client.query(`SELECT club_id, user_id FROM players`)).rows).toEqual([{ club_id: clubId, user_id: null }]);
});
