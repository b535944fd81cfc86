import { z } from '@hono/zod-openapi';
import { ROLES } from '../../shared/roles';

/** Shared OpenAPI pieces: the error body and helpers for JSON requests and responses. */
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

/** Any string: an id that is not a UUID is simply unknown (404), not invalid input. */
export const IdParam = z.object({
  id: z.string().max(100).openapi({ param: { name: 'id', in: 'path' } }),
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});
