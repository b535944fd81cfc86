import { describe, expect, it } from 'vitest';
import { clearedSessionCookie, loginSchema, readSessionCookie, sessionCookie, SESSION_COOKIE } from './auth';

describe('session cookie', () => {
  it('is httpOnly and SameSite=Lax, and Secure only over HTTPS', () => {
    expect(sessionCookie('tok', { secure: false })).toBe(`${SESSION_COOKIE}=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000`);
    expect(sessionCookie('tok', { secure: true })).toMatch(/; Secure$/);
    expect(clearedSessionCookie({ secure: false })).toContain('Max-Age=0');
  });

  it('is read back from a Cookie header among others', () => {
    expect(readSessionCookie(`a=1; ${SESSION_COOKIE}=abc-def; b=2`)).toBe('abc-def');
    expect(readSessionCookie('a=1')).toBeUndefined();
    expect(readSessionCookie(null)).toBeUndefined();
  });
});

describe('login form', () => {
  it('requires a username and a password', () => {
    const result = loginSchema.safeParse({ username: '  ', password: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(['Username is required', 'Password is required']);
  });
});
