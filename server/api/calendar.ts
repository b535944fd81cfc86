import { createRoute } from '@hono/zod-openapi';
import { router } from './env';
import { ErrorSchema, jsonContent } from './openapi';
import { CalendarLinkSchema } from '../../shared/contracts/calendar';

/** POST /api/calendar/token: the signed-in user's private calendar feed link (a new one each time). */
export const calendarApi = router().openapi(
  createRoute({
    method: 'post',
    path: '/token',
    operationId: 'issueCalendarToken',
    tags: ['Calendar'],
    summary: 'Get a new private calendar link',
    description:
      "Issues a new link to the caller's own calendar feed (their teams' and their children's matches and training, with their answers). " +
      'The previous link stops working at once (404). The token is stored hashed, so it is shown only in this answer.',
    security: [{ bearer: [] }],
    responses: {
      201: jsonContent(CalendarLinkSchema, 'The new link'),
      401: jsonContent(ErrorSchema, 'Not signed in'),
      403: jsonContent(ErrorSchema, 'A registration still waiting for approval has no calendar link yet (issue 30)'),
    },
  }),
  async (c) => {
    const token = await c.get('services').calendar.issueToken(c.get('user'));
    const feed = `${c.get('services').publicUrl}/calendar/me/${token}.ics`;
    c.header('Cache-Control', 'no-store');
    return c.json({ url: feed, webcal_url: feed.replace(/^https?:/, 'webcal:') }, 201);
  },
);
