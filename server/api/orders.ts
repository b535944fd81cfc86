import { mayManageClubSite } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import { orderSchema, orderStatusSchema } from '../../shared/shop';
import { router, writesNeed } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';
import { OrderSchema, PlacedOrderSchema, ReceiptSchema } from '../../shared/contracts/shop';

const adminOnly = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Signed in without the admin role'),
};
const security = [{ bearer: [] }];

const statusRoute = (method: 'patch' | 'put') =>
  createRoute({
    method,
    path: '/{id}',
    operationId: method === 'patch' ? 'updateOrderStatus' : 'setOrderStatus',
    tags: ['Orders'],
    summary: `Change an order's status (admin)${method === 'put' ? '; same as PATCH' : ''}`,
    description:
      'pending -> confirmed -> paid -> fulfilled, or cancelled from any state before fulfilled. Cancelling returns the ' +
      'quantity to stock, exactly once. Any other change answers 409.',
    security,
    request: { params: IdParam, body: jsonBody(orderStatusSchema) },
    responses: {
      200: jsonContent(OrderSchema, 'The updated order'),
      ...adminOnly,
      404: jsonContent(ErrorSchema, 'Order not found'),
      409: jsonContent(ErrorSchema, 'Not allowed from the current status'),
      422: jsonContent(ErrorSchema, 'Unknown status'),
    },
  });

const TokenParam = z.object({
  token: z.string().max(100).openapi({ param: { name: 'token', in: 'path' }, example: 'q3Xb0c9Zr1mYt8Kd2LwP4A' }),
});

const base = router();
// Placing an order is public; changing one is the admin's: who asks is checked before the body.
base.use('/:id', writesNeed(mayManageClubSite));

export const ordersApi = base
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'createOrder',
      tags: ['Orders'],
      summary: 'Place a shop order',
      description:
        'Public. The quantity must be a whole number from 1 to the current stock; size must be one of the product\'s sizes ' +
        '(the first when none is sent) and absent for products without sizes. `fulfilment` is collect or delivery; delivery ' +
        'needs customer_address, and a collected order keeps no address. Without `fulfilment` an address means delivery and ' +
        'none means collect. Stock is taken atomically: more than is left answers 409 and nothing is stored. The answer ' +
        'carries the order\'s reference (RR-1042) and its token for the success page.',
      security: [],
      request: { body: jsonBody(orderSchema) },
      responses: {
        201: jsonContent(PlacedOrderSchema, 'Order placed'),
        404: jsonContent(ErrorSchema, 'Product not found'),
        409: jsonContent(ErrorSchema, 'Not enough stock'),
        413: jsonContent(ErrorSchema, 'Body over 1 MB'),
        422: jsonContent(ErrorSchema, 'Invalid order'),
        429: jsonContent(ErrorSchema, 'Too many orders from this connection in the last hour; see Retry-After'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').orders.placeOrder(c.req.valid('json'), c.get('clientAddress')), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/receipt/{token}',
      operationId: 'getOrderReceipt',
      tags: ['Orders'],
      summary: "The customer's view of an order, by its token",
      description:
        'Public: the token (from the 201 answer to POST /api/orders) is the key. Answers only what the success page shows, ' +
        'never the contact details or the address. An unknown or malformed token is 404.',
      security: [],
      request: { params: TokenParam },
      responses: { 200: jsonContent(ReceiptSchema, 'The order'), 404: jsonContent(ErrorSchema, 'Order not found') },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      c.header('X-Robots-Tag', 'noindex');
      return c.json(await c.get('services').orders.receipt(c.req.valid('param').token), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listOrders',
      tags: ['Orders'],
      summary: 'Every order, newest first (admin)',
      security,
      responses: { 200: jsonContent(z.array(OrderSchema), 'Orders'), ...adminOnly },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').orders.list(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      operationId: 'getOrder',
      tags: ['Orders'],
      summary: 'One order (admin)',
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(OrderSchema, 'The order'), ...adminOnly, 404: jsonContent(ErrorSchema, 'Order not found') },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').orders.get(c.get('user'), c.req.valid('param').id), 200);
    },
  )
  .openapi(statusRoute('patch'), async (c) =>
    c.json(await c.get('services').orders.changeStatus(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(statusRoute('put'), async (c) =>
    c.json(await c.get('services').orders.changeStatus(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  );
