import { mayManageMemberRecords } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import { resetPasswordSchema } from '../../shared/contracts/players';
import { router, writesNeed } from './env';
import { jsonBody, jsonContent } from './openapi';
import { Detail, errors } from './players/answers';

const security = [{ bearer: [] }];
const UserIdParam = z.object({ userId: z.string().max(100).openapi({ param: { name: 'userId', in: 'path' } }) });

/** PUT /api/auth/reset-password/{userId}. */
const resetBase = router();
resetBase.use('/reset-password/:userId', writesNeed(mayManageMemberRecords));
export const passwordResetApi = resetBase.openapi(
  createRoute({
    method: 'put',
    path: '/reset-password/{userId}',
    operationId: 'resetUserPassword',
    tags: ['Player management'],
    summary: "Reset a user's password (admin)",
    description: "The id may be the user's id or their player's id. Ends all of that user's sessions.",
    security,
    request: { params: UserIdParam, body: jsonBody(resetPasswordSchema) },
    responses: { 200: jsonContent(Detail, 'Password reset successfully'), ...errors },
  }),
  async (c) => {
    await c.get('services').players.resetPassword(c.get('user'), c.req.valid('param').userId, c.req.valid('json').password);
    return c.json({ detail: 'Password reset successfully' }, 200);
  },
);
