import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createApp } from '../../server/app';
import { createContentMemo, createPublicCache, listenForContentChanges } from '../../server/cache';
import { createDb, openAppPool } from '../../server/db/client';
import { APP_DATABASE_BOUNDS } from '../../server/db/pool';
import { clubRoles, players, playerTeams, teams, teamStaff } from '../../server/db/schema';
import { defaultTeamId } from '../../server/services/teams';
import { createServices, type ServiceOptions } from '../../server/services';
import { createClubResolver } from '../../server/tenancy/host';
import type { Role } from '../../shared/roles';
import { TEMPLATE_DB, databaseOf } from './pg-global-setup';
import { jsonCaller } from './json-request';
import { insertLogin } from './logins';

export const TEST_ADMIN_PASSWORD = 'admin-test-password';

/**
 * Every request of an API test comes from one client address, so the hourly limits on anonymous
 * writes (issue 30) are lifted here; server/api/anonymous-write-limits.test.ts sets its own.
 */
export const UNLIMITED_ANONYMOUS_WRITES = { registration: 1_000_000, join_us: 1_000_000, forgot_password: 1_000_000, order: 1_000_000 };

export type { JsonInit } from './json-request';

/**
 * A fresh database (cloned from the migrated template) with the real Hono app on it.
 * Call once per test file, at the top level; it is dropped after the file's tests.
 */
export async function createTestContext(
  options: Partial<ServiceOptions> = {},
  harness: { cache?: boolean; trustProxy?: boolean; /** Hosting on (ADR 065): clubs by host, no install club. */ hostingDomain?: string } = {},
) {
  const admin = JSON.parse(inject('pgAdmin')) as pg.ClientConfig;
  const name = `club_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await client.end();

  // The app's own pool, with its bounds (timeouts, bounded queue), made as the app makes it: the
  // install's one club read first, every connection's club outside a request (server/tenancy).
  const { pool, installClub } = await openAppPool(databaseOf(admin, name), { max: 20, bounds: APP_DATABASE_BOUNDS, hostingDomain: harness.hostingDomain });
  // Idle connections are cut when the database is dropped or the test server stops: expected.
  pool.on('error', () => undefined);
  const db = createDb(pool);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'club-api-test-'));
  // The public cache and the content memo (as in production) only when a test file asks for them.
  const memo = harness.cache ? createContentMemo() : undefined;
  const services = createServices(db, {
    adminUsername: 'admin',
    adminPassword: TEST_ADMIN_PASSWORD,
    memo,
    anonymousWriteLimits: UNLIMITED_ANONYMOUS_WRITES,
    hostingDomain: harness.hostingDomain,
    ...options,
  });
  const cache = harness.cache ? createPublicCache({ databaseDown: () => services.health.isDown, memo }) : undefined;
  const listener = cache ? listenForContentChanges(cache, () => new pg.Client(databaseOf(admin, name))) : undefined;
  await listener?.ready;
  const clubs = createClubResolver({ db, hostingDomain: harness.hostingDomain, installClub });
  const app = createApp({ services, cache, trustProxy: harness.trustProxy, clubs });

  afterAll(async () => {
    await listener?.stop();
    await pool.end();
    await fs.rm(dataDir, { recursive: true, force: true });
    const c = new pg.Client(admin);
    await c.connect();
    // pool.end() resolves before its sockets have closed; a forced drop would then kill them
    // mid-close and surface as uncaught errors, so wait (briefly) for them to go first.
    for (let i = 0; i < 100; i++) {
      const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  /** Calls the app like an API client would: JSON in, `{ status, body, headers }` out. */
  const json = jsonCaller((path, init) => Promise.resolve(app.request(path, init)));

  /** Creates a user (and, for players, their linked squad record) and signs them in. */
  async function signedIn(role: Role, overrides: { username?: string; password?: string; full_name?: string; member?: boolean } = {}) {
    const username = overrides.username ?? `${role}_${randomBytes(4).toString('hex')}`;
    const password = overrides.password ?? 'correct horse battery';
    // A member in good standing: their address confirmed, their own password chosen.
    const user = await insertLogin(db, { username, password, full_name: overrides.full_name ?? `Test ${role}`, role });
    let playerId: string | undefined;
    if (role === 'player') {
      const [player] = await db
        .insert(players)
        .values({ user_id: user.id, full_name: user.full_name, position: 'Midfielder', team_type: 'Senior', nationality: 'English' })
        .returning({ id: players.id });
      playerId = player.id;
      // In the first team (Senior), as an approved registration is, and long enough that every
      // session a test records in the past counts for them (spells are dated, issue 21).
      await db.insert(playerTeams).values({ player_id: player.id, team_id: await defaultTeamId(db), joined_on: '2020-01-01' });
    }
    // An admin holds the admin club role, as the one made at setup does (issue 21).
    if (role === 'admin') await db.insert(clubRoles).values({ user_id: user.id, role: 'admin' });
    // A member of staff coaches every team there is now (staff run their own teams only, issue 21);
    // `member: false` is a login with no member record at all.
    if (role === 'staff' && overrides.member !== false) {
      const [member] = await db
        .insert(players)
        .values({ user_id: user.id, full_name: user.full_name, position: 'Staff', team_type: 'Staff', nationality: 'English' })
        .returning({ id: players.id });
      playerId = member.id;
      const all = await db.select({ id: teams.id }).from(teams);
      if (all.length) await db.insert(teamStaff).values(all.map((team) => ({ player_id: member.id, team_id: team.id, role: 'coach' as const })));
    }
    const login = await json('/api/auth/login', { body: { username, password } });
    if (login.status !== 200) throw new Error(`test sign-in failed: ${JSON.stringify(login.body)}`);
    return { user, playerId, token: login.body.access_token as string, username, password };
  }

  /** Runs /initialize's seeding (sample content + admin with TEST_ADMIN_PASSWORD). */
  async function initialize() {
    return services.setup.initialize(null);
  }

  return { app, db, pool, services, json, signedIn, initialize, dataDir, cache, memo, listener, installClub, clubs };
}
