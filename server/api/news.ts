import { mayWriteNews } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import { limitQuerySchema, newsInputSchema } from '../../shared/content';
import { doneById, router, writesNeed } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';
import { NewsArticleSchema } from '../../shared/contracts/news';

const writeErrors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not admin or staff'),
};

const base = router();
base.use('*', writesNeed(mayWriteNews));

export const newsApi = base
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listNews',
      tags: ['News'],
      summary: 'Published news, newest first',
      security: [],
      request: { query: limitQuerySchema },
      responses: { 200: jsonContent(z.array(NewsArticleSchema), 'Articles') },
    }),
    async (c) => c.json(await c.get('services').news.listPublished(c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      operationId: 'getNewsArticle',
      tags: ['News'],
      summary: 'One published article',
      security: [],
      request: { params: IdParam },
      responses: { 200: jsonContent(NewsArticleSchema, 'The article'), 404: jsonContent(ErrorSchema, 'Unknown or unpublished') },
    }),
    async (c) => c.json(await c.get('services').news.getPublished(c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createNewsArticle',
      tags: ['News'],
      summary: 'Write an article (admin or staff)',
      security: [{ bearer: [] }],
      request: { body: jsonBody(newsInputSchema) },
      responses: { 201: jsonContent(NewsArticleSchema, 'Created'), 422: jsonContent(ErrorSchema, 'Invalid article'), ...writeErrors },
    }),
    async (c) => c.json(await c.get('services').news.create(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      operationId: 'updateNewsArticle',
      tags: ['News'],
      summary: 'Update an article (admin or staff)',
      security: [{ bearer: [] }],
      request: { params: IdParam, body: jsonBody(newsInputSchema) },
      responses: {
        200: jsonContent(NewsArticleSchema, 'Updated'),
        404: jsonContent(ErrorSchema, 'Unknown article'),
        422: jsonContent(ErrorSchema, 'Invalid article'),
        ...writeErrors,
      },
    }),
    async (c) => c.json(await c.get('services').news.update(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      operationId: 'deleteNewsArticle',
      tags: ['News'],
      summary: 'Delete an article (admin or staff)',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: { 200: jsonContent(z.object({ detail: z.string() }), 'Deleted'), 404: jsonContent(ErrorSchema, 'Unknown article'), ...writeErrors },
    }),
    doneById('News deleted successfully!', ({ news }, user, id) => news.remove(user, id)),
  );

/** Mounted under /api/admin: every article, drafts included. */
export const adminNewsApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/news',
    operationId: 'listAllNewsArticles',
    tags: ['News'],
    summary: 'All articles including unpublished (admin or staff)',
    security: [{ bearer: [] }],
    responses: { 200: jsonContent(z.array(NewsArticleSchema), 'Articles, newest first'), ...writeErrors },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await c.get('services').news.listAll(c.get('user')), 200);
  },
);
