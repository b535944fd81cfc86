import { describe, expect, it, vi } from 'vitest';
import { SETUP_CODE_REQUIRED, SETUP_CODE_WRONG } from '../../shared/setup';
import { createTestContext, TEST_ADMIN_PASSWORD } from '../../tests/support/api';
import { createApp } from '../app';
import { createServices } from '../services';

const t = await createTestContext();
// Contexts are made here, not inside a test: their clean-up (afterAll) only runs when registered at file level.
const chairClub = await createTestContext({ adminPassword: undefined, adminUsername: 'chair' });
const raceClub = await createTestContext();
// A server started before its owner initialized it: no ADMIN_PASSWORD, so /initialize asks for the code.
const OWNER_OPTIONS = { adminPassword: undefined, setupCodeLimits: { perAddress: 4, windowSeconds: 15 * 60 } };
const ownerClub = await createTestContext(OWNER_OPTIONS);
const raceClubWithPassword = await createTestContext();
const signedInClub = await createTestContext({ adminPassword: undefined });

/** What the server prints while `run` runs (log.warn and log.info lines). */
async function logOf(run: () => Promise<unknown>) {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  const err = vi.spyOn(console, 'error').mockImplementation(keep);
  const out = vi.spyOn(console, 'log').mockImplementation(keep);
  try {
    await run();
  } finally {
    err.mockRestore();
    out.mockRestore();
  }
  return lines.join('\n');
}

/** The code in the start-up log line, as the owner reads it. */
const codeIn = (log: string) => /enter this setup code: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})$/m.exec(log)?.[1];

describe('database initialization', () => {
  it('GET /api/admin/database-status says a new database needs initialization', async () => {
    const res = await t.json('/api/admin/database-status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ needs_initialization: true });
  });

  it('POST /api/admin/initialize-database seeds content and the admin, anonymously, once', async () => {
    const res = await t.json('/api/admin/initialize-database', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ needs_initialization: false, admin_username: 'admin', detail: 'Database initialized successfully!' });
    expect(res.body.admin_password).toBeUndefined(); // ADMIN_PASSWORD was configured
    expect(res.body.products_count).toBeGreaterThan(0);
    expect(res.body.news_count).toBeGreaterThan(0);
    expect(res.body.fixtures_count).toBeGreaterThan(0);

    const login = await t.json('/api/auth/login', { body: { username: 'admin', password: TEST_ADMIN_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.user.role).toBe('admin');
  });

  it('GET /api/admin/database-status tells anyone but an admin only whether the club is set up, not how many accounts it has', async () => {
    const anonymous = await t.json('/api/admin/database-status');
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ needs_initialization: false });
    const player = await t.signedIn('player');
    expect((await t.json('/api/admin/database-status', { token: player.token })).body).toEqual({ needs_initialization: false });
    const admin = await t.json('/api/auth/login', { body: { username: 'admin', password: TEST_ADMIN_PASSWORD } });
    const asAdmin = await t.json('/api/admin/database-status', { token: admin.body.access_token });
    expect(asAdmin.body).toMatchObject({ needs_initialization: false, users_count: expect.any(Number), products_count: expect.any(Number) });
    expect(asAdmin.body.users_count).toBeGreaterThan(1);
  });

  it('afterwards answers 409 to anyone and changes nothing', async () => {
    const before = (await t.json('/api/admin/database-status')).body;
    const anonymous = await t.json('/api/admin/initialize-database', { method: 'POST' });
    expect(anonymous.status).toBe(409);
    expect(anonymous.body.detail).toBe('The database is already initialized.');
    const login = await t.json('/api/auth/login', { body: { username: 'admin', password: TEST_ADMIN_PASSWORD } });
    const asAdmin = await t.json('/api/admin/initialize-database', { method: 'POST', token: login.body.access_token });
    expect(asAdmin.status).toBe(409);
    const after = (await t.json('/api/admin/database-status')).body;
    expect(after).toEqual({ ...before, users_count: before.users_count });
  });
});

describe('initialization without ADMIN_PASSWORD', () => {
  it('generates a password, returns it once, and it works', async () => {
    const other = chairClub;
    const code = await other.services.setup.announceSetupCode();
    const res = await other.json('/api/admin/initialize-database', { body: { setup_code: code } });
    expect(res.status).toBe(200);
    expect(res.body.admin_username).toBe('chair');
    expect(res.body.admin_password).toMatch(/^[A-Za-z0-9]{20}$/);
    const login = await other.json('/api/auth/login', { body: { username: 'chair', password: res.body.admin_password } });
    expect(login.status).toBe(200);
    const again = await other.json('/api/admin/initialize-database', { method: 'POST' });
    expect(again.status).toBe(409);
    expect(again.body.admin_password).toBeUndefined();
  });

  it('two concurrent initializations: exactly one succeeds', async () => {
    const other = raceClub;
    const results = await Promise.all([1, 2, 3].map(() => other.json('/api/admin/initialize-database', { method: 'POST' })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await other.services.setup.status()).users_count).toBe(1);
  });
});

describe('POST /api/admin/initialize-database: the setup code from the server log (ADR 029)', () => {
  const t = ownerClub;
  const counts = () => t.services.setup.status();
  const nothingYet = { needs_initialization: true, users_count: 0, products_count: 0, news_count: 0, fixtures_count: 0 };
  let code: string;

  it('the start-up log prints the code and where to enter it', async () => {
    const log = await logOf(() => t.services.setup.announceSetupCode());
    expect(log).toMatch(/The club is not set up yet\. Open http:\/\/localhost:3000\/initialize and enter this setup code: /);
    code = codeIn(log)!;
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
  });

  it('without the code: 403 whose detail says where to find it, and nothing is created', async () => {
    for (const init of [{ method: 'POST' }, { body: {} }, { body: { setup_code: '  - ' } }]) {
      const res = await t.json('/api/admin/initialize-database', init);
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe(SETUP_CODE_REQUIRED);
      expect(res.body.detail).toContain('server log');
      expect(res.body.detail).toContain('npm start');
      expect(res.body.errors).toEqual([{ field: 'setup_code', message: SETUP_CODE_REQUIRED }]);
    }
    expect(await counts()).toEqual(nothingYet);
  });

  it('with a wrong code: 403, and nothing is created', async () => {
    const res = await t.json('/api/admin/initialize-database', { body: { setup_code: 'AAAA-BBBB-CCCC' } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(SETUP_CODE_WRONG);
    expect(res.body.detail).toContain('server log');
    expect(await counts()).toEqual(nothingYet);
  });

  it('a code that is not text is bad input (422), not a server error', async () => {
    const res = await t.json('/api/admin/initialize-database', { body: { setup_code: 12345 } });
    expect(res.status).toBe(422);
    expect(typeof res.body.detail).toBe('string');
  });

  it('repeated wrong codes from one address get 429, and then even the right code from there waits', async () => {
    // One wrong code was tried above; the limit in this file is 4 per address.
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await t.json('/api/admin/initialize-database', { body: { setup_code: `WRNG-CODE-${2222 + i}` } }));
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 429]);
    const limited = answers[3];
    expect(limited.body.detail).toMatch(/^Too many wrong setup codes\. Please try again in \d+ seconds\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const right = await t.json('/api/admin/initialize-database', { body: { setup_code: code } });
    expect(right.status).toBe(429);
    expect(await counts()).toEqual(nothingYet);
  });

  // A second app process on the same database (or this one restarted), behind a proxy, so
  // requests come from other addresses than the throttled one.
  let second: ReturnType<typeof createApp>;
  const post = (body: unknown, address: string) =>
    second.request('/api/admin/initialize-database', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });

  it('the same code survives a restart: a second app instance on the database prints the same one', async () => {
    const services = createServices(t.db, { adminUsername: 'admin', ...OWNER_OPTIONS });
    const log = await logOf(() => services.setup.announceSetupCode());
    expect(codeIn(log)).toBe(code);
    second = createApp({ services, trustProxy: true });
    const wrong = await post({ setup_code: 'ZZZZ-ZZZZ-ZZZZ' }, '198.51.100.7');
    expect(wrong.status).toBe(403);
  });

  it('the code from the log initializes (typed in small letters with spaces), once', async () => {
    const res = await post({ setup_code: ` ${code.toLowerCase().replaceAll('-', ' ')} ` }, '198.51.100.8');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ needs_initialization: false, admin_username: 'admin' });
    expect(body.admin_password).toMatch(/^[A-Za-z0-9]{20}$/); // ADMIN_PASSWORD unset: generated, as before
    const login = await t.json('/api/auth/login', { body: { username: 'admin', password: body.admin_password } });
    expect(login.status).toBe(200);
  });

  it('afterwards the code no longer works (409 as before) and is not printed any more', async () => {
    const before = await counts();
    const again = await post({ setup_code: code }, '198.51.100.9');
    expect(again.status).toBe(409);
    expect((await again.json()).detail).toBe('The database is already initialized.');
    expect((await t.json('/api/admin/initialize-database', { method: 'POST' })).status).toBe(409);
    expect(await counts()).toEqual(before);
    let printed: string | null = 'not asked';
    const log = await logOf(async () => (printed = await t.services.setup.announceSetupCode()));
    expect(printed).toBeNull();
    expect(log).not.toContain('setup code');
  });
});

describe('with ADMIN_PASSWORD set the setup code is not needed', () => {
  it('initializes without a code, and none is printed', async () => {
    const club = raceClubWithPassword;
    const log = await logOf(() => club.services.setup.announceSetupCode());
    expect(log).not.toContain('setup code');
    const res = await club.json('/api/admin/initialize-database', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.body.admin_password).toBeUndefined();
  });
});

describe('a signed-in admin (the admin panel\'s Initialize button) needs no setup code', () => {
  it('a player is refused (403) and an admin initializes without a code', async () => {
    const club = signedInClub;
    const player = await club.signedIn('player');
    const refused = await club.json('/api/admin/initialize-database', { method: 'POST', token: player.token });
    expect(refused.status).toBe(403);
    expect((await club.json('/api/admin/database-status')).body.needs_initialization).toBe(true);
    const admin = await club.signedIn('admin');
    const res = await club.json('/api/admin/initialize-database', { method: 'POST', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.needs_initialization).toBe(false);
  });
});
