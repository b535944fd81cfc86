import type pg from 'pg';
import { log } from '../log';
import { isDatabaseOutage } from '../../shared/errors';

/** The innermost message of an error (Drizzle wraps the driver's as `cause`). */
function messageOf(error: unknown): string {
  let message = String(error);
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof (e as { message?: unknown }).message === 'string') message = (e as { message: string }).message;
  }
  return message.slice(0, 200);
}

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
  /**
   * One bounded check (GET /api/health): true when `select 1` answered in time. Callers that arrive
   * while a check is running share its answer, so a burst of health checks costs one query.
   */
  check(): Promise<boolean>;
  /** Called once each time the database answers again after an outage. */
  onRecovered(listener: () => void): void;
  /** Called once each time the database is found to be down. */
  onDown(listener: () => void): void;
  stop(): void;
}

/**
 * Rejects after `ms`: no wait on the database is unbounded. On a busy event loop (a burst of page
 * renders) the timer and the answer may both be due when the loop comes round, and timers run
 * first: the rejection waits for that round's I/O (setImmediate), so an answer that arrived in time
 * is not taken for a timeout.
 */
export function withinBound<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          settled = true;
          reject(new Error(`No answer within ${ms} ms`));
        }),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The health check's own connection, outside the app's pool, so that GET /api/health never queues
 * behind real work (a burst of page renders holding every pool connection) and real work never waits
 * behind health checks. It also serves the outage probe: a kept connection answers `select 1` in a
 * millisecond, where opening a new one (a PostgreSQL process started, several round trips) can take
 * longer than the bound on a machine busy with a burst, and would be taken for an outage. It is
 * opened on first use and kept; a check that failed leaves it in doubt, so it is closed and the next
 * check opens a new one (on a frozen server that one waits out its bounded connect). The connect
 * and the query are bounded by `boundMs` here (withinBound), so `newClient` should make a client
 * without pg's own timeouts, which fire before the loop reads an answer that arrived meanwhile.
 */
export function dedicatedConnectionCheck(newClient: () => pg.Client, boundMs = HEALTH_CHECK_BOUND_MS) {
  type Held = { client: pg.Client; ready: Promise<unknown> };
  let held: Held | undefined;
  let running: Promise<void> | undefined;
  let closed = false;
  const drop = (h: Held) => {
    if (held === h) held = undefined;
    void h.client.end().catch(() => undefined);
  };
  async function once() {
    if (closed) throw new Error('The health check is closed');
    let h = held;
    if (!h) {
      const client = newClient();
      client.on('error', () => undefined); // the check sees the failure through connect() or query()
      const opened: Held = { client, ready: client.connect() };
      opened.ready.catch(() => undefined);
      client.once('end', () => {
        if (held === opened) held = undefined;
      });
      h = held = opened;
    }
    try {
      // Bounded here, not by pg's own timers: those fire before the loop reads an answer that arrived.
      await withinBound(h.ready.then(() => h.client.query('select 1')), boundMs);
    } catch (error) {
      drop(h); // its state is in doubt (a timed-out query's answer may still come): the next check opens a new one
      throw error;
    }
  }
  return {
    /** One `select 1`; callers while one runs share it (its connect and query are bounded by the client's options). */
    run(): Promise<void> {
      running ??= once().finally(() => {
        running = undefined;
      });
      return running;
    },
    async close() {
      closed = true;
      const h = held;
      held = undefined;
      if (h) await h.client.end().catch(() => undefined);
    },
  };
}

/**
 * Tracks whether the database answers. `check` asks (GET /api/health; in the app on a dedicated
 * connection, dedicatedConnectionCheck, not the pool, so it never queues behind real work);
 * requests report the outages they meet, which `probe` confirms (in the app the same dedicated
 * connection, not the pool's, which may be stuck on a frozen server); while the database is down the
 * probe runs every OUTAGE_PROBE_INTERVAL_MS until it answers. Visitors get stale cached pages at once while it is down
 * (server/cache.ts) instead of waiting for a query to time out.
 */
export function createDatabaseHealth(check: () => Promise<unknown>, probe: () => Promise<unknown> = check): DatabaseHealth {
  let down = false;
  let verifying = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let checking: Promise<boolean> | undefined;
  const recovered: (() => void)[] = [];
  const downListeners: (() => void)[] = [];

  /** Why the last failed attempt failed, for the log. */
  let lastFailure = '';
  const attempt = (run: () => Promise<unknown>) =>
    withinBound(run(), HEALTH_CHECK_BOUND_MS).then(
      () => true,
      (error: unknown) => {
        lastFailure = error instanceof Error ? error.message : String(error);
        return false;
      },
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
  function suspect(seen: string) {
    if (down || verifying || stopped) return;
    verifying = true;
    void attempt(probe).then((ok) => {
      verifying = false;
      if (!ok) markDown(seen);
    });
  }

  function markDown(seen = 'health check') {
    if (down) return;
    down = true;
    log.warn('The database is not answering: serving cached pages where possible, 503 otherwise', { seen, check: lastFailure });
    scheduleProbe();
    for (const listener of downListeners) listener();
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
      if (isDatabaseOutage(error)) suspect(messageOf(error));
    },
    reportOutage: () => suspect('a page met an outage'),
    check() {
      if (down) return Promise.resolve(false);
      checking ??= attempt(check).then((ok) => {
        checking = undefined;
        if (!ok) markDown();
        return ok;
      });
      return checking;
    },
    onRecovered(listener) {
      recovered.push(listener);
    },
    onDown(listener) {
      downListeners.push(listener);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
