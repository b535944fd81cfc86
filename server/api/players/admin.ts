import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  AdminPlayerSchema,
  FeedbackSchema,
  PaymentSchema,
  PlayerStatsSchema,
  createPlayerAccountSchema,
  feedbackCreateSchema,
  paymentCreateSchema,
  paymentStatusSchema,
  playerInputSchema,
  playerListQuerySchema,
  statsUpdateSchema,
} from '../../../shared/contracts/players';
import { invitationSent } from '../../../shared/members';
import { type SessionUser } from '../../../shared/roles';
import { mayManageMemberRecords, runsAnyTeam } from '../../policy';
import type { Services } from '../../services';
import { isUuid } from '../../services/ids';
import { doneById, guardedRouter, mayI, readById, router, writesNeed, type AppEnv } from '../env';
import { ErrorSchema, IdParam, guardedAnswers, jsonBody, jsonContent } from '../openapi';
import { NewLoginAnswer, errors, security } from './answers';

/**
 * The admin's side of a player (staff for stats and feedback): the records themselves (list, add,
 * edit, remove), their stats, payments and coach feedback, and a login for them.
 */

const PlayerAndPayment = z.object({
  id: IdParam.shape.id,
  paymentId: z
    .string()
    .max(100)
    .openapi({ param: { name: 'paymentId', in: 'path' } }),
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
const recordsBase = guardedRouter({
  '/:id/stats': writesNeed(runsAnyTeam),
  '/:id/feedback': writesNeed(runsAnyTeam),
  '/:id/payments': writesNeed(mayManageMemberRecords),
  '/:id/payments/:paymentId': writesNeed(mayManageMemberRecords),
});

/** /api/players/{id}/stats, payments and feedback: a player's season and money, and their coaches' words. */
export const playerRecordsApi = recordsBase
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

// Only requests aimed at a player's id (a UUID) or the list are checked here, so the other
// routers mounted on /players (e.g. /players/me, /players/register) are not affected.
const adminWrites = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  const id = c.req.param('id');
  const unsafe = c.req.method === 'POST' || c.req.method === 'PUT' || c.req.method === 'DELETE';
  if (unsafe && (id === undefined || isUuid(id))) await mayI(c, mayManageMemberRecords);
  await next();
};

const adminErrors = guardedAnswers('Not an admin');

/** /api/players and /api/players/{id}: the admin's player records (mounted last under /players: players/index.ts). */
const playersBase = guardedRouter({ '/': adminWrites, '/:id': adminWrites });

export const playerAdminApi = playersBase
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listPlayers',
      tags: ['Squad'],
      summary: 'Every player with login status (admin; staff may read)',
      description: 'Members in good standing; status=left lists those who left the club (POST /api/players/{id}/return brings one back).',
      security: [{ bearer: [] }],
      request: { query: playerListQuerySchema },
      responses: { 200: jsonContent(z.array(AdminPlayerSchema), 'Players'), ...adminErrors, 422: jsonContent(ErrorSchema, 'Unknown status') },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').players.adminList(c.get('user'), c.req.valid('query')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createPlayer',
      tags: ['Squad'],
      summary: 'Add a squad player (admin); user_id stays null until a login is created',
      security: [{ bearer: [] }],
      request: { body: jsonBody(playerInputSchema) },
      responses: {
        201: jsonContent(AdminPlayerSchema, 'Created'),
        409: jsonContent(ErrorSchema, 'The user account is already linked'),
        422: jsonContent(ErrorSchema, 'Invalid player'),
        ...adminErrors,
      },
    }),
    async (c) => c.json(await c.get('services').players.create(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      operationId: 'updatePlayer',
      tags: ['Squad'],
      summary: 'Update a squad player (admin); leaving user_id out keeps the login link',
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(playerInputSchema) },
      responses: {
        200: jsonContent(AdminPlayerSchema, 'Updated'),
        404: jsonContent(ErrorSchema, 'Unknown player'),
        409: jsonContent(ErrorSchema, 'The user account is already linked'),
        422: jsonContent(ErrorSchema, 'Invalid player'),
        ...adminErrors,
      },
    }),
    // Validated here once; user_id left out stays undefined in the parsed input, so the link is kept.
    async (c) => c.json(await c.get('services').players.update(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      operationId: 'deletePlayer',
      tags: ['Squad'],
      summary: 'Remove a squad player (admin)',
      description:
        'The erasure path: the record, everything of theirs (stats, payments, attendance, answers, squads, feedback, team spells, what was shared with them only) and their own login; ' +
        'a staff or admin account is only unlinked. GET /api/players/{id}/erasure lists it first; POST /api/players/{id}/leave keeps the history instead.',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: { 200: jsonContent(z.object({ detail: z.string() }), 'Deleted'), 404: jsonContent(ErrorSchema, 'Unknown player'), ...adminErrors },
    }),
    doneById('Player deleted successfully!', ({ players }, user, id) => players.remove(user, id)),
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
