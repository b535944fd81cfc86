import { createRoute, z } from '@hono/zod-openapi';
import { DbsOverviewSchema, dbsCheckInputSchema } from '../../shared/contracts/safeguarding';
import { router } from './env';
import { ErrorSchema, jsonBody, jsonContent } from './openapi';

const security = [{ bearer: [] }];
const tags = ['Safeguarding'];
const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not an admin, the secretary or the welfare officer'),
};
const PlayerParam = z.object({ player_id: z.string().openapi({ param: { name: 'player_id', in: 'path' } }) });

/** /api/admin/dbs: the DBS check status of junior teams' staff (issue 23). */
export const safeguardingApi = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/dbs',
      operationId: 'listDbsChecks',
      tags,
      summary: 'The staff of junior teams with their DBS check status (admins, the secretary, the welfare officer)',
      description:
        'Status, expiry, who checked and when; never anything from the certificate. `problem` names a missing or expired check, or one expiring within 60 days.',
      security,
      responses: { 200: jsonContent(DbsOverviewSchema, 'Who needs a check and its status'), ...errors },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').dbs.overview(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/dbs/{player_id}',
      operationId: 'recordDbsCheck',
      tags,
      summary: "Record a person's DBS check as verified (admins, the secretary, the welfare officer)",
      description:
        'Only status, expires_on and checked_on; checked_by is whoever records it. Any other field (a certificate number, its contents) is refused with 422 and nothing is stored.',
      security,
      request: { params: PlayerParam, body: jsonBody(dbsCheckInputSchema) },
      responses: {
        200: jsonContent(DbsOverviewSchema, 'Recorded'),
        ...errors,
        404: jsonContent(ErrorSchema, 'Unknown player'),
        422: jsonContent(ErrorSchema, 'Invalid check, or a field that is not stored'),
      },
    }),
    async (c) => c.json(await c.get('services').dbs.record(c.get('user'), c.req.valid('param').player_id, c.req.valid('json')), 200),
  );
