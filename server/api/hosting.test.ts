/**
 * The host's operator (issue 36 point 4, ADR 065): its sign-in on the hosting domain itself, the
 * clubs it makes, lists (figures only), suspends, resumes, exports and deletes; and the landing page.
 * A hosted install whose app runs as club_app (row-level security in force, as a hosted app will).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { startSmtpServer } from '../../tests/support/smtp';
import { createDb } from '../db/client';
import { createOutboxWorker } from '../services/outbox';
import { NO_CLUB_AT_THIS_ADDRESS } from '../tenancy/host';
import { INVALID_CREDENTIALS } from '../../shared/auth';
import {
  ALREADY_SUSPENDED,
  CLUB_NOT_FOUND,
  DELETE_NEEDS_EXPORT,
  DELETE_NEEDS_SUSPENSION,
  NOT_SUSPENDED,
  OPERATOR_ONLY,
  SLUG_RESERVED,
  SLUG_RULE,
  SLUG_TAKEN,
  NAME_RULE,
  ADMIN_EMAIL_RULE,
  ADMIN_PASSWORD_RULE,
} from '../../shared/hosting';

const DOMAIN = 'clubs.test';
const OPERATOR = { username: 'host-operator', password: 'operator-secret-password' };
const smtp = await startSmtpServer();
const t = await createTestContext(
  { hostingDomain: DOMAIN, operator: OPERATOR, publicUrl: `https://${DOMAIN}`, smtpUrl: smtp.url },
  { hostingDomain: DOMAIN, asClubApp: true },
);
await t.services.operators.ensureOperator();
// The outbox worker as the owner (the jobs' own claim across clubs is another stage's): it sends every club's mail.
const ownerPool = new pg.Pool({ ...t.connection, max: 2 });
ownerPool.on('error', () => undefined);
const owner = createDb(ownerPool);
const worker = createOutboxWorker(owner, { smtpUrl: smtp.url, from: 'Clubs <no-reply@clubs.test>', pollMs: 50 });
worker.start();
afterAll(async () => {
  await worker.stop();
  await ownerPool.end();
  await smtp.stop();
});

const on = (host: string, path: string, init: Parameters<typeof t.json>[1] = {}) => t.json(path, { ...init, headers: { host, ...init.headers } });
const onHosting = (path: string, init: Parameters<typeof t.json>[1] = {}) => on(DOMAIN, path, init);
const operatorToken = async () => {
  const res = await onHosting('/api/auth/login', { body: OPERATOR });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
};
let token = await operatorToken();
const create = (body: Record<string, unknown>, as = token) => onHosting('/api/hosting/clubs', { body, token: as });
const signIn = (host: string, username: string, password: string) => on(host, '/api/auth/login', { body: { username, password } });
const waitForMail = async (to: string) => {
  for (let i = 0; i < 200; i++) {
    const mail = smtp.received.find((m) => m.to.includes(to));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to}`);
};
const rowsOfClub = async (id: string) => {
  const tables = (
    await owner.execute<{ name: string }>(
      sql`select table_name as name from information_schema.columns where table_schema = 'public' and column_name = 'club_id'`,
    )
  ).rows;
  let n = 0;
  for (const { name } of tables)
    n += Number((await owner.execute<{ n: string }>(sql`select count(*) as n from ${sql.identifier(name)} where club_id = ${id}::uuid`)).rows[0]!.n);
  return n;
};

const ashdown = await create({ name: 'Ashdown Rovers', slug: 'ashdown', admin_email: 'sec@ashdown.test', admin_password: 'ashdown admin pass', sample: true });
const beacon = await create({ name: 'Beacon Town', slug: 'beacon', admin_email: 'sec@beacon.test', admin_password: 'beacon admin pass' });

describe('the operator signs in on the hosting domain itself, and only there', () => {
  it('POST /api/auth/login on the bare hosting domain signs the operator in (token and cookie), naming no club', async () => {
    const res = await onHosting('/api/auth/login', { body: OPERATOR });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', operator: { username: OPERATOR.username } });
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect((await onHosting('/api/auth/login', { body: { ...OPERATOR, password: 'wrong password!' } })).body).toEqual({ detail: INVALID_CREDENTIALS });
  });

  it("a club's admin cannot sign in on the hosting domain, and their token is refused there (401)", async () => {
    expect((await signIn(DOMAIN, 'admin', 'ashdown admin pass')).status).toBe(401);
    const clubToken = (await signIn(ashdown.body.host, 'admin', 'ashdown admin pass')).body.access_token;
    const res = await onHosting('/api/hosting/clubs', { token: clubToken });
    expect(res).toMatchObject({ status: 401, body: { detail: OPERATOR_ONLY } });
  });

  it("the operator's token is refused on every club's host (401), and the operator cannot sign in there", async () => {
    for (const host of [ashdown.body.host, beacon.body.host]) {
      expect((await on(host, '/api/auth/me', { token })).status, host).toBe(401);
      expect(await on(host, '/api/hosting/clubs', { token }), host).toMatchObject({ status: 401, body: { detail: OPERATOR_ONLY } });
      expect((await signIn(host, OPERATOR.username, OPERATOR.password)).status, host).toBe(401);
    }
  });

  it("a club's admin asking /api/hosting on their own host gets 403", async () => {
    const clubToken = (await signIn(ashdown.body.host, 'admin', 'ashdown admin pass')).body.access_token;
    expect(await on(ashdown.body.host, '/api/hosting/clubs', { token: clubToken })).toMatchObject({ status: 403, body: { detail: OPERATOR_ONLY } });
  });

  it('signing out ends the token; a new OPERATOR_PASSWORD at start ends every session', async () => {
    const mine = await operatorToken();
    expect((await onHosting('/api/auth/logout', { method: 'POST', token: mine })).status).toBe(200);
    expect((await onHosting('/api/hosting/clubs', { token: mine })).status).toBe(401);
    const kept = await operatorToken();
    const changed = { username: OPERATOR.username, password: 'a brand new operator password' };
    const { createOperatorService } = await import('../services/hosting/operator');
    expect(await createOperatorService(t.db, { operator: changed }).ensureOperator()).toBe('updated');
    expect((await onHosting('/api/hosting/clubs', { token: kept })).status).toBe(401);
    expect((await onHosting('/api/auth/login', { body: OPERATOR })).status).toBe(401);
    expect(await createOperatorService(t.db, { operator: OPERATOR }).ensureOperator()).toBe('updated');
    expect(await t.services.operators.ensureOperator()).toBe('unchanged');
    token = await operatorToken();
  });

  it('the hosting domain answers only the operator\'s API: any other API call 404 "No club at this address"', async () => {
    for (const path of ['/api/teams', '/api/news', '/api/settings', '/api/auth/me']) {
      expect(await onHosting(path, { token }), path).toMatchObject({ status: 404, body: { detail: NO_CLUB_AT_THIS_ADDRESS } });
    }
  });
});

describe('POST /api/hosting/clubs', () => {
  it('answers 201 with the id and {slug}.{HOSTING_DOMAIN}; the first admin signs in there with the password given (username or e-mail)', async () => {
    expect(ashdown).toMatchObject({ status: 201, body: { id: expect.any(String), host: `ashdown.${DOMAIN}`, invited: false } });
    expect(beacon.body.host).toBe(`beacon.${DOMAIN}`);
    const a = await signIn(`ashdown.${DOMAIN}`, 'admin', 'ashdown admin pass');
    expect(a.status).toBe(200);
    expect((await signIn(`ashdown.${DOMAIN}`, 'sec@ashdown.test', 'ashdown admin pass')).status).toBe(200);
    expect((await on(`ashdown.${DOMAIN}`, '/api/settings', { token: a.body.access_token })).body).toMatchObject({ club_name: 'Ashdown Rovers' });
    const b = await signIn(`beacon.${DOMAIN}`, 'admin', 'beacon admin pass');
    expect((await on(`beacon.${DOMAIN}`, '/api/settings', { token: b.body.access_token })).body).toMatchObject({ club_name: 'Beacon Town' });
  });

  it("A's admin cannot sign in on B's host, and A's token is refused there", async () => {
    expect(await signIn(`beacon.${DOMAIN}`, 'admin', 'ashdown admin pass')).toMatchObject({ status: 401, body: { detail: INVALID_CREDENTIALS } });
    expect((await signIn(`beacon.${DOMAIN}`, 'sec@ashdown.test', 'ashdown admin pass')).status).toBe(401);
    const aToken = (await signIn(`ashdown.${DOMAIN}`, 'admin', 'ashdown admin pass')).body.access_token;
    expect((await on(`beacon.${DOMAIN}`, '/api/auth/me', { token: aToken })).status).toBe(401);
    expect((await on(`ashdown.${DOMAIN}`, '/api/auth/me', { token: aToken })).status).toBe(200);
  });

  it("sample: true gives the club the sample club's content on its host; without it the club starts empty", async () => {
    const news = await on(`ashdown.${DOMAIN}`, '/api/news');
    expect(news.status).toBe(200);
    expect(news.body.length).toBeGreaterThan(0);
    expect((await on(`ashdown.${DOMAIN}`, '/api/teams')).body.map((team: { slug: string }) => team.slug)).toEqual(['senior', 'vets']);
    expect((await on(`ashdown.${DOMAIN}`, '/api/products')).body.length).toBeGreaterThan(0);
    for (const path of ['/api/news', '/api/teams', '/api/products', '/api/fixtures']) {
      expect((await on(`beacon.${DOMAIN}`, path)).body, path).toEqual([]);
    }
  });

  it("without admin_password the first admin is invited by e-mail: the link on the club's host sets their password", async () => {
    const res = await create({ name: 'Cedar Park', slug: 'cedar', admin_email: 'sec@cedar.test' });
    expect(res).toMatchObject({ status: 201, body: { host: `cedar.${DOMAIN}`, invited: true } });
    const mail = await waitForMail('sec@cedar.test');
    expect(mail.subject).toBe('Your club login is ready: choose your password');
    const link = mail.text.match(/https:\/\/cedar\.clubs\.test\/reset-password\?token=([\w-]+)/);
    expect(link, mail.text).not.toBeNull();
    expect((await signIn(`cedar.${DOMAIN}`, 'admin', 'anything at all')).status).toBe(401);
    const set = await on(`cedar.${DOMAIN}`, '/api/auth/reset-password', { body: { token: link![1], password: 'cedar chosen password' } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await signIn(`cedar.${DOMAIN}`, 'admin', 'cedar chosen password')).status).toBe(200);
    expect((await signIn(`ashdown.${DOMAIN}`, 'admin', 'cedar chosen password')).status).toBe(401);
  });

  it('refuses bad input with 422 naming each field, a reserved or taken address, and anyone but the operator', async () => {
    const empty = await create({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['admin_email', 'name', 'slug']);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ slug: 'Ashdown-Two' }, 'slug', SLUG_RULE],
      [{ slug: '-two' }, 'slug', SLUG_RULE],
      [{ slug: 'two.clubs' }, 'slug', SLUG_RULE],
      [{ slug: 'www' }, 'slug', SLUG_RESERVED('www')],
      [{ slug: 'mail' }, 'slug', SLUG_RESERVED('mail')],
      [{ name: '   ' }, 'name', NAME_RULE],
      [{ admin_email: 'not-an-address' }, 'admin_email', ADMIN_EMAIL_RULE],
      [{ admin_password: 'short' }, 'admin_password', ADMIN_PASSWORD_RULE],
      [{ sample: 'yes' }, 'sample', expect.any(String) as unknown as string],
    ];
    for (const [change, field, message] of cases) {
      const res = await create({ name: 'Two', slug: 'two', admin_email: 'two@two.test', ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.errors, JSON.stringify(change)).toEqual([{ field, message }]);
      expect(typeof res.body.detail).toBe('string');
    }
    const taken = await create({ name: 'Another Ashdown', slug: 'ashdown', admin_email: 'x@x.test' });
    expect(taken).toMatchObject({ status: 409, body: { detail: SLUG_TAKEN('ashdown') } });
    expect((await onHosting('/api/hosting/clubs', { body: { name: 'Two', slug: 'two', admin_email: 'two@two.test' } })).status).toBe(401);
    expect((await onHosting('/api/hosting/clubs')).status).toBe(401);
    expect((await on(`two.${DOMAIN}`, '/api/teams')).status).toBe(404);
  });
});

describe("GET /api/hosting/clubs: figures, never a member's data", () => {
  it('lists each club with its host, status and counts of members, teams, storage and mail', async () => {
    const res = await onHosting('/api/hosting/clubs', { token });
    expect(res.status).toBe(200);
    const bySlug = Object.fromEntries(res.body.map((c: { slug: string }) => [c.slug, c]));
    expect(bySlug.ashdown).toMatchObject({ id: ashdown.body.id, host: `ashdown.${DOMAIN}`, name: 'Ashdown Rovers', status: 'active', members: 1, teams: 2 });
    expect(bySlug.beacon).toMatchObject({ members: 1, teams: 0, storage_bytes: 0 });
    // The invitation, then "your password is set" once its link was followed.
    expect(bySlug.cedar.mail_sent_30_days).toBe(2);
    expect(Object.keys(bySlug.ashdown).sort()).toEqual(
      ['created_at', 'exported_at', 'host', 'id', 'mail_sent_30_days', 'members', 'name', 'slug', 'status', 'storage_bytes', 'suspended_at', 'teams'].sort(),
    );
    // No member's name or address anywhere in the answer.
    expect(JSON.stringify(res.body)).not.toMatch(/sec@|Club Administrator|admin_email/);
  });

  it("the operator's connection sees no club's rows itself: the figures come from the SECURITY DEFINER function", async () => {
    const { rows } = await t.db.execute<{ n: string }>(sql`select count(*) as n from users`);
    expect(Number(rows[0]!.n)).toBe(0);
    const { rows: figures } = await t.db.execute<{ members: string }>(sql`select members from hosting_club_counts() where club_id = ${ashdown.body.id}::uuid`);
    expect(Number(figures[0]!.members)).toBe(1);
  });
});

describe('suspend and resume', () => {
  it('suspends (the host resolves it suspended at once), refuses twice, resumes, refuses twice', async () => {
    const id = beacon.body.id as string;
    expect((await t.clubs.clubForHost(`beacon.${DOMAIN}`))?.status).toBe('active');
    expect(await onHosting(`/api/hosting/clubs/${id}/suspend`, { method: 'POST', token })).toMatchObject({ status: 200, body: { id, status: 'suspended' } });
    expect((await t.clubs.clubForHost(`beacon.${DOMAIN}`))?.status).toBe('suspended');
    expect(await onHosting(`/api/hosting/clubs/${id}/suspend`, { method: 'POST', token })).toMatchObject({ status: 409, body: { detail: ALREADY_SUSPENDED } });
    expect(await onHosting(`/api/hosting/clubs/${id}/resume`, { method: 'POST', token })).toMatchObject({ status: 200, body: { id, status: 'active' } });
    expect((await t.clubs.clubForHost(`beacon.${DOMAIN}`))?.status).toBe('active');
    expect(await onHosting(`/api/hosting/clubs/${id}/resume`, { method: 'POST', token })).toMatchObject({ status: 409, body: { detail: NOT_SUSPENDED } });
  });

  it('an unknown or malformed id is 404; without the operator 401', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const [method, path] of [
        ['POST', `/suspend`],
        ['POST', `/resume`],
        ['GET', `/export`],
        ['DELETE', ''],
      ] as const) {
        expect(await onHosting(`/api/hosting/clubs/${id}${path}`, { method, token }), `${method} ${path}`).toMatchObject({
          status: 404,
          body: { detail: CLUB_NOT_FOUND },
        });
        expect((await onHosting(`/api/hosting/clubs/${id}${path}`, { method })).status).toBe(401);
      }
    }
  });
});

describe('delete: only a suspended club exported since', () => {
  it('refuses an active club, a suspended one not exported, and one exported before it was suspended; then deletes every row of it, and only of it', async () => {
    const made = await create({ name: 'Doomed Dynamos', slug: 'doomed', admin_email: 'sec@doomed.test', admin_password: 'doomed admin pass', sample: true });
    const id = made.body.id as string;
    // A charge on its append-only ledger, tied to its admin: deleting the club takes it too (app.deleting_club).
    await owner.execute(sql`insert into charges (club_id, payer_user_id, category, description, amount_pence, due_date, season, created_by_name)
      select ${id}::uuid, u.id, 'subs', 'Season subs', 5000, '2026-09-01', '2026-27', 'Club Administrator' from users u where u.club_id = ${id}::uuid`);
    const refused = await owner.execute(sql`delete from charges where club_id = ${id}::uuid`).catch((error: Error) => String(error.cause));
    expect(refused).toMatch(/charges rows are never deleted/);
    const del = () => onHosting(`/api/hosting/clubs/${id}`, { method: 'DELETE', token });
    expect(await del()).toMatchObject({ status: 409, body: { detail: DELETE_NEEDS_SUSPENSION } });
    const early = await onHosting(`/api/hosting/clubs/${id}/export`, { token });
    expect(early.status).toBe(200);
    expect((await onHosting(`/api/hosting/clubs/${id}/suspend`, { method: 'POST', token })).status).toBe(200);
    expect(await del()).toMatchObject({ status: 409, body: { detail: DELETE_NEEDS_EXPORT } });
    expect(await rowsOfClub(id)).toBeGreaterThan(50);

    const exported = await t.app.request(`/api/hosting/clubs/${id}/export`, { headers: { host: DOMAIN, authorization: `Bearer ${token}` } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/gzip');
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="doomed-dynamos-\d{4}-\d{2}-\d{2}\.club\.tar\.gz"$/);
    expect((await exported.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const ashdownRows = await rowsOfClub(ashdown.body.id);
    const res = await del();
    expect(res).toMatchObject({ status: 200, body: { id, deleted_rows: expect.any(Number) } });
    expect(await rowsOfClub(id)).toBe(0);
    expect((await owner.execute(sql`select 1 from clubs where id = ${id}::uuid`)).rows).toEqual([]);
    expect((await on(`doomed.${DOMAIN}`, '/api/teams')).status).toBe(404);
    // The other clubs are untouched.
    expect(await rowsOfClub(ashdown.body.id)).toBe(ashdownRows);
    expect((await signIn(`ashdown.${DOMAIN}`, 'admin', 'ashdown admin pass')).status).toBe(200);
    expect((await on(`ashdown.${DOMAIN}`, '/api/news')).body.length).toBeGreaterThan(0);
    expect(await del()).toMatchObject({ status: 404, body: { detail: CLUB_NOT_FOUND } });
  });
});

describe('the landing page', () => {
  it("the bare hosting domain shows the host's own page with Sign in, and no club's data", async () => {
    const res = await t.app.request('/', { headers: { host: DOMAIN } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('href="/operator">Sign in</a>');
    expect(html).not.toMatch(/Ashdown|Beacon|Riverside/);
  });

  it('an unknown host, or an unknown path on the hosting domain, gets it with 404; the API there its 404 detail', async () => {
    for (const [host, path] of [
      [`nowhere.${DOMAIN}`, '/'],
      ['stranger.example.org', '/fixtures'],
      [DOMAIN, '/fixtures'],
    ]) {
      const res = await t.app.request(path, { headers: { host } });
      expect(res.status, `${host}${path}`).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('Sign in</a>');
      expect(html).not.toMatch(/Ashdown|Beacon/);
    }
    expect(await (await t.app.request('/', { headers: { host: `nowhere.${DOMAIN}:8443` } })).text()).toContain(`href="//${DOMAIN}:8443/operator"`);
    expect(await on(`nowhere.${DOMAIN}`, '/api/teams')).toMatchObject({ status: 404, body: { detail: NO_CLUB_AT_THIS_ADDRESS } });
  });
});
