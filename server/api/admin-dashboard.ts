import { createRoute, z } from '@hono/zod-openapi';
import { router } from './env';
import { ErrorSchema, jsonContent } from './openapi';

const DashboardSchema = z
  .object({
    orders: z.number().int(),
    players: z.number().int(),
    products: z.number().int(),
    fixtures: z.number().int(),
    join_us: z.number().int(),
    sponsors: z.number().int(),
    needs_initialization: z.boolean(),
    users_count: z.number().int(),
    products_count: z.number().int(),
    news_count: z.number().int(),
    fixtures_count: z.number().int(),
  })
  .openapi('AdminDashboard');

/** GET /api/admin/dashboard: the counts behind the admin panel's tiles, plus the database status. */
export const adminDashboardApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/dashboard',
    operationId: 'getAdminDashboard',
    tags: ['Admin'],
    summary: 'Counts for the admin dashboard (admin or staff)',
    security: [{ bearer: [] }],
    responses: {
      200: jsonContent(DashboardSchema, 'Counts of orders, players, products, fixtures, join-us submissions and sponsors'),
      401: jsonContent(ErrorSchema, 'Not signed in'),
      403: jsonContent(ErrorSchema, 'Signed in without the admin or staff role'),
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('services').admin.dashboard(c.get('user')), 200);
  },
);
