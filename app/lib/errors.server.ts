import { data } from 'react-router';
import { asDomainError, isDomainError } from '../../shared/errors';

/**
 * For actions: a domain error (bad input, conflict, …) becomes `{ error }` with its status, to
 * show in the form; anything else is a real failure for the error boundary.
 */
export function formError(thrown: unknown) {
  const error = asDomainError(thrown);
  if (isDomainError(error)) {
    // A field's first problem is the one to fix first ("is required" before "is not valid").
    const fieldErrors: Record<string, string> = {};
    for (const e of error.extra.errors ?? []) fieldErrors[e.field] ??= e.message;
    return data(
      { ok: false as const, error: error.detail, fieldErrors },
      { status: error.status, headers: error.extra.retryAfterSeconds ? { 'Retry-After': String(error.extra.retryAfterSeconds) } : undefined },
    );
  }
  throw error;
}

/**
 * For the pages a mailed link opens: a domain error's words (an invalid link, a closed event) to
 * show on the page; anything else is a real failure for the error boundary.
 */
export function detailOf(thrown: unknown): string {
  const error = asDomainError(thrown);
  if (isDomainError(error)) return error.detail;
  throw thrown;
}

type Issues = ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>;

/** A failed schema check's issues: each field's first problem ("is required" before "is not valid"). */
export function issueErrors(issues: Issues): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  return fieldErrors;
}

/**
 * For actions: a form that failed its schema check, answered 422 with each field's first problem and
 * `extra` (the values to show again, which form it was, …).
 */
export function invalidFields<Extra extends object>(issues: Issues, extra: Extra) {
  return data({ ok: false as const, error: 'Please correct the highlighted fields.', fieldErrors: issueErrors(issues), ...extra }, { status: 422 });
}

/**
 * For loaders: a refusal or a missing record from a service becomes the page's status (403, 404 …)
 * for the error boundary, never a 500 (issue 30); anything else is a real failure.
 */
export async function loadOrRefuse<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (thrown) {
    const error = asDomainError(thrown);
    if (isDomainError(error)) throw data(error.detail, { status: error.status });
    throw thrown;
  }
}
