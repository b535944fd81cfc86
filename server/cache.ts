import type { MiddlewareHandler } from 'hono';
import { readSessionCookie } from '../shared/auth';
import { fillPageTemplate } from '../shared/page-template';
import { pathPattern, PUBLIC_API_READS, PUBLIC_FILES, PUBLIC_PAGES } from './public-content';
import { currentClubId } from './tenancy/context';
import { createClubGenerations, createClubLru } from './tenancy/club-lru';

/** The club the code running now works for ('' outside any: a test app without a club resolver). */
const clubNow = () => currentClubId() ?? '';

/**
 * The public cache: anonymous GETs of public pages and public API reads are answered from memory.
 *
 * - What: only the public paths (server/public-content.ts), only 200 answers that set no cookie, only requests with neither a
 *   session cookie nor an Authorization header. The stored answer is the final one (compressed,
 *   with its headers, CSP included), one entry per method + path + query + response encoding.
 * - Per club (ADR 065): every entry is kept under the request's club (server/tenancy/host.ts), in one
 *   LRU for all clubs with one byte bound (server/tenancy/club-lru.ts): a club's page is never
 *   answered on another club's host, and the least recently used page of any club goes first.
 * - Invalidation: every write to a content table bumps its club's content_version and NOTIFYs
 *   `content_changed` with `<club id>:<version>` (migrations 0002, 0044); each process LISTENs on its
 *   own connection and clears that club's entries ('' from a TRUNCATE: all). A successful unsafe
 *   request (POST/PUT/PATCH/DELETE) in this process also clears its club's at once, so the writer
 *   reads its own write without waiting for the notification. While the LISTEN
 *   connection is down nothing is answered from the cache as fresh (every request is rendered)
 *   until it reconnects, which clears it: writes may have been missed meanwhile.
 * - Stale-if-error (ADR 011): an entry past its lifetime, or kept while the listener is down, is not
 *   served as fresh but is kept for the database's outages. While the database is known to be down,
 *   or when rendering answers 503, a visitor gets the last copy, marked `X-Cache: STALE`.
 * - Bounds: PUBLIC_CACHE_MAX_ENTRIES entries (LRU), PUBLIC_CACHE_MAX_BYTES in all, and a short
 *   lifetime so pages that change with the date alone ("upcoming" fixtures) are never stale long.
 * See docs/decisions/009-public-page-cache.md.
 */
export const PUBLIC_CACHE_MAX_ENTRIES = 500;
/** With hosting (ADR 065): every club's pages in one LRU, bounded by PUBLIC_CACHE_MAX_BYTES (at 512 bytes an entry at least, 32,768 fit). */
export const HOSTED_CACHE_MAX_ENTRIES = 32_768;
/** A club site has tens of public pages, each a few tens of KB per encoding: 16 MB is room to spare (ADR 024). */
export const PUBLIC_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** A single answer larger than this is not cached. */
export const PUBLIC_CACHE_MAX_ENTRY_BYTES = 2 * 1024 * 1024;
export const PUBLIC_CACHE_TTL_MS = 60_000;
export const CACHE_HEADER = 'X-Cache';

const PUBLIC_PAGE = PUBLIC_PAGES.map(pathPattern);
const PUBLIC_FILE = PUBLIC_FILES.map(pathPattern);
const PUBLIC_API = PUBLIC_API_READS.map((path) => pathPattern(`/api${path}`));

/** Whether an anonymous GET of this path may be answered from the cache. */
export function isPublicPath(pathname: string) {
  if (PUBLIC_API.some((re) => re.test(pathname)) || PUBLIC_FILE.some((re) => re.test(pathname))) return true;
  // React Router's client-side navigations fetch the same page's data as `<path>.data`.
  const page = pathname === '/_root.data' ? '/' : pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname;
  return PUBLIC_PAGE.some((re) => re.test(page));
}

/**
 * The encoding a page is sent in for this Accept-Encoding (brotli, then gzip, then deflate, q-values
 * honoured), or identity: the cache keeps one entry per value. (JSON goes through hono's compress(),
 * gzip or deflate; its entries are keyed the same way, each holding the encoding it was sent in.)
 */
export function responseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'deflate' | 'identity' {
  if (!acceptEncoding) return 'identity';
  const accepts = acceptEncoding.split(',').map((part) => {
    const [type, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    return { type: type.trim().toLowerCase(), q: Number.isFinite(value) ? value : 0 };
  });
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: 'br' | 'gzip' | 'deflate'; q: number } | undefined;
  for (const encoding of ['br', 'gzip', 'deflate'] as const) {
    const explicit = accepts.find((a) => a.type === encoding);
    const q = explicit ? explicit.q : (wildcard ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? 'identity';
}

function mark(res: Response, value: 'MISS') {
  try {
    res.headers.set(CACHE_HEADER, value);
  } catch {
    // Response.redirect() and fetched answers have read-only headers: leave them unmarked.
  }
}

interface Entry {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer>;
  storedAt: number;
}

const replay = (entry: Entry, state: 'HIT' | 'STALE') =>
  new Response(entry.body, { status: entry.status, headers: { ...entry.headers, [CACHE_HEADER]: state } });

/** Entries of the content memo (each a query's result: a list, a settings row). */
export const CONTENT_MEMO_MAX_ENTRIES = 200;
/** Rendered page contents the memo keeps (each some 10-30 KB of HTML: at most about 2 MB). */
export const PAGE_FRAGMENTS_MAX_ENTRIES = 80;
/** Members' headers the memo keeps, by path, name and role (each about 4 KB: at most about 2 MB). */
export const MEMBER_HEADERS_MAX_ENTRIES = 500;

const memberHeaderKey = (path: string, member: PageMember) => `${path}\n${member.role}\n${member.full_name}`;

/**
 * The rendered content (<main>) of pages sent without React, by URL (origin, path and query),
 * for the signed-in visitors of those pages (ADR 028). Their content is the public one, the same for
 * everyone; only the header (who is signed in) is theirs and rendered fresh. Kept by the content
 * memo's rules: cleared with it on every content change, off while it is off, PUBLIC_CACHE_TTL_MS at
 * most. `set` takes the generation read before rendering and keeps nothing rendered across a change.
 */
export interface PageFragments {
  get(key: string): PageFragment | undefined;
  generation(): number;
  set(key: string, fragment: PageFragment, renderedAt: number): void;
  /**
   * The whole page as sent without React, its site header cut out, for the next signed-in visitor
   * of the URL, with the header as rendered for a member at that path. Same rules as `set`.
   */
  keepPage(key: string, page: KeptPage, renderedAt: number): void;
  /**
   * The page for a signed-in member, without rendering: the kept page around the header last
   * rendered for a member of the same name and role at the same path, with this response's nonce.
   * Undefined when either is missing (the page is rendered, and kept for the next time).
   */
  memberPage(key: string, member: PageMember, nonce: string | undefined): { html: string; headers: Record<string, string> } | undefined;
}

/** A page's content (<main>) and the images React preloaded for it in <head>. */
export type PageFragment = { html: string; imagePreloads: Record<string, string>[] };
/** What of the signed-in member their header shows (app/components/site-header.tsx). */
export type PageMember = { full_name: string; role: string };
/**
 * A page sent without React, split around its site header: `template` holds the page with the header
 * replaced by PAGE_HEADER_SLOT and its CSP nonce by PAGE_NONCE_SLOT (shared/page-template.ts).
 */
export type KeptPage = { path: string; template: string; header: string; member: PageMember | null; headers: Record<string, string> };

/**
 * The content memo: results of the public reads that pages make on every request, signed in or not
 * (the club's settings in the root loader, the teams, the public lists of fixtures, news and
 * sponsors), kept in memory between content changes. A signed-in page is rendered fresh (it shows
 * who is signed in), but its public data is the same for everyone: with the memo it costs one
 * database round trip (the session), not five. Every table these reads come from fires
 * content_changed (migrations 0002, 0005), so it follows the public cache exactly: cleared with it
 * (a write in this process, a notification from any process), off while it is off (no listener,
 * an outage), and entries live PUBLIC_CACHE_TTL_MS at most ("upcoming" depends on the date).
 * Callers must not change the objects they get: they are shared.
 */
export function createContentMemo(options: { maxEntries?: number; ttlMs?: number; enabled?: boolean; maxFragments?: number } = {}) {
  // Every entry under its club (the request's, server/tenancy/context.ts), each kind in one LRU for all clubs.
  const entries = createClubLru<{ value: Promise<unknown>; storedAt: number }>({ max: options.maxEntries ?? CONTENT_MEMO_MAX_ENTRIES });
  const fragmentEntries = createClubLru<{ fragment: PageFragment; storedAt: number }>({ max: options.maxFragments ?? PAGE_FRAGMENTS_MAX_ENTRIES });
  const pageEntries = createClubLru<{ page: KeptPage; storedAt: number }>({ max: options.maxFragments ?? PAGE_FRAGMENTS_MAX_ENTRIES });
  const headerEntries = createClubLru<{ html: string; storedAt: number }>({ max: MEMBER_HEADERS_MAX_ENTRIES });
  const all = [entries, fragmentEntries, pageEntries, headerEntries];
  const fresh = (entry: { storedAt: number } | undefined) => entry !== undefined && Date.now() - entry.storedAt < ttlMs;
  const ttlMs = options.ttlMs ?? PUBLIC_CACHE_TTL_MS;
  let enabled = options.enabled ?? false;
  // Moved by every clear, read per club: a fragment rendered from data read before a change of its club is not kept after it.
  const generations = createClubGenerations();
  const stats = { hits: 0, misses: 0 };
  function clear(club?: string) {
    if (club === undefined) {
      for (const lru of all) lru.clear();
      generations.clearedAll();
      return;
    }
    for (const lru of all) lru.clearClub(club);
    generations.clearedClub(club);
  }
  const fragments: PageFragments = {
    get(key) {
      if (!enabled) return undefined;
      const entry = fragmentEntries.get(clubNow(), key);
      return entry && Date.now() - entry.storedAt < ttlMs ? entry.fragment : undefined;
    },
    generation: () => generations.of(clubNow()),
    set(key, fragment, renderedAt) {
      const club = clubNow();
      if (enabled && renderedAt === generations.of(club)) fragmentEntries.set(club, key, { fragment, storedAt: Date.now() });
    },
    keepPage(key, page, renderedAt) {
      const club = clubNow();
      if (!enabled || renderedAt !== generations.of(club)) return;
      const storedAt = Date.now();
      pageEntries.set(club, key, { page: { ...page, header: '' }, storedAt });
      if (page.member) headerEntries.set(club, memberHeaderKey(page.path, page.member), { html: page.header, storedAt });
    },
    memberPage(key, member, nonce) {
      if (!enabled) return undefined;
      const club = clubNow();
      const entry = pageEntries.get(club, key);
      if (!entry || !fresh(entry)) return undefined;
      const header = headerEntries.get(club, memberHeaderKey(entry.page.path, member));
      if (!header || !fresh(header)) return undefined;
      return { html: fillPageTemplate(entry.page.template, header.html, nonce), headers: entry.page.headers };
    },
  };
  return {
    /** Rendered page content, by the same rules (server/cache.ts PageFragments). */
    fragments,
    /** The stored result for `key`, or `load()`'s (stored; concurrent callers share one load). */
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!enabled) return load();
      const club = clubNow();
      const entry = entries.get(club, key);
      if (entry && Date.now() - entry.storedAt < ttlMs) {
        stats.hits++;
        return entry.value as Promise<T>;
      }
      stats.misses++;
      // Stored while in flight, so a burst of requests makes one query; a clear() meanwhile drops
      // it with the rest, so a result read before a write is never kept after it.
      const value = load();
      entries.set(club, key, { value, storedAt: Date.now() });
      value.catch(() => {
        if (entries.get(club, key)?.value === value) entries.delete(club, key);
      });
      return value;
    },
    /** Drops one club's entries (a write in that club), or every club's (no club named). */
    clear,
    get enabled() {
      return enabled;
    },
    setEnabled(value: boolean) {
      enabled = value;
      if (!value) clear();
    },
    get size() {
      return entries.size;
    },
    stats,
  };
}

export type ContentMemo = ReturnType<typeof createContentMemo>;

export interface PublicCacheOptions {
  /** Cleared and turned on/off with the cache (same invalidation). */
  memo?: ContentMemo;
  maxEntries?: number;
  maxBytes?: number;
  ttlMs?: number;
  /** Starts enabled (tests, single process without a listener); main.ts starts it disabled until LISTEN works. */
  enabled?: boolean;
  /** Whether the database is known to be down: stale copies are served at once, without trying to render. */
  databaseDown?: () => boolean;
}

export type PublicCache = ReturnType<typeof createPublicCache>;

// Cleared on every content change in any process: server/content-listener.ts.
export { CONTENT_CHANGED_CHANNEL, LISTEN_MAX_RETRY_MS, listenForContentChanges, type ContentListener } from './content-listener';

export function createPublicCache(options: PublicCacheOptions = {}) {
  // One LRU and one byte bound for every club's pages, each kept under its club (ADR 065).
  const entries = createClubLru<Entry>({
    max: options.maxEntries ?? PUBLIC_CACHE_MAX_ENTRIES,
    maxSize: options.maxBytes ?? PUBLIC_CACHE_MAX_BYTES,
    sizeCalculation: (entry) => entry.body.byteLength + 512,
  });
  // Not lru-cache's ttl, which would delete expired entries: past their lifetime they still serve outages.
  const ttlMs = options.ttlMs ?? PUBLIC_CACHE_TTL_MS;
  const databaseDown = options.databaseDown ?? (() => false);
  let enabled = options.enabled ?? true;
  /** Moved by every clear, read per club: an answer rendered across a clear of its club may be stale and is not stored. */
  const generations = createClubGenerations();
  const stats = { hits: 0, misses: 0, stale: 0, clears: 0 };

  const memo = options.memo;
  memo?.setEnabled(enabled);

  /** Drops one club's pages and memoised reads (a write in that club), or every club's (no club named). */
  function clear(club?: string) {
    stats.clears++;
    if (club === undefined) {
      generations.clearedAll();
      entries.clear();
    } else {
      generations.clearedClub(club);
      entries.clearClub(club);
    }
    memo?.clear(club);
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET') {
      await next();
      // This process wrote something: drop its club's pages now, not only when the NOTIFY arrives
      // (outside any club, e.g. the host's operator: every club's).
      if (method !== 'HEAD' && method !== 'OPTIONS' && c.res.status < 400) clear(currentClubId());
      return;
    }
    const pathname = c.req.path;
    if (!isPublicPath(pathname)) return next();

    const anonymous = !c.req.header('authorization') && !readSessionCookie(c.req.header('cookie'));
    if (!anonymous) {
      await next();
      mark(c.res, 'MISS');
      return;
    }

    const url = c.req.url;
    const queryAt = url.indexOf('?');
    const key = `GET ${pathname}${queryAt < 0 ? '' : url.slice(queryAt)} ${responseEncoding(c.req.header('accept-encoding'))}`;
    const club = clubNow();
    const entry = entries.get(club, key);
    if (entry && enabled && Date.now() - entry.storedAt < ttlMs) {
      stats.hits++;
      return replay(entry, 'HIT');
    }
    if (entry && databaseDown()) {
      stats.stale++;
      return replay(entry, 'STALE');
    }

    stats.misses++;
    const startedAt = generations.of(club);
    await next();
    const res = c.res;
    if (res.status === 503 && entry) {
      // The database went away while rendering: the last copy beats an error page.
      stats.stale++;
      c.res = undefined;
      c.res = replay(entry, 'STALE');
      return;
    }
    mark(res, 'MISS');
    if (res.status !== 200 || res.headers.has('set-cookie') || !res.body) return;
    const cacheControl = res.headers.get('cache-control') ?? '';
    if (/no-store|private/i.test(cacheControl)) return;

    const body = new Uint8Array(await res.arrayBuffer());
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (name !== 'x-cache') headers[name] = value;
    });
    c.res = undefined;
    c.res = new Response(body, { status: res.status, headers: res.headers });
    if (enabled && startedAt === generations.of(club) && body.byteLength <= PUBLIC_CACHE_MAX_ENTRY_BYTES) {
      entries.set(club, key, { status: res.status, headers, body, storedAt: Date.now() });
    }
  };

  return {
    middleware,
    clear,
    get enabled() {
      return enabled;
    },
    /**
     * Off: every request is rendered, nothing is stored, and what is stored is kept only for outages;
     * on: answers are served and stored again (turn on only after a clear()).
     */
    setEnabled(value: boolean) {
      enabled = value;
      memo?.setEnabled(value);
    },
    get size() {
      return entries.size;
    },
    /** The bytes the pages hold (with 512 per entry for its keys and headers), all clubs together. */
    get bytes() {
      return entries.bytes;
    },
    /** How many pages a club has in the cache now. */
    entriesOf: (club: string) => entries.entriesOf(club),
    stats,
  };
}
