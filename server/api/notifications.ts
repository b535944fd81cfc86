import { createRoute, z } from '@hono/zod-openapi';
import { preferencesInputSchema } from '../../shared/mail';
import { NotificationPreferenceSchema } from '../../shared/contracts/notifications';
import { ROLES } from '../../shared/roles';
import { router, writesNeed } from './env';
import { ErrorSchema, jsonBody, jsonContent } from './openapi';

const UnsubscribeQuery = z.object({
  user: z.string().max(100).openapi({ param: { name: 'user', in: 'query' } }),
  kind: z.string().max(100).openapi({ param: { name: 'kind', in: 'query' } }),
  sig: z.string().max(100).openapi({ param: { name: 'sig', in: 'query' } }),
});

const base = router();
base.use('/preferences', writesNeed(ROLES));

/** /api/notifications: the signed-in user's e-mail choices, and the signed one-click unsubscribe. */
export const notificationsApi = base
  .openapi(
    createRoute({
      method: 'get',
      path: '/preferences',
      operationId: 'getNotificationPreferences',
      tags: ['Notifications'],
      summary: 'My e-mail preferences',
      description: 'One entry per kind of e-mail that can be turned off; on unless turned off.',
      security: [{ bearer: [] }],
      responses: { 200: jsonContent(z.array(NotificationPreferenceSchema), 'Preferences'), 401: jsonContent(ErrorSchema, 'Not signed in') },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').mail.preferences(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/preferences',
      operationId: 'setNotificationPreferences',
      tags: ['Notifications'],
      summary: 'Turn kinds of e-mail on or off',
      description: 'Any subset of the kinds, each true (send) or false (do not send); the others stay as they are.',
      security: [{ bearer: [] }],
      request: { body: jsonBody(preferencesInputSchema) },
      responses: {
        200: jsonContent(z.array(NotificationPreferenceSchema), 'Saved; all preferences'),
        401: jsonContent(ErrorSchema, 'Not signed in'),
        422: jsonContent(ErrorSchema, 'Unknown kind, a value that is not true/false, or nothing to change'),
      },
    }),
    async (c) => c.json(await c.get('services').mail.setPreferences(c.get('user'), c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/unsubscribe',
      operationId: 'unsubscribeOneClick',
      tags: ['Notifications'],
      summary: 'Unsubscribe with a signed link',
      description:
        "Turns one kind of e-mail off for one user without signing in, given the user, kind and sig of a mail's " +
        'List-Unsubscribe link. The signature (HMAC-SHA256 with a key kept in the database) must match, so it cannot be made ' +
        'for another user or kind. Mails point at the page /unsubscribe with the same parameters, which does the same on a ' +
        'POST (RFC 8058 one-click) and asks for confirmation on a GET.',
      security: [],
      request: { query: UnsubscribeQuery },
      responses: {
        200: jsonContent(z.object({ detail: z.string() }), 'Unsubscribed'),
        403: jsonContent(ErrorSchema, 'A link that is forged, changed or for a user that no longer exists'),
        422: jsonContent(ErrorSchema, 'A parameter is missing or too long'),
      },
    }),
    async (c) => {
      const { user, kind, sig } = c.req.valid('query');
      const done = await c.get('services').mail.unsubscribe(user, kind, sig);
      return c.json({ detail: `You will no longer get e-mails about: ${done.label}.` }, 200);
    },
  );
