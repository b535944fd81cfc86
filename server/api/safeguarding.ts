import { createRoute, z } from '@hono/zod-openapi';
import { DbsOverviewSchema, dbsCheckInputSchema, dbsSuspensionOverrideSchema } from '../../shared/contracts/safeguarding';
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
        'Only status, expires_on, checked_on and checked_by (who verified the certificate: a named person, not the subject); whoever records it is kept as recorded_by. Any other field (a certificate number, its contents) is refused with 422 and nothing is stored, and so is a child as the subject (422: checks are for adults). Recording a check ends an override of the last one.',
      security,
      request: { params: PlayerParam, body: jsonBody(dbsCheckInputSchema) },
      responses: {
        200: jsonContent(DbsOverviewSchema, 'Recorded'),
        ...errors,
        404: jsonContent(ErrorSchema, 'Unknown player'),
        422: jsonContent(ErrorSchema, 'Invalid check, a field that is not stored, or a child as the subject'),
      },
    }),
    async (c) => c.json(await c.get('services').dbs.record(c.get('user'), c.req.valid('param').player_id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/dbs/{player_id}/override',
      operationId: 'overrideDbsSuspension',
      tags,
      summary: 'Lift the suspension of an expired DBS check, with a reason (admins)',
      description:
        'While a check is not in order the person’s places on junior teams’ staff are suspended (issue 31). An admin may lift that with a reason; who, when and why are kept on the check and shown in the list, until a check is recorded again.',
      security,
      request: { params: PlayerParam, body: jsonBody(dbsSuspensionOverrideSchema) },
      responses: {
        200: jsonContent(DbsOverviewSchema, 'Overridden'),
        401: errors[401],
        403: jsonContent(ErrorSchema, 'Not an admin, or their own check'),
        404: jsonContent(ErrorSchema, 'Unknown player'),
        422: jsonContent(ErrorSchema, 'No reason, no check recorded, or a check in order'),
      },
    }),
    async (c) => c.json(await c.get('services').dbs.override(c.get('user'), c.req.valid('param').player_id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/dbs/{player_id}/override',
      operationId: 'withdrawDbsOverride',
      tags,
      summary: 'Withdraw the override of a DBS check (admins)',
      description: 'The suspension is back while the check is not in order.',
      security,
      request: { params: PlayerParam },
      responses: {
        200: jsonContent(DbsOverviewSchema, 'Withdrawn'),
        401: errors[401],
        403: jsonContent(ErrorSchema, 'Not an admin'),
        404: jsonContent(ErrorSchema, 'Unknown player'),
      },
    }),
    async (c) => c.json(await c.get('services').dbs.withdrawOverride(c.get('user'), c.req.valid('param').player_id), 200),
  );
