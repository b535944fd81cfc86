import { mayRunTheClub } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import { mailSenderName } from '../../shared/club';
import { testMailSchema } from '../../shared/mail';
import { OUTBOX_STATUSES } from '../../shared/mail';
import { OutboxListSchema, OutboxMessageSchema, TestMailSentSchema } from '../../shared/contracts/outbox';
import { testMail } from '../mail/templates';
import { router, writesNeed } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';

const StatusQuery = z.object({
  status: z
    .enum(OUTBOX_STATUSES, { error: `status must be one of ${OUTBOX_STATUSES.join(', ')}` })
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
});

const security = [{ bearer: [] }];
const adminErrors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not an admin'),
};

const base = router();
// Signed out or not an admin: refused before the body is looked at.
base.use('/outbox/*', writesNeed(mayRunTheClub));

/** /api/admin/outbox: what the site has sent or is trying to send, and a test mail. */
export const outboxApi = base
  .openapi(
    createRoute({
      method: 'get',
      path: '/outbox',
      operationId: 'listOutbox',
      tags: ['Mail'],
      summary: 'Outgoing e-mail, newest first (admin)',
      description: 'At most 100 messages, optionally of one status, with the count of each status and whether SMTP_URL is set.',
      security,
      request: { query: StatusQuery },
      responses: {
        200: jsonContent(OutboxListSchema, 'The outbox'),
        422: jsonContent(ErrorSchema, 'Unknown status'),
        ...adminErrors,
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').outbox.list(c.get('user'), c.req.valid('query').status), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/outbox/{id}/retry',
      operationId: 'retryOutboxMessage',
      tags: ['Mail'],
      summary: 'Send a failed or dead message again (admin)',
      description: 'Puts it back in the queue for an attempt now, with a fresh set of retries.',
      security,
      request: { params: IdParam },
      responses: {
        200: jsonContent(OutboxMessageSchema, 'Queued again'),
        404: jsonContent(ErrorSchema, 'Unknown message'),
        409: jsonContent(ErrorSchema, 'The message is pending or already sent'),
        ...adminErrors,
      },
    }),
    async (c) => c.json(await c.get('services').outbox.retry(c.get('user'), c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/outbox/test',
      operationId: 'sendTestMail',
      tags: ['Mail'],
      summary: 'Send a test e-mail now (admin)',
      description:
        "Sent straight over SMTP (not queued), so the answer is the mail server's own: its acceptance (200), or its error " +
        '(502, the error in detail). 503 when SMTP_URL is not set.',
      security,
      request: { body: jsonBody(testMailSchema) },
      responses: {
        200: jsonContent(TestMailSentSchema, 'The SMTP server accepted it'),
        422: jsonContent(ErrorSchema, 'Missing or malformed address'),
        502: jsonContent(ErrorSchema, 'The SMTP server refused it or could not be reached; detail is its answer'),
        503: jsonContent(ErrorSchema, 'Mail is not configured (SMTP_URL)'),
        ...adminErrors,
      },
    }),
    async (c) => {
      const { to } = c.req.valid('json');
      const services = c.get('services');
      const sender = mailSenderName(await services.identity.refresh());
      const result = await services.outbox.sendTest(c.get('user'), to, services.mail.compose(testMail, {}), sender);
      if (!result.ok) return c.json({ detail: result.error }, services.outbox.configured ? 502 : 503);
      return c.json({ detail: `The mail server accepted the test e-mail to ${to}.`, response: result.response }, 200);
    },
  );
