/** The bench's many clubs (tests/support/clone-clubs.ts): each new club holds exactly the source club's rows. */
import { describe, expect, it } from 'vitest';
import { createTestContext } from './api';
import { benchSlug, cloneClub } from './clone-clubs';
import { ident, qualified } from '../../server/db/backup/format';

const t = await createTestContext();
await t.initialize(); // the sample club, as /initialize loads it
const source = t.installClub!.id;

/** Rows per club in every table that has a club. */
async function rowsByClub(tables: string[]) {
  const client = await t.pool.connect();
  try {
    const counts: Record<string, Record<string, number>> = {};
    for (const table of tables) {
      const { rows } = await client.query<{ club: string; n: number }>(`SELECT club_id AS club, count(*)::int AS n FROM ${qualified(table)} GROUP BY club_id`);
      counts[table] = Object.fromEntries(rows.map((r) => [r.club, r.n]));
    }
    return counts;
  } finally {
    client.release();
  }
}

describe('cloneClub', () => {
  it('names the bench clubs c0001 …', () => {
    expect([1, 42, 1000].map(benchSlug)).toEqual(['c0001', 'c0042', 'c1000']);
  });

  let tables: string[] = [];
  it('with every check on (foreign keys, triggers): each new club gets every row of the source club, in every tenant table', async () => {
    const client = await t.pool.connect();
    const cloned = await cloneClub(client, { sourceClubId: source, slugs: ['c0002', 'c0003'], fast: false }).finally(() => client.release());
    tables = cloned.tables;
    expect(cloned.clubs.map((c) => c.slug)).toEqual(['c0002', 'c0003']);
    // Parents before children: users before sessions, teams before fixtures; content_version (not in backups) too.
    expect(tables.indexOf('users')).toBeLessThan(tables.indexOf('sessions'));
    expect(tables.indexOf('teams')).toBeLessThan(tables.indexOf('fixtures'));
    expect(tables).toContain('content_version');
    expect(tables).not.toContain('clubs');

    const counts = await rowsByClub(tables);
    const sourceRows = Object.values(counts).reduce((sum, c) => sum + (c[source] ?? 0), 0);
    expect(sourceRows).toBeGreaterThan(50); // the sample club: news, fixtures, players, products …
    expect(cloned.rows).toBe(sourceRows * 2);
    for (const table of tables) {
      for (const club of cloned.clubs) expect(counts[table]![club.id] ?? 0, `${table} in ${club.slug}`).toBe(counts[table]![source] ?? 0);
    }
  });

  it('fast (triggers and key checks skipped) copies the same rows, and ids repeat across clubs', async () => {
    const client = await t.pool.connect();
    const cloned = await cloneClub(client, { sourceClubId: source, slugs: ['c0004'], fast: true }).finally(() => client.release());
    const counts = await rowsByClub(tables);
    for (const table of tables) expect(counts[table]![cloned.clubs[0]!.id] ?? 0, table).toBe(counts[table]![source] ?? 0);
    const { rows } = await t.pool.query<{ clubs: number; ids: number }>(
      `SELECT count(DISTINCT club_id)::int AS clubs, count(DISTINCT id)::int AS ids FROM ${qualified('users')} WHERE lower(${ident('username')}) = 'admin'`,
    );
    expect(rows[0]).toEqual({ clubs: 4, ids: 1 });
  });

  it('a slug that is not a host label leaves nothing behind', async () => {
    const before = (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM clubs')).rows[0]!.n;
    const client = await t.pool.connect();
    await expect(cloneClub(client, { sourceClubId: source, slugs: ['c0005', 'Not A Label'] }).finally(() => client.release())).rejects.toThrow(/clubs_slug_is_a_host_label/);
    expect((await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM clubs')).rows[0]!.n).toBe(before);
  });
});
