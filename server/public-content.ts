import type { ContentMemo } from './cache';

/**
 * What anonymous visitors can see, declared once (ADR 009, ADR 024). Three facts that must agree:
 *
 * - the tables whose rows show on public pages: a write to any of them fires `content_changed`
 *   (the triggers of migrations 0002, 0005, 0012, 0020 and club_pages), which clears the public cache and the content memo
 *   in every process;
 * - the reads those pages make on every request, kept in the content memo between changes;
 * - the paths whose anonymous GETs the public cache may answer from memory.
 *
 * server/public-content.test.ts compares the first with the database's triggers and the last with
 * the page routes (app/routes.ts) and the API's public operations.
 */

/** Tables with a `content_changed` trigger: every table a public page or public API read shows. */
export const PUBLIC_CONTENT_TABLES = [
  'fixtures',
  'news',
  'sponsors',
  'players',
  'player_stats',
  'products',
  'settings',
  // A placed order takes stock: the shop shows what is left.
  'orders',
  'teams',
  'player_teams',
  // Team staff are listed under Staff on the squad page.
  'team_staff',
  'training_slots',
  'training_sessions',
  'training_attendance',
  // Issue 23: a junior's name and photo follow their guardians' consents; the welfare officer
  // (club role, and their login's name: a trigger on full_name only) is on every public page.
  'consents',
  'club_roles',
  'users',
  // Issue 33: About, the home page's welcome and the privacy notice.
  'club_pages',
] as const;

/** The service reads every page makes, kept in the content memo (the composition root applies it). */
export const MEMOIZED_READS = {
  settings: ['get'],
  // Issue 33: the club's name, colours and crest (server/services/club-identity.ts).
  identity: ['get'],
  fixtures: ['list'],
  news: ['listPublished'],
  sponsors: ['list'],
  teams: ['list'],
  clubPages: ['get', 'trainingTimes'],
} as const;

/** Public pages, as React Router paths (app/routes.ts). Each is also fetched as `<path>.data`. */
export const PUBLIC_PAGES = [
  '/',
  '/squad',
  '/player/:playerId',
  '/fixtures',
  '/fixtures/:id',
  '/news',
  '/news/:id',
  '/about',
  '/sponsors',
  '/shop',
  '/shop/product/:id',
  '/join-us',
  '/privacy',
] as const;

/** Public files made by routes (app/routes.ts). */
export const PUBLIC_FILES = ['/sitemap.xml', '/robots.txt'] as const;

/** Public API reads (GET, no credentials), as OpenAPI paths under /api. */
export const PUBLIC_API_READS = [
  '/fixtures',
  '/fixtures/{id}',
  '/news',
  '/news/{id}',
  '/sponsors',
  '/squad',
  '/squad/{id}',
  '/products',
  '/products/{id}',
  '/players/{id}/stats',
  '/teams',
  '/teams/{id}/training-slots',
  '/pages/{slug}',
] as const;

/** A path pattern (`:param` or `{param}` for one segment) as an anchored regular expression. */
export function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (/^(:\w+|\{\w+\})$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** Wraps a service's read methods with the memo (key: the service's name, the method and its arguments). */
export function memoizeReads<S extends object, K extends keyof S>(memo: ContentMemo | undefined, name: string, service: S, methods: readonly K[]): S {
  if (!memo) return service;
  for (const method of methods) {
    const original = service[method] as unknown as (...args: unknown[]) => Promise<unknown>;
    (service as Record<K, unknown>)[method] = (...args: unknown[]) =>
      memo.read(`${name}.${String(method)} ${JSON.stringify(args)}`, () => original.apply(service, args));
  }
  return service;
}

/** Wraps every read `reads` names (service name: methods) with the memo; a name that is not a service's method is a mistake caught at start-up. */
export function memoizePublicReads(memo: ContentMemo | undefined, services: object, reads: Record<string, readonly string[]>) {
  for (const [name, methods] of Object.entries(reads)) {
    const service = (services as Record<string, Record<string, unknown> | undefined>)[name];
    for (const method of methods) {
      if (typeof service?.[method] !== 'function') throw new Error(`The memoized read ${name}.${method} is not a service method`);
    }
    memoizeReads(memo, name, service!, methods);
  }
}
