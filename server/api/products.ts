import { mayManageClubSite } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import { productQuerySchema, productSchema } from '../../shared/shop';
import { doneById, router, writesNeed } from './env';
import { ErrorSchema, IdParam, anyClientError, jsonBody, jsonContent } from './openapi';
import { ProductSchema } from '../../shared/contracts/shop';

const adminOnly = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Signed in without the admin role'),
};
const security = [{ bearer: [] }];

const base = router();
// Signed out is 401 and a non-admin 403 before the body is looked at (never a 422 for them).
base.use('*', writesNeed(mayManageClubSite));

export const productsApi = base
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listProducts',
      tags: ['Shop'],
      summary: 'List products',
      description:
        'Public. `search` matches name or description (any case); `category` is an exact category (any case). ' +
        'Sorted by the admin\'s display order (sort_order, lower first), then name. The categories for a dropdown come from GET /api/products/categories.',
      security: [],
      request: { query: productQuerySchema },
      responses: { 200: jsonContent(z.array(ProductSchema), 'Matching products'), 422: jsonContent(ErrorSchema, 'Invalid query') },
    }),
    async (c) => c.json(await c.get('services').products.list(c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/categories',
      operationId: 'listProductCategories',
      tags: ['Shop'],
      summary: 'Every product category, sorted',
      description: "Public. The distinct categories of all products, for the shop's category dropdown.",
      security: [],
      responses: { 200: jsonContent(z.array(z.string()), 'Category names'), ...anyClientError },
    }),
    async (c) => c.json(await c.get('services').products.categories(), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      operationId: 'getProduct',
      tags: ['Shop'],
      summary: 'One product',
      security: [],
      request: { params: IdParam },
      responses: { 200: jsonContent(ProductSchema, 'The product'), 404: jsonContent(ErrorSchema, 'Product not found') },
    }),
    async (c) => c.json(await c.get('services').products.get(c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createProduct',
      tags: ['Shop'],
      summary: 'Create a product (admin)',
      description: 'Price >= 0 with at most 2 decimals; stock a whole number >= 0; sizes and images are lists of non-empty strings.',
      security,
      request: { body: jsonBody(productSchema) },
      responses: { 201: jsonContent(ProductSchema, 'Created'), ...adminOnly, 422: jsonContent(ErrorSchema, 'Invalid product') },
    }),
    async (c) => c.json(await c.get('services').products.create(c.get('user'), c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      operationId: 'updateProduct',
      tags: ['Shop'],
      summary: 'Replace a product (admin)',
      security,
      request: { params: IdParam, body: jsonBody(productSchema) },
      responses: {
        200: jsonContent(ProductSchema, 'Updated'),
        ...adminOnly,
        404: jsonContent(ErrorSchema, 'Product not found'),
        422: jsonContent(ErrorSchema, 'Invalid product'),
      },
    }),
    async (c) => c.json(await c.get('services').products.update(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      operationId: 'deleteProduct',
      tags: ['Shop'],
      summary: 'Delete a product (admin)',
      description: 'Its orders stay readable: their product_id becomes null and product_name is kept.',
      security,
      request: { params: IdParam },
      responses: {
        200: jsonContent(z.object({ detail: z.string() }), 'Deleted'),
        ...adminOnly,
        404: jsonContent(ErrorSchema, 'Product not found'),
      },
    }),
    doneById('Product deleted successfully!', ({ products }, user, id) => products.remove(user, id)),
  );
