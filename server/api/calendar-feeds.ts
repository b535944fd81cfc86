import { createHash } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppEnv } from './env';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** The site's public address (PUBLIC_URL), never the request's Host (issue 30, finding 9). */
const originOf = (c: Context<AppEnv>) => c.get('services').publicUrl;

/**
 * A calendar answer with an ETag of its content: calendar apps poll feeds every hour, and an
 * unchanged feed costs them a 304 and no body.
 */
function calendarAnswer(c: Context<AppEnv>, body: string, headers: Record<string, string> = {}) {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const cacheHeaders = { ETag: etag, 'Cache-Control': 'public, max-age=300', ...headers };
  const asked = c.req.header('if-none-match');
  if (asked && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return c.body(null, 304, cacheHeaders);
  }
  return c.body(body, 200, { 'Content-Type': CALENDAR_TYPE, ...cacheHeaders });
}

/** /calendar/…: iCalendar feeds and files (not JSON, so not under /api). */
export function calendarRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get('/club.ics', async (c) => calendarAnswer(c, await c.get('services').calendar.clubFeed(originOf(c))));

  routes.get('/teams/:file{[^/]+\\.ics}', async (c) => {
    const slug = c.req.param('file').slice(0, -'.ics'.length);
    return calendarAnswer(c, await c.get('services').calendar.teamFeed(slug, originOf(c)));
  });

  // Private: never stored by shared caches, and the link itself is the credential.
  routes.get('/me/:file{[^/]+\\.ics}', async (c) => {
    const token = c.req.param('file').slice(0, -'.ics'.length);
    return calendarAnswer(c, await c.get('services').calendar.privateFeed(token, originOf(c)), { 'Cache-Control': 'private, max-age=300', 'Referrer-Policy': 'no-referrer' });
  });

  routes.get('/fixtures/:file{[^/]+\\.ics}', async (c) => {
    const id = c.req.param('file').slice(0, -'.ics'.length);
    const { fileName, body } = await c.get('services').calendar.fixtureFile(id, originOf(c));
    return calendarAnswer(c, body, { 'Content-Disposition': `attachment; filename="${fileName}"` });
  });

  return routes;
}
