import { mayEnterAdmin } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import { messageCreateSchema } from '../../shared/contracts/documents';
import { MessageSchema } from '../../shared/contracts/documents';
import { router, writesNeed } from './env';
import { ErrorSchema, jsonBody, jsonContent } from './openapi';

const security = [{ bearer: [] }];
const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Signed in without the role'),
};

/** /api/messages: messages from the club to all players or one. */
const messagesBase = router();
messagesBase.use('*', writesNeed(mayEnterAdmin));

export const messagesApi = messagesBase
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'sendMessage',
      tags: ['Messages'],
      summary: 'Send a message to all players or one (admin, staff); recipients are notified',
      security,
      request: { body: jsonBody(messageCreateSchema) },
      responses: { 201: jsonContent(MessageSchema, 'Sent'), 422: jsonContent(ErrorSchema, 'Invalid input'), ...errors },
    }),
    async (c) => c.json(await c.get('services').messages.send(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listMessages',
      tags: ['Messages'],
      summary: 'Every message sent (admin)',
      security,
      responses: { 200: jsonContent(z.array(MessageSchema), 'Messages, newest first'), ...errors },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').messages.list(c.get('user')), 200);
    },
  );
