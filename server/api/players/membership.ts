import { mayManageMemberRecords } from '../../policy';
import { createRoute } from '@hono/zod-openapi';
import { MembershipChangeSchema as Result, PlayerErasureSchema as Erasure } from '../../../shared/contracts/membership';
import { router, writesNeed } from '../env';
import { ErrorSchema, IdParam, jsonContent } from '../openapi';

const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not an admin'),
  404: jsonContent(ErrorSchema, 'Unknown player'),
  409: jsonContent(ErrorSchema, 'Already left, or not left; or leaving would take the club’s only admin or (with junior teams) only welfare officer'),
};
const change = <P extends string>(path: P, operationId: string, summary: string, description: string) =>
  createRoute({
    method: 'post',
    path,
    operationId,
    tags: ['Player management'],
    summary,
    description,
    security: [{ bearer: [] }],
    request: { params: IdParam },
    responses: { 200: jsonContent(Result, summary), ...errors },
  });

/**
 * POST /api/players/{id}/leave and /return: archiving a member and bringing them back (issue 21);
 * GET /api/players/{id}/erasure: what deleting them would remove.
 */
const base = router();
base.use('/:id/leave', writesNeed(mayManageMemberRecords));
base.use('/:id/return', writesNeed(mayManageMemberRecords));
export const membershipApi = base
  .openapi(
    change(
      '/{id}/leave',
      'leaveClub',
      'Left the club',
      'Off public pages, GET /api/players and every upcoming squad; team spells end today; places on team staffs and club roles end ' +
        '(each in the record of role changes, kept for /return); the login is switched off and signed out. ' +
        'Stats, payments, attendance and answers are kept. Reversible with /return; DELETE /api/players/{id} is the erasure path.',
    ),
    async (c) => c.json(await c.get('services').membership.leave(c.get('user'), c.req.valid('param').id), 200),
  )
  .openapi(
    change(
      '/{id}/return',
      'returnToClub',
      'Back in the club',
      'Undoes leaving: the teams they left, the staff places and club roles leaving ended, their login (unless the club had switched it off before) and their place on the lists.',
    ),
    async (c) => c.json(await c.get('services').membership.comeBack(c.get('user'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/erasure',
      operationId: 'previewPlayerErasure',
      tags: ['Player management'],
      summary: 'What deleting a player removes',
      description:
        'Counted from the database: the records DELETE /api/players/{id} erases with the person (stats, payments, attendance, answers, squads, feedback, team spells…) and their login. ' +
        'For the confirmation that names the person; POST /api/players/{id}/leave keeps the history instead.',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: {
        200: jsonContent(Erasure, 'What would go'),
        401: errors[401],
        403: errors[403],
        404: errors[404],
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').membership.erasure(c.get('user'), c.req.valid('param').id), 200);
    },
  );
