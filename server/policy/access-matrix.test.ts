/**
 * The access matrix (issue 30): every API operation of /api/openapi.json, for every persona, as
 * server/policy/access-matrix.ts declares it, against the app on a real PostgreSQL. The pages'
 * half runs against the production build: tests/e2e/access-matrix-pages.test.ts.
 */
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../app/routes';
import { createTestContext } from '../../tests/support/api';
import { appHost, createClub, PDF, PNG, type Club } from '../../tests/support/personas';
import { starlingCsv } from '../../tests/support/treasury';
import { API_ROWS, PAGE_ROWS, PERSONAS, SIGNED_OUT, type Bind, type PersonaName, type Row } from './access-matrix';

const t = await createTestContext();
let club: Club;
beforeAll(async () => {
  club = await createClub(appHost(t));
}, 120_000);

/** What went other than declared: written to ACCESS_MATRIX_REPORT (a file) when set, for the issue's closing note. */
const failures: string[] = [];
afterAll(async () => {
  if (process.env.ACCESS_MATRIX_REPORT) await fs.writeFile(process.env.ACCESS_MATRIX_REPORT, `${failures.join('\n')}\n`);
});

const oneLine = (text: string) => text.replace(/\s+/g, ' ').slice(0, 160);
const resolve = <T>(value: T | ((bind: Bind) => T), bind: Bind): T => (typeof value === 'function' ? (value as (bind: Bind) => T)(bind) : value);

/** The path of a row's request: each {param} bound to a fresh target, a named target, or the target of its own name. */
function pathOf(r: Row, bind: Bind) {
  const template = r.op.split(' ')[1]!;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const target = r.params?.[name] ?? name;
    const value = bind.fresh[target] ?? bind.fresh[name] ?? bind.x[target];
    if (value === undefined) throw new Error(`${r.op}: no target named "${target}" for {${name}}`);
    return encodeURIComponent(value);
  });
  const query = r.query === undefined ? '' : resolve(r.query, bind);
  return query ? `${path}?${query}` : path;
}

function bodyOf(r: Row, bind: Bind): { body?: BodyInit; headers: Record<string, string> } {
  if (r.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(r.form.fields ? resolve(r.form.fields, bind) : {})) form.set(k, v);
    const file =
      r.form.file === 'pdf'
        ? new File([PDF as BlobPart], 'rules.pdf', { type: 'application/pdf' })
        : r.form.file === 'png'
          ? new File([PNG as BlobPart], 'crest.png', { type: 'image/png' })
          : new File(
              [starlingCsv([{ date: '2026-01-05', counterparty: 'Pat Payer', reference: `M${Math.random().toString(36).slice(2, 8)}`, pence: 2500 }])],
              'statement.csv',
              { type: 'text/csv' },
            );
    form.set('file', file);
    return { body: form, headers: {} };
  }
  if (r.body === undefined) return { headers: {} };
  return { body: JSON.stringify(resolve(r.body, bind)), headers: { 'content-type': 'application/json' } };
}

async function call(r: Row, persona: PersonaName, fresh: Record<string, string>) {
  const p = club.personas[persona];
  const bind: Bind = { x: club.targets, me: p, fresh };
  let token = p.token;
  if (r.freshSession && p.username && p.password && !SIGNED_OUT.includes(persona)) token = await club.signIn(p.username, p.password);
  const { body, headers } = bodyOf(r, bind);
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await t.app.request(pathOf(r, bind), { method: r.op.split(' ')[0], headers, body });
  const text = await response.text();
  return { status: response.status, text };
}

/** A digest of every table a refused write must leave alone (sessions and throttles change on any request). */
async function snapshot() {
  const { rows } = await t.pool.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
     and table_name not in ('sessions', 'login_throttle') and table_name not like '%throttle%' and table_name not like '%rate%' and table_name not like '%attempt%'`,
  );
  const digest = await t.db.execute<{ table_name: string; digest: string }>(
    sql.raw(
      rows
        .map((r) => `select '${r.table_name}' as table_name, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as digest from "${r.table_name}" x`)
        .join(' union all '),
    ),
  );
  return new Map(digest.rows.map((r) => [r.table_name, r.digest]));
}
const changedTables = (a: Map<string, string>, b: Map<string, string>) => [...a.keys()].filter((k) => a.get(k) !== b.get(k));

const FRESH = (kind: NonNullable<Row['fresh']>): Promise<Record<string, string>> => (club.factories[kind] as () => Promise<Record<string, string>>)();

/** Runs a row for every persona: the refused ones first (one target, all at once, nothing may change), then the allowed ones. */
async function runRow(r: Row) {
  const problems: string[] = [];
  const note = (persona: PersonaName | string, expected: string, got: string) =>
    problems.push(`${r.op} [${r.why ?? ''}] | ${persona} | expected ${expected} | got ${got}`);
  const write = !r.op.startsWith('GET ');
  const refused = PERSONAS.filter((p) => !r.allow.includes(p));

  if (refused.length) {
    const fresh = r.fresh ? await FRESH(r.fresh) : {};
    const before = write ? await snapshot() : undefined;
    const answers = await Promise.all(refused.map(async (p) => [p, await call(r, p, fresh)] as const));
    for (const [p, got] of answers) {
      const expected = SIGNED_OUT.includes(p) && !r.deny ? [401] : (r.deny ?? [401, 403, 404]);
      const hidden = r.hides !== undefined && got.status === 200 && !got.text.includes(club.targets[r.hides]!);
      if (!expected.includes(got.status) && !hidden)
        note(p, `refused (${expected.join('/')}${r.hides ? ' or hidden' : ''})`, `${got.status} ${oneLine(got.text)}`);
    }
    if (before) {
      const changed = changedTables(before, await snapshot());
      // Name those whose request got through (all of them when none did: a refusal that still wrote).
      const through = answers.filter(([, got]) => got.status < 300).map(([p]) => p);
      if (changed.length) note((through.length ? through : refused).join(','), 'nothing changed by refused requests', `changed: ${changed.join(', ')}`);
    }
  }

  const allowedOne = async (p: PersonaName) => {
    const got = await call(r, p, r.fresh ? await FRESH(r.fresh) : {});
    const fine = (got.status >= 200 && got.status < 300) || (r.ok ?? []).includes(got.status);
    if (!fine) note(p, `allowed (2xx${r.ok?.length ? `/${r.ok.join('/')}` : ''})`, `${got.status} ${oneLine(got.text)}`);
  };
  // Writes on a shared target go one persona at a time; with a target (or a session) each, all at once.
  if (write && !r.fresh && !r.freshSession) for (const p of r.allow) await allowedOne(p);
  else await Promise.all(r.allow.map(allowedOne));
  failures.push(...problems);
  return problems;
}

/** Every page path of app/routes.ts, as React Router writes it ('/fixtures/:id'). */
function pagePaths() {
  type Entry = { path?: string; index?: boolean; children?: Entry[] };
  const out: string[] = [];
  const walk = (entries: Entry[], prefix: string) => {
    for (const e of entries) {
      const here = e.path ? `${prefix.replace(/\/$/, '')}/${e.path}` : prefix || '/';
      if (e.index || (e.path && !e.children?.length)) out.push(here);
      if (e.children) walk(e.children, here);
    }
  };
  walk(routes as Entry[], '');
  return [...new Set(out)];
}

/** Every one of `existing` has a row, and no row names something that is not there. */
function expectEveryOneDeclared(existing: string[], rows: readonly Row[], what: 'operations' | 'pages') {
  const declared = new Set(rows.map((r) => r.op));
  expect(
    existing.filter((op) => !declared.has(op)),
    `${what} without a row in server/policy/access-matrix.ts`,
  ).toEqual([]);
  expect(
    [...declared].filter((op) => !existing.includes(op)),
    `rows for ${what} that do not exist`,
  ).toEqual([]);
}

describe('The access matrix declares', () => {
  it('a row for every operation of /api/openapi.json, and none for an operation that is not there', async () => {
    const doc = await t.json('/api/openapi.json');
    const operations = Object.entries(doc.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => `${m.toUpperCase()} /api${path}`),
    );
    expectEveryOneDeclared(operations, API_ROWS, 'operations');
  });

  it('a row for every page of app/routes.ts', () => {
    expectEveryOneDeclared(
      pagePaths().map((p) => `PAGE ${p}`),
      PAGE_ROWS,
      'pages',
    );
  });
});

// Rows that end or change the persona's own session, or who they are, run last.
const last = (r: Row) => (r.freshSession ? 2 : r.op === 'PUT /api/players/me' ? 1 : 0);
const ordered = [...API_ROWS].sort((a, b) => last(a) - last(b));

describe('Each API operation answers each persona as declared', () => {
  for (const [i, r] of ordered.entries()) {
    it(`${r.op}${r.why ? ` (${r.why})` : ''} #${i}`, async () => {
      expect((await runRow(r)).join('\n')).toBe('');
    });
  }
});
