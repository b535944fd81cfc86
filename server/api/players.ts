import { mayManageMemberRecords, runsAnyTeam } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  createPlayerAccountSchema,
  feedbackCreateSchema,
  paymentCreateSchema,
  paymentStatusSchema,
  profileUpdateSchema,
  registrationSchema,
  statsUpdateSchema,
} from '../../shared/contracts/players';
import { type SessionUser } from '../../shared/roles';
import { REGISTRATION_RECEIVED, invitationSent } from '../../shared/members';
import type { Services } from '../services';
import { doneById, guardedRouter, readById, router, writesNeed, type AppEnv, ANY_LOGIN } from './env';
import { ErrorSchema, IdParam, UserSchema, jsonBody, jsonContent } from './openapi';
import { FeedbackSchema, PaymentSchema, PlayerProfileSchema, PlayerStatsSchema } from '../../shared/contracts/players';
import { DocumentSchema, MessageSchema } from '../../shared/contracts/documents';
import { NotificationSchema } from '../../shared/contracts/notifications';

const security = [{ bearer: [] }];

export const Detail = z.object({ detail: z.string() });

/** The answers every player route documents (the password reset's too). */
export const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Signed in without the role, or another player'),
  404: jsonContent(ErrorSchema, 'Unknown player (or no player linked to this account)'),
  422: jsonContent(ErrorSchema, 'Invalid input'),
};
const portalErrors = {
  401: errors[401],
  403: jsonContent(ErrorSchema, 'A registration still waiting for approval sees its status and profile only (issue 30)'),
  404: jsonContent(ErrorSchema, 'No player profile is linked to this account'),
};

/** The 201 answer when a login is made for a squad record (registration, or an admin making it). */
const NewLoginAnswer = z.object({ detail: z.string(), user: UserSchema, player_id: z.string().uuid() });

const PlayerAndPayment = z.object({
  id: IdParam.shape.id,
  paymentId: z
    .string()
    .max(100)
    .openapi({ param: { name: 'paymentId', in: 'path' } }),
});

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

/** Reading one player's records in player management (the player's id in the path). */
const playerRecords = <P extends string, S extends z.ZodType>(path: P, operationId: string, summary: string, schema: S, answer: string) =>
  createRoute({
    method: 'get',
    path,
    operationId,
    tags: ['Player management'],
    summary,
    security,
    request: { params: IdParam },
    responses: { 200: jsonContent(schema, answer), ...errors },
  });

/** Adding to or changing one player's records in player management: the body in, the `ok` answer out. */
const changePlayer = <M extends 'put' | 'post', P extends string, B extends z.ZodType, O extends object>(
  method: M,
  path: P,
  operationId: string,
  doc: { summary: string; description: string },
  body: B,
  ok: O,
) =>
  createRoute({
    method,
    path,
    operationId,
    tags: ['Player management'],
    ...doc,
    security,
    request: { params: IdParam, body: jsonBody(body) },
    responses: { ...ok, ...errors },
  });

/** Adds the body to the records of the player in the path, as the signed-in user, with the service method `pick` gives: 201 with what was added. */
const added =
  <I, T>(pick: (services: Services) => (user: SessionUser | null, playerId: string, input: I) => Promise<T>) =>
  async <P extends string>(c: Context<AppEnv, P, { out: { param: { id: string }; json: I } }>) =>
    c.json(await pick(c.get('services'))(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 201);

// Who may write is checked before the body is validated: 401 signed out, 403 without the role, never a 422 for them.
const base = guardedRouter({
  '/me': writesNeed(ANY_LOGIN),
  '/:id/stats': writesNeed(runsAnyTeam),
  '/:id/feedback': writesNeed(runsAnyTeam),
  '/:id/payments': writesNeed(mayManageMemberRecords),
  '/:id/payments/:paymentId': writesNeed(mayManageMemberRecords),
});

/** /api/players: registration, the signed-in player's own data (me), and player management. */
export const playerPortalApi = base
  .openapi(
    createRoute({
      method: 'post',
      path: '/register',
      operationId: 'registerPlayer',
      tags: ['Players'],
      summary: 'Register as a player',
      description:
        'Creates a user with role player (whatever the body says) and the linked squad record in one transaction, as a pending ' +
        'member: on no public page, in no team and counted nowhere until the secretary or an admin approves it. ' +
        'The confirmation password is checked by the form and never sent. An e-mail address that already has an account gets the same answer ' +
        '(nothing is created and the owner of the address is told by mail), so this never tells anyone who is a member; a username already taken answers 409.',
      security: [],
      request: { body: jsonBody(registrationSchema) },
      responses: {
        201: jsonContent(
          NewLoginAnswer.extend({
            status: z.literal('pending').openapi({ description: 'Waiting for the club to approve (POST /api/admin/registrations/{id}/approve)' }),
          }),
          'Registered, waiting for approval',
        ),
        409: jsonContent(ErrorSchema, 'Username already registered'),
        422: errors[422],
        429: jsonContent(ErrorSchema, 'Too many registrations from this connection in the last hour; see Retry-After'),
      },
    }),
    async (c) => {
      const { user, player_id } = await c.get('services').players.register(c.req.valid('json'), c.get('clientAddress'));
      return c.json({ detail: REGISTRATION_RECEIVED, user, player_id, status: 'pending' as const }, 201);
    },
  )
  // The signed-in player's own records; registered before /{id} so "me" is never taken as an id.
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
  )
  // Player management (admin; staff for stats and feedback).
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/stats',
      operationId: 'getPlayerStats',
      tags: ['Player management'],
      summary: "A player's season stats (public: the squad profile shows them)",
      security: [],
      request: { params: IdParam },
      responses: { 200: jsonContent(PlayerStatsSchema, 'Stats'), 404: errors[404] },
    }),
    async (c) => {
      // Issue 23: a U7-U11 junior's goals and assists only for admins and the team's staff (signed-in answers are never cached).
      const { players, fixtures } = c.get('services');
      const id = c.req.valid('param').id;
      return c.json(await players.scorerRule(id, await players.statsOf(id), await fixtures.resultsScope(c.get('user'))), 200);
    },
  )
  .openapi(
    changePlayer(
      'put',
      '/{id}/stats',
      'updatePlayerStats',
      {
        summary: "Update a player's stats (admin, staff)",
        description:
          'Only the fields given change. Counts are whole numbers >= 0. Training attendance is not entered here: it is computed from ' +
          'recorded training sessions (PUT /api/training-sessions/{id}/attendance).',
      },
      statsUpdateSchema,
      { 200: jsonContent(PlayerStatsSchema, 'Player stats updated successfully') },
    ),
    async (c) => c.json(await c.get('services').players.updateStats(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    playerRecords('/{id}/payments', 'listPlayerPayments', "A player's payments (admin, or the player themselves)", z.array(PaymentSchema), 'Payments'),
    readById(({ players }, user, id) => players.paymentsOf(user, id)),
  )
  .openapi(
    changePlayer(
      'post',
      '/{id}/payments',
      'createPlayerPayment',
      {
        summary: 'Add a payment request (admin); the player is notified',
        description: "payment_type defaults to 'Subscription', status to 'outstanding', due_date to today.",
      },
      paymentCreateSchema,
      { 201: jsonContent(PaymentSchema, 'Payment added successfully') },
    ),
    added(({ players }) => players.addPayment),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/payments/{paymentId}',
      operationId: 'updatePaymentStatus',
      tags: ['Player management'],
      summary: 'Set a payment status (admin)',
      description: 'paid sets paid_date to today; outstanding or overdue clears it.',
      security,
      request: { params: PlayerAndPayment, body: jsonBody(paymentStatusSchema) },
      responses: { 200: jsonContent(PaymentSchema, 'Payment status updated successfully'), ...errors },
    }),
    async (c) => {
      const { id, paymentId } = c.req.valid('param');
      return c.json(await c.get('services').players.setPaymentStatus(c.get('user'), id, paymentId, c.req.valid('json').status), 200);
    },
  )
  .openapi(
    playerRecords(
      '/{id}/feedback',
      'listPlayerFeedback',
      "A player's coach feedback (admin, staff, or the player themselves)",
      z.array(FeedbackSchema),
      'Feedback',
    ),
    readById(({ players }, user, id) => players.feedbackOf(user, id)),
  )
  .openapi(
    changePlayer(
      'post',
      '/{id}/feedback',
      'createPlayerFeedback',
      {
        summary: 'Add coach feedback (admin, staff); the player is notified',
        description: "coach_name defaults to 'Manager', date to today; rating 1-5 or null.",
      },
      feedbackCreateSchema,
      { 201: jsonContent(FeedbackSchema, 'Feedback added successfully') },
    ),
    added(({ players }) => players.addFeedback),
  );

/** POST /api/admin/create-player-account. */
const accountsBase = router();
accountsBase.use('/create-player-account', writesNeed(mayManageMemberRecords));
export const playerAccountsApi = accountsBase.openapi(
  createRoute({
    method: 'post',
    path: '/create-player-account',
    operationId: 'createPlayerAccount',
    tags: ['Player management'],
    summary: 'Create a login for a squad player (admin)',
    description:
      "Role player, or staff when the player's team is Staff. Without a password the person is e-mailed a link to choose their own " +
      '(valid 7 days; invited: true); with one, the admin passes it on. 409 when the player already has a login or the username/e-mail is taken.',
    security,
    request: { body: jsonBody(createPlayerAccountSchema) },
    responses: {
      201: jsonContent(
        NewLoginAnswer.extend({ invited: z.boolean().openapi({ description: 'Whether a link to choose a password was mailed' }) }),
        'Player account created successfully',
      ),
      409: jsonContent(ErrorSchema, 'Already has a login, or username/e-mail taken'),
      ...errors,
    },
  }),
  async (c) => {
    const result = await c.get('services').players.createAccount(c.get('user'), c.req.valid('json'));
    const detail = result!.invited ? invitationSent(result!.user.email) : 'Player account created successfully';
    return c.json({ detail, ...result! }, 201);
  },
);
