/**
 * Domain errors: services throw these, the transports (Hono handlers, React Router loaders)
 * turn them into the status codes of docs/architecture.md#api-conventions and a `{"detail": …}` body.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable';

export const statusOf: Record<ErrorKind, 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503> = {
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};

export interface FieldError {
  field: string;
  message: string;
}

// The page bundle and the server bundle each carry a copy of this module, so `instanceof` cannot
// tell a DomainError thrown by the other copy; a global symbol can.
const BRAND = Symbol.for('club-site.DomainError');

export class DomainError extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly kind: ErrorKind,
    readonly detail: string,
    readonly extra: { errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(detail);
    this.name = 'DomainError';
  }
  get status() {
    return statusOf[this.kind];
  }
}

export const invalid = (detail: string, errors?: FieldError[]) => new DomainError('invalid', detail, { errors });

/**
 * The people's sentence for a list of field errors: the messages themselves (they name the field
 * by its label, shared/zod-messages.ts), never the keys. "There are 3 problems: …" when several.
 */
export function fieldErrorsDetail(errors: readonly FieldError[]): string {
  const messages = [...new Set(errors.map((e) => e.message))];
  const shown = messages.slice(0, 5).join('; ');
  if (messages.length <= 1) return shown || 'The request is not valid.';
  return `There are ${messages.length} problems: ${shown}${messages.length > 5 ? '; …' : ''}.`;
}

/** A refusal built from field errors: 422 with the people's detail and the errors for code. */
export const invalidFields = (errors: FieldError[]) => invalid(fieldErrorsDetail(errors), errors);
export const unauthenticated = (detail = 'Please sign in to continue.') => new DomainError('unauthenticated', detail);
export const forbidden = (detail = 'You do not have permission to do that.') => new DomainError('forbidden', detail);
export const notFound = (detail: string) => new DomainError('not_found', detail);
export const conflict = (detail: string) => new DomainError('conflict', detail);
export const rateLimited = (detail: string, retryAfterSeconds: number) =>
  new DomainError('rate_limited', detail, { retryAfterSeconds });
export const unavailable = (detail: string, retryAfterSeconds: number) => new DomainError('unavailable', detail, { retryAfterSeconds });

export const isDomainError = (error: unknown): error is DomainError =>
  typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;

/** The SQLSTATE of a PostgreSQL error, also when Drizzle wraps it (as `cause`). */
export function pgErrorCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** PostgreSQL's unique_violation, for turning races into 409s. */
export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === '23505';

/**
 * A value PostgreSQL refused to store (SQLSTATE class 22, "data exception": a NUL character in
 * text, a number beyond its column): the statement failed, so nothing was written. It is the
 * client's input, so it answers 422 with a plain reason, never 500.
 */
export function databaseInputError(error: unknown): DomainError | undefined {
  const code = pgErrorCode(error);
  if (!code?.startsWith('22')) return undefined;
  if (code === '22021' || code === '22P05') return invalid('Text cannot contain the NUL character (\\u0000).');
  if (code === '22003') return invalid('A number in the request is too large.');
  if (code === '22001') return invalid('A text in the request is too long.');
  return invalid('The request contains a value that cannot be stored.');
}

/** How long a client should wait before trying again after a database outage answer. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE = 'The club database is not answering right now. Please try again in a few seconds.';
export const ROW_BUSY = 'Someone else is changing this right now. Please try again in a moment.';
export const DATABASE_BUSY = 'The site is very busy right now. Please try again in a few seconds.';

/** Errors of the connection itself (Node and pg): the database is away, not the request wrong. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const CONNECTION_ERROR_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'connection timeout',
];

/**
 * A database fault that is not the request's doing (SQLSTATE 08 connection exceptions, 57P0x
 * shut-downs, 53300 too many connections, 57014 statement timeout, 55P03 lock timeout, 40001/40P01
 * serialization failures; a refused, reset or timed-out connection; a full pool queue): the request
 * answers 503 with Retry-After, never 500. Nothing was acknowledged, so the client may try again.
 */
export function databaseUnavailableError(error: unknown): DomainError | undefined {
  const sqlState = pgErrorCode(error);
  if (sqlState === '55P03' || sqlState === '40001' || sqlState === '40P01') return unavailable(ROW_BUSY, 2);
  if (sqlState && (sqlState.startsWith('08') || /^57P0[1-4]$/.test(sqlState) || sqlState === '53300' || sqlState === '57014')) {
    return unavailable(DATABASE_UNAVAILABLE, OUTAGE_RETRY_AFTER_SECONDS);
  }
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, syscall } = e as { code?: unknown; message?: unknown; syscall?: unknown };
    // The pool's queue is full (server/db/pool.ts): too much load, not an outage.
    if (code === 'POOL_BUSY') return unavailable(DATABASE_BUSY, 2);
    // Waiting for a connection when the database was found to be down (server/db/pool.ts).
    if (code === 'DATABASE_DOWN') return unavailable(DATABASE_UNAVAILABLE, OUTAGE_RETRY_AFTER_SECONDS);
    // ENOENT on connect: the Unix socket of a stopped (embedded) server is gone.
    if (code === 'ENOENT' && syscall === 'connect') return unavailable(DATABASE_UNAVAILABLE, OUTAGE_RETRY_AFTER_SECONDS);
    if ((typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) || (typeof message === 'string' && CONNECTION_ERROR_MESSAGES.some((m) => message.startsWith(m)))) {
      return unavailable(DATABASE_UNAVAILABLE, OUTAGE_RETRY_AFTER_SECONDS);
    }
  }
  return undefined;
}

/** A thrown value as the domain error it stands for (bad input, a database outage), or itself. */
export const asDomainError = (thrown: unknown): unknown => databaseInputError(thrown) ?? databaseUnavailableError(thrown) ?? thrown;

/**
 * Whether a thrown value means the database cannot serve this request right now: away (an outage),
 * overloaded (no connection within the wait bound, the pool's queue at its cap) or a row held by
 * someone else. Raw, or wrapped by Drizzle (DrizzleQueryError's `cause`). Such a request answers 503
 * with Retry-After (the outage page, a stale copy, or `{"detail"}`), never 500.
 */
export const isDatabaseUnavailable = (thrown: unknown) => databaseUnavailableError(thrown) !== undefined;

/** Whether a thrown value means the database is away (the outage probe, stale pages). */
export const isDatabaseOutage = (thrown: unknown) => {
  const error = databaseUnavailableError(thrown);
  return error !== undefined && error.detail === DATABASE_UNAVAILABLE;
};

/** The database did not answer in time (a frozen or overloaded server): others waiting would fare no better. */
export function isDatabaseTimeout(error: unknown): boolean {
  if (pgErrorCode(error) === '57014') return true;
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /^(Query read timeout|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/.test(message)) return true;
  }
  return false;
}
