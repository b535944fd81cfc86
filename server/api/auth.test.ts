import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../tests/support/api';
import { SESSION_COOKIE } from '../../shared/auth';

// A short window so the lock-out can be seen to end within the test.
const t = await createTestContext({ loginLimits: { perUser: 3, perAddress: 100, windowSeconds: 2 } });
// The real limits, for a burst of attempts.
const burst = await createTestContext({ loginLimits: { perUser: 5, perAddress: 100, windowSeconds: 60 } });
// Behind a proxy, so each request comes from the address X-Forwarded-For ends with.
const proxied = await createTestContext(
  { loginLimits: { perUser: 3, perAddress: 100, windowSeconds: 60, perAccount: 6, stepMs: 400, maxDelayMs: 400 } },
  { trustProxy: true },
);
const from = (address: string) => ({ 'x-forwarded-for': address });

describe('POST /api/auth/login', () => {
  it('returns access_token and user, and sets an httpOnly SameSite=Lax cookie', async () => {
    const { username, password } = await t.signedIn('player');
    const res = await t.json('/api/auth/login', { body: { username, password } });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.user).toMatchObject({ username, role: 'player', full_name: 'Test player' });
    expect(res.body.user).not.toHaveProperty('password_hash');
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toContain(`${SESSION_COOKIE}=${res.body.access_token}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  it('accepts the username in any case', async () => {
    const { username, password } = await t.signedIn('staff');
    const res = await t.json('/api/auth/login', { body: { username: username.toUpperCase(), password } });
    expect(res.status).toBe(200);
  });

  it('answers 401 with a detail for a wrong password or an unknown user', async () => {
    const { username } = await t.signedIn('player');
    const wrong = await t.json('/api/auth/login', { body: { username, password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.detail).toBe('Incorrect username or password');
    const unknown = await t.json('/api/auth/login', { body: { username: 'nobody-here', password: 'x' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe('Incorrect username or password');
  });

  it('requires username and password (422 with field errors)', async () => {
    const res = await t.json('/api/auth/login', { body: { username: '' } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBeTruthy();
    expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['password', 'username']);
  });

  it('answers 400 with a detail for malformed JSON', async () => {
    const res = await t.json('/api/auth/login', { body: '{"username": ' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The request body is not valid JSON.');
  });

  it('rate-limits repeated wrong passwords with 429 and Retry-After, then lets the right password in', async () => {
    const { username, password } = await t.signedIn('player');
    for (let i = 0; i < 3; i++) {
      expect((await t.json('/api/auth/login', { body: { username, password: 'wrong' } })).status).toBe(401);
    }
    const limited = await t.json('/api/auth/login', { body: { username, password: 'wrong' } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.detail).toMatch(/Too many failed sign-in attempts/);
    // While locked, even the right password is refused from this address (no oracle for guessing)…
    expect((await t.json('/api/auth/login', { body: { username, password } })).status).toBe(429);
    // …and once the window has passed, it works again.
    await new Promise((r) => setTimeout(r, 2100));
    expect((await t.json('/api/auth/login', { body: { username, password } })).status).toBe(200);
  });
});

describe('POST /api/auth/login: guesses slowed without locking the owner out (ADR 042)', () => {
  it("wrong passwords from one address lock only that address out: the right password from another gets in at once", async () => {
    const { username, password } = await proxied.signedIn('player');
    for (let i = 0; i < 3; i++) {
      expect((await proxied.json('/api/auth/login', { body: { username, password: 'wrong' }, headers: from('203.0.113.66') })).status).toBe(401);
    }
    expect((await proxied.json('/api/auth/login', { body: { username, password: 'wrong' }, headers: from('203.0.113.66') })).status).toBe(429);
    expect((await proxied.json('/api/auth/login', { body: { username, password }, headers: from('203.0.113.66') })).status).toBe(429);
    expect((await proxied.json('/api/auth/login', { body: { username, password }, headers: from('198.51.100.20') })).status).toBe(200);
  });

  it('guesses spread over many addresses are slowed down past the account-wide ceiling, and the right password still gets in', async () => {
    const { username, password } = await proxied.signedIn('player');
    for (let i = 0; i < 6; i++) {
      expect((await proxied.json('/api/auth/login', { body: { username, password: 'wrong' }, headers: from(`203.0.113.${100 + i}`) })).status).toBe(401);
    }
    const started = Date.now();
    const owner = await proxied.json('/api/auth/login', { body: { username, password }, headers: from('198.51.100.21') });
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('counts the address our proxy added (the right-most X-Forwarded-For entry), not the ones the client wrote', async () => {
    const { username, password } = await proxied.signedIn('player');
    for (let i = 0; i < 3; i++) {
      const faked = from(`10.9.9.${i}, 203.0.113.77`);
      expect((await proxied.json('/api/auth/login', { body: { username, password: 'wrong' }, headers: faked })).status).toBe(401);
    }
    // A new made-up left-most entry does not make a new address.
    expect((await proxied.json('/api/auth/login', { body: { username, password }, headers: from('10.9.9.200, 203.0.113.77') })).status).toBe(429);
  });
});

describe('POST /api/auth/login under a burst', () => {
  // Sequential attempts alone cannot show the race: 20 at once must not all be checked.
  it('checks at most 5 of 20 simultaneous wrong passwords for one username; the rest answer 429', async () => {
    const { username } = await burst.signedIn('player');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => burst.json('/api/auth/login', { body: { username, password: 'wrong password' } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(15);
  });

  it('a successful sign-in starts the username afresh, so only failures add up', async () => {
    const { username, password } = await burst.signedIn('player');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) {
        expect((await burst.json('/api/auth/login', { body: { username, password: 'wrong' } })).status).toBe(401);
      }
      expect((await burst.json('/api/auth/login', { body: { username, password } })).status).toBe(200);
    }
  });
});

describe('GET /api/auth/me', () => {
  it('returns the user for a Bearer token', async () => {
    const { token, username } = await t.signedIn('admin');
    const res = await t.json('/api/auth/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username, role: 'admin' });
  });

  it('returns the user for the session cookie', async () => {
    const { token } = await t.signedIn('player');
    const res = await t.json('/api/auth/me', { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.status).toBe(200);
  });

  it('answers 401 without credentials or with a made-up token', async () => {
    expect((await t.json('/api/auth/me')).status).toBe(401);
    const res = await t.json('/api/auth/me', { token: 'made-up-token' });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBeTruthy();
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: the old token answers 401 afterwards', async () => {
    const { token } = await t.signedIn('player');
    expect((await t.json('/api/auth/me', { token })).status).toBe(200);
    const out = await t.json('/api/auth/logout', { method: 'POST', token });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expect((await t.json('/api/auth/me', { token })).status).toBe(401);
  });

  it('refuses a cookie-authenticated request from another site (CSRF)', async () => {
    const { token } = await t.signedIn('player');
    const cookie = `${SESSION_COOKIE}=${token}`;
    const foreign = await t.json('/api/auth/logout', { method: 'POST', headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const noOrigin = await t.json('/api/auth/logout', { method: 'POST', headers: { cookie } });
    expect(noOrigin.status).toBe(403);
    // The session survived both attempts; our own origin may sign out.
    expect((await t.json('/api/auth/me', { token })).status).toBe(200);
    const own = await t.json('/api/auth/logout', { method: 'POST', headers: { cookie, origin: t.origin } });
    expect(own.status).toBe(200);
  });
});
