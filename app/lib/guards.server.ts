import type { Capabilities } from '../../server/policy';
import { redirect, type AppLoadContext } from 'react-router';
import type { SessionUser } from '../../shared/roles';

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

/** What the signed-in person may do, from the rule book (server/policy): the pages ask it, never a role. */
export type Can = Capabilities;

/**
 * An admin page: the signed-in person needs the capability that opens it (by default, any work in
 * the panel). Someone with none goes to their portal; someone in the panel without this one, to Today.
 */
export async function requireCan(context: AppLoadContext, request: Request, capability: keyof Capabilities = 'enterAdmin') {
  const user = requireUser(context, request);
  const can = (await context.services.access.capabilities(user))!;
  if (!can.enterAdmin) throw redirect('/players-area');
  if (!can[capability]) throw redirect('/admin');
  return { user, can };
}

/** The admin panel: anyone with work in it (a club role or a staff place); players go to their portal. */
export async function requireAdminArea(context: AppLoadContext, request: Request): Promise<SessionUser> {
  return (await requireCan(context, request)).user;
}
