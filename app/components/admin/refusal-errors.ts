import { ApiError, errorDetail } from '../../lib/api-client';

/** A refusal's field errors, or, when it names no field (a network failure, a conflict), its message on `field`. */
export function refusalErrors(error: unknown, field: string): Record<string, string> {
  return error instanceof ApiError && Object.keys(error.fieldErrors).length ? error.fieldErrors : { [field]: errorDetail(error) };
}
