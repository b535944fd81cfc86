import { createRoute, z } from '@hono/zod-openapi';
import { MAIL_KIND_IDS, preferencesInputSchema } from '../../shared/mail';
import { ROLES } from '../../shared/roles';
import { router, writesNeed } from './env';
import { ErrorSchema, jsonBody, jsonContent } from './openapi';

const PreferenceSchema = z
  .object({ kind: z.enum(MAIL_KIND_IDS), label: z.string(), email: z.boolean() })
  .openapi('NotificationPreference');

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
      responses: { 200: jsonContent(z.array(PreferenceSchema), 'Preferences'), 401: jsonContent(ErrorSchema, 'Not signed in') },
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
        200: jsonContent(z.array(PreferenceSchema), 'Saved; all preferences'),
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
      summary: 'One-click unsubscribe (RFC 8058)',
      description:
        "The List-Unsubscribe link of a mail: turns that kind of e-mail off for that user without signing in. The link's " +
        'signature (HMAC-SHA256 with a key kept in the database) must match, so it cannot be made for another user or kind. ' +
        'The body mail providers send (`List-Unsubscribe=One-Click`) is accepted and not needed.',
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
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/unsubscribe',
      operationId: 'openUnsubscribePage',
      tags: ['Notifications'],
      summary: 'The unsubscribe link opened in a browser',
      description: 'Changes nothing (link scanners open links too): redirects to the page where the reader confirms.',
      security: [],
      request: { query: UnsubscribeQuery },
      responses: { 303: { description: 'To /unsubscribe with the same parameters' }, 422: jsonContent(ErrorSchema, 'A parameter is missing or too long') },
    }),
    (c) => {
      const { user, kind, sig } = c.req.valid('query');
      return c.redirect(`/unsubscribe?${new URLSearchParams({ user, kind, sig })}`, 303);
    },
  );
