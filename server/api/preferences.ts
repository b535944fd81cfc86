import { createRoute, z } from '@hono/zod-openapi';
import { preferencesInputSchema } from '../../shared/mail';
import { NotificationPreferenceSchema } from '../../shared/contracts/notifications';
import { router, writesNeed, ANY_LOGIN } from './env';
import { ErrorSchema, jsonBody, jsonContent } from './openapi';

const UnsubscribeQuery = z.object({
  user: z.string().max(100).openapi({ param: { name: 'user', in: 'query' } }),
  kind: z.string().max(100).openapi({ param: { name: 'kind', in: 'query' } }),
  sig: z.string().max(100).openapi({ param: { name: 'sig', in: 'query' } }),
});

/**
 * The signed-in user's e-mail preferences (which kinds of e-mail they get) and the signed one-click
 * unsubscribe: `/api/preferences`. The same routes under `/api/notifications/…` are their earlier
 * paths, kept for older clients and marked deprecated in the OpenAPI document.
 */
function preferencesRouter<P extends string, U extends string>(paths: { preferences: P; unsubscribe: U }, alias: boolean) {
  const base = router();
  base.use(paths.preferences, writesNeed(ANY_LOGIN));
  const id = (current: string, earlier: string) => (alias ? earlier : current);
  const deprecated = alias ? { deprecated: true } : {};
  const tags = ['Preferences'];
  return base
    .openapi(
      createRoute({
        method: 'get',
        path: paths.preferences,
        operationId: id('getEmailPreferences', 'getNotificationPreferences'),
        tags,
        ...deprecated,
        summary: alias ? 'My e-mail preferences (deprecated: GET /api/preferences)' : 'My e-mail preferences',
        description:
          'One entry per kind of e-mail that can be turned off; on unless turned off. `push`: whether that kind comes as a notification on ' +
          'the devices where the user turned notifications on, instead of the e-mail (on unless turned off; absent for kinds sent by e-mail only).',
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
        path: paths.preferences,
        operationId: id('setEmailPreferences', 'setNotificationPreferences'),
        tags,
        ...deprecated,
        summary: alias ? 'Turn kinds of e-mail on or off (deprecated: PUT /api/preferences)' : 'Turn kinds of e-mail on or off',
        description:
          'Any subset of the kinds, each true (send) or false (do not send); the others stay as they are. Under `push`, the same for ' +
          'notifications on the devices (a kind sent by e-mail only is 422).',
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
        path: paths.unsubscribe,
        operationId: id('unsubscribeWithLink', 'unsubscribeOneClick'),
        tags,
        ...deprecated,
        summary: alias ? 'Unsubscribe with a signed link (deprecated: POST /api/preferences/unsubscribe)' : 'Unsubscribe with a signed link',
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
}

/** /api/preferences: e-mail preferences and the signed unsubscribe. */
export const preferencesApi = preferencesRouter({ preferences: '/', unsubscribe: '/unsubscribe' }, false);
/** /api/notifications/preferences and /api/notifications/unsubscribe: the earlier paths, deprecated. */
export const notificationsAliasApi = preferencesRouter({ preferences: '/preferences', unsubscribe: '/unsubscribe' }, true);
