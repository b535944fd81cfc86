import { createRoute, z } from '@hono/zod-openapi';
import { profileUpdateSchema, FeedbackSchema, PaymentSchema, PlayerProfileSchema, PlayerStatsSchema } from '../../../shared/contracts/players';
import { DocumentSchema, MessageSchema } from '../../../shared/contracts/documents';
import { NotificationSchema } from '../../../shared/contracts/notifications';
import { doneById, guardedRouter, writesNeed, ANY_LOGIN } from '../env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from '../openapi';
import { Detail, errors, security } from './answers';

/** /api/players/me: the signed-in player's own profile, stats, payments, feedback, documents, messages and notifications. */

const portalErrors = {
  401: errors[401],
  403: jsonContent(ErrorSchema, 'A registration still waiting for approval sees its status and profile only (issue 30)'),
  404: jsonContent(ErrorSchema, 'No player profile is linked to this account'),
};

// Generic in the path and the schema, so each route's own path and answer reach the typed client.
const get = <P extends string, S extends z.ZodType, E extends object = typeof portalErrors>(
  operationId: string,
  path: P,
  summary: string,
  schema: S,
  name: string,
  tag = "Players' portal",
  err: E = portalErrors as unknown as E,
) => createRoute({ method: 'get', path, operationId, tags: [tag], summary, security, responses: { 200: jsonContent(schema, name), ...err } });

/** Marking one of my messages or notifications read (its id in the path), with the 401 and 404 answers `err`. */
const markRead = <P extends string, E extends object>(path: P, operationId: string, summary: string, err: E) =>
  createRoute({
    method: 'post',
    path,
    operationId,
    tags: ["Players' portal"],
    summary,
    security,
    request: { params: IdParam },
    responses: { 200: jsonContent(Detail, 'Marked read'), ...err },
  });

// Who may write is checked before the body is validated: 401 signed out, never a 422 for them.
const base = guardedRouter({ '/me': writesNeed(ANY_LOGIN) });

export const myPlayerApi = base
  // Mounted before the admin's /players/{id} (players/index.ts), so "me" is never taken as an id.
  .openapi(get('getMyPlayerProfile', '/me', 'My player profile', PlayerProfileSchema, 'The profile'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('services').players.me(c.get('user')), 200);
  })
  .openapi(
    createRoute({
      method: 'put',
      path: '/me',
      operationId: 'updateMyPlayerProfile',
      tags: ["Players' portal"],
      summary: 'Save my profile (Edit Profile)',
      description:
        'Also updates the account full name. A new e-mail address needs current_password (422 on that field when missing or wrong; ' +
        'wrong guesses are throttled like sign-ins, 429): it changes only when the link mailed to it is followed, and the old address is told. ' +
        'availability lists weekday names (Monday..Sunday).',
      security,
      request: { body: jsonBody(profileUpdateSchema) },
      responses: {
        200: jsonContent(PlayerProfileSchema, 'Saved'),
        409: jsonContent(ErrorSchema, 'E-mail already registered'),
        422: errors[422],
        429: jsonContent(ErrorSchema, 'Too many wrong current passwords; see Retry-After'),
        ...portalErrors,
      },
    }),
    async (c) => c.json(await c.get('services').players.updateMe(c.get('user'), c.req.valid('json'), c.get('clientAddress')), 200),
  )
  .openapi(get('getMyStats', '/me/stats', 'My stats', PlayerStatsSchema, 'Stats (training_attendance null when not recorded)'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('services').players.myStats(c.get('user')), 200);
  })
  .openapi(get('listMyPayments', '/me/payments', 'My payments', z.array(PaymentSchema), 'Payments, latest due first'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('services').players.myPayments(c.get('user')), 200);
  })
  .openapi(get('listMyFeedback', '/me/feedback', 'My coach feedback', z.array(FeedbackSchema), 'Feedback, newest first'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('services').players.myFeedback(c.get('user')), 200);
  })
  .openapi(get('listMyDocuments', '/me/documents', 'Club documents for me', z.array(DocumentSchema), 'Documents for all players and for me'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('services').portal.myDocuments(c.get('user')), 200);
  })
  .openapi(
    get(
      'listMyMessages',
      '/me/messages',
      'Messages for me',
      z.array(MessageSchema.extend({ read: z.boolean() })),
      'Messages to all players or me, newest first',
    ),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').portal.myMessages(c.get('user')), 200);
    },
  )
  .openapi(
    markRead('/me/messages/{id}/read', 'markMyMessageRead', 'Mark a message read', portalErrors),
    doneById('Marked as read', ({ portal }, user, id) => portal.readMessage(user, id)),
  )
  .openapi(
    get('listMyNotifications', '/me/notifications', 'My notifications', z.array(NotificationSchema), 'Newest first', "Players' portal", { 401: errors[401] }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').notifications.list(c.get('user')), 200);
    },
  )
  .openapi(
    markRead('/me/notifications/{id}/read', 'markMyNotificationRead', 'Mark a notification read (saved)', {
      401: errors[401],
      404: jsonContent(ErrorSchema, 'Unknown notification'),
    }),
    doneById('Marked as read', ({ notifications }, user, id) => notifications.markRead(user, id)),
  );
