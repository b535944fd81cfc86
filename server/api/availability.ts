import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { availabilityInputSchema, type EventKind } from '../../shared/availability';
import { EventAnswersSchema, MyEventSchema, StoredAnswerSchema } from '../../shared/contracts/availability';
import { runsAnyTeam } from '../policy';
import { ANY_LOGIN, mayI, router, type AppEnv } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';

const PlayerParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }), player_id: z.string().openapi({ param: { name: 'player_id', in: 'path' } }) });

/**
 * Before the body is judged: answering for yourself needs a sign-in (401) and a player record
 * (403), answering for someone else needs staff or admin (403). The service checks again (player linked, team, lock).
 */
export const guard = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  if (c.req.method === 'PUT' || c.req.method === 'POST') {
    if (c.req.path.endsWith('/me')) {
      await mayI(c, ANY_LOGIN);
      await c.get('services').availability.requirePlayer(c.get('user'));
    } else await mayI(c, runsAnyTeam);
  }
  await next();
};

function eventAvailabilityRouter(kind: EventKind) {
  const noun = kind === 'fixture' ? 'fixture' : 'training session';
  const Noun = kind === 'fixture' ? 'Fixture' : 'TrainingSession';
  const tag = kind === 'fixture' ? 'Availability' : 'Availability';
  const base = router();
  base.use('/:id/availability/*', guard);
  base.use('/:id/availability', guard);
  return base
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/availability',
        operationId: `get${Noun}Availability`,
        tags: [tag],
        summary: `Who can play: counts and every player's answer for a ${noun} (admin or staff)`,
        security: [{ bearer: [] }],
        request: { params: IdParam },
        responses: {
          200: jsonContent(EventAnswersSchema, 'Counts and the team’s players with their answers'),
          401: jsonContent(ErrorSchema, 'Not signed in'),
          403: jsonContent(ErrorSchema, 'Not admin or staff'),
          404: jsonContent(ErrorSchema, `Unknown ${noun}`),
        },
      }),
      async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await c.get('services').availability.forEvent(c.get('user'), kind, c.req.valid('param').id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}/availability/me',
        operationId: `answer${Noun}Availability`,
        tags: [tag],
        summary: `Answer for a ${noun} yourself (a player of its team)`,
        description:
          'status: available, maybe or unavailable; note: optional, at most 280 characters. Answering again replaces the answer. ' +
          "Answers close the team's availability_lock_hours before the start (409 with the time); a cancelled event takes none (409). " +
          'A user with no player record, or a player not in the event’s team: 403.',
        security: [{ bearer: [] }],
        request: { params: IdParam, body: jsonBody(availabilityInputSchema) },
        responses: {
          200: jsonContent(StoredAnswerSchema, 'Saved'),
          401: jsonContent(ErrorSchema, 'Not signed in'),
          403: jsonContent(ErrorSchema, 'Not a player, or not in the event’s team'),
          404: jsonContent(ErrorSchema, `Unknown ${noun}`),
          409: jsonContent(ErrorSchema, 'Locked, cancelled or already started'),
          422: jsonContent(ErrorSchema, 'Invalid answer'),
        },
      }),
      async (c) => c.json(await c.get('services').availability.answerMine(c.get('user'), kind, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/{id}/availability/{player_id}',
        operationId: `answer${Noun}AvailabilityForPlayer`,
        tags: [tag],
        summary: `Answer for a player of the ${noun}'s team (admin or staff)`,
        description:
          'Recorded as given on the player’s behalf (on_behalf, answered_by). Staff may answer after the players’ lock time, until the start; ' +
          'a cancelled or started event: 409. A player not in the team: 422.',
        security: [{ bearer: [] }],
        request: { params: PlayerParam, body: jsonBody(availabilityInputSchema) },
        responses: {
          200: jsonContent(StoredAnswerSchema, 'Saved'),
          401: jsonContent(ErrorSchema, 'Not signed in'),
          403: jsonContent(ErrorSchema, 'Not admin or staff'),
          404: jsonContent(ErrorSchema, `Unknown ${noun} or player`),
          409: jsonContent(ErrorSchema, 'Cancelled or already started'),
          422: jsonContent(ErrorSchema, 'Invalid answer, or the player is not in the team'),
        },
      }),
      async (c) => {
        const { id, player_id } = c.req.valid('param');
        return c.json(await c.get('services').availability.answerFor(c.get('user'), kind, id, player_id, c.req.valid('json')), 200);
      },
    );
}

/** /api/fixtures/{id}/availability…: mounted before the fixtures router (its writes need staff). */
export const fixtureAvailabilityApi = eventAvailabilityRouter('fixture').openapi(
  createRoute({
    method: 'post',
    path: '/{id}/availability/remind',
    operationId: 'remindFixtureAvailability',
    tags: ['Availability'],
    summary: "Remind those who haven't answered (admin or staff)",
    description:
      'E-mails (through the outbox, respecting each player’s preferences) every player of the team with a login and no answer, or who said maybe, with one-click answer links. ' +
      'At most once an hour per fixture: another press within the hour answers 429 with the time it is possible again, and sends nothing. ' +
      'A cancelled, locked or started fixture, or nobody left to remind (the hour is not spent): 409.',
    security: [{ bearer: [] }],
    request: { params: IdParam },
    responses: {
      200: jsonContent(z.object({ reminded: z.number().int().openapi({ description: 'Mails queued' }), sent_at: z.string() }), 'Queued'),
      401: jsonContent(ErrorSchema, 'Not signed in'),
      403: jsonContent(ErrorSchema, 'Not admin or staff'),
      404: jsonContent(ErrorSchema, 'Unknown fixture'),
      409: jsonContent(ErrorSchema, 'Cancelled, locked or started; or nobody to remind'),
      429: jsonContent(ErrorSchema, 'Already reminded within the hour'),
    },
  }),
  async (c) => c.json(await c.get('services').availability.remindNow(c.get('user'), c.req.valid('param').id), 200),
);
/** /api/training-sessions/{id}/availability… */
export const sessionAvailabilityApi = eventAvailabilityRouter('training');

/** /api/players/me/availability: mounted before the /players/{id} routers. */
export const myAvailabilityApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/me/availability',
    operationId: 'getMyAvailability',
    tags: ['Availability'],
    summary: 'Your upcoming fixtures and training sessions with your answers (a player)',
    description: "The signed-in player's teams, from now to 8 weeks ahead, soonest first; answer is null where you have not answered.",
    security: [{ bearer: [] }],
    responses: {
      200: jsonContent(z.array(MyEventSchema), 'Upcoming events'),
      401: jsonContent(ErrorSchema, 'Not signed in'),
      403: jsonContent(ErrorSchema, 'No player is linked to this account'),
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('services').availability.mine(c.get('user')), 200);
  },
);
