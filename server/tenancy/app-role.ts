/**
 * The database role a hosted install's app works as (ADR 065): row-level security is the second
 * lock between clubs, and superusers and BYPASSRLS roles skip it. So with HOSTING_DOMAIN every
 * connection of the app's pool works as `club_app` (migration 0043: no superuser, no BYPASSRLS,
 * owner of nothing, granted the tables), switched to with `SET ROLE` once per new connection
 * (server/tenancy/connection-club.ts). The connection itself stays the owner's: migrations, backups
 * and restores keep the owner. A single-club install works as the owner, as it always did.
 */

/** The role migration 0043 makes and grants the tables to. */
export const APP_ROLE = 'club_app';

interface Queryable {
  query<R extends object>(text: string): Promise<{ rows: R[] }>;
}

/** Why a hosted install will not start: the message an operator reads in the log. */
export class AppRoleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AppRoleError';
  }
}

interface RoleFlags {
  name: string;
  superuser: boolean;
  bypassrls: boolean;
}

const FLAGS = 'select rolname as name, rolsuper as superuser, rolbypassrls as bypassrls from pg_roles where rolname = current_user';

const skipsPolicies = (role: RoleFlags) => role.superuser || role.bypassrls;

/**
 * The role the app's connections switch to, read once at start on a connection of the owner's:
 * - without hosting: none (the connection's own role, as today);
 * - with hosting: `club_app` when the connecting role may switch to it (a superuser may; another
 *   role when granted it: `GRANT club_app TO owner`) and it skips no policy;
 * - else none when the connecting role itself skips no policy (FORCE ROW LEVEL SECURITY holds a
 *   table's owner too);
 * - else (a superuser or BYPASSRLS role that cannot become club_app) the start is refused.
 * The reader's own role is put back before it returns.
 */
export async function readAppRole(db: Queryable, options: { hostingDomain?: string }): Promise<string | undefined> {
  if (!options.hostingDomain) return undefined;
  const [own] = (await db.query<RoleFlags>(FLAGS)).rows;
  let switched: RoleFlags | undefined;
  try {
    await db.query(`set role ${APP_ROLE}`);
    [switched] = (await db.query<RoleFlags>(FLAGS)).rows;
  } catch {
    switched = undefined; // no such role, or not granted to the connecting one
  } finally {
    await db.query('reset role').catch(() => undefined);
  }
  if (switched && !skipsPolicies(switched)) return APP_ROLE;
  if (switched) {
    throw new AppRoleError(
      `HOSTING_DOMAIN is set but the role ${APP_ROLE} is a superuser or bypasses row-level security, so nothing would keep one club's rows from another's. ` +
        `Run ALTER ROLE ${APP_ROLE} NOSUPERUSER NOBYPASSRLS, then start again.`,
    );
  }
  if (own && !skipsPolicies(own)) return undefined;
  throw new AppRoleError(
    `HOSTING_DOMAIN is set but the database role ${own?.name ?? '(unknown)'} is a superuser or bypasses row-level security, and cannot switch to the role ${APP_ROLE}: ` +
      `nothing would keep one club's rows from another's. Let the role switch to it (GRANT ${APP_ROLE} TO ${own?.name ?? 'the owner'}; README: "Hosting on your own PostgreSQL"), ` +
      'then start again; or connect as a role that is neither.',
  );
}
