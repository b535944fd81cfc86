import { createRoute, z } from '@hono/zod-openapi';
import { joinUsInputSchema } from '../../shared/content';
import { doneById, router } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';
import { JoinUsSubmissionSchema } from '../../shared/contracts/join-us';

const adminErrors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not an admin'),
};

export const joinUsApi = router()
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createJoinUsApplication',
      tags: ['Join us'],
      summary: 'Send a join-us application (public)',
      description: 'whatsapp_url is present when the club has a WhatsApp number in its settings.',
      security: [],
      request: { body: jsonBody(joinUsInputSchema) },
      responses: {
        201: jsonContent(JoinUsSubmissionSchema.extend({ whatsapp_url: z.string().optional() }), 'Stored'),
        413: jsonContent(ErrorSchema, 'Body over 1 MB'),
        422: jsonContent(ErrorSchema, 'Invalid application'),
        429: jsonContent(ErrorSchema, 'Too many applications from this connection in the last hour; see Retry-After'),
      },
    }),
    async (c) => c.json(await c.get('services').joinUs.submit(c.req.valid('json'), c.get('clientAddress')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listJoinUsApplications',
      tags: ['Join us'],
      summary: 'Applications, newest first (admin)',
      security: [{ bearer: [] }],
      responses: { 200: jsonContent(z.array(JoinUsSubmissionSchema), 'Submissions'), ...adminErrors },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').joinUs.list(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      operationId: 'deleteJoinUsApplication',
      tags: ['Join us'],
      summary: 'Delete an application (admin)',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: { 200: jsonContent(z.object({ detail: z.string() }), 'Deleted'), 404: jsonContent(ErrorSchema, 'Unknown submission'), ...adminErrors },
    }),
    doneById('Submission deleted successfully!', ({ joinUs }, user, id) => joinUs.remove(user, id)),
  );
