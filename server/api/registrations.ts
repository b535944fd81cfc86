import { mayManageMembership } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import {
  RegistrationDecisionSchema,
  RegistrationSchema,
  approveRegistrationSchema,
  registrationListQuerySchema,
  rejectRegistrationSchema,
} from '../../shared/contracts/registrations';
import { router, writesNeed } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';

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
