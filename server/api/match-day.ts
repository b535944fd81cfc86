import { createRoute } from '@hono/zod-openapi';
import { CollectorsSchema, MatchDayCardSchema, MedicalNoteReadLogSchema, collectorsInputSchema } from '../../shared/contracts/match-day';
import { readById, router } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';

/** The coach's match-day card, the log of who read medical notes, and who may collect a child (issue 31). */
const security = [{ bearer: [] }];
const tags = ['Match day'];
const e = (description: string) => jsonContent(ErrorSchema, description);

/** GET /api/teams/{id}/match-day-card (mounted at /teams). */
export const matchDayCardApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/{id}/match-day-card',
    operationId: 'getMatchDayCard',
    tags,
    summary: 'A junior team’s match-day card: medical notes, emergency contacts, photo consent and who may collect, per child',
    description:
      'The team’s own staff today (a junior team’s coach needs a DBS check in order) and the welfare officer; not admins or the secretary as such. ' +
      'Opening it records one read of medical notes per child, shown to the welfare officer (GET /api/admin/medical-note-reads).',
    security,
    request: { params: IdParam },
    responses: {
      200: jsonContent(MatchDayCardSchema, 'The card'),
      401: e('Not signed in'),
      403: e('Not on the team’s staff (with a DBS check in order), nor the welfare officer'),
      404: e('No such team, or not a junior team'),
    },
  }),
  readById(({ juniors }, user, teamId) => juniors.matchDayCard(user, teamId)),
);

/** GET /api/admin/medical-note-reads (mounted at /admin). */
export const medicalNoteReadLogApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/medical-note-reads',
    operationId: 'listMedicalNoteReadLog',
    tags,
    summary: 'Who opened which child’s medical notes, where and when, newest first (the welfare officer, admins)',
    security,
    responses: { 200: jsonContent(MedicalNoteReadLogSchema, 'The log'), 401: e('Not signed in'), 403: e('Not the welfare officer or an admin') },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('services').juniors.medicalNoteReadLog(c.get('user')), 200);
  },
);

/** GET and PUT /api/players/{id}/collectors (mounted at /players). */
export const collectorsApi = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/collectors',
      operationId: 'getCollectors',
      tags,
      summary: 'Who may collect the child: their parents and carers, and anyone else a parent or carer named',
      description: 'Read as the consents are: the child’s parents and carers, the staff of the child’s teams, the welfare officer and admins.',
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(CollectorsSchema, 'Who may collect'), 401: e('Not signed in'), 403: e('Not allowed to see this child’s details') },
    }),
    readById(({ juniors }, user, childId) => juniors.collectors(user, childId)),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/collectors',
      operationId: 'setCollectors',
      tags,
      summary: 'Name the others who may collect the child (a parent or carer who can answer for them)',
      description: 'Free text, up to 500 characters; empty for nobody besides the parents and carers. Staff see it on the match-day card.',
      security,
      request: { params: IdParam, body: jsonBody(collectorsInputSchema) },
      responses: {
        200: jsonContent(CollectorsSchema, 'Saved'),
        401: e('Not signed in'),
        403: e('Not a parent or carer who can answer for this child'),
        422: e('Invalid input'),
      },
    }),
    async (c) => c.json(await c.get('services').juniors.setCollectors(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  );
