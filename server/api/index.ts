import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { bodyLimit } from 'hono/body-limit';
import { adminDashboardApi } from './admin-dashboard';
import { authApi } from './auth';
import { docsApi } from './docs';
import { router } from './env';
import { jsonContent } from './openapi';
import { setupApi } from './setup';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const healthApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/',
    tags: ['Health'],
    summary: 'Liveness and database check',
    responses: {
      200: jsonContent(z.object({ status: z.literal('ok') }), 'The app and its database answer'),
      503: jsonContent(z.object({ status: z.literal('unavailable'), detail: z.string() }), 'The database does not answer'),
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await c.get('services').db.execute(sql`select 1`);
      return c.json({ status: 'ok' as const }, 200);
    } catch {
      return c.json({ status: 'unavailable' as const, detail: 'The database is not answering.' }, 503);
    }
  },
);

/** The REST API under /api: one small router per resource. */
export function createApi() {
  const api = router();

  // JSON bodies are small; uploads (multipart) have their own, larger limits in their routes.
  api.use('*', async (c, next) => {
    if (c.req.header('content-type')?.startsWith('multipart/form-data')) return next();
    return bodyLimit({
      maxSize: JSON_BODY_LIMIT_BYTES,
      onError: (ctx) => ctx.json({ detail: 'The request body is too large (the limit is 1 MB).' }, 413),
    })(c, next);
  });

  api.route('/health', healthApi);
  api.route('/auth', authApi);
  api.route('/admin', setupApi);
  api.route('/admin', adminDashboardApi);

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    servers: [{ url: '/api' }],
    info: {
      title: 'Club website API',
      version: '1.0.0',
      description:
        'The REST API behind the club website. Sign in with POST /api/auth/login and send the access_token as ' +
        '`Authorization: Bearer <token>` (browsers use the httpOnly cookie instead). Errors are `{"detail": "…"}`.',
    },
  });
  api.route('/docs', docsApi);
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });

  api.all('*', (c) => c.json({ detail: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404));
  return api;
}
