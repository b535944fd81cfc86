/**
 * The public cache's invalidation across processes: LISTEN for content_changed, clear the club each
 * notification names, off while not listening; and for clubs_changed, which clears the host → club
 * LRU (server/tenancy/host.ts) on the same connection.
 */
import pg from 'pg';
import type { PublicCache } from './cache';
import { log } from './log';

export const CONTENT_CHANGED_CHANNEL = 'content_changed';
/** A club was created, renamed, suspended or deleted (migration 0044's trigger on clubs): its id, '' for all. */
export const CLUBS_CHANGED_CHANNEL = 'clubs_changed';

/**
 * The club a content_changed notification names: `<club id>:<version>` (migration 0044) gives the
 * club; anything else ('' from a TRUNCATE, the bare version an older database sends) names no
 * club, and everything is cleared.
 */
export function changedClub(payload: string | undefined): string | undefined {
  const match = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):\d+$/i.exec(payload ?? '');
  return match ? match[1]!.toLowerCase() : undefined;
}
/** The longest pause between two attempts to LISTEN again after losing the connection. */
export const LISTEN_MAX_RETRY_MS = 500;

export interface ContentListener {
  /** Resolves once the first LISTEN is in place (or failed; it keeps retrying). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/**
 * LISTENs for content_changed on a dedicated connection and clears the club it names from the cache
 * (server/cache.ts; all of it when it names none). With `clubs`, also LISTENs for clubs_changed and
 * forgets every host on each (and on reconnecting: a change may have been missed meanwhile).
 * The cache is off until LISTEN works and whenever the connection is lost; it reconnects with
 * back-off (at most LISTEN_MAX_RETRY_MS) and clears the cache again on reconnecting (writes may have
 * been missed meanwhile). `connect` should bound its connection time (a frozen server).
 */
export function listenForContentChanges(
  cache: PublicCache,
  connect: () => pg.Client,
  options: { retryMs?: number; maxRetryMs?: number; clubs?: { forget(): void } } = {},
): ContentListener {
  // Tried again often (a failed attempt costs one refused connection), so caching resumes within a
  // second of the database coming back.
  const baseRetry = options.retryMs ?? 100;
  const maxRetry = options.maxRetryMs ?? LISTEN_MAX_RETRY_MS;
  let client: pg.Client | undefined;
  let stopped = false;
  let retry = baseRetry;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  function lost(reason: string) {
    if (stopped) return;
    if (cache.enabled) log.warn('Public cache off: the content-change listener lost its connection', { reason });
    cache.setEnabled(false);
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => undefined);
    old?.end().catch(() => undefined);
    if (!timer) {
      timer = setTimeout(() => {
        timer = undefined;
        void open();
      }, retry);
      timer.unref();
      retry = Math.min(retry * 2, maxRetry);
    }
  }

  async function open() {
    if (stopped) return;
    const next = connect();
    client = next;
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('connection ended'));
    next.on('notification', (message) => {
      if (message.channel === CONTENT_CHANGED_CHANNEL) cache.clear(changedClub(message.payload));
      else if (message.channel === CLUBS_CHANGED_CHANNEL) options.clubs?.forget();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CONTENT_CHANGED_CHANNEL}`);
      if (options.clubs) await next.query(`LISTEN ${CLUBS_CHANGED_CHANNEL}`);
      if (stopped || client !== next) return;
      retry = baseRetry;
      options.clubs?.forget();
      cache.clear();
      cache.setEnabled(true);
      log.debug('Public cache on: listening for content changes');
    } catch (error) {
      if (client === next) lost(error instanceof Error ? error.message : String(error));
    } finally {
      markReady();
    }
  }

  cache.setEnabled(false);
  void open();

  return {
    ready,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      cache.setEnabled(false);
      const old = client;
      client = undefined;
      old?.removeAllListeners();
      old?.on('error', () => undefined);
      await old?.end().catch(() => undefined);
    },
  };
}
