import { createRoute } from '@hono/zod-openapi';
import { MatchDayPackSchema } from '../../shared/contracts/match-day-pack';
import { router } from './env';
import { ErrorSchema, jsonContent } from './openapi';

/** GET /api/me/match-day: what the member's phone keeps for match day without signal (issue 35). */
export const matchDayPackApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/match-day',
    operationId: 'myMatchDayPack',
    tags: ['Availability'],
    summary: 'Your match-day pack: your next matches and sessions and your children’s, with venue, map link, manager’s phone and team sheet',
    description:
      'For any signed-in login: a player’s own next events, a parent’s or carer’s children’s (in a team), the next 4 matches and next 4 sessions each. ' +
      'A match’s team_sheet once the squad is published (its staff see their draft); null otherwise. A login with neither gets empty lists.',
    security: [{ bearer: [] }],
    responses: { 200: jsonContent(MatchDayPackSchema, 'Your pack'), 401: jsonContent(ErrorSchema, 'Not signed in') },
  }),
  async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await c.get('services').matchDayPack.pack(c.get('user')), 200);
  },
);
