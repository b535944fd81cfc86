/**
 * The role a hosted install's app works as (server/tenancy/app-role.ts, ADR 065): club_app when the
 * connecting role may switch to it; the connecting role itself when it skips no policy; a start
 * refused when it would skip them and cannot switch. A single-club install keeps its role.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { openAppPool } from '../db/client';
import { APP_DATABASE_BOUNDS } from '../db/pool';
import { APP_ROLE, AppRoleError, readAppRole } from './app-role';

const HOSTING_DOMAIN = 'clubs.test';
const t = await createTestContext();
const connection = t.pool.options;
const PASSWORD = 'role-test-password';

/** Roles made for this file (the server's, not the database's: dropped after). */
const made: string[] = [];
const owner = new pg.Client(connection);
await owner.connect();

async function makeRole(flags: string, grantAppRole = false) {
  const name = `role_test_${randomBytes(4).toString('hex')}`;
  await owner.query(`create role ${name} login password '${PASSWORD}' ${flags}`);
  await owner.query(`grant connect on database ${owner.escapeIdentifier(String(connection.database))} to ${name}`);
  await owner.query(`grant usage on schema public to ${name}`);
  await owner.query(`grant select on all tables in schema public to ${name}`);
  if (grantAppRole) await owner.query(`grant ${APP_ROLE} to ${name}`);
  made.push(name);
  return { ...connection, user: name, password: PASSWORD };
}

afterAll(async () => {
  for (const name of made) {
    await owner.query(`drop owned by ${name}`).catch(() => undefined);
    await owner.query(`drop role if exists ${name}`).catch(() => undefined);
  }
  await owner.end();
});

async function roleOf(config: pg.ClientConfig, hostingDomain?: string) {
  const client = new pg.Client(config);
  await client.connect();
  try {
    const role = await readAppRole(client, { hostingDomain });
    // The reader's own role is put back.
    const { rows } = await client.query<{ now: string }>('select current_user as now');
    return { role, after: rows[0]!.now };
  } finally {
    await client.end();
  }
}

describe('the app\'s role with HOSTING_DOMAIN', () => {
  it('the owner (a superuser) switches to club_app; without hosting, nothing changes', async () => {
    expect(await roleOf(connection, HOSTING_DOMAIN)).toEqual({ role: APP_ROLE, after: connection.user });
    expect(await roleOf(connection)).toEqual({ role: undefined, after: connection.user });
  });

  it('a role granted club_app switches to it, even one that bypasses row-level security', async () => {
    const config = await makeRole('nosuperuser bypassrls', true);
    expect((await roleOf(config, HOSTING_DOMAIN)).role).toBe(APP_ROLE);
  });

  it('a plain role that cannot switch works as itself: FORCE ROW LEVEL SECURITY holds it', async () => {
    const config = await makeRole('nosuperuser nobypassrls');
    expect(await roleOf(config, HOSTING_DOMAIN)).toEqual({ role: undefined, after: config.user });
  });

  it('a role that bypasses row-level security and cannot switch is refused, with the reason and the way out', async () => {
    const config = await makeRole('nosuperuser bypassrls');
    const refusal = await roleOf(config, HOSTING_DOMAIN).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppRoleError);
    expect((refusal as Error).message).toBe(
      `HOSTING_DOMAIN is set but the database role ${config.user} is a superuser or bypasses row-level security, and cannot switch to the role ${APP_ROLE}: ` +
        `nothing would keep one club's rows from another's. Let the role switch to it (GRANT ${APP_ROLE} TO ${config.user}; README: "Hosting on your own PostgreSQL"), ` +
        'then start again; or connect as a role that is neither.',
    );
    // The app's pool refuses as the start does (main.ts logs it and exits 1); a backup still opens.
    await expect(openAppPool(config, { max: 1, bounds: APP_DATABASE_BOUNDS, hostingDomain: HOSTING_DOMAIN })).rejects.toThrow(AppRoleError);
    const maintenance = await openAppPool(config, { max: 1, hostingDomain: HOSTING_DOMAIN, maintenance: true });
    expect(maintenance.role).toBeUndefined();
    await maintenance.pool.end();
  });

  it('every connection of a hosted pool works as club_app from its first query, whatever the club; a single-club pool as the owner', async () => {
    const hosted = await openAppPool(connection, { max: 3, bounds: APP_DATABASE_BOUNDS, hostingDomain: HOSTING_DOMAIN });
    const single = await openAppPool(connection, { max: 3, bounds: APP_DATABASE_BOUNDS });
    try {
      expect(hosted.role).toBe(APP_ROLE);
      const roles = await Promise.all(Array.from({ length: 6 }, async () => (await hosted.pool.query<{ role: string }>('select current_user as role')).rows[0]!.role));
      expect(roles).toEqual(Array(6).fill(APP_ROLE));
      expect((await single.pool.query<{ role: string }>('select current_user as role')).rows[0]!.role).toBe(connection.user);
    } finally {
      await hosted.pool.end();
      await single.pool.end();
    }
  });
});
