import { createRoute } from '@hono/zod-openapi';
import { ClubPageSchema, clubPageInputSchema, clubPageSlugParam } from '../../shared/contracts/club-pages';
import { mayManageClubSite } from '../policy';
import { guardedRouter, mayI, router } from './env';
import { ErrorSchema, jsonBody, jsonContent } from './openapi';

/** Mounted under /pages: the pages the club writes (issue 33), for anyone. */
export const clubPagesApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/{slug}',
    operationId: 'getClubPage',
    tags: ['Pages'],
    summary: "One of the club's own pages: about, welcome (the home page's) or privacy",
    description: 'The HTML was rendered from the Markdown and sanitised on the server when it was saved.',
    security: [],
    request: { params: clubPageSlugParam },
    responses: { 200: jsonContent(ClubPageSchema, 'The page'), 404: jsonContent(ErrorSchema, 'No such page') },
  }),
  async (c) => c.json(await c.get('services').clubPages.get(c.req.valid('param').slug), 200),
);

/** Mounted under /admin: saving a page (whoever manages the club's site). */
export const adminClubPagesApi = guardedRouter({ '/pages/*': (c, next) => mayI(c, mayManageClubSite).then(next) }).openapi(
  createRoute({
    method: 'put',
    path: '/pages/{slug}',
    operationId: 'updateClubPage',
    tags: ['Pages'],
    summary: "Save one of the club's pages (admin)",
    description:
      'markdown: headings, paragraphs, lists, links (http, https, mailto, tel), bold, italics and quotes; anything else (scripts, styles, ' +
      'frames, event handlers, javascript: and data: links, images) is removed. Send back the version you loaded: a save from an older ' +
      'version answers 409 naming who saved since and when.',
    security: [{ bearer: [] }],
    request: { params: clubPageSlugParam, body: jsonBody(clubPageInputSchema) },
    responses: {
      200: jsonContent(ClubPageSchema, 'Saved'),
      401: jsonContent(ErrorSchema, 'Not signed in'),
      403: jsonContent(ErrorSchema, 'Not an admin'),
      404: jsonContent(ErrorSchema, 'No such page'),
      409: jsonContent(ErrorSchema, 'Someone saved the page after you loaded it'),
      422: jsonContent(ErrorSchema, 'Invalid page'),
    },
  }),
  async (c) => c.json(await c.get('services').clubPages.update(c.get('user'), c.req.valid('param').slug, c.req.valid('json')), 200),
);
