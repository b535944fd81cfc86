import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ErrorSchema } from '../../shared/contracts/common';

/** Shared OpenAPI pieces: the error body and helpers for JSON requests and responses. */
export { ErrorSchema, UserSchema } from '../../shared/contracts/common';

/** Any string: an id that is not a UUID is simply unknown (404), not invalid input. */
export const IdParam = z.object({
  id: z
    .string()
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

/** The answers of a guarded route: 401 signed out, 403 signed in without the role (`forbidden`). */
export const guardedAnswers = (forbidden: string) => ({
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, forbidden),
});

/**
 * For the few operations no client mistake can reach (no input at all): the lint wants a 4xx on every
 * operation, and the only true thing to say is the shape any 4xx would have.
 */
export const anyClientError = {
  '4XX': jsonContent(ErrorSchema, 'No client error is expected here; any 4xx answer is `{"detail": …}`'),
};

type Document = { paths?: Record<string, object | undefined> };
type Operation = { parameters?: unknown[]; requestBody?: { content?: Record<string, unknown> }; responses?: Record<string, unknown> };

const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/**
 * The answers the shared middleware gives, added to every operation they apply to (a route that
 * already declares one keeps its own wording): the body limit (413), JSON parsing (400) and its
 * Content-Type check (415), zod validation of the body, path and query (422), and the CSRF check on
 * cookie-authenticated writes (403). Listing them here, once, keeps each route to what is its own.
 */
export function withSharedAnswers<T extends Document>(document: T): T {
  for (const item of Object.values(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue;
      const operation = value as Operation;
      const responses = (operation.responses ??= {});
      const add = (status: string, description: string) => {
        responses[status] ??= errorAnswer(description);
      };
      const media = Object.keys(operation.requestBody?.content ?? {});
      if (media.includes('application/json')) {
        add('400', 'The body is not valid JSON');
        add('415', 'The body is not sent as JSON (Content-Type: application/json)');
      }
      if (media.length > 0) add('413', 'The body is over the size limit (1 MB for JSON)');
      if (media.includes('application/json') || (operation.parameters?.length ?? 0) > 0) {
        add('422', 'Invalid input: `errors` lists each field and its message');
      }
      if (method !== 'get') add('403', 'A browser request signed in by cookie that came from another site (CSRF)');
    }
  }
  return document;
}

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
