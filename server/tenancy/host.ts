/**
 * Which club a request is for, from its host (ADR 065), and the request run inside that club's
 * context (server/tenancy/context.ts), so every connection it takes has the club.
 *
 * - Without HOSTING_DOMAIN: the install's one club, whatever the host (a single-club install works
 *   as it always did).
 * - With it: `{slug}.{HOSTING_DOMAIN}` is that club; any other host (the hosting domain itself, an
 *   unknown slug, a stranger's name) is no club, and answers 404 (the host's landing page and the
 *   clubs' own domains come in later stages).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppEnv } from '../api/env';
import type { Db } from '../db/client';
import { clubs } from '../db/schema/clubs';
import { withClub } from './context';
import type { Club } from './install-club';
import { suspendedResponse } from './suspended';
import { landingResponse } from './landing-page';

/** What an API call on a host that names no club answers (a page gets the host's landing page). */
export const NO_CLUB_AT_THIS_ADDRESS = 'No club at this address';

/** Hosts remembered (clubs and strangers alike): a bound on memory whatever hosts are asked for. */
export const CLUB_HOSTS_MAX_ENTRIES = 10_000;
/**
 * A host that named no club is asked again after this: a club created meanwhile shows within it.
 * (A club's changes will clear the entries by NOTIFY once clubs can be created, suspended, renamed.)
 */
export const UNKNOWN_HOST_TTL_MS = 30_000;

/** The paths answered without a club on any host: the load balancer's health probe. */
const CLUBLESS_PATHS = new Set(['/api/health']);

export interface ClubResolver {
  /** HOSTING_DOMAIN: the host's own site (its landing page and the operator), no club's. */
  hostingDomain?: string;
  /** The club a host names, or null. */
  clubForHost(host: string): Promise<Club | null>;
  /** Forgets every host (a club was created, renamed, suspended or deleted). */
  forget(): void;
}

/** A host's name as asked: lower case, no port, no trailing dot; '' when it is no name at all. */
export function hostName(asked: string): string {
  try {
    return new URL(`http://${asked}`).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return '';
  }
}

/** The host a request asked for: the proxy's X-Forwarded-Host when trusted, else Host. */
export function requestHost(c: Context, trustProxy: boolean): string {
  return hostName((trustProxy && c.req.header('x-forwarded-host')?.split(',')[0]?.trim()) || c.req.header('host') || new URL(c.req.url).host);
}

const SLUG_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Resolves hosts to clubs: the install's club for every host without hosting; with hosting, the
 * slug of `{slug}.{hostingDomain}` looked up once and remembered (LRU, CLUB_HOSTS_MAX_ENTRIES).
 */
export function createClubResolver(options: { db: Db; hostingDomain?: string; installClub?: Club; maxHosts?: number }): ClubResolver {
  const { db, hostingDomain, installClub } = options;
  if (!hostingDomain) {
    if (!installClub) throw new Error('A single-club install resolves every host to its club: the install club is missing');
    return { clubForHost: () => Promise.resolve(installClub), forget: () => undefined };
  }
  const suffix = `.${hostingDomain}`;
  const hosts = new LRUCache<string, { club: Promise<Club | null> }>({ max: options.maxHosts ?? CLUB_HOSTS_MAX_ENTRIES });

  async function lookUp(slug: string): Promise<Club | null> {
    const [club] = await db.select({ id: clubs.id, slug: clubs.slug, name: clubs.name, status: clubs.status }).from(clubs).where(eq(clubs.slug, slug));
    return club ?? null;
  }

  return {
    hostingDomain,
    clubForHost(host) {
      const kept = hosts.get(host);
      if (kept) return kept.club;
      const slug = host.endsWith(suffix) ? host.slice(0, -suffix.length) : undefined;
      if (!slug || !SLUG_LABEL.test(slug)) return Promise.resolve(null); // no lookup, nothing kept
      const club = lookUp(slug);
      hosts.set(host, { club });
      club.then(
        (found) => {
          if (!found && hosts.get(host)?.club === club) hosts.set(host, { club }, { ttl: UNKNOWN_HOST_TTL_MS });
        },
        () => {
          if (hosts.get(host)?.club === club) hosts.delete(host); // a database fault is not remembered
        },
      );
      return club;
    },
    forget: () => hosts.clear(),
  };
}

/**
 * On the hosting domain itself: the host's own site, outside every club. Only the operator's API
 * (sign-in and out, /api/hosting) and screens (/operator) and the browser files they need go on;
 * its home is the landing page; any other page is the landing page with 404, any other API call
 * 404 "No club at this address" (no club's handler ever runs here without a club).
 */
const HOSTING_SITE_API = new Set(['/api/auth/login', '/api/auth/logout']);
const HOSTING_SITE_PAGES = /^\/(operator(\/.*|\.data)?|__manifest|assets\/.+|js\/.+)$/;

function hostingSite(c: Context<AppEnv>, next: () => Promise<void>, hostingDomain: string) {
  const path = c.req.path;
  if (path.startsWith('/api/')) {
    if (HOSTING_SITE_API.has(path) || path === '/api/hosting' || path.startsWith('/api/hosting/')) return next();
    return c.json({ detail: NO_CLUB_AT_THIS_ADDRESS }, 404, { 'Cache-Control': 'no-store' });
  }
  if (path === '/') return landingResponse(hostingDomain, '/operator', 200);
  if (HOSTING_SITE_PAGES.test(path)) return next();
  return landingResponse(hostingDomain, '/operator', 404);
}

/** Where a host with no club sends the operator to sign in: the hosting domain, on the port asked. */
function signInOnHostingDomain(c: Context<AppEnv>, hostingDomain: string, trustProxy: boolean) {
  const asked = (trustProxy && c.req.header('x-forwarded-host')?.split(',')[0]?.trim()) || c.req.header('host') || '';
  const port = asked.match(/:(\d+)$/)?.[1];
  return `//${hostingDomain}${port ? `:${port}` : ''}/operator`;
}

/**
 * Runs the rest of the request inside its club's context; a host with no club answers 404 before
 * anything else sees it (the cache included): `{"detail": NO_CLUB_AT_THIS_ADDRESS}` for the API,
 * the host's landing page for a page. The hosting domain itself is the host's own site (hostingSite);
 * a suspended club's host answers the suspension notice (503: ./suspended.ts).
 */
export function clubOfHost(resolver: ClubResolver, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (CLUBLESS_PATHS.has(c.req.path)) return next();
    const host = requestHost(c, trustProxy);
    const hostingDomain = resolver.hostingDomain;
    if (hostingDomain && host === hostingDomain) {
      c.set('site', 'hosting');
      return hostingSite(c, next, hostingDomain);
    }
    const club = await resolver.clubForHost(host);
    if (!club) {
      if (!hostingDomain || c.req.path.startsWith('/api/')) return c.json({ detail: NO_CLUB_AT_THIS_ADDRESS }, 404, { 'Cache-Control': 'no-store' });
      return landingResponse(hostingDomain, signInOnHostingDomain(c, hostingDomain, trustProxy), 404, true);
    }
    if (club.status === 'suspended') return suspendedResponse(c, club.name);
    c.set('club', club);
    await withClub(club.id, next, club.slug);
  };
}
