import { createRoute, z } from '@hono/zod-openapi';
import { PushDeviceSchema, PushKeySchema, PushSubscribedSchema, PushSubscriptionInputSchema } from '../../shared/contracts/push';
import { ANY_LOGIN, doneById, router, writesNeed } from './env';
import { ErrorSchema, IdParam, anyClientError, jsonBody, jsonContent } from './openapi';

const security = [{ bearer: [] }];
const tags = ['Push'];
const signedOut = { 401: jsonContent(ErrorSchema, 'Not signed in') };

/**
 * /api/push (issue 35): the site's VAPID public key, and the caller's devices that receive
 * notifications. Endpoints only on the real push services' origins (or PUSH_ALLOWED_ORIGINS):
 * the server never sends requests to an address a member typed.
 */
const pushBase = router();
pushBase.use('/subscriptions/*', writesNeed(ANY_LOGIN));
pushBase.use('/subscriptions', writesNeed(ANY_LOGIN));

export const pushApi = pushBase
  .openapi(
    createRoute({
      method: 'get',
      path: '/key',
      operationId: 'getPushKey',
      tags,
      summary: "The site's VAPID public key, for pushManager.subscribe()",
      description:
        'The key (base64url, an uncompressed P-256 point) is made at the first start and kept in the database. While Web Push is off ' +
        '(the operator has not set VAPID_SUBJECT) `public_key` is null and `reason` says why: notifications then go by e-mail.',
      security: [],
      responses: { 200: jsonContent(PushKeySchema, 'The key, or null with the reason'), ...anyClientError },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').push.publicKey(), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/subscriptions',
      operationId: 'subscribeToPush',
      tags,
      summary: "Turn notifications on for this device (the browser's PushSubscription)",
      description:
        'Stores the device for the caller: 201 with its id. The same endpoint again answers 200 with the same id (the keys are ' +
        'updated, and the device is linked to the caller if someone else had it). An endpoint that is not on a push service ' +
        "(Google, Mozilla, Apple, Microsoft, or the operator's PUSH_ALLOWED_ORIGINS) is refused with 422.",
      security,
      request: { body: jsonBody(PushSubscriptionInputSchema) },
      responses: {
        201: jsonContent(PushSubscribedSchema, 'Stored'),
        200: jsonContent(PushSubscribedSchema, 'Known already: the same device'),
        422: jsonContent(ErrorSchema, 'Not a push service, or keys that are not a browser’s'),
        ...signedOut,
      },
    }),
    async (c) => {
      const { id, created } = await c.get('services').push.subscribe(c.get('user'), c.req.valid('json'), c.req.header('user-agent'), c.get('token'));
      return created ? c.json({ id }, 201) : c.json({ id }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/subscriptions',
      operationId: 'listPushDevices',
      tags,
      summary: 'My devices that receive notifications',
      security,
      responses: { 200: jsonContent(z.array(PushDeviceSchema), 'Devices, oldest first'), ...signedOut },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').push.list(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/subscriptions/{id}',
      operationId: 'removePushDevice',
      tags,
      summary: 'Stop notifications to one of my devices',
      description: "Only one's own device: anyone else's answers 404, as an unknown one does.",
      security,
      request: { params: IdParam },
      responses: {
        200: jsonContent(z.object({ detail: z.string() }), 'Removed'),
        404: jsonContent(ErrorSchema, 'Not one of my devices'),
        ...signedOut,
      },
    }),
    doneById('Device removed: it will get no more notifications.', ({ push }, user, id) => push.remove(user, id)),
  );
