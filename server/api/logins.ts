import { createRoute, z } from '@hono/zod-openapi';
import { LoginsOverviewSchema, accessReasonSchema } from '../../shared/contracts/access';
import { router } from './env';
import { ErrorSchema, jsonBody, jsonContent } from './openapi';

const security = [{ bearer: [] }];
const tags = ['Safeguarding'];
const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not an admin or the welfare officer'),
};
const writeErrors = {
  ...errors,
  404: jsonContent(ErrorSchema, 'No login has this id'),
  409: jsonContent(ErrorSchema, 'Already so; your own login; the club’s only admin; or a member who left (use Back in the club)'),
  422: jsonContent(ErrorSchema, 'No reason given'),
};
const LoginParam = z.object({
  id: z
    .string()
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
});
const switchRoute = (direction: 'off' | 'on') =>
  createRoute({
    method: 'post',
    path: `/logins/{id}/switch-${direction}`,
    operationId: direction === 'off' ? 'switchLoginOff' : 'switchLoginOn',
    tags,
    summary:
      direction === 'off'
        ? 'Switch a login off, with a reason (admins, the welfare officer)'
        : 'Switch a login on again, with a reason (admins, the welfare officer)',
    description:
      direction === 'off'
        ? 'Any login, a parent’s or carer’s too. It cannot sign in, its sessions end at once, and its password and address links change nothing. Not your own; never the club’s only admin. Recorded with who, when and why.'
        : 'A login the club switched off. A member who left the club comes back through POST /api/players/{id}/return instead (409). Recorded with who, when and why.',
    security,
    request: { params: LoginParam, body: jsonBody(accessReasonSchema) },
    responses: { 200: jsonContent(LoginsOverviewSchema, 'Done: the logins and the record of changes'), ...writeErrors },
  });

/** /api/admin/logins: switching logins off and on, and the record of access changes (issue 30). */
export const loginsApi = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/logins',
      operationId: 'listLogins',
      tags,
      summary: 'Every login, switched-off ones first, and the record of access changes (admins, the welfare officer)',
      description: 'Access changes: logins switched off and on and parents’ or carers’ links removed, each with who, when and why (latest 100).',
      security,
      responses: { 200: jsonContent(LoginsOverviewSchema, 'The logins and the record'), ...errors },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').logins.overview(c.get('user')), 200);
    },
  )
  .openapi(switchRoute('off'), async (c) => c.json(await c.get('services').logins.switchOff(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200))
  .openapi(switchRoute('on'), async (c) => c.json(await c.get('services').logins.switchOn(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200));
