import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import type { Db } from '../db/client';
import { createTestContext, TEST_ADMIN_PASSWORD } from '../../tests/support/api';
import { insertLogin } from '../../tests/support/logins';

// Issue 33, point 3: a real club's first run starts empty; the sample club stays the default.
const emptyClub = await createTestContext();
const defaultClub = await createTestContext();
const sampleClub = await createTestContext();

/** Every table of the schema (server/db/schema), by its SQL name. */
const SCHEMA_TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table))
  .sort();

/** The rows in every table of the database, by table. */
async function rowCounts(db: Db) {
  const counts: Record<string, number> = {};
  for (const name of SCHEMA_TABLES) {
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = rows[0]!.n;
  }
  return counts;
}

/**
 * What an empty club holds: the admin (a login with the admin club role), the club's settings, the
 * marker that initialization ran, the public-content cache's version counter (migration 0002:
 * bookkeeping, not content), and the install's one club (migration 0042, ADR 065).
 */
const EMPTY_CLUB_ROWS = { users: 1, club_roles: 1, settings: 1, database_initialization: 1, content_version: 1, clubs: 1 };

describe('POST /api/admin/initialize-database with sample false: an empty club', () => {
  it('the schema lists every table the migrations made', async () => {
    const { rows } = await emptyClub.db.execute<{ name: string }>(sql`select tablename as name from pg_tables where schemaname = 'public'`);
    expect(rows.map((r) => r.name).sort()).toEqual(SCHEMA_TABLES);
  });

  it('leaves no row in any table but the admin and the club settings', async () => {
    const res = await emptyClub.json('/api/admin/initialize-database', { body: { sample: false } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ needs_initialization: false, users_count: 1, products_count: 0, news_count: 0, fixtures_count: 0 });

    const counts = await rowCounts(emptyClub.db);
    const nonEmpty = Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));
    expect(nonEmpty).toEqual(EMPTY_CLUB_ROWS);
    // The teams Senior and Vets that migration 0005 makes in every database went, with their training.
    expect(counts.teams).toBe(0);
    expect(counts.training_slots).toBe(0);
  });

  it('the admin signs in and the public reads answer empty lists', async () => {
    const login = await emptyClub.json('/api/auth/login', { body: { username: 'admin', password: TEST_ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    for (const path of ['/api/products', '/api/fixtures', '/api/news', '/api/sponsors', '/api/squad', '/api/teams']) {
      const res = await emptyClub.json(path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toEqual([]);
    }
    expect((await emptyClub.json('/api/admin/initialize-database', { body: { sample: true } })).status).toBe(409);
  });

  it('a sample that is not a boolean answers 422 with a detail and initializes nothing', async () => {
    const res = await sampleClub.json('/api/admin/initialize-database', { body: { sample: 'no' } });
    expect(res.status).toBe(422);
    expect(typeof res.body.detail).toBe('string');
    expect((await sampleClub.json('/api/admin/database-status')).body).toEqual({ needs_initialization: true });
  });
});

describe('POST /api/admin/initialize-database: the sample club stays the default', () => {
  it('with no body and with sample true, the same sample club is loaded', async () => {
    expect((await defaultClub.json('/api/admin/initialize-database', { method: 'POST' })).status).toBe(200);
    expect((await sampleClub.json('/api/admin/initialize-database', { body: { sample: true } })).status).toBe(200);
    const byDefault = await rowCounts(defaultClub.db);
    expect(await rowCounts(sampleClub.db)).toEqual(byDefault);
    for (const table of ['products', 'fixtures', 'news', 'sponsors', 'players', 'teams', 'training_slots']) {
      expect(byDefault[table], table).toBeGreaterThan(0);
    }
  });
});

describe("GET /api/admin/dashboard: a new club's first steps", () => {
  const t = emptyClub;
  let token: string;
  const steps = async () => {
    const res = await t.json('/api/admin/dashboard', { token });
    expect(res.status).toBe(200);
    return res.body.today.first_steps;
  };

  it('none is done on an empty club', async () => {
    token = (await t.json('/api/auth/login', { body: { username: 'admin', password: TEST_ADMIN_PASSWORD } })).body.access_token;
    expect(await steps()).toEqual({ teams: false, fixture: false, kit: false, committee: false });
  });

  it('each ticks itself as the club adds a team, a fixture, a product and a committee role', async () => {
    const team = await t.json('/api/teams', { token, body: { name: 'Ashdown Saturday XI' } });
    expect(team.status).toBe(201);
    expect(await steps()).toEqual({ teams: true, fixture: false, kit: false, committee: false });

    const fixture = await t.json('/api/fixtures', {
      token,
      body: { away_team: 'Hartfield', match_date: '2099-05-01', match_time: '10:30', venue: 'Home ground', competition: 'League', is_home: true, team_id: team.body.id },
    });
    expect(fixture.status, JSON.stringify(fixture.body)).toBe(201);
    expect(await steps()).toEqual({ teams: true, fixture: true, kit: false, committee: false });

    const product = await t.json('/api/products', {
      token,
      body: { name: 'Home Shirt', description: 'Our home shirt.', category: 'Kit', price: 30, stock: 10, sizes: ['M'], images: [] },
    });
    expect(product.status).toBe(201);
    expect(await steps()).toEqual({ teams: true, fixture: true, kit: true, committee: false });

    const treasurer = await insertLogin(t.db, { username: 'tess_treasurer', password: 'a sturdy passphrase', full_name: 'Tess Treasurer' });
    const granted = await t.json('/api/admin/club-roles', { token, body: { user_id: treasurer.id, role: 'treasurer' } });
    expect(granted.status).toBe(201);
    expect(await steps()).toEqual({ teams: true, fixture: true, kit: true, committee: true });
  });

  it('a step done is undone when its data goes: the checklist reads the data, not a flag', async () => {
    const [product] = (await t.json('/api/products')).body as { id: string }[];
    expect((await t.json(`/api/products/${product.id}`, { method: 'DELETE', token })).status).toBe(200);
    expect((await steps()).kit).toBe(false);
  });

  it('is null for staff, who cannot add products or roles', async () => {
    const staff = await t.signedIn('staff');
    expect((await t.json('/api/admin/dashboard', { token: staff.token })).body.today.first_steps).toBeNull();
  });
});
