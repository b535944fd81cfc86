/**
 * For browser tests that file children under junior teams with their parents directly (issue 31):
 * the production build on a server and database of its own (the shared one's welfare officer and
 * teams stay the other files'), a pool onto its database for juniorFixtures, the club's bank
 * details and welfare address set, a welfare officer, and a way to make junior teams. Call inside
 * beforeAll and `stop()` in afterAll; `env` adds to the server's environment (SMTP_URL, PUBLIC_URL…).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { EMBEDDED_DATABASE_NAME, createDb, openAppPool } from '../../server/db/client';
import { findRunningServer } from '../../server/db/embedded';
import { APP_DATABASE_BOUNDS } from '../../server/db/pool';
import { settings } from '../../server/db/schema';
import { jsonCaller } from './json-request';
import { juniorFixtures } from './juniors';
import { E2E_ADMIN_PASSWORD, externalDatabaseUrl, initializeDatabase, startServer } from './server';

export async function startJuniorClub(options: { port?: number; env?: Record<string, string> } = {}) {
  const external = await externalDatabaseUrl();
  const server = await startServer({ port: options.port, env: { ...options.env, ...(external ? { DATABASE_URL: external } : {}) } });
  const running = external ? undefined : await findRunningServer(server.dataDir);
  const databaseUrl = external ?? `postgres://${running!.user}@/${EMBEDDED_DATABASE_NAME}?host=${encodeURIComponent(running!.socketDir)}&port=${running!.port}`;
  const { pool } = await openAppPool({ connectionString: databaseUrl }, { max: 2, bounds: APP_DATABASE_BOUNDS });
  pool.on('error', () => undefined);
  const stop = async () => {
    await pool.end();
    await server.stop();
    await server.cleanup();
  };
  await initializeDatabase(server.baseURL);
  const json = jsonCaller((path, init) => fetch(new URL(path, server.baseURL), init));
  const db = createDb(pool);
  const people = juniorFixtures({ db, json });
  await db
    .update(settings)
    .set({ welfare_email: 'welfare@example.org', account_name: 'Riverside Rovers FC', sort_code: '309174', account_number: '12345678' })
    .where(eq(settings.id, 1));
  await people.adult('Wendy Welfare', 'welfare_officer');
  const admin = await json('/api/auth/login', { body: { username: 'admin', password: E2E_ADMIN_PASSWORD } });
  const adminToken = admin.body.access_token as string;
  /** A team of this age group, made by the admin through the API. */
  const team = async (name: string, age_group: string) => {
    const made = await json('/api/teams', { token: adminToken, body: { name, age_group, format: '7v7' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body as { id: string; slug: string };
  };
  return { server, db, json, people, adminToken, team, stop };
}
