import { describe, expect, it } from 'vitest';
import { createTestContext, TEST_ADMIN_PASSWORD } from '../../tests/support/api';

const t = await createTestContext();
// Contexts are made here, not inside a test: their clean-up (afterAll) only runs when registered at file level.
const chairClub = await createTestContext({ adminPassword: undefined, adminUsername: 'chair' });
const raceClub = await createTestContext();

describe('database initialization', () => {
  it('GET /api/admin/database-status says a new database needs initialization', async () => {
    const res = await t.json('/api/admin/database-status');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ needs_initialization: true, users_count: 0, products_count: 0, news_count: 0, fixtures_count: 0 });
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
    const res = await other.json('/api/admin/initialize-database', { method: 'POST' });
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
    expect((await other.json('/api/admin/database-status')).body.users_count).toBe(1);
  });
});
