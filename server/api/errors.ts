import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ZodError } from 'zod';
import '../../shared/zod-messages';
import { asDomainError, fieldErrorsDetail, isDomainError } from '../../shared/errors';
import { log } from '../log';

/** The 415 answer: a body that is not JSON (an HTML form's encoding, plain text, or no Content-Type). */
export const UNSUPPORTED_BODY = 'Send the request body as JSON, with the header Content-Type: application/json.';

/**
 * Turns zod issues into `{"detail": …, "errors": [{field, message}]}`. The detail is for people
 * (messages name fields by their label, shared/zod-messages.ts); `errors[].field` is for code.
 */
export function validationBody(error: ZodError) {
  const errors = error.issues.map((issue) => ({
    field: issue.path.join('.') || 'body',
    message: issue.message,
  }));
  return { detail: fieldErrorsDetail(errors), errors };
}

// The hook @hono/zod-openapi calls after validating a request part.
export const validationHook = (result: { success: boolean; error?: unknown }, c: Context) => {
  if (!result.success) return c.json(validationBody(result.error as ZodError), 422);
};

export const handleError: ErrorHandler = (thrown, c) => {
  const error = asDomainError(thrown);
  if (isDomainError(error)) {
    if (error.extra.retryAfterSeconds) c.header('Retry-After', String(error.extra.retryAfterSeconds));
    const body = error.extra.errors ? { detail: error.detail, errors: error.extra.errors } : { detail: error.detail };
    return c.json(body, error.status);
  }
  if (error instanceof HTTPException) {
    const detail =
      error.status === 400 && /JSON/i.test(error.message)
        ? 'The request body is not valid JSON.'
        : error.status === 415
          ? UNSUPPORTED_BODY
          : error.message;
    return c.json({ detail: detail || 'Bad request.' }, error.status);
  }
  log.error('Unhandled error', { path: c.req.path, method: c.req.method, error: error instanceof Error ? error.stack : String(error) });
  return c.json({ detail: 'Something went wrong on our side. Please try again.' }, 500);
};
