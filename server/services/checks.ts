import type { z } from 'zod';
import type { Role, SessionUser } from '../../shared/roles';
import { forbidden, invalidFields, unauthenticated } from '../../shared/errors';

/**
 * Who may act: nobody signed in is 401, a signed-in user without one of `roles` is 403.
 * Admins may do everything.
 */
export function requireRoles(user: SessionUser | null, roles: readonly Role[]): SessionUser {
  if (!user) throw unauthenticated();
  if (user.role !== 'admin' && !roles.includes(user.role)) throw forbidden();
  return user;
}

export const ADMIN_ONLY: readonly Role[] = ['admin'];
/** Fixtures, news, squad stats and feedback (decision 6 in docs/architecture.md). */
export const ADMIN_AND_STAFF: readonly Role[] = ['admin', 'staff'];

/** Validates input for a service (pages and the API both go through it): 422 with field errors. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({ field: issue.path.join('.') || 'body', message: issue.message }));
  throw invalidFields(errors);
}
