/**
 * Two clubs on two hosts in one hosted test install (ADR 065, issue 36's first acceptance line):
 * each built by the access matrix's fixture (tests/support/personas.ts) on its own host, its
 * direct database work inside its own club's context. Used by server/policy/cross-club-matrix.test.ts.
 *
 * The database role: a hosted install's app works as `club_app` (row-level security in force,
 * server/tenancy/app-role.ts), and so does this harness's pool, for building the clubs and for the
 * requests under test. CROSS_CLUB_ROLE=owner runs the requests as the database's owner instead,
 * which skips the policies: the app's own club filters alone (expected to fail: the report lists where).
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { withClub } from '../../server/tenancy/context';
import { createTestContext, TEST_ADMIN_PASSWORD } from './api';
import { jsonCaller } from './json-request';
import { createClub, type Club, type ClubHost } from './personas';

export const HOSTING_DOMAIN = 'clubs.test';
type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** Every connection of `pool` as `role` (null: the pool's own login role), now and for new connections. */
export function roleSwitch(pool: pg.Pool) {
  let role: string | null = null;
  pool.on('connect', (client) => {
    // Queued on the client before the caller's first statement (pg runs a client's queries in order).
    if (role) client.query(`SET ROLE ${role}`).catch(() => undefined);
  });
  return async function set(next: string | null) {
    role = next;
    // Every connection the pool holds, all idle between tests: each takes the role.
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    try {
      await Promise.all(clients.map((c) => c.query(next ? `SET ROLE ${next}` : 'RESET ROLE')));
    } finally {
      for (const c of clients) c.release();
    }
  };
}

export interface HostedClub extends Club {
  id: string;
  slug: string;
  host: string;
  clubHost: ClubHost;
  /** Runs `fn` in this club's context (its connections see its rows only under club_app). */
  inClub: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** A club row, its host, and the access matrix's club built on it. */
async function hostedClub(t: TestContext, slug: string, name: string, nameSuffix: string): Promise<HostedClub> {
  const { rows } = await t.db.execute<{ id: string }>(sql`insert into clubs (slug, name) values (${slug}, ${name}) returning id`);
  const id = rows[0]!.id;
  const host = `${slug}.${HOSTING_DOMAIN}`;
  const send = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('host', host);
    return Promise.resolve(t.app.request(path, { ...init, headers }));
  };
  const inClub = <T>(fn: () => Promise<T>) => withClub(id, fn);
  const clubHost: ClubHost = { db: t.db, json: jsonCaller(send), request: send, initialize: () => inClub(() => t.initialize()), adminPassword: TEST_ADMIN_PASSWORD };
  const club = await inClub(() => createClub(clubHost, { nameSuffix }));
  return { ...club, id, slug, host, clubHost, inClub };
}

/** A's admin's own password: both clubs were set up with the test install's ADMIN_PASSWORD. */
export const A_ADMIN_PASSWORD = 'Alder admin: a password of its own';

export async function twoHostedClubs() {
  // The sign-in tests fail many sign-ins on purpose, from the one test address: no limit may stop the
  // set-up's own sign-ins after them (the limits themselves are tested in server/api/auth.test.ts).
  const t = await createTestContext(
    { loginLimits: { perUser: 1_000_000, perAddress: 1_000_000, windowSeconds: 900, perAccount: 1_000_000 } },
    { hostingDomain: HOSTING_DOMAIN },
  );
  const setRole = roleSwitch(t.pool);
  await setRole('club_app');
  const a = await hostedClub(t, 'alder', 'Alder Athletic', '');
  const b = await hostedClub(t, 'birch', 'Birch Vale FC', 'Birchley');
  // A's admin gets a password of their own, so that B's admin's cannot be what lets them in on B's host.
  const changed = await a.clubHost.json('/api/auth/password', {
    method: 'PUT',
    token: a.adminToken,
    body: { current_password: TEST_ADMIN_PASSWORD, new_password: A_ADMIN_PASSWORD },
  });
  if (changed.status !== 200) throw new Error(`A's admin password: ${changed.status} ${JSON.stringify(changed.body)}`);
  a.personas.admin.password = A_ADMIN_PASSWORD;
  a.personas.admin.token = await a.signIn('admin', A_ADMIN_PASSWORD);
  const testRole = process.env.CROSS_CLUB_ROLE === 'owner' ? null : 'club_app';
  await setRole(testRole);
  return { t, a, b, setRole, testRole };
}

/** The install's tables that carry a club, and which of them have an `id` column. */
async function clubTables(t: TestContext) {
  const { rows } = await t.pool.query<{ table_name: string; has_id: boolean }>(
    `select c.table_name, bool_or(i.column_name = 'id') as has_id
       from information_schema.columns c join information_schema.columns i using (table_schema, table_name)
      where c.table_schema = 'public' and c.column_name = 'club_id'
      group by c.table_name order by c.table_name`,
  );
  return rows;
}

/**
 * What B has: a digest of each of its tables (its rows only, read in its context), and its
 * distinctive values (every id of its rows, its people's names, usernames and addresses).
 */
export async function clubState(t: TestContext, club: HostedClub) {
  const tables = await clubTables(t);
  return club.inClub(async () => {
    const digests = await t.db.execute<{ table_name: string; digest: string }>(
      sql.raw(
        [
          `select 'clubs' as table_name, md5(x::text) as digest from clubs x where id = '${club.id}'`,
          ...tables.map(
            (r) =>
              `select '${r.table_name}' as table_name, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as digest from "${r.table_name}" x where club_id = '${club.id}'`,
          ),
        ].join(' union all '),
      ),
    );
    const ids = await t.db.execute<{ id: string }>(
      sql.raw(
        tables
          .filter((r) => r.has_id)
          .map((r) => `select id::text as id from "${r.table_name}" where club_id = '${club.id}'`)
          .join(' union '),
      ),
    );
    const people = await t.db.execute<{ v: string }>(
      sql.raw(
        `select username as v from users where club_id = '${club.id}' and username <> 'admin'
         union select email from users where club_id = '${club.id}' and email is not null
         union select full_name from players where club_id = '${club.id}' and full_name like '%Birchley%'
         union select full_name from users where club_id = '${club.id}' and full_name like '%Birchley%'`,
      ),
    );
    return {
      digests: new Map(digests.rows.map((r) => [r.table_name, r.digest])),
      ids: new Set(ids.rows.map((r) => r.id)),
      words: people.rows.map((r) => r.v).filter((v) => v.length >= 6),
    };
  });
}
export type ClubState = Awaited<ReturnType<typeof clubState>>;

export const changedTables = (before: ClubState, after: ClubState) =>
  [...before.digests.keys()].filter((k) => before.digests.get(k) !== after.digests.get(k));

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** B's values in an answer that the request itself did not carry (an id echoed back in an error is no leak). */
export function leaksIn(text: string, sent: string, state: ClubState, extra: readonly string[]) {
  const found = new Set<string>();
  for (const id of text.match(UUID) ?? []) if (state.ids.has(id.toLowerCase()) && !sent.includes(id)) found.add(id);
  for (const word of [...state.words, ...extra]) if (word && text.includes(word) && !sent.includes(word)) found.add(word);
  return [...found];
}
