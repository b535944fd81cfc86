import pg from 'pg';
import { log } from '../log';
import { clubForCheckout, giveClub, needsClub } from '../tenancy/connection-club';

/**
 * The bounds every database wait of the app has (ADR 011). A request never waits longer than a few
 * seconds for PostgreSQL, whatever PostgreSQL does: stopped, restarting, frozen or cut off.
 */
export interface DatabaseBounds {
  /**
   * Waiting for a connection: a new one's start-up, or, in the pool's queue, a pool that hands out
   * no connection for this long (the database is not answering). Time, not a count, bounds a
   * request's wait: a burst queues and is served as fast as the connections turn over; a request
   * that got no connection is refused (503, Retry-After).
   */
  connectionTimeoutMs: number;
  /** …and a request waits this long at most in all, even in a queue that moves (a burst on a busy machine). */
  maxQueueWaitMs: number;
  /** PostgreSQL cancels a statement running longer than this (server side). */
  statementTimeoutMs: number;
  /** …and a statement waiting longer than this for a row lock. */
  lockTimeoutMs: number;
  /** The client gives up on an answer after this (a frozen server answers nothing); the connection is discarded. */
  queryTimeoutMs: number;
  /** A transaction left idle this long (an app process that froze or died) is ended, releasing its locks. */
  idleInTransactionTimeoutMs: number;
  /**
   * A safety cap on the requests waiting for a connection (their memory), beyond which one is refused
   * at once (503 with Retry-After). Far above any burst (ADR 032: 5,000 queued queries drain in about
   * a third of a second on 2 connections); time, not this count, is what bounds a wait.
   */
  maxWaiting: number;
}

export const APP_DATABASE_BOUNDS: DatabaseBounds = {
  connectionTimeoutMs: 2_500,
  maxQueueWaitMs: 10_000,
  statementTimeoutMs: 3_000,
  lockTimeoutMs: 2_000,
  queryTimeoutMs: 3_500,
  idleInTransactionTimeoutMs: 10_000,
  maxWaiting: 5_000,
};

/** Thrown when the pool's queue reaches its safety cap: the database cannot keep up right now. */
export class PoolBusyError extends Error {
  readonly code = 'POOL_BUSY';
  constructor() {
    super('Too many requests are waiting for the database');
    this.name = 'PoolBusyError';
  }
}

/** Given to the requests still waiting for a connection when the database is found to be down. */
export class DatabaseDownError extends Error {
  readonly code = 'DATABASE_DOWN';
  constructor() {
    super('The database is not answering');
    this.name = 'DatabaseDownError';
  }
}

/**
 * Fails every request waiting for a connection at once (server/db/health.ts calls it when the
 * database is found to be down): they would only wait out the connection bound on a server that does
 * not answer, and the requests after them already answer 503 at once.
 */
export function failWaitingRequests(pool: pg.Pool, error: Error = new DatabaseDownError()): number {
  const queue = pendingQueueOf(pool);
  const waiting = queue.splice(0);
  for (const item of waiting) item.callback(error, undefined, () => undefined);
  return waiting.length;
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** pg-pool 3 keeps its waiters in `_pendingQueue`, first come first served; each callback clears its own timer. */
function pendingQueueOf(pool: pg.Pool): { callback: ConnectCallback }[] {
  const queue = (pool as unknown as { _pendingQueue?: { callback: ConnectCallback }[] })._pendingQueue;
  return Array.isArray(queue) ? queue : [];
}

const QUERY_READ_TIMEOUT = 'Query read timeout';

/** The club a connection gets outside any club's context, and the role it works as (ADR 065). */
interface ClubOptions {
  /** The single club of an install without hosting. */
  installClubId?: string;
  /** With hosting: the role every connection switches to on its first checkout (club_app, server/tenancy/app-role.ts). */
  role?: string;
}

/**
 * A pg.Pool whose every connection is handed out with the current club (ADR 065): the context's
 * (server/tenancy/context.ts), else the install's single club. The club is read when the request
 * asks for a connection, not when one comes free (that moment belongs to whoever released it), and
 * `app.club_id` is set only when the connection last had another club (remembered per connection).
 */
class ClubPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly clubOptions: ClubOptions,
  ) {
    super(config);
  }

  // pool.query() checks out through this method too (the callback form), so both get the club.
  connect(): Promise<pg.PoolClient>;
  connect(callback: ConnectCallback): void;
  connect(callback?: ConnectCallback) {
    if (!callback) {
      return new Promise<pg.PoolClient>((resolve, reject) => this.connect((error, client) => (error ? reject(error) : resolve(this.handedOut(client!)))));
    }
    this.checkOut(withClub(callback, clubForCheckout(this.clubOptions.installClubId), this.clubOptions.role));
    return undefined;
  }

  /** Takes a connection from the pool (pg-pool's own way here). */
  protected checkOut(callback: ConnectCallback): void {
    pg.Pool.prototype.connect.call(this, callback);
  }

  /** What a caller of connect() gets for the client. */
  protected handedOut(client: pg.PoolClient): pg.PoolClient {
    return client;
  }
}

/**
 * The caller's callback, called once the connection has the club. A connection that fails to take
 * it goes back to the pool as broken (dropped) and the caller gets the error, as for a failed
 * connect: the statement is bounded as every query is (query_timeout, statement_timeout).
 */
function withClub(callback: ConnectCallback, clubId: string, role: string | undefined): ConnectCallback {
  return (error, client, done) => {
    if (error || !client || !needsClub(client, clubId, role)) return callback(error, client, done);
    giveClub(client, clubId, role).then(
      () => callback(undefined, client, done),
      (failure: unknown) => {
        const reason = failure instanceof Error ? failure : new Error(String(failure));
        done(reason);
        callback(reason, undefined, () => undefined);
      },
    );
  };
}

/**
 * A pg.Pool whose queue of waiting requests is bounded by time, not by a count (ADR 032). pg-pool's
 * own bound on the queue (connectionTimeoutMillis) counts from each request's arrival, so in a burst
 * on a busy machine a request is refused after 2.5 s although the queue moves and would serve it
 * in the next moment; and its timer may fire while the answer that frees a connection is already
 * waiting to be read. Here a queued request is refused only when the pool has handed out no
 * connection for `connectionTimeoutMs` (the database is not answering), checked after the I/O of
 * the loop's turn, or when it has waited `maxQueueWaitMs` in all. pg-pool still bounds the start-up
 * of a new connection with connectionTimeoutMillis. A safety cap on the count stays (maxWaiting).
 */
class BoundedPool extends ClubPool {
  /** When the pool last handed a connection to a request: the queue is moving. */
  private lastHandedOutAt = performance.now();

  constructor(
    config: pg.PoolConfig,
    private readonly bounds: Pick<DatabaseBounds, 'connectionTimeoutMs' | 'maxQueueWaitMs' | 'maxWaiting'>,
    clubOptions: ClubOptions,
  ) {
    super(config, clubOptions);
    this.on('acquire', () => {
      this.lastHandedOutAt = performance.now();
    });
  }

  protected override handedOut(client: pg.PoolClient): pg.PoolClient {
    return releasedWhenLost(client);
  }

  protected override checkOut(callback: ConnectCallback): void {
    if (this.waitingCount >= this.bounds.maxWaiting) {
      const error = new PoolBusyError();
      process.nextTick(() => callback(error, undefined, () => undefined));
      return;
    }
    // Room for a new connection and none idle: pg-pool opens one now, its start-up bounded.
    if (this.totalCount < (this.options.max ?? 10) && this.idleCount === 0) return super.checkOut(callback);
    this.enqueue(callback);
  }

  private enqueue(callback: ConnectCallback) {
    const { connectionTimeoutMs, maxQueueWaitMs } = this.bounds;
    const enqueuedAt = performance.now();
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const onConnection: ConnectCallback = (error, client, done) => {
      if (settled) {
        if (client) done(); // given up on meanwhile: straight back to the pool
        return;
      }
      settled = true;
      clearTimeout(timer);
      callback(error, client, done);
    };
    // Queued without pg-pool's timer (it reads the option as it queues); the bound below replaces it.
    const startUpBound = this.options.connectionTimeoutMillis;
    this.options.connectionTimeoutMillis = 0;
    try {
      super.checkOut(onConnection);
    } finally {
      this.options.connectionTimeoutMillis = startUpBound;
    }
    const check = () =>
      // After this turn's I/O: a connection freed by an answer that already arrived counts.
      setImmediate(() => {
        if (settled) return;
        const now = performance.now();
        const stalledMs = now - Math.max(this.lastHandedOutAt, enqueuedAt);
        const waitedMs = now - enqueuedAt;
        if (stalledMs < connectionTimeoutMs && waitedMs < maxQueueWaitMs) {
          timer = setTimeout(check, Math.min(connectionTimeoutMs - stalledMs, maxQueueWaitMs - waitedMs));
          timer.unref();
          return;
        }
        settled = true;
        const queue = pendingQueueOf(this);
        const at = queue.findIndex((item) => item.callback === onConnection);
        if (at !== -1) queue.splice(at, 1);
        // pg-pool's words for it, so the answer (503) and the outage check treat it as before.
        callback(new Error('timeout exceeded when trying to connect'), undefined, () => undefined);
      });
    timer = setTimeout(check, connectionTimeoutMs);
    timer.unref();
  }
}

/**
 * A checked-out client whose connection ends goes back to the pool at once (which drops it), and a
 * later release() is a no-op. Drizzle's transaction() does not release its client when BEGIN
 * fails (drizzle-orm 0.45, node-postgres session): on a connection killed at that moment the pool
 * would lose that slot for good, and after a few such kills every request would wait for a
 * connection that never comes.
 */
function releasedWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => {
    if (released) return;
    released = true;
    release(new Error('Database connection lost'));
  };
  client.once('end', onEnd);
  client.release = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', onEnd);
    release(error);
  };
  return client;
}

/**
 * The app's connection pool, made so that no database fault can end the process or hang a request:
 *
 * - Every connection has an `error` listener for its whole life. pg emits `error` on a client whose
 *   connection fails; while a client is checked out (inside a transaction, between two queries) the
 *   pool listens no more, and an `error` event with no listener ends Node. The failed client is
 *   not queryable any more, so the pool discards it when it is released.
 * - A query that times out on the client side (the server froze) leaves its connection waiting for
 *   an answer that may come later and be taken for the next query's: that connection is destroyed.
 * - Server-side timeouts and TCP keep-alive come with the connection's start-up parameters.
 * - Every connection handed out has the current club in `app.club_id` (ClubPool above): the
 *   context's, else `installClubId`, the single club the install read at start (server/tenancy);
 *   with `role` (a hosted install), each connection works as that role from its first checkout.
 */
export function createPool(connection: pg.PoolConfig, options: { max: number; bounds?: DatabaseBounds } & ClubOptions): pg.Pool {
  const bounds = options.bounds;
  const config: pg.PoolConfig = {
    ...connection,
    max: options.max,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  if (bounds) {
    Object.assign(config, {
      connectionTimeoutMillis: bounds.connectionTimeoutMs,
      statement_timeout: bounds.statementTimeoutMs,
      lock_timeout: bounds.lockTimeoutMs,
      query_timeout: bounds.queryTimeoutMs,
      idle_in_transaction_session_timeout: bounds.idleInTransactionTimeoutMs,
    });
  }
  const clubOptions = { installClubId: options.installClubId, role: options.role };
  const pool = bounds ? new BoundedPool(config, bounds, clubOptions) : new ClubPool(config, clubOptions);

  pool.on('connect', (client) => {
    client.on('error', (error) => log.debug('Database connection lost', { error: error.message }));
    const query = client.query;
    // Wrapped, not replaced: the result (a promise, or undefined in callback style) is returned as is.
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) discard(client);
        });
      }
      return result;
    } as typeof client.query;
  });
  return pool;
}

/** Ends a connection whose state is unknown; the pool drops it on release (it is no longer queryable). */
function discard(client: pg.PoolClient) {
  const stream = (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
  stream?.destroy();
}
