import pg from 'pg';
import { log } from '../log';

/**
 * The bounds every database wait of the app has (ADR 011). A request never waits longer than a few
 * seconds for PostgreSQL, whatever PostgreSQL does: stopped, restarting, frozen or cut off.
 */
export interface DatabaseBounds {
  /**
   * Waiting for a connection: a new one's start-up, or a free one from the pool's queue. This, not a
   * count, is what bounds a request's wait: a burst queues and is served as fast as the connections
   * turn over; only a request that got no connection within this time is refused (503, Retry-After).
   */
  connectionTimeoutMs: number;
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
   * at once (503 with Retry-After). Far above any burst the pool can serve within connectionTimeoutMs
   * (ADR 029): reaching it means the wait bound would refuse those requests anyway.
   */
  maxWaiting: number;
}

export const APP_DATABASE_BOUNDS: DatabaseBounds = {
  connectionTimeoutMs: 2_500,
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
  // pg-pool 3 keeps its waiters in `_pendingQueue`; each callback clears its own timer.
  const queue = (pool as unknown as { _pendingQueue?: { callback: (error: Error) => void }[] })._pendingQueue;
  if (!Array.isArray(queue)) return 0;
  const waiting = queue.splice(0);
  for (const item of waiting) item.callback(error);
  return waiting.length;
}

const QUERY_READ_TIMEOUT = 'Query read timeout';

/** A pg.Pool whose waits are bounded by time (connectionTimeoutMillis) and its queue by a safety cap. */
class BoundedPool extends pg.Pool {
  constructor(
    config: pg.PoolConfig,
    private readonly maxWaiting: number,
  ) {
    super(config);
  }

  // pool.query() checks out through this method too, so the bound covers both.
  connect(): Promise<pg.PoolClient>;
  connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    if (this.waitingCount >= this.maxWaiting) {
      const error = new PoolBusyError();
      if (callback) {
        process.nextTick(() => callback(error, undefined, () => undefined));
        return undefined;
      }
      return Promise.reject(error);
    }
    // pool.query() (the callback form) releases its client itself, on success and on error.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedWhenLost);
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
 */
export function createPool(connection: pg.PoolConfig, options: { max: number; bounds?: DatabaseBounds }): pg.Pool {
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
  const pool = bounds ? new BoundedPool(config, bounds.maxWaiting) : new pg.Pool(config);

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
