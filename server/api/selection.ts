import { createRoute, z } from '@hono/zod-openapi';
import { selectionInputSchema, selectionReplySchema } from '../../shared/availability';
import { SelectionSchema, StoredSelectionReplySchema } from '../../shared/contracts/availability';
import { guard } from './availability';
import { guardedRouter } from './env';
import { ErrorSchema, guardedAnswers, IdParam, jsonBody, jsonContent } from './openapi';

const staffOnly = { ...guardedAnswers('Not admin or staff'), 404: jsonContent(ErrorSchema, 'Unknown fixture') };

/** The squad as GET and PUT answer it: its version is the ETag (If-Match on PUT sends it back). */
const withETag = <S extends { version: number }>(c: { header: (name: string, value: string) => void }, squad: S) => {
  c.header('ETag', `"squad-${squad.version}"`);
  return squad;
};

const selectionBase = guardedRouter({ '/:id/selection': guard, '/:id/selection/*': guard });

/** /api/fixtures/{id}/selection…: the squad, publishing it, and the players' replies. */
export const selectionApi = selectionBase
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/selection',
      operationId: 'getFixtureSelection',
      tags: ['Selection'],
      summary: 'The squad for a fixture, with replies and availability (admin or staff)',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: { 200: jsonContent(SelectionSchema, 'Starters, then substitutes, by shirt number'), ...staffOnly },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(withETag(c, await c.get('services').selection.get(c.get('user'), c.req.valid('param').id)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/selection',
      operationId: 'setFixtureSelection',
      tags: ['Selection'],
      summary: 'Pick the squad: starters and substitutes with shirt numbers (admin or staff)',
      description:
        'Replaces the squad; players kept keep their reply. Shirt numbers 1-99, unique per match (422); players must be in the fixture’s team (422); ' +
        'a player listed twice: 422. Picking an unavailable player is allowed (the admin panel asks to confirm). A cancelled or played fixture: 409. ' +
        'Send the `version` you loaded (or `If-Match` with the ETag): if someone saved since, 409 names them and nothing changes.',
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(selectionInputSchema) },
      responses: {
        200: jsonContent(SelectionSchema, 'Saved'),
        ...staffOnly,
        409: jsonContent(ErrorSchema, 'Cancelled or played, or saved by someone else since your version'),
        422: jsonContent(ErrorSchema, 'Invalid squad'),
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      // If-Match: "squad-N" stands in for a body without a version.
      const ifMatch = /^(?:W\/)?"squad-(\d+)"$/.exec(c.req.header('if-match') ?? '');
      const input = body.version === undefined && ifMatch ? { ...body, version: Number(ifMatch[1]) } : body;
      return c.json(withETag(c, await c.get('services').selection.set(c.get('user'), c.req.valid('param').id, input)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/selection/publish',
      operationId: 'publishFixtureSelection',
      tags: ['Selection'],
      summary: 'Publish the squad: mail and notify the selected players (admin or staff)',
      description:
        'Each selected player with a login gets one e-mail (through the outbox, respecting their preferences; publishing again mails only players new to the squad) ' +
        'and a portal notification. An empty squad: 422.',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: {
        200: jsonContent(z.object({ published_at: z.string(), selected: z.number().int(), mailed: z.number().int(), notified: z.number().int() }), 'Published'),
        ...staffOnly,
        409: jsonContent(ErrorSchema, 'Cancelled or played'),
        422: jsonContent(ErrorSchema, 'Nobody selected'),
      },
    }),
    async (c) => c.json(await c.get('services').selection.publish(c.get('user'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/selection/me',
      operationId: 'replyFixtureSelection',
      tags: ['Selection'],
      summary: 'Confirm or decline your selection (a selected player)',
      description: 'Only once the squad is published, only for a player in it (404 otherwise). Declining alerts staff by e-mail.',
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(selectionReplySchema) },
      responses: {
        200: jsonContent(StoredSelectionReplySchema, 'Saved'),
        401: jsonContent(ErrorSchema, 'Not signed in'),
        403: jsonContent(ErrorSchema, 'No player is linked to this account'),
        404: jsonContent(ErrorSchema, 'Unknown fixture, or not in its published squad'),
        409: jsonContent(ErrorSchema, 'Cancelled or played'),
        422: jsonContent(ErrorSchema, 'Invalid reply'),
      },
    }),
    async (c) => c.json(await c.get('services').selection.reply(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  );
