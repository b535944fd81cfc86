import { createRoute, z } from '@hono/zod-openapi';
import { router } from './env';
import { ErrorSchema, anyClientError, jsonContent } from './openapi';

const StatusSchema = z
  .object({
    needs_initialization: z.boolean(),
    users_count: z.number().int(),
    products_count: z.number().int(),
    news_count: z.number().int(),
    fixtures_count: z.number().int(),
  })
  .openapi('DatabaseStatus');

export const setupApi = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/database-status',
      operationId: 'getDatabaseStatus',
      tags: ['Set-up'],
      summary: 'Whether the database needs initialization, with counts',
      security: [],
      responses: { 200: jsonContent(StatusSchema, 'Database status'), ...anyClientError },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').setup.status(), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/initialize-database',
      operationId: 'initializeDatabase',
      tags: ['Set-up'],
      summary: 'Seed sample content and the admin account (once)',
      description:
        'Allowed without signing in only while the database needs initialization; afterwards it answers 409 and changes nothing. ' +
        'When ADMIN_PASSWORD is not set, the generated admin password is returned once as admin_password.',
      security: [],
      responses: {
        200: jsonContent(
          StatusSchema.extend({ admin_username: z.string(), admin_password: z.string().optional(), detail: z.string() }),
          'Initialized',
        ),
        409: jsonContent(ErrorSchema, 'Already initialized'),
      },
    }),
    async (c) => {
      const result = await c.get('services').setup.initialize(c.get('user'));
      c.header('Cache-Control', 'no-store');
      return c.json({ detail: 'Database initialized successfully!', ...result }, 200);
    },
  );
