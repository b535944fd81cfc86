/**
 * The access matrix's pages (issue 30): every page of app/routes.ts, for every persona, as
 * server/policy/access-matrix.ts declares it, against the production build on its own database.
 * No browser: each page is fetched as a browser would, with the persona's session cookie and
 * without following redirects. (The API half: server/policy/access-matrix.test.ts.)
 */
import { jsonCaller } from '../support/json-request';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { EMBEDDED_DATABASE_NAME, createDb, openAppPool } from '../../server/db/client';
import { findRunningServer } from '../../server/db/embedded';
import { APP_DATABASE_BOUNDS } from '../../server/db/pool';
import { PAGE_ROWS, PERSONAS, SIGNED_OUT, type Bind, type PersonaName, type Row } from '../../server/policy/access-matrix';
import { SESSION_COOKIE } from '../../shared/auth';
import { createClub, type Club, type ClubHost } from '../support/personas';
import { E2E_ADMIN_PASSWORD, externalDatabaseUrl, initializeDatabase, startServer, type RunningServer } from '../support/server';

let server: RunningServer;
let pool: pg.Pool | undefined;
let club: Club;

beforeAll(async () => {
  const external = await externalDatabaseUrl();
  server = await startServer(external ? { env: { DATABASE_URL: external } } : {});
  const running = external ? undefined : await findRunningServer(server.dataDir);
  if (!external && !running) throw new Error(`No embedded PostgreSQL found in ${server.dataDir}:\n${server.output()}`);
  const databaseUrl = external ?? `postgres://${running!.user}@/${EMBEDDED_DATABASE_NAME}?host=${encodeURIComponent(running!.socketDir)}&port=${running!.port}`;
  ({ pool } = await openAppPool({ connectionString: databaseUrl }, { max: 4, bounds: APP_DATABASE_BOUNDS }));
  pool.on('error', () => undefined);
  const base = server.baseURL;
  const host: ClubHost = {
    db: createDb(pool),
    adminPassword: E2E_ADMIN_PASSWORD,
    initialize: () => initializeDatabase(base),
    request: (path, init) => fetch(new URL(path, base), init),
    json: jsonCaller((path, init) => fetch(new URL(path, base), init)),
  };
  club = await createClub(host);
}, 180_000);

const failures: string[] = [];
afterAll(async () => {
  if (process.env.ACCESS_MATRIX_REPORT) await fs.appendFile(process.env.ACCESS_MATRIX_REPORT, `${failures.join('\n')}\n`);
  await pool?.end();
  await server?.stop();
  await server?.cleanup();
});

/** The page's path: each :param (and the catch-all *) bound to a target. */
function pathOf(r: Row, bind: Bind) {
  const template = r.op.slice('PAGE '.length);
  return template.replace(/:([A-Za-z_]+)|\*/g, (match, name: string | undefined) => {
    const key = name ?? '*';
    const target = r.params?.[key] ?? key;
    const value = bind.x[target];
    if (value === undefined) throw new Error(`${r.op}: no target named "${target}" for ${match}`);
    return encodeURIComponent(value);
  });
}

async function visit(r: Row, persona: PersonaName) {
  const p = club.personas[persona];
  const response = await fetch(new URL(pathOf(r, { x: club.targets, me: p, fresh: {} }), server.baseURL), {
    redirect: 'manual',
    headers: p.token ? { cookie: `${SESSION_COOKIE}=${p.token}` } : {},
  });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

/** Refused: sent to sign in (or 401) when signed out; sent elsewhere, 403 or 404 when signed in. */
function refusedAsDeclared(persona: PersonaName, got: { status: number; location: string }, deny: readonly number[] = []) {
  // A page that is nobody's here (e.g. the operator's on a club's host) answers what its row declares, to anyone.
  if (deny.includes(got.status)) return true;
  const redirected = [302, 303, 307].includes(got.status);
  if (SIGNED_OUT.includes(persona)) return got.status === 401 || (redirected && got.location.startsWith('/login'));
  return redirected || got.status === 403 || got.status === 404;
}

describe('Each page answers each persona as declared', () => {
  for (const r of PAGE_ROWS) {
    it(`${r.op}${r.why ? ` (${r.why})` : ''}`, async () => {
      const problems: string[] = [];
      await Promise.all(
        PERSONAS.map(async (persona) => {
          const got = await visit(r, persona);
          const allowed = r.allow.includes(persona);
          const fine = allowed ? got.status === 200 || (r.ok ?? []).includes(got.status) : refusedAsDeclared(persona, got, r.deny);
          if (!fine)
            problems.push(`${r.op} | ${persona} | expected ${allowed ? 'the page' : 'refused'} | got ${got.status}${got.location ? ` → ${got.location}` : ''}`);
        }),
      );
      failures.push(...problems);
      expect(problems.join('\n')).toBe('');
    });
  }
});
