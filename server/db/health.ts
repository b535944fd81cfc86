import { log } from '../log';
import { isDatabaseOutage } from '../services/errors';

/** GET /api/health answers within this, whatever the database does. */
export const HEALTH_CHECK_BOUND_MS = 700;
/** While the database is away, it is tried this often, so recovery is seen within a fraction of a second. */
export const OUTAGE_PROBE_INTERVAL_MS = 250;

export interface DatabaseHealth {
  /** The database failed recently and has not answered a probe since: serve what can be served without it. */
  readonly isDown: boolean;
  /** Every error a request met: an outage (not bad input) that a probe confirms marks the database down until a probe answers. */
  observe(error: unknown): void;
  /** A request met an outage (seen as such elsewhere, e.g. by a page's loader). */
  reportOutage(): void;
  /** One bounded check (GET /api/health): true when `select 1` answered in time. */
  check(): Promise<boolean>;
  /** Called once each time the database answers again after an outage. */
  onRecovered(listener: () => void): void;
  stop(): void;
}

/** Rejects after `ms`: no wait on the database is unbounded. */
export function withinBound<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Tracks whether the database answers. `check` asks through the app's pool (GET /api/health);
 * requests report the outages they meet; while the database is down `probe` (in the app a fresh
 * connection and `select 1`, since the pool's connections may be stuck on a frozen server) runs every
 * OUTAGE_PROBE_INTERVAL_MS until it answers. Visitors get stale cached pages at once while it is down
 * (server/cache.ts) instead of waiting for a query to time out.
 */
export function createDatabaseHealth(check: () => Promise<unknown>, probe: () => Promise<unknown> = check): DatabaseHealth {
  let down = false;
  let verifying = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const recovered: (() => void)[] = [];

  const attempt = (run: () => Promise<unknown>) =>
    withinBound(run(), HEALTH_CHECK_BOUND_MS).then(
      () => true,
      () => false,
    );

  function scheduleProbe() {
    if (stopped || timer) return;
    timer = setTimeout(async () => {
      const ok = await attempt(probe);
      timer = undefined;
      if (stopped) return;
      if (ok) markUp();
      else scheduleProbe();
    }, OUTAGE_PROBE_INTERVAL_MS);
    timer.unref();
  }

  /**
   * A request met an outage-like error. One lost connection (killed, timed out) is not an outage:
   * the probe decides at once, and only if it fails too is the database treated as down.
   */
  function suspect() {
    if (down || verifying || stopped) return;
    verifying = true;
    void attempt(probe).then((ok) => {
      verifying = false;
      if (!ok) markDown();
    });
  }

  function markDown() {
    if (down) return;
    down = true;
    log.warn('The database is not answering: serving cached pages where possible, 503 otherwise');
    scheduleProbe();
  }

  function markUp() {
    if (!down) return;
    down = false;
    log.info('The database is answering again');
    for (const listener of recovered) listener();
  }

  return {
    get isDown() {
      return down;
    },
    observe(error) {
      if (isDatabaseOutage(error)) suspect();
    },
    reportOutage: suspect,
    async check() {
      if (down) return false;
      const ok = await attempt(check);
      if (!ok) markDown();
      return ok;
    },
    onRecovered(listener) {
      recovered.push(listener);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
