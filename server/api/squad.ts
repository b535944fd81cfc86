import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { mayManageMemberRecords } from '../policy';
import { isUuid } from '../services/ids';
import { doneById, guardedRouter, mayI, router, type AppEnv } from './env';
import { ErrorSchema, guardedAnswers, IdParam, jsonBody, jsonContent } from './openapi';
import { AdminPlayerSchema, PublicPlayerSchema, playerInputSchema, playerListQuerySchema, squadQuerySchema } from '../../shared/contracts/players';

/** GET /api/squad: the public squad list and one player's public profile. */
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

// Only requests aimed at a squad player's id (a UUID) or the list are checked here, so other
// routers mounted on /players (e.g. /players/me, /players/register) are not affected.
const adminWrites = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  const id = c.req.param('id');
  const unsafe = c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'DELETE';
  if (unsafe && (id === undefined || isUuid(id))) await mayI(c, mayManageMemberRecords);
  await next();
};

const adminErrors = guardedAnswers('Not an admin');

/** /api/players: the admin's squad management, and each player's season stats (public). */
const playersBase = guardedRouter({ '/': adminWrites, '/:id': adminWrites });

export const squadPlayersApi = playersBase
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listPlayers',
      tags: ['Squad'],
      summary: 'Every player with login status (admin; staff may read)',
      description: 'Members in good standing; status=left lists those who left the club (POST /api/players/{id}/return brings one back).',
      security: [{ bearer: [] }],
      request: { query: playerListQuerySchema },
      responses: { 200: jsonContent(z.array(AdminPlayerSchema), 'Players'), ...adminErrors, 422: jsonContent(ErrorSchema, 'Unknown status') },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').players.adminList(c.get('user'), c.req.valid('query')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createPlayer',
      tags: ['Squad'],
      summary: 'Add a squad player (admin); user_id stays null until a login is created',
      security: [{ bearer: [] }],
      request: { body: jsonBody(playerInputSchema) },
      responses: {
        201: jsonContent(AdminPlayerSchema, 'Created'),
        409: jsonContent(ErrorSchema, 'The user account is already linked'),
        422: jsonContent(ErrorSchema, 'Invalid player'),
        ...adminErrors,
      },
    }),
    async (c) => c.json(await c.get('services').players.create(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      operationId: 'updatePlayer',
      tags: ['Squad'],
      summary: 'Update a squad player (admin); leaving user_id out keeps the login link',
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(playerInputSchema) },
      responses: {
        200: jsonContent(AdminPlayerSchema, 'Updated'),
        404: jsonContent(ErrorSchema, 'Unknown player'),
        409: jsonContent(ErrorSchema, 'The user account is already linked'),
        422: jsonContent(ErrorSchema, 'Invalid player'),
        ...adminErrors,
      },
    }),
    // Validated here once; user_id left out stays undefined in the parsed input, so the link is kept.
    async (c) => c.json(await c.get('services').players.update(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      operationId: 'deletePlayer',
      tags: ['Squad'],
      summary: 'Remove a squad player (admin)',
      description:
        'The erasure path: the record, everything of theirs (stats, payments, attendance, answers, squads, feedback, team spells, what was shared with them only) and their own login; ' +
        'a staff or admin account is only unlinked. GET /api/players/{id}/erasure lists it first; POST /api/players/{id}/leave keeps the history instead.',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: { 200: jsonContent(z.object({ detail: z.string() }), 'Deleted'), 404: jsonContent(ErrorSchema, 'Unknown player'), ...adminErrors },
    }),
    doneById('Player deleted successfully!', ({ players }, user, id) => players.remove(user, id)),
  );
// GET /api/players/{id}/stats is served by ./players.ts (the player-management router).
