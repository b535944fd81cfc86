/**
 * Start-up reads the install's clubs (ADR 065, stage 2): without HOSTING_DOMAIN exactly one, or
 * the app refuses to start and says why; migration 0042 gives an existing install its one club.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { migrationDatabase } from '../../tests/support/migration-db';
import { openAppPool, openDatabase } from '../db/client';
import { APP_DATABASE_BOUNDS } from '../db/pool';
import { InstallClubError, readInstallClub } from './install-club';

const t = await createTestContext();
const connection = t.pool.options;

/** The test database as a DATABASE_URL, as an operator would give it. */
function databaseUrl() {
  if (connection.connectionString) return connection.connectionString;
  const host = String(connection.host);
  const where = host.startsWith('/') ? `@/${connection.database}?host=${encodeURIComponent(host)}&port=${connection.port}` : `@${host}:${connection.port}/${connection.database}`;
  return `postgres://${encodeURIComponent(String(connection.user))}${connection.password ? `:${encodeURIComponent(String(connection.password))}` : ''}${where}`;
}

describe('the install\'s club at start (server/tenancy/install-club.ts)', () => {
  it('a single-club install starts with its one club, the default of every connection', async () => {
    const { pool, installClub } = await openAppPool(connection, { max: 1, bounds: APP_DATABASE_BOUNDS });
    try {
      expect(installClub).toMatchObject({ slug: 'club', status: 'active' });
      expect((await pool.query(`select current_setting('app.club_id') as club`)).rows[0].club).toBe(installClub!.id);
    } finally {
      await pool.end();
    }
  });

  it('refuses to start with two clubs and no HOSTING_DOMAIN, naming them and the way out; starts with HOSTING_DOMAIN', async () => {
    await t.db.execute(sql`insert into clubs (slug, name) values ('ashdown', 'Ashdown Rovers')`);
    try {
      const refused = await openAppPool(connection, { max: 1 }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(InstallClubError);
      expect((refused as Error).message).toBe(
        'The database holds 2 clubs (club, ashdown) but HOSTING_DOMAIN is not set: an install without it serves exactly one club on every address. ' +
          'Set HOSTING_DOMAIN (e.g. clubs.example.org) to serve each club at {slug}.{HOSTING_DOMAIN}.',
      );
      // The whole start-up path (server/main.ts opens the database this way) refuses too.
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'club-install-test-'));
      try {
        await expect(openDatabase({ databaseUrl: databaseUrl(), dataDir, poolSize: 1, bounds: APP_DATABASE_BOUNDS })).rejects.toThrow(/holds 2 clubs \(club, ashdown\) but HOSTING_DOMAIN is not set/);
        const hosted = await openDatabase({ databaseUrl: databaseUrl(), dataDir, poolSize: 1, bounds: APP_DATABASE_BOUNDS, hostingDomain: 'clubs.example.org' });
        expect(hosted.installClub).toBeUndefined();
        // No club ('': the role club_app is given with the club on a connection's first checkout, server/tenancy/app-role.ts).
        expect((await hosted.pool.query(`select current_setting('app.club_id', true) as club, current_user as role`)).rows[0]).toEqual({ club: '', role: 'club_app' });
        await hosted.close();
        // A backup or a restore (server/db/backup/maintenance.ts) opens any database: no refusal, no club.
        const maintenance = await openDatabase({ databaseUrl: databaseUrl(), dataDir, poolSize: 1, maintenance: true });
        expect(maintenance.installClub).toBeUndefined();
        await maintenance.close();
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    } finally {
      await t.db.execute(sql`delete from clubs where slug = 'ashdown'`);
    }
  });

  it('a backup or restore of a single-club install gets its club', async () => {
    const fake = { query: <R extends object>() => Promise.resolve({ rows: [{ id: 'one', slug: 'club', name: 'Club', status: 'active' }] as unknown as R[] }) };
    expect(await readInstallClub(fake, { maintenance: true })).toMatchObject({ id: 'one' });
  });

  it('refuses a database with no club at all', async () => {
    const none = { query: <R extends object>() => Promise.resolve({ rows: [] as R[] }) };
    await expect(readInstallClub(none, {})).rejects.toThrow(/holds no club/);
  });

  it('names at most five clubs in the message', async () => {
    const rows = Array.from({ length: 1_000 }, (_, i) => ({ id: `${i}`, slug: `c${i}`, name: 'x', status: 'active' }));
    const many = { query: <R extends object>() => Promise.resolve({ rows: rows as unknown as R[] }) };
    await expect(readInstallClub(many, {})).rejects.toThrow('The database holds 1000 clubs (c0, c1, c2, c3, c4, …) but HOSTING_DOMAIN is not set');
  });
});

const { client, upTo, apply } = await migrationDatabase();

describe('migration 0042 (clubs)', () => {
  it('gives an existing install its one club, named as its settings name it', async () => {
    await upTo('clubs');
    await client.query(`insert into settings (id, club_name) values (1, '  Ashdown Rovers ')`);
    await apply('clubs');
    const { rows } = await client.query('select slug, name, status from clubs');
    expect(rows).toEqual([{ slug: 'club', name: 'Ashdown Rovers', status: 'active' }]);
  });

  it('keeps a slug to one lower-case host label', async () => {
    for (const slug of ['Ashdown', 'a.b', '-a', 'a-', '', 'a b']) {
      const refused = await client.query('insert into clubs (slug, name) values ($1, $2)', [slug, 'x']).catch((error: unknown) => error);
      expect((refused as { code?: string }).code, slug).toBe('23514');
    }
  });
});
