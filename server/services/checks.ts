import type { z } from 'zod';
import { invalidFields } from '../../shared/errors';

/** Validates input for a service (pages and the API both go through it): 422 with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
  throw invalidFields(errors);
}
