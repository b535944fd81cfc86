import { createRoute } from '@hono/zod-openapi';
import { router } from './env';
import { ErrorSchema, jsonContent } from './openapi';
import { AdminDashboardSchema } from '../../shared/contracts/admin';

/** GET /api/admin/dashboard: the counts behind the admin panel's tiles, plus the database status. */
export const adminDashboardApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/dashboard',
    operationId: 'getAdminDashboard',
    tags: ['Admin'],
    summary: 'Counts and the "Today" to-do list for the admin dashboard (admin or staff)',
    security: [{ bearer: [] }],
    responses: {
      200: jsonContent(AdminDashboardSchema, 'Counts of orders, players, products, fixtures, join-us submissions and sponsors'),
      401: jsonContent(ErrorSchema, 'Not signed in'),
      403: jsonContent(ErrorSchema, 'Signed in without the admin or staff role'),
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('services').admin.dashboard(c.get('user')), 200);
  },
);
