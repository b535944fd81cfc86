import { createRoute, z } from '@hono/zod-openapi';
import { EVENT_KINDS, SELECTION_ROLES } from '../../shared/availability';
import { MyEventSchema, StoredAnswerSchema, availabilityInputSchema, selectionReplySchema, StoredSelectionReplySchema } from '../../shared/contracts/availability';
import { router } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';

const security = [{ bearer: [] }];
const tags = ['Parents and carers'];
const e = (description: string) => jsonContent(ErrorSchema, description);
const refused = { 401: e('Not signed in'), 403: e('Not this child’s parent or carer (or view only, when answering)') };
const ChildEventParams = IdParam.extend({
  kind: z.enum(EVENT_KINDS).openapi({ param: { name: 'kind', in: 'path' } }),
  event_id: z
    .string()
    .max(100)
    .openapi({ param: { name: 'event_id', in: 'path' } }),
});
const ChildFixtureParams = IdParam.extend({
  fixture_id: z
    .string()
    .max(100)
    .openapi({ param: { name: 'fixture_id', in: 'path' } }),
});
const ChildSelectionSchema = z
  .object({
    fixture_id: z.string().uuid(),
    team: z.string(),
    is_home: z.boolean(),
    away_team: z.string(),
    match_date: z.string(),
    match_time: z.string(),
    venue: z.string(),
    role: z.enum(SELECTION_ROLES),
    shirt_number: z.number().int(),
    confirmed: z.boolean().nullable(),
    reconfirm: z.boolean(),
  })
  .openapi('ChildSelection');

/**
 * A child's schedule with availability, and their squad places, under /api/players/{id} (issue 23):
 * guardians of any level read; primary and secondary answer; the primary confirms a squad place.
 */
export const childEventsApi = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/availability',
      operationId: 'getChildAvailability',
      tags,
      summary: 'A child’s upcoming fixtures and training with their answers (their parents and carers, or the player)',
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(z.array(MyEventSchema), 'Upcoming events'), ...refused },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').availability.forChild(c.get('user'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/availability/{kind}/{event_id}',
      operationId: 'answerForChild',
      tags,
      summary: 'Answer for a child: recorded as the parent’s answer on the child’s behalf',
      description: 'Primary and secondary parents and carers; view-only ones are refused (403). The same lock time as the player’s own answer.',
      security,
      request: { params: ChildEventParams, body: jsonBody(availabilityInputSchema) },
      responses: {
        200: jsonContent(StoredAnswerSchema, 'Saved'),
        ...refused,
        404: e('Unknown fixture or session'),
        409: e('Answers are closed, or the event is cancelled or over'),
        422: e('Invalid answer'),
      },
    }),
    async (c) => {
      const { id, kind, event_id } = c.req.valid('param');
      return c.json(await c.get('services').availability.answerForChild(c.get('user'), id, kind, event_id, c.req.valid('json')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/selection',
      operationId: 'getChildSelection',
      tags,
      summary: 'A child’s published squad places for upcoming fixtures',
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(z.array(ChildSelectionSchema), 'Squad places'), ...refused },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').selection.forChild(c.get('user'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/selection/{fixture_id}',
      operationId: 'replySelectionForChild',
      tags,
      summary: 'Confirm or decline a child’s squad place (their primary parent or carer)',
      security,
      request: { params: ChildFixtureParams, body: jsonBody(selectionReplySchema) },
      responses: {
        200: jsonContent(StoredSelectionReplySchema, 'Saved'),
        ...refused,
        404: e('Unknown fixture, or not in its published squad'),
        409: e('Cancelled or played'),
        422: e('Invalid reply'),
      },
    }),
    async (c) => {
      const { id, fixture_id } = c.req.valid('param');
      return c.json(await c.get('services').selection.replyForChild(c.get('user'), id, fixture_id, c.req.valid('json')), 200);
    },
  );
