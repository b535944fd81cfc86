import { z } from '@hono/zod-openapi';
import { ROLES } from '../roles';

/** The answer every refusal has, and the signed-in user, as the API answers them. */

export const ErrorSchema = z
  .object({
    detail: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .openapi('Error');
export const UserSchema = z
  .object({
    id: z.string().uuid(),
    username: z.string(),
    email: z.string(),
    full_name: z.string(),
    role: z.enum(ROLES),
  })
  .openapi('User');

export type ApiErrorBody = z.infer<typeof ErrorSchema>;
export type User = z.infer<typeof UserSchema>;
