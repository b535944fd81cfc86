import type { ClubRole } from '../../shared/club-roles';
import { redirect, type AppLoadContext } from 'react-router';
import { canEnterAdmin, type Role, type SessionUser } from '../../shared/roles';

/** The longest path kept for after sign-in; anything longer goes to the default page. */
const REDIRECT_PATH_MAX = 2000;
const PRINTABLE_PATH = /^\/[\x21-\x7e]*$/;
const ANOTHER_HOST = /^\/[\\/]/;
const hasControlCharacter = (s: string) => [...s].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * Only paths on this site may be redirected to after sign-in (no open redirects; issue 30, finding
 * 10). A browser drops tabs and newlines from a URL and reads `\` as `/`, so `/%09/evil.example`
 * would take it to evil.example: anything but printable ASCII (no spaces, no control characters, no
 * letters outside ASCII, which a Location header cannot hold either), a `\` anywhere, a path that
 * starts `//`, or one that decodes to any of these, gives the default page instead.
 */
export function safeRedirectPath(value: unknown, fallback: string) {
  if (typeof value !== 'string' || value.length > REDIRECT_PATH_MAX || !PRINTABLE_PATH.test(value)) return fallback;
  if (value.includes('\\') || ANOTHER_HOST.test(value)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback; // a stray % that is no escape
  }
  if (hasControlCharacter(decoded) || decoded.includes('\\') || ANOTHER_HOST.test(decoded)) return fallback;
  const base = 'http://this-site.invalid';
  const url = new URL(value, base);
  return url.origin === base ? value : fallback;
}

/** No signed-in user: off to /login, coming back here afterwards. */
export function requireUser(context: AppLoadContext, request: Request): SessionUser {
  if (context.user) return context.user;
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/** The admin panel: admins, and staff for their part of it; players go to their portal. */
export function requireAdminArea(context: AppLoadContext, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (!canEnterAdmin(user.role)) throw redirect('/players-area');
  return user;
}

export function requireRole(context: AppLoadContext, request: Request, roles: Role[]): SessionUser {
  const user = requireUser(context, request);
  if (user.role !== 'admin' && !roles.includes(user.role)) throw redirect(user.role === 'player' ? '/players-area' : '/admin');
  return user;
}

/**
 * Money (issue 24): admins, and the club's treasurer (a club role; their login is staff). Anyone else in
 * the admin panel goes back to its first tab; players to their portal.
 */
/** An admin page for admins and the holders of some club roles (the Money tab: the treasurer); anyone else goes back to Today. */
export async function requireClubRole(context: AppLoadContext, request: Request, allowed: readonly ClubRole[]): Promise<SessionUser> {
  const user = requireAdminArea(context, request);
  if (user.role === 'admin') return user;
  const roles = await context.services.roles.myClubRoles(user);
  if (!roles.some((role) => allowed.includes(role))) throw redirect('/admin');
  return user;
}

export const requireTreasurer = (context: AppLoadContext, request: Request) => requireClubRole(context, request, ['treasurer']);
