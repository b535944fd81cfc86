import { runsAnyTeam } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import { fixtureInputSchema, fixtureQuerySchema } from '../../shared/contracts/fixtures';
import { doneById, router, writesNeed } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';
import { FixtureSchema } from '../../shared/contracts/fixtures';

const writeErrors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not admin or staff'),
  422: jsonContent(ErrorSchema, 'Invalid fixture'),
};

const base = router();
base.use('*', writesNeed(runsAnyTeam));

export const fixturesApi = base
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listFixtures',
      tags: ['Fixtures'],
      summary: 'Fixtures and results',
      description:
        'status=upcoming: the next fixtures first (date and kick-off ascending). status=completed: the latest results first. ' +
        'status=cancelled: in date order. Without status: the upcoming fixtures soonest first, then every other fixture ' +
        "(results and cancelled matches) latest first. team_id: one team's fixtures only. limit caps the count.",
      security: [],
      request: { query: fixtureQuerySchema },
      responses: { 200: jsonContent(z.array(FixtureSchema), 'Fixtures') },
    }),
    async (c) => {
      // Issue 23: U7-U11 scores only for admins and the team's staff; signed-in answers are never cached.
      const fixtures = c.get('services').fixtures;
      return c.json(await fixtures.list(c.req.valid('query'), await fixtures.resultsScope(c.get('user'))), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      operationId: 'getFixture',
      tags: ['Fixtures'],
      summary: 'One fixture (its own page: /fixtures/{id})',
      security: [],
      request: { params: IdParam },
      responses: { 200: jsonContent(FixtureSchema, 'The fixture'), 404: jsonContent(ErrorSchema, 'Unknown fixture') },
    }),
    async (c) => {
      const fixtures = c.get('services').fixtures;
      return c.json(await fixtures.get(c.req.valid('param').id, await fixtures.resultsScope(c.get('user'))), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createFixture',
      tags: ['Fixtures'],
      summary: 'Add a fixture (admin or staff)',
      description:
        'team_id names the team that plays (GET /api/teams). Clients that send none (written for the earlier site) get the first team by sort order (Senior in a new club).',
      security: [{ bearer: [] }],
      request: { body: jsonBody(fixtureInputSchema) },
      responses: { 201: jsonContent(FixtureSchema, 'Created'), ...writeErrors },
    }),
    async (c) => c.json(await c.get('services').fixtures.create(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      operationId: 'updateFixture',
      tags: ['Fixtures'],
      summary: 'Update a fixture (admin or staff)',
      description: 'Without team_id the fixture keeps its team.',
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(fixtureInputSchema) },
      responses: { 200: jsonContent(FixtureSchema, 'Updated'), 404: jsonContent(ErrorSchema, 'Unknown fixture'), ...writeErrors },
    }),
    async (c) => c.json(await c.get('services').fixtures.update(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      operationId: 'deleteFixture',
      tags: ['Fixtures'],
      summary: 'Delete a fixture (admin or staff)',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: {
        200: jsonContent(z.object({ detail: z.string() }), 'Deleted'),
        404: jsonContent(ErrorSchema, 'Unknown fixture'),
        401: writeErrors[401],
        403: writeErrors[403],
      },
    }),
    doneById('Fixture deleted successfully!', ({ fixtures }, user, id) => fixtures.remove(user, id)),
  );
