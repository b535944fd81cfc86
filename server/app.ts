import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type Handler, type MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { readSessionCookie } from '../shared/auth';
import { pageKey } from '../shared/page-template';
import { withRenderedBody } from '../shared/rendered-body';
import { createApi } from './api';
import { clientAddressOf } from './client-address';
import { clubFiles } from './club-files';
import { SVG_CONTENT_SECURITY_POLICY } from './services/svg';
import { calendarRoutes } from './api/calendar-feeds';
import type { AppEnv } from './api/env';
import { handleError } from './api/errors';
import type { PageFragments, PublicCache } from './cache';
import { compressAnswers } from './compress';
import { outageResponse } from './outage-page';
import type { Services } from './services';
import { clubOfHost, DOMAIN_CHECK_PATH, requestHost, type ClubResolver } from './tenancy/host';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS } from '../shared/errors';
import { etagOf } from './services/uploads';
import { serveStaticFiles, type StaticFiles } from './static-files';

export type PageContext = {
  services: Services;
  user: AppEnv['Variables']['user'];
  nonce: string | undefined;
  secure: boolean;
  clientAddress: string;
  /** Set while rendering when a loader met a database outage (app/entry.server.tsx): the page answers 503. */
  databaseOutage?: boolean;
  /** …or met a database too busy to answer in time (no connection within the bound, a row held): 503 too, no outage. */
  databaseBusy?: boolean;
  /** Rendered contents of pages sent without React (server/cache.ts); absent: every page rendered whole. */
  fragments?: PageFragments;
  /** On the hosting domain itself (issue 36): the host's own site, no club; the operator when signed in. */
  hosting?: { operator: AppEnv['Variables']['operator'] };
};
export type PageHandler = (request: Request, context: PageContext) => Promise<Response>;

export interface AppOptions {
  services: Services;
  trustProxy?: boolean;
  /**
   * The host name of PUBLIC_URL, when it is set: a request for any other host (but this machine's
   * own names, for health checks and the console) answers 421 before anything else (issue 30, finding 9).
   */
  servedHost?: string;
  /**
   * Which club each request is for, from its host; the request then runs in that club's context
   * (server/tenancy/host.ts). Absent (some tests): connections get the install's club from the pool.
   */
  clubs?: ClubResolver;
  /** Renders every non-API page (React Router); absent in API tests. */
  pages?: PageHandler;
  /** Browser files read from disk on each request (development: public/); absent in API tests. */
  clientDir?: string;
  /** Browser files held in memory (production: build/client, server/static-files.ts). */
  staticFiles?: StaticFiles;
  /** Answers anonymous public reads from memory (server/cache.ts); absent: everything rendered fresh. */
  cache?: PublicCache;
  /** Rendered contents of pages sent without React, for their signed-in visitors (server/cache.ts). */
  fragments?: PageFragments;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEALTH_PATH = '/api/health';

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", NONCE],
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Admins may paste image URLs from other sites (sponsor logos, product photos).
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};
const securityHeaders = (csp: typeof CONTENT_SECURITY_POLICY) =>
  secureHeaders({
    contentSecurityPolicy: csp,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
  });

/**
 * The security headers of a static file: the same as every answer's, with a CSP without a nonce
 * (a file runs no inline script). Made once, by the same middleware, so the two never drift apart.
 */
async function staticSecurityHeaders(): Promise<Record<string, string>> {
  const probe = new Hono();
  probe.use('*', securityHeaders({ ...CONTENT_SECURITY_POLICY, scriptSrc: ["'self'"] }));
  probe.get('*', (c) => c.body(null, 204));
  const headers: Record<string, string> = {};
  (await probe.request('/')).headers.forEach((value, name) => (headers[name] = value));
  return headers;
}

function clientAddress(c: Context, trustProxy: boolean) {
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    socket = undefined; // app.request() in tests has no socket
  }
  return clientAddressOf(c.req.header('x-forwarded-for'), socket, trustProxy);
}

/** The whole HTTP surface: security headers, static files, the API under /api, then pages. */
export function createApp(options: AppOptions) {
  const app = new Hono<AppEnv>();
  const trustProxy = options.trustProxy ?? false;

  // A database outage is noted (stale pages are served at once while it lasts). A database that is
  // away or overloaded answers 503 with Retry-After on every path: a page (calendar feeds and
  // uploads too) gets the outage page, an API call its {"detail"} (handleError).
  app.onError((error, c) => {
    options.services.health.observe(error);
    if (isDatabaseUnavailable(error) && !c.req.path.startsWith('/api/')) return pageOutage(c.req.path);
    return handleError(error, c);
  });

  if (options.servedHost) app.use('*', refuseOtherHosts(options.servedHost, trustProxy));

  // The club, before anything reads or answers from the database or the cache: a host with no club
  // answers 404 here, and everything after runs in the club's context (ADR 065). A club made,
  // suspended or deleted by the operator, or a club's domain verified or removed, is heeded at once:
  // every host is looked up again (this process; the others hear it by NOTIFY).
  if (options.clubs) {
    app.use('*', clubOfHost(options.clubs, trustProxy));
    options.services.hosting.onChange(options.clubs.forget);
    options.services.clubDomains.whenChanged(options.clubs.forget);
  }

  // First, before the security headers and compression: a hit replays the stored, compressed answer
  // with the headers (CSP nonce included) it was first sent with. Never on the host's own site.
  const cache = options.cache;
  if (cache) app.use('*', (c, next) => (c.get('site') === 'hosting' ? next() : cache.middleware(c, next)));

  // Browser files from memory, pre-compressed, with their own (fixed) security headers.
  if (options.staticFiles) app.use('*', staticFilesFromMemory(options.staticFiles));

  app.use('*', requestContext(options.services, trustProxy));

  // An uploaded SVG (a crest) is an image, never a page: its own policy runs nothing (server/services/svg.ts).
  // Set after the security headers below have set theirs, so it replaces them.
  app.use('/uploads/*', async (c, next) => {
    await next();
    if (c.res.headers.get('content-type')?.startsWith('image/svg+xml')) c.res.headers.set('Content-Security-Policy', SVG_CONTENT_SECURITY_POLICY);
  });

  app.use('*', securityHeaders(CONTENT_SECURITY_POLICY));

  // An answer that fits in one TCP packet (about 1,400 bytes) is not sped up by compressing it, and
  // compressing costs CPU on every such answer (the order POST's among them).
  app.use('*', compressAnswers({ threshold: 1400 }));

  if (options.clientDir && !options.staticFiles) serveClientDir(app, options.clientDir);

  app.use('*', outageGuard(options.services));
  app.use('*', authenticate(options.services));
  app.use('*', sameOriginWrites(trustProxy));

  app.route('/api', createApi());
  app.route('/calendar', calendarRoutes());

  app.route('/', clubFiles());
  app.get('/uploads/:name', uploadedImage(options.services));
  app.all('*', renderPage(options));

  return app;
}

/** What a request for a host this site is not answers. */
export const MISDIRECTED_REQUEST = 'This website is not served at this address.';
const OWN_HOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * With PUBLIC_URL set, only its host (and this machine's own names) is served: a request for any
 * other Host answers 421 before the cache sees it, so no answer for a made-up host is ever built,
 * stored or replayed. (The links in pages come from PUBLIC_URL anyway, never from the Host.)
 */
function refuseOtherHosts(servedHost: string, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  const allowed = new Set([...OWN_HOST_NAMES, servedHost.toLowerCase()]);
  return async (c, next) => {
    if (c.req.path === HEALTH_PATH) return next();
    if (!allowed.has(requestHost(c, trustProxy))) return c.text(MISDIRECTED_REQUEST, 421, { 'Cache-Control': 'no-store' });
    await next();
  };
}

/** Serves the browser files held in memory, once their security headers are made. */
function staticFilesFromMemory(files: StaticFiles): MiddlewareHandler<AppEnv> {
  let fixed: Record<string, string> = {};
  const ready = staticSecurityHeaders().then((h) => (fixed = h));
  const serve = serveStaticFiles(files, () => fixed);
  return async (c, next) => {
    await ready;
    return serve(c, next);
  };
}

/** What every handler reads: the services, the client's address, and whether the request came over HTTPS. */
function requestContext(services: Services, trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('services', services);
    c.set('clientAddress', clientAddress(c, trustProxy));
    const proto = trustProxy ? c.req.header('x-forwarded-proto') : undefined;
    c.set('secure', (proto ?? new URL(c.req.url).protocol.replace(':', '')) === 'https');
    // The club's identity for this request's mails, feeds and files (issue 33): from the content memo
    // between changes; while the database is away, the last known one (the outage page names the club).
    // Not for the paths asked without a club (the health probe, Caddy's certificate check, the host's own site).
    if (c.req.path !== HEALTH_PATH && c.req.path !== DOMAIN_CHECK_PATH && !services.health.isDown && c.get('site') !== 'hosting') await services.identity.refresh();
    await next();
  };
}

/** Browser files read from disk on each request (development). */
function serveClientDir(app: Hono<AppEnv>, root: string) {
  const files = (cacheControl: string) =>
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', cacheControl);
      },
    });
  // Hashed build assets never change: cache them for a year.
  app.use('/assets/*', files('public, max-age=31536000, immutable'));
  app.use('*', files('public, max-age=86400'));
}

/**
 * While the database is known to be down (server/db/health.ts tries it every 250 ms), requests
 * that need it answer at once instead of each waiting for a timeout. Anonymous public pages were
 * answered before this, from the cache, when a copy exists.
 */
function outageGuard(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!services.health.isDown || c.req.path === HEALTH_PATH) return next();
    if (c.req.path.startsWith('/api/')) {
      return c.json({ detail: DATABASE_UNAVAILABLE }, 503, { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) });
    }
    return pageOutage(c.req.path);
  };
}

/**
 * Who is asking: a Bearer token (API clients) or the session cookie (browsers). The health check
 * needs nobody, and must not wait on the database for a session.
 */
function authenticate(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path === HEALTH_PATH) return next();
    const bearer = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    const cookie = readSessionCookie(c.req.header('cookie'));
    const token = bearer ?? cookie;
    c.set('token', token);
    c.set('authVia', bearer ? 'bearer' : cookie ? 'cookie' : null);
    // On the host's own site only the operator signs in; a club's token means nothing there, and the
    // operator's nothing on a club's host (each is looked up only in its own table).
    if (c.get('site') === 'hosting') {
      c.set('user', null);
      c.set('operator', token ? await services.operators.operatorForToken(token) : null);
    } else {
      c.set('user', token ? await services.accounts.userForToken(token) : null);
    }
    await next();
  };
}

/**
 * CSRF: a browser sends cookies with cross-site requests too, so an unsafe request that is
 * authenticated by the cookie must come from our own origin.
 */
function sameOriginWrites(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method) && c.get('authVia') === 'cookie' && (c.get('user') || c.get('operator'))) {
      const origin = c.req.header('origin') ?? originOf(c.req.header('referer'));
      const proto = c.get('secure') ? 'https' : 'http';
      const host = (trustProxy && c.req.header('x-forwarded-host')) || new URL(c.req.url).host;
      if (!origin || origin !== `${proto}://${host}`) {
        return c.json({ detail: 'This request came from another site and was refused.' }, 403);
      }
    }
    await next();
  };
}

/**
 * Uploaded images (random, never-reused names, bytes in the database): public and cached for a
 * year. The name is the ETag, so a revalidation is answered 304 without reading the bytes.
 */
function uploadedImage(services: Services): Handler<AppEnv> {
  return async (c) => {
    const name = c.req.param('name')!;
    const revalidating = c.req.header('if-none-match')?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etagOf(name)) ?? false;
    const image = await services.images.publicImage(name, { withBytes: !revalidating });
    if (!image) return c.json({ detail: 'Not found' }, 404);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('ETag', image.etag);
    if (revalidating) return c.body(null, 304);
    if (!image.bytes) return c.json({ detail: 'Not found' }, 404);
    c.header('Content-Type', image.content_type);
    return c.body(image.bytes as Uint8Array<ArrayBuffer>); // a Buffer from pg, never on shared memory
  };
}

/** Every other path: a page (React Router), or a member's kept page around their header. */
function renderPage(options: AppOptions): Handler<AppEnv> {
  const pages = options.pages;
  return async (c) => {
    if (!pages) return c.json({ detail: 'Not found' }, 404);
    // A member's content page, kept whole from an earlier render, around their header (ADR 028).
    const member = c.get('user');
    if (member && c.req.method === 'GET' && options.fragments) {
      const kept = options.fragments.memberPage(pageKey(new URL(c.req.url)), member, c.get('secureHeadersNonce'));
      if (kept) {
        const bytes = new TextEncoder().encode(kept.html);
        return withRenderedBody(new Response(bytes, { status: 200, headers: kept.headers }), bytes);
      }
    }
    const context: PageContext = {
      services: options.services,
      user: c.get('user'),
      nonce: c.get('secureHeadersNonce'),
      secure: c.get('secure'),
      clientAddress: c.get('clientAddress'),
      fragments: options.fragments,
      hosting: c.get('site') === 'hosting' ? { operator: c.get('operator') ?? null } : undefined,
    };
    const response = await pages(c.req.raw, context);
    if (!context.databaseOutage && !context.databaseBusy) return response;
    await response.body?.cancel();
    if (context.databaseOutage) options.services.health.reportOutage();
    return pageOutage(c.req.path);
  };
}

/** What a page request gets when the database is away: the outage page, or 503 JSON for React Router's data requests. */
function pageOutage(path: string) {
  if (path.endsWith('.data')) {
    return Response.json({ detail: DATABASE_UNAVAILABLE }, { status: 503, headers: { 'Retry-After': String(OUTAGE_RETRY_AFTER_SECONDS) } });
  }
  return outageResponse(path);
}

function originOf(url: string | undefined) {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
