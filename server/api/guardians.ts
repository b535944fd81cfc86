import { createRoute, z } from '@hono/zod-openapi';
import {
  ChildSchema,
  GuardianDecisionSchema,
  GuardianInvitationPreviewSchema,
  GuardianInvitationSchema,
  GuardianLinkSchema,
  GuardianRequestSchema,
  guardianInvitationSchema,
  guardianRequestApproveSchema,
  guardianRequestRejectSchema,
  guardianRequestSchema,
} from '../../shared/contracts/juniors';
import { router } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';

const security = [{ bearer: [] }];
const tags = ['Parents and carers'];
const e = (description: string) => jsonContent(ErrorSchema, description);
const TokenParam = z.object({
  token: z
    .string()
    .max(200)
    .openapi({ param: { name: 'token', in: 'path' } }),
});
const StatusQuery = z.object({
  status: z
    .enum(['pending', 'approved', 'rejected'])
    .optional()
    .openapi({ param: { name: 'status', in: 'query' }, description: 'Default: pending' }),
});
/** Signed in: `{}`; otherwise the new login's details (checked by the service: guardianAccountSchema). */
const AcceptBody = z
  .object({
    full_name: z.string().max(200).optional(),
    username: z.string().max(50).optional(),
    password: z.string().max(200).optional(),
    /** The privacy notice version the page showed (issue 34); omitted: the current one. */
    notice_version: z.union([z.number(), z.string().max(12)]).optional(),
  })
  .openapi('GuardianAccount');
const noStore = (c: { header: (name: string, value: string) => void }) => c.header('Cache-Control', 'no-store');

/** /api/guardian-invitations: the club invites a parent or carer; the link is single-use, 7 days (issue 23). */
export const guardianInvitationsApi = router()
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'inviteGuardian',
      tags,
      summary: 'Invite a parent or carer of a junior (admins, secretary, welfare officer; a child’s primary parent or carer invites the other one)',
      description:
        'Mails a single-use link valid 7 days to the address; only the link’s hash is kept. A primary parent or carer may invite for their own child only, ' +
        'as `secondary` or `view_only` (issue 31).',
      security,
      request: { body: jsonBody(guardianInvitationSchema) },
      responses: {
        201: jsonContent(GuardianInvitationSchema, 'Invited'),
        401: e('Not signed in'),
        403: e('Not an admin, secretary or welfare officer, nor the child’s primary parent or carer'),
        422: e('Invalid input, the player is not a junior, or a parent inviting someone as primary'),
      },
    }),
    async (c) => c.json(await c.get('services').juniors.invite(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{token}',
      operationId: 'getGuardianInvitation',
      tags,
      summary: 'What an invitation link is for (the child by first name) and whether it can still be used',
      security: [],
      request: { params: TokenParam },
      responses: { 200: jsonContent(GuardianInvitationPreviewSchema, 'The invitation'), 404: e('No such invitation') },
    }),
    async (c) => {
      noStore(c);
      return c.json(await c.get('services').juniors.preview(c.req.valid('param').token), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{token}/accept',
      operationId: 'acceptGuardianInvitation',
      tags,
      summary: 'Accept an invitation: signed in, your login is linked; otherwise the body creates your login',
      description: 'Works once (409 after, or after 7 days). The new login’s address is the one the invitation went to.',
      security,
      request: { params: TokenParam, body: jsonBody(AcceptBody) },
      responses: {
        201: jsonContent(GuardianLinkSchema, 'Linked to the child'),
        404: e('No such invitation'),
        409: e('Used already or expired, or the username or address is taken'),
        422: e('Invalid account details'),
      },
    }),
    async (c) => c.json(await c.get('services').juniors.accept(c.get('user'), c.req.valid('param').token, c.req.valid('json')), 201),
  );

/** /api/guardian-requests: "I am a parent or carer", decided by the secretary or the welfare officer. */
export const guardianRequestsApi = router()
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'requestGuardianLink',
      tags,
      summary: 'Ask to be linked to your child (any signed-in user)',
      security,
      request: { body: jsonBody(guardianRequestSchema) },
      responses: {
        201: jsonContent(GuardianRequestSchema, 'Waiting for the club'),
        401: e('Not signed in'),
        422: e('Invalid input, or the child is 18 or over'),
      },
    }),
    async (c) => c.json(await c.get('services').juniors.request(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listGuardianRequests',
      tags,
      summary: 'Requests by status (secretary, welfare officer, admins: all; anyone else: their own)',
      security,
      request: { query: StatusQuery },
      responses: {
        200: jsonContent(z.array(GuardianRequestSchema), 'Requests, pending oldest first'),
        401: e('Not signed in'),
        403: e('A registration still waiting for approval (issue 30)'),
        422: e('Unknown status'),
      },
    }),
    async (c) => {
      noStore(c);
      return c.json(await c.get('services').juniors.list(c.get('user'), c.req.valid('query')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/approve',
      operationId: 'approveGuardianRequest',
      tags,
      summary: 'Approve: link to an existing junior (player_id) or create the child as a new junior member of a junior team (team_id)',
      description: 'A new child joins the junior team given (default: the one the parent named); it must be a junior team. The child has no position and no adult squad group.',
      security,
      request: { params: IdParam, body: jsonBody(guardianRequestApproveSchema) },
      responses: {
        200: jsonContent(GuardianDecisionSchema, 'Approved; the parent is mailed'),
        401: e('Not signed in'),
        403: e('Not an admin, secretary or welfare officer'),
        404: e('No pending request has this id'),
        422: e('Invalid input, the player is not a junior, or no junior team was chosen for a new child'),
      },
    }),
    async (c) => c.json(await c.get('services').juniors.approve(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/reject',
      operationId: 'rejectGuardianRequest',
      tags,
      summary: 'Turn a request down with a reason (mailed to the requester)',
      security,
      request: { params: IdParam, body: jsonBody(guardianRequestRejectSchema) },
      responses: {
        200: jsonContent(GuardianDecisionSchema, 'Rejected; the requester is mailed the reason'),
        401: e('Not signed in'),
        403: e('Not an admin, secretary or welfare officer'),
        404: e('No pending request has this id'),
        422: e('No reason given'),
      },
    }),
    async (c) => c.json(await c.get('services').juniors.reject(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  );

/** /api/guardians/me/children: the children a login is a parent or carer of. */
export const guardiansMeApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/me/children',
    operationId: 'myChildren',
    tags,
    summary: 'Your children (while under 18): teams, age group and your level',
    security,
    responses: { 200: jsonContent(z.array(ChildSchema), 'Your children'), 401: e('Not signed in') },
  }),
  async (c) => {
    noStore(c);
    return c.json(await c.get('services').juniors.myChildren(c.get('user')), 200);
  },
);
