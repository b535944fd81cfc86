import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
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

/**
 * The fields of a multipart/form-data body. One that cannot be parsed (no boundary, empty,
 * truncated) is the client's mistake: 400 with a detail, not the parser's TypeError as a 500.
 */
export async function readForm(c: Context) {
  try {
    return await c.req.parseBody();
  } catch {
    throw new HTTPException(400, {
      message: 'The upload could not be read: send multipart/form-data with its boundary and the complete body.',
    });
  }
}
