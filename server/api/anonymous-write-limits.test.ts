import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { registration } from '../../tests/support/players';
import { createApp } from '../app';
import { createDb } from '../db/client';
import { createPool } from '../db/pool';
import { joinUsSubmissions, orders, products, users } from '../db/schema';
import { createServices } from '../services';
import { anonymousWriteRefusal, type AnonymousWriteLimits } from '../services/throttle';

// Issue 30, finding 11: registrations, Join Us applications, password requests and orders are
// limited per client address and hour, counted in the database (every app process shares them).
const LIMITS: AnonymousWriteLimits = { registration: 2, join_us: 2, forgot_password: 2, order: 2 };
const t = await createTestContext({ anonymousWriteLimits: LIMITS });
await t.initialize();

/** The app behind a proxy (TRUST_PROXY=1), so each test chooses the client's address. */
const behindProxy = (services = t.services) => createApp({ services, trustProxy: true });
const app = behindProxy();

async function post(path: string, body: unknown, address: string, via = app) {
  const res = await via.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { detail: string }, headers: res.headers };
}

let n = 0;
/** A different client address for each test. */
const newAddress = () => `198.51.100.${++n}`;

const [product] = await t.db
  .insert(products)
  .values({ name: 'Club Mug', description: 'A mug', category: 'Accessories', price: 8, stock: 100, sizes: [] })
  .returning();
const order = { product_id: product.id, quantity: 1, customer_name: 'Alex Supporter', customer_email: 'alex@example.com', customer_phone: '07700 900123' };
const joinUs = { full_name: 'Sam Keeper', email: 'sam@example.com', phone_number: '07700 900456', message: 'Sundays, please.', interest_types: ['player'] };

const orderCount = async () => (await t.db.select({ n: count() }).from(orders))[0].n;
const joinUsCount = async () => (await t.db.select({ n: count() }).from(joinUsSubmissions))[0].n;

/** Sends `limit` writes that are accepted, then one that is refused with 429 and Retry-After. */
async function expectLimited(send: () => Promise<{ status: number; body: { detail: string }; headers: Headers }>, accepted: number, limit: number, refusal: string) {
  for (let i = 0; i < limit; i++) expect((await send()).status).toBe(accepted);
  const refused = await send();
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ detail: refusal });
  const retryAfter = Number(refused.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(59 * 60);
  expect(retryAfter).toBeLessThanOrEqual(60 * 60);
}

describe('Anonymous writes per client address and hour', () => {
  it('a third registration from one connection in an hour answers 429 with Retry-After, and creates no login', async () => {
    const address = newAddress();
    await expectLimited(() => post('/api/players/register', registration(), address), 201, LIMITS.registration, anonymousWriteRefusal('registration', 60));
    expect(anonymousWriteRefusal('registration', 60)).toBe('Too many registrations from your connection. Try again in 60 minutes.');
    const body = registration();
    expect((await post('/api/players/register', body, address)).status).toBe(429);
    expect(await t.db.select().from(users).where(eq(users.username, body.username))).toHaveLength(0);
    // Another connection is not held back.
    expect((await post('/api/players/register', registration(), newAddress())).status).toBe(201);
  });

  it('a third Join Us application from one connection answers 429 and stores nothing', async () => {
    const address = newAddress();
    await expectLimited(() => post('/api/join-us', joinUs, address), 201, LIMITS.join_us, 'Too many Join Us applications from your connection. Try again in 60 minutes.');
    const before = await joinUsCount();
    expect((await post('/api/join-us', joinUs, address)).status).toBe(429);
    expect(await joinUsCount()).toBe(before);
    expect((await post('/api/join-us', joinUs, newAddress())).status).toBe(201);
  });

  it('a third "Forgot password?" from one connection answers 429, whichever addresses are asked about', async () => {
    const address = newAddress();
    let i = 0;
    await expectLimited(
      () => post('/api/auth/forgot-password', { email: `someone${++i}@example.com` }, address),
      202,
      LIMITS.forgot_password,
      'Too many password requests from your connection. Try again in 60 minutes.',
    );
  });

  it('a third order from one connection answers 429 and takes no stock', async () => {
    const address = newAddress();
    await expectLimited(() => post('/api/orders', order, address), 201, LIMITS.order, 'Too many orders from your connection. Try again in 60 minutes.');
    const before = await orderCount();
    const [{ stock }] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id));
    expect((await post('/api/orders', order, address)).status).toBe(429);
    expect(await orderCount()).toBe(before);
    expect((await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0].stock).toBe(stock);
    expect((await post('/api/orders', order, newAddress())).status).toBe(201);
  });

  it('two app processes on one database share the count', async () => {
    const other = behindProxy(createServices(t.db, { adminUsername: 'admin', anonymousWriteLimits: LIMITS }));
    const address = newAddress();
    expect((await post('/api/join-us', joinUs, address, app)).status).toBe(201);
    expect((await post('/api/join-us', joinUs, address, other)).status).toBe(201);
    expect((await post('/api/join-us', joinUs, address, app)).status).toBe(429);
    expect((await post('/api/join-us', joinUs, address, other)).status).toBe(429);
  });

  it('the limits are read from the environment, with the defaults when unset', async () => {
    const { loadConfig } = await import('../config');
    expect(loadConfig({}).anonymousWriteLimits).toEqual({ registration: 10, join_us: 5, forgot_password: 10, order: 10 });
    expect(loadConfig({ LIMIT_ORDERS_PER_HOUR: '3', LIMIT_JOIN_US_PER_HOUR: '' }).anonymousWriteLimits).toMatchObject({ order: 3, join_us: 5 });
    expect(() => loadConfig({ LIMIT_REGISTRATIONS_PER_HOUR: '0' })).toThrow(/LIMIT_REGISTRATIONS_PER_HOUR/);
  });

  it('a database that cannot count the write answers 503 with Retry-After, never 500', async () => {
    // Nothing listens on port 1: every statement fails as in an outage.
    const pool = createPool({ host: '127.0.0.1', port: 1, user: 'nobody', database: 'nowhere' }, { max: 1 });
    pool.on('error', () => undefined);
    const down = behindProxy(createServices(createDb(pool), { adminUsername: 'admin', anonymousWriteLimits: LIMITS }));
    const res = await post('/api/join-us', joinUs, newAddress(), down);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    await pool.end();
  });
});
