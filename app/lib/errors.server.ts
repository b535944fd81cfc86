import { data } from 'react-router';
import { asDomainError, isDomainError } from '../../server/services/errors';

/**
 * For actions: a domain error (bad input, conflict, …) becomes `{ error }` with its status, to
 * show in the form; anything else is a real failure for the error boundary.
 */
export function formError(thrown: unknown) {
  const error = asDomainError(thrown);
  if (isDomainError(error)) {
    return data(
      { ok: false as const, error: error.detail, fieldErrors: Object.fromEntries((error.extra.errors ?? []).map((e) => [e.field, e.message])) },
      { status: error.status, headers: error.extra.retryAfterSeconds ? { 'Retry-After': String(error.extra.retryAfterSeconds) } : undefined },
    );
  }
  throw error;
}
