import { mayManageMembership } from '../../policy';
import { createRoute, z } from '@hono/zod-openapi';
import {
  RegistrationDecisionSchema,
  RegistrationSchema,
  approveRegistrationSchema,
  registrationListQuerySchema,
  rejectRegistrationSchema,
} from '../../../shared/contracts/registrations';
import { registrationSchema } from '../../../shared/contracts/players';
import { REGISTRATION_RECEIVED } from '../../../shared/members';
import { router, writesNeed } from '../env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from '../openapi';
import { NewLoginAnswer, errors as playerErrors } from './answers';

const security = [{ bearer: [] }];
const tags = ['Registrations'];
const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Neither an admin nor the secretary'),
};
const decisionErrors = {
  ...errors,
  404: jsonContent(ErrorSchema, 'No registration waits with this id (decided already), or the record to link to is unknown'),
  409: jsonContent(ErrorSchema, 'The record to link to has a login already'),
  422: jsonContent(ErrorSchema, 'Invalid input'),
};

/** POST /api/players/register: a newcomer registers, as a member waiting for approval. */
export const playerRegistrationApi = router()
  .openapi(
    createRoute({
      method: 'post',
      path: '/register',
      operationId: 'registerPlayer',
      tags: ['Players'],
      summary: 'Register as a player',
      description:
        'Creates a user with role player (whatever the body says) and the linked squad record in one transaction, as a pending ' +
        'member: on no public page, in no team and counted nowhere until the secretary or an admin approves it. ' +
        'The confirmation password is checked by the form and never sent. An e-mail address that already has an account gets the same answer ' +
        '(nothing is created and the owner of the address is told by mail), so this never tells anyone who is a member; a username already taken answers 409.',
      security: [],
      request: { body: jsonBody(registrationSchema) },
      responses: {
        201: jsonContent(
          NewLoginAnswer.extend({
            status: z.literal('pending').openapi({ description: 'Waiting for the club to approve (POST /api/admin/registrations/{id}/approve)' }),
          }),
          'Registered, waiting for approval',
        ),
        409: jsonContent(ErrorSchema, 'Username already registered'),
        422: playerErrors[422],
        429: jsonContent(ErrorSchema, 'Too many registrations from this connection in the last hour; see Retry-After'),
      },
    }),
    async (c) => {
      const { user, player_id } = await c.get('services').players.register(c.req.valid('json'), c.get('clientAddress'));
      return c.json({ detail: REGISTRATION_RECEIVED, user, player_id, status: 'pending' as const }, 201);
    },
  );

/** /api/admin/registrations: members waiting for the club's approval (issue 21). */
const base = router();
base.use('/registrations/*', writesNeed(mayManageMembership));
export const registrationsApi = base
  .openapi(
    createRoute({
      method: 'get',
      path: '/registrations',
      operationId: 'listRegistrations',
      tags,
      summary: 'Registrations waiting for approval (admin or secretary)',
      description: 'Oldest first; each with the existing player records without a login that look like the same person.',
      security,
      request: { query: registrationListQuerySchema },
      responses: { 200: jsonContent(z.array(RegistrationSchema), 'The pending registrations'), ...errors, 422: decisionErrors[422] },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      // status is validated by the route (pending is the only list there is).
      return c.json(await c.get('services').registrations.list(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/registrations/{id}/approve',
      operationId: 'approveRegistration',
      tags,
      summary: 'Approve a registration, as a new player or linked onto an existing record',
      description:
        'Without link_player_id the member joins team_id (default: the first team). With it, the login moves onto that record ' +
        '(which keeps its history) and the registration’s own record goes. The member is mailed either way.',
      security,
      request: { params: IdParam, body: { ...jsonBody(approveRegistrationSchema), required: false } },
      responses: { 200: jsonContent(RegistrationDecisionSchema, 'Approved'), ...decisionErrors },
    }),
    // The body is optional: none approves as a new player in the first team.
    async (c) => c.json(await c.get('services').registrations.approve(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/registrations/{id}/reject',
      operationId: 'rejectRegistration',
      tags,
      summary: 'Turn a registration down, with a reason mailed to the registrant',
      description: 'The pending member and their account are removed.',
      security,
      request: { params: IdParam, body: jsonBody(rejectRegistrationSchema) },
      responses: { 200: jsonContent(RegistrationDecisionSchema, 'Rejected'), ...decisionErrors },
    }),
    async (c) => c.json(await c.get('services').registrations.reject(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  );
