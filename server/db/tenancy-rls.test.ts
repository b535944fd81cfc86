import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATE_DB, databaseOf } from '../../tests/support/pg-global-setup';

/**
 * ADR 065: row-level security is the second lock. Two clubs' rows in one database; queries written
 * without any club filter, run as the app's role `club_app` (neither superuser nor BYPASSRLS: a
 * superuser, like the embedded server's `postgres`, skips every policy), see and change only the
 * rows of the connection's club (`app.club_id`).
 */

const admin = JSON.parse(inject('pgAdmin')) as pg.ClientConfig;
const name = `club_rls_${randomBytes(6).toString('hex')}`;
let owner: pg.Client;
let clubA: string;
let clubB: string;

/** A connection as the app's role, on the given club (or none). */
async function appConnection(club: string | null) {
  const client = new pg.Client({ ...admin, ...databaseOf(admin, name) });
  await client.connect();
  await client.query('SET ROLE club_app');
  if (club) await client.query(`SELECT set_config('app.club_id', $1, false)`, [club]);
  return client;
}

const asClub = async <T>(club: string | null, fn: (c: pg.Client) => Promise<T>) => {
  const c = await appConnection(club);
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
};

beforeAll(async () => {
  const setup = new pg.Client(admin);
  await setup.connect();
  await setup.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await setup.end();
  owner = new pg.Client({ ...admin, ...databaseOf(admin, name) });
  await owner.connect();
  clubA = (await owner.query(`SELECT id FROM clubs ORDER BY created_at LIMIT 1`)).rows[0].id;
  clubB = (await owner.query(`INSERT INTO clubs (slug, name) VALUES ('other', 'Other FC') RETURNING id`)).rows[0].id;
  // The owner (a superuser) writes both clubs' rows, naming each club.
  for (const [club, prefix] of [
    [clubA, 'A'],
    [clubB, 'B'],
  ] as const) {
    await owner.query(`INSERT INTO news (club_id, title, content, is_published) VALUES ($1, $2, 'x', true), ($1, $3, 'x', true)`, [
      club,
      `${prefix} one`,
      `${prefix} two`,
    ]);
    await owner.query(`INSERT INTO users (club_id, username, email, full_name, password_hash) VALUES ($1, $2, $3, $2, 'h')`, [
      club,
      `${prefix}-sam`,
      `${prefix}@example.com`,
    ]);
  }
});

afterAll(async () => {
  await owner?.end();
  const c = new pg.Client(admin);
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await c.end();
});

describe('row-level security (ADR 065): a query without the club filter still sees only the current club', () => {
  it('club_app is neither superuser nor BYPASSRLS (the proof below means something)', async () => {
    const { rows } = await owner.query(`SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = 'club_app'`);
    expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false }]);
  });

  it('SELECT with no WHERE returns only the current club’s rows; each club sees its own', async () => {
    const titles = (club: string) => asClub(club, async (c) => (await c.query(`SELECT title FROM news ORDER BY title`)).rows.map((r) => r.title));
    expect(await titles(clubA)).toEqual(['A one', 'A two']);
    expect(await titles(clubB)).toEqual(['B one', 'B two']);
    // The owner (superuser) sees both: the policy, not the query, did the filtering.
    expect((await owner.query(`SELECT count(*)::int AS n FROM news`)).rows[0].n).toBe(4);
  });

  it('with no club on the connection, no row at all, and an insert fails rather than land in some club', async () => {
    await asClub(null, async (c) => {
      expect((await c.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n).toBe(0);
      await expect(c.query(`INSERT INTO news (title, content) VALUES ('none', 'x')`)).rejects.toThrow(/app\.club_id/);
    });
    // '' is how the pool says "no club" on a hosted install outside any club's work (server/tenancy).
    await asClub('', async (c) => {
      await c.query(`SELECT set_config('app.club_id', '', false)`);
      expect((await c.query(`SELECT count(*)::int AS n FROM news`)).rows[0].n).toBe(0);
      await expect(c.query(`INSERT INTO news (title, content) VALUES ('none', 'x')`)).rejects.toThrow(/uuid/);
    });
  });

  it('UPDATE and DELETE without a filter touch only the current club’s rows', async () => {
    await asClub(clubA, async (c) => {
      expect((await c.query(`UPDATE news SET content = 'changed'`)).rowCount).toBe(2);
      expect((await c.query(`DELETE FROM news WHERE title LIKE '%two'`)).rowCount).toBe(1);
    });
    const { rows } = await owner.query(`SELECT title, content FROM news ORDER BY title`);
    expect(rows).toEqual([
      { title: 'A one', content: 'changed' },
      { title: 'B one', content: 'x' },
      { title: 'B two', content: 'x' },
    ]);
  });

  it('an insert takes the connection’s club by default, and one naming another club is refused', async () => {
    await asClub(clubB, async (c) => {
      const { rows } = await c.query(`INSERT INTO news (title, content) VALUES ('B three', 'x') RETURNING club_id`);
      expect(rows[0].club_id).toBe(clubB);
      await expect(c.query(`INSERT INTO news (club_id, title, content) VALUES ($1, 'planted', 'x')`, [clubA])).rejects.toThrow(/row-level security/);
    });
  });

  it('a foreign key cannot point at another club’s row, and ON DELETE SET NULL clears only its column', async () => {
    const userOf = async (club: string) => (await owner.query(`SELECT id FROM users WHERE club_id = $1`, [club])).rows[0].id as string;
    const [userA, userB] = [await userOf(clubA), await userOf(clubB)];
    await asClub(clubA, async (c) => {
      await expect(c.query(`INSERT INTO notifications (user_id, kind, title) VALUES ($1, 'k', 't')`, [userB])).rejects.toThrow(/foreign key/);
      await c.query(
        `INSERT INTO role_changes (subject_name, subject_user_id, role, action, by_user_id, by_name) VALUES ('Sam', $1, 'secretary', 'granted', $1, 'Sam')`,
        [userA],
      );
      await c.query(`DELETE FROM users WHERE id = $1`, [userA]);
      const { rows } = await c.query(`SELECT club_id, subject_user_id, by_user_id FROM role_changes`);
      expect(rows).toEqual([{ club_id: clubA, subject_user_id: null, by_user_id: null }]);
    });
  });
});
