import { mayManageClubSite } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import { limitQuerySchema, sponsorInputSchema } from '../../shared/content';
import { doneById, router, writesNeed } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';
import { SponsorSchema } from '../../shared/contracts/sponsors';

const writeErrors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not an admin'),
};

const base = router();
base.use('*', writesNeed(mayManageClubSite));

export const sponsorsApi = base
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listSponsors',
      tags: ['Sponsors'],
      summary: 'Sponsors: main sponsors first, then partners, then supporters; in the order added within a tier',
      security: [],
      request: { query: limitQuerySchema },
      responses: { 200: jsonContent(z.array(SponsorSchema), 'Sponsors') },
    }),
    async (c) => c.json(await c.get('services').sponsors.list(c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createSponsor',
      tags: ['Sponsors'],
      summary: 'Add a sponsor (admin)',
      security: [{ bearer: [] }],
      request: { body: jsonBody(sponsorInputSchema) },
      responses: { 201: jsonContent(SponsorSchema, 'Created'), 422: jsonContent(ErrorSchema, 'Invalid sponsor'), ...writeErrors },
    }),
    async (c) => c.json(await c.get('services').sponsors.create(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      operationId: 'updateSponsor',
      tags: ['Sponsors'],
      summary: 'Update a sponsor (admin)',
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(sponsorInputSchema) },
      responses: {
        200: jsonContent(SponsorSchema, 'Updated'),
        404: jsonContent(ErrorSchema, 'Unknown sponsor'),
        422: jsonContent(ErrorSchema, 'Invalid sponsor'),
        ...writeErrors,
      },
    }),
    async (c) => c.json(await c.get('services').sponsors.update(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      operationId: 'deleteSponsor',
      tags: ['Sponsors'],
      summary: 'Delete a sponsor (admin)',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: { 200: jsonContent(z.object({ detail: z.string() }), 'Deleted'), 404: jsonContent(ErrorSchema, 'Unknown sponsor'), ...writeErrors },
    }),
    doneById('Sponsor deleted successfully!', ({ sponsors }, user, id) => sponsors.remove(user, id)),
  );
