import { createRoute, z } from '@hono/zod-openapi';
import {
  PrivacyRequestSchema,
  PrivacySubjectSchema,
  privacyCompletionSchema,
  privacyExtensionSchema,
  privacyIdentitySchema,
  privacyRequestInputSchema,
} from '../../../shared/contracts/privacy';
import { mayHandlePersonalData } from '../../policy';
import { guardedRouter, readById, writesNeed } from '../env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from '../openapi';

const security = [{ bearer: [] }];
const tags = ['Personal data'];
const WHO = 'the data protection lead, the secretary and admins';
const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, `Not ${WHO}`),
};
const changeAnswers = {
  200: jsonContent(PrivacyRequestSchema, 'Saved'),
  ...errors,
  404: jsonContent(ErrorSchema, 'No such request'),
  409: jsonContent(ErrorSchema, 'Someone changed the request after you read it (who and when)'),
  422: jsonContent(ErrorSchema, 'Invalid input, or the request is closed'),
};

/** /api/privacy/requests: personal-data requests and their deadlines (issue 34). */
export const privacyRequestsApi = guardedRouter({ '/requests': writesNeed(mayHandlePersonalData), '/requests/*': writesNeed(mayHandlePersonalData) })
  .openapi(
    createRoute({
      method: 'post',
      path: '/requests',
      operationId: 'createPrivacyRequest',
      tags,
      summary: `Record a personal-data request (${WHO})`,
      description:
        'About one member or child (`player_id`) or one login (`user_id`). `due_on` is one calendar month after `received_on`, moved to the next working day ' +
        '(England and Wales bank holidays). A parent asks only for a child under 18 on `received_on`; given `requested_by_user_id`, that login must be the ' +
        'child’s parent or carer with parental responsibility (primary or secondary), never a view-only or former one.',
      security,
      request: { body: jsonBody(privacyRequestInputSchema) },
      responses: {
        201: jsonContent(PrivacyRequestSchema, 'Recorded'),
        ...errors,
        422: jsonContent(ErrorSchema, 'Invalid input, an unknown subject, or a requester who may not ask'),
      },
    }),
    async (c) => c.json(await c.get('services').privacyRequests.create(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/requests',
      operationId: 'listPrivacyRequests',
      tags,
      summary: `Personal-data requests: open ones first by due date, then the rest newest first (${WHO})`,
      security,
      responses: { 200: jsonContent(z.array(PrivacyRequestSchema), 'The requests'), ...errors },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').privacyRequests.list(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/requests/{id}',
      operationId: 'getPrivacyRequest',
      tags,
      summary: `One personal-data request (${WHO})`,
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(PrivacyRequestSchema, 'The request'), ...errors, 404: jsonContent(ErrorSchema, 'No such request') },
    }),
    readById((services, user, id) => services.privacyRequests.get(user, id)),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/requests/{id}/identity',
      operationId: 'checkPrivacyRequestIdentity',
      tags,
      summary: `Record the day the requester’s identity was checked (${WHO})`,
      security,
      request: { params: IdParam, body: jsonBody(privacyIdentitySchema) },
      responses: changeAnswers,
    }),
    async (c) => c.json(await c.get('services').privacyRequests.checkIdentity(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/requests/{id}/extension',
      operationId: 'extendPrivacyRequest',
      tags,
      summary: `Extend the time limit by one or two further months (${WHO})`,
      description:
        'Once per request, with a reason, and only if the person was told within the first month (`notified_on` no later than the first due date). ' +
        '`extended_to` is the same calendar-month rule over 1 + `months` months.',
      security,
      request: { params: IdParam, body: jsonBody(privacyExtensionSchema) },
      responses: changeAnswers,
    }),
    async (c) => c.json(await c.get('services').privacyRequests.extend(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/requests/{id}/complete',
      operationId: 'completePrivacyRequest',
      tags,
      summary: `Close a request as completed or refused, saying what was done (${WHO})`,
      security,
      request: { params: IdParam, body: jsonBody(privacyCompletionSchema) },
      responses: changeAnswers,
    }),
    async (c) => c.json(await c.get('services').privacyRequests.complete(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/subjects',
      operationId: 'listPrivacySubjects',
      tags,
      summary: `Who a request can be about: members, children (with their parents and carers) and parents’ logins (${WHO})`,
      security,
      responses: { 200: jsonContent(z.array(PrivacySubjectSchema), 'Members, children and parents'), ...errors },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').privacyRequests.subjects(c.get('user')), 200);
    },
  );
