/**
 * Which club a request is for, from its host (ADR 065), and the request run inside that club's
 * context (server/tenancy/context.ts), so every connection it takes has the club.
 *
 * - Without HOSTING_DOMAIN: the install's one club, whatever the host (a single-club install works
 *   as it always did).
 * - With it: `{slug}.{HOSTING_DOMAIN}` is that club, and so is each club's own domain once verified
 *   (`club_domains`, server/services/club-domains.ts); any other host (the hosting domain itself, an
 *   unknown slug, an unverified or unknown domain) is no club, and answers 404 (the host's landing
 *   page comes in a later stage).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { and, eq, isNotNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AppEnv } from '../api/env';
import type { Db } from '../db/client';
import { looksLikePublicDomain } from '../../shared/club-domains';
import { clubDomains } from '../db/schema/club-domains';
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

/**
 * A club's verified domain is read again after this even without a change here: another app
 * process that removed it (until changes reach every process by NOTIFY) is heeded within it.
 */
export const OWN_DOMAIN_TTL_MS = 60_000;
/** Hosts that named no club and are no club's address here: kept apart, so they never push a club's host out. */
export const STRANGER_HOSTS_MAX_ENTRIES = 1_000;

/** Caddy's "may I fetch a certificate for this host?" (on_demand_tls ask): asked on any host, about any (server/api/club-domains.ts). */
export const DOMAIN_CHECK_PATH = '/api/hosting/domain-check';

/** The paths answered without a club on any host: the load balancer's health probe, Caddy's certificate check. */
const CLUBLESS_PATHS = new Set(['/api/health', DOMAIN_CHECK_PATH]);

export interface ClubResolver {
  /** HOSTING_DOMAIN, when hosting is on: the host's own site (its landing page and the operator), no club's. */
  readonly hostingDomain?: string;
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
 * slug of `{slug}.{hostingDomain}`, or a club's verified domain, looked up once and remembered (LRU,
 * CLUB_HOSTS_MAX_ENTRIES; a domain for OWN_DOMAIN_TTL_MS). Hosts that name no club are remembered
 * for UNKNOWN_HOST_TTL_MS; other names than the domain's with no club, in a memory of their own.
 */
export function createClubResolver(options: { db: Db; hostingDomain?: string; installClub?: Club; maxHosts?: number; maxStrangers?: number }): ClubResolver {
  const { db, hostingDomain, installClub } = options;
  if (!hostingDomain) {
    if (!installClub) throw new Error('A single-club install resolves every host to its club: the install club is missing');
    return { clubForHost: () => Promise.resolve(installClub), forget: () => undefined };
  }
  const suffix = `.${hostingDomain}`;
  type Kept = { club: Promise<Club | null> };
  const hosts = new LRUCache<string, Kept>({ max: options.maxHosts ?? CLUB_HOSTS_MAX_ENTRIES });
  const strangers = new LRUCache<string, Kept>({ max: options.maxStrangers ?? STRANGER_HOSTS_MAX_ENTRIES, ttl: UNKNOWN_HOST_TTL_MS });
  const columns = { id: clubs.id, slug: clubs.slug, name: clubs.name, status: clubs.status };

  async function bySlug(slug: string): Promise<Club | null> {
    const [club] = await db.select(columns).from(clubs).where(eq(clubs.slug, slug));
    return club ?? null;
  }

  async function byOwnDomain(domain: string): Promise<Club | null> {
    const [club] = await db
      .select(columns)
      .from(clubDomains)
      .innerJoin(clubs, eq(clubs.id, clubDomains.club_id))
      .where(and(eq(clubDomains.domain, domain), isNotNull(clubDomains.verified_at)));
    return club ?? null;
  }

  /** Looks the host up once, keeps the answer (a database fault is not kept), and answers it. */
  function lookUp(host: string, memory: LRUCache<string, Kept>, find: () => Promise<Club | null>, keep: (found: Club | null) => void) {
    const club = find();
    memory.set(host, { club });
    club.then(
      (found) => {
        if (memory.get(host)?.club === club) keep(found);
      },
      () => {
        if (memory.get(host)?.club === club) memory.delete(host);
      },
    );
    return club;
  }

  return {
    hostingDomain,
    clubForHost(host) {
      const kept = hosts.get(host) ?? strangers.get(host);
      if (kept) return kept.club;
      if (host.endsWith(suffix)) {
        const slug = host.slice(0, -suffix.length);
        if (!SLUG_LABEL.test(slug)) return Promise.resolve(null); // no lookup, nothing kept
        return lookUp(
          host,
          hosts,
          () => bySlug(slug),
          (found) => {
            if (!found) hosts.set(host, { club: Promise.resolve(null) }, { ttl: UNKNOWN_HOST_TTL_MS });
          },
        );
      }
      // The hosting domain itself, localhost, an IP address: never a club's own domain.
      if (host === hostingDomain || !looksLikePublicDomain(host)) return Promise.resolve(null);
      // Anything else may be a club's verified domain; only those join the clubs' hosts.
      return lookUp(
        host,
        strangers,
        () => byOwnDomain(host),
        (found) => {
          if (!found) return;
          strangers.delete(host);
          hosts.set(host, { club: Promise.resolve(found) }, { ttl: OWN_DOMAIN_TTL_MS });
        },
      );
    },
    forget: () => {
      hosts.clear();
      strangers.clear();
    },
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
    c.set('clubs', resolver);
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
