import { z } from 'zod';
import './zod-messages';

export const loginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(200, 'Username is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
export const PASSWORD_TOO_COMMON = 'Password is one of the most commonly used passwords: choose one that is harder to guess';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const LOGIN_FAILED = 'Login failed';
export const INVALID_CREDENTIALS = 'Incorrect username or password';
export const LOGIN_DISABLED = 'This login is switched off (its member has left the club, or the club switched it off). Ask the club to restore it.';

/** The session cookie; the API also accepts the same token as a Bearer header. */
export const SESSION_COOKIE = 'club_session';
export const SESSION_DAYS = 30;

export function sessionCookie(token: string, options: { secure: boolean }) {
  return [
    `${SESSION_COOKIE}=${token}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${SESSION_DAYS * 24 * 60 * 60}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(options: { secure: boolean }) {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(options.secure ? ['Secure'] : [])].join('; ');
}

export function readSessionCookie(cookieHeader: string | null | undefined) {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SESSION_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}
