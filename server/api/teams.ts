import { createRoute, z } from '@hono/zod-openapi';
import { teamInputSchema, trainingSlotInputSchema } from '../../shared/teams';
import { mayRunTheClub, maySetAgeGroup, runsAnyTeam } from '../policy';
import { doneById, mayI, router } from './env';
import { ErrorSchema, IdParam, anyClientError, jsonBody, jsonContent } from './openapi';
import { SavedTrainingSlotSchema, TeamSchema, TrainingSlotSchema } from '../../shared/contracts/teams';

const signedIn = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
};

const base = router();
// Refuse (401/403) before the body is validated: adding and deleting a team is the admin's,
// editing it (PUT) also staff's. The service checks again.
base.use('*', async (c, next) => {
  const method = c.req.method;
  // The team itself (/teams, /teams/{id}); its training slots are staff's too.
  const teamItself = !c.req.path.includes('/training-slots');
  if (teamItself && (method === 'POST' || method === 'DELETE')) await mayI(c, mayRunTheClub);
  // Editing: the team's runners, or the welfare officer for its age group (the service decides which).
  else if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') await mayI(c, teamItself ? (a) => runsAnyTeam(a) || maySetAgeGroup(a) : runsAnyTeam);
  await next();
});

/** /api/teams: the club's teams (public read; admin adds and deletes, admin and staff edit). */
export const teamsApi = base
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listTeams',
      tags: ['Teams'],
      summary: "The club's teams, in sort order",
      security: [],
      responses: { 200: jsonContent(z.array(TeamSchema), 'Teams'), ...anyClientError },
    }),
    async (c) => c.json(await c.get('services').teams.list(), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createTeam',
      tags: ['Teams'],
      summary: 'Add a team (admin)',
      description: 'The slug is made from the name. sort_order omitted: after the last team.',
      security: [{ bearer: [] }],
      request: { body: jsonBody(teamInputSchema) },
      responses: {
        201: jsonContent(TeamSchema, 'Created'),
        ...signedIn,
        403: jsonContent(ErrorSchema, 'Not an admin'),
        409: jsonContent(ErrorSchema, 'A team with this name already exists'),
        422: jsonContent(ErrorSchema, 'Invalid team'),
      },
    }),
    async (c) => c.json(await c.get('services').teams.create(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      operationId: 'updateTeam',
      tags: ['Teams'],
      summary: 'Edit a team (admin or staff)',
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(teamInputSchema) },
      responses: {
        200: jsonContent(TeamSchema, 'Updated'),
        ...signedIn,
        403: jsonContent(ErrorSchema, 'Not admin or staff'),
        404: jsonContent(ErrorSchema, 'Unknown team'),
        409: jsonContent(ErrorSchema, 'A team with this name already exists'),
        422: jsonContent(ErrorSchema, 'Invalid team'),
      },
    }),
    async (c) => c.json(await c.get('services').teams.update(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      operationId: 'deleteTeam',
      tags: ['Teams'],
      summary: 'Delete a team (admin); refused while it has fixtures',
      description: "Its memberships, training slots and training sessions go with it; its fixtures must be moved or deleted first (409).",
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: {
        200: jsonContent(z.object({ detail: z.string() }), 'Deleted'),
        ...signedIn,
        403: jsonContent(ErrorSchema, 'Not an admin'),
        404: jsonContent(ErrorSchema, 'Unknown team'),
        409: jsonContent(ErrorSchema, 'The team still has fixtures'),
      },
    }),
    doneById('Team deleted successfully!', ({ teams }, user, id) => teams.remove(user, id)),
  );

/** A team's weekly training slots: they generate the dated sessions (GET /api/training-sessions). */
export const teamSlotsApi = teamsApi
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/training-slots',
      operationId: 'listTrainingSlots',
      tags: ['Training'],
      summary: "A team's weekly training slots",
      security: [],
      request: { params: IdParam },
      responses: { 200: jsonContent(z.array(TrainingSlotSchema), 'Slots, Monday first'), 404: jsonContent(ErrorSchema, 'Unknown team') },
    }),
    async (c) => c.json(await c.get('services').training.listSlots(c.get('user'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/training-slots',
      operationId: 'createTrainingSlot',
      tags: ['Training'],
      summary: 'Add a weekly training slot (admin or staff)',
      description:
        'Its sessions for the next 8 weeks (and the last 2) are generated at once, none after ends_on or inside a break. ' +
        'warnings names each coming session on a day the team has a fixture (the slot is created all the same).',
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(trainingSlotInputSchema) },
      responses: {
        201: jsonContent(SavedTrainingSlotSchema, 'Created, with fixture-day warnings'),
        ...signedIn,
        403: jsonContent(ErrorSchema, 'Not admin or staff'),
        404: jsonContent(ErrorSchema, 'Unknown team'),
        422: jsonContent(ErrorSchema, 'Invalid slot'),
      },
    }),
    async (c) => c.json(await c.get('services').training.createSlot(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 201),
  );
