import { createRoute, z } from '@hono/zod-openapi';
import { router } from './env';
import { ErrorSchema, IdParam, jsonContent } from './openapi';
import { PublicPlayerSchema, squadQuerySchema } from '../../shared/contracts/players';

/** GET /api/squad: the public squad list and one player's public profile (the admin's player records: players/admin.ts). */
export const squadApi = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listSquad',
      tags: ['Squad'],
      summary: 'The squad (optionally one team: vets, staff or senior, any case)',
      security: [],
      request: { query: squadQuerySchema },
      responses: { 200: jsonContent(z.array(PublicPlayerSchema), 'Players') },
    }),
    async (c) => c.json(await c.get('services').squad.list(c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      operationId: 'getSquadPlayer',
      tags: ['Squad'],
      summary: "One player's public profile",
      security: [],
      request: { params: IdParam },
      responses: { 200: jsonContent(PublicPlayerSchema, 'The player'), 404: jsonContent(ErrorSchema, 'Unknown player') },
    }),
    async (c) => c.json(await c.get('services').squad.get(c.req.valid('param').id), 200),
  );
