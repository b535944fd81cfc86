import { createRoute, z } from '@hono/zod-openapi';
import { clearedSessionCookie, loginSchema, sessionCookie } from '../../shared/auth';
import { unauthenticated } from '../services/errors';
import { router } from './env';
import { ErrorSchema, UserSchema, jsonBody, jsonContent } from './openapi';

export const authApi = router()
  .openapi(
    createRoute({
      method: 'post',
      path: '/login',
      operationId: 'login',
      tags: ['Auth'],
      summary: 'Sign in',
      description: 'Returns a session token and also sets it as an httpOnly cookie. Failed attempts are rate-limited.',
      security: [],
      request: { body: jsonBody(loginSchema) },
      responses: {
        200: jsonContent(z.object({ access_token: z.string(), token_type: z.literal('bearer'), user: UserSchema }), 'Signed in'),
        401: jsonContent(ErrorSchema, 'Wrong username or password'),
        429: jsonContent(ErrorSchema, 'Too many failed attempts; see Retry-After'),
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const result = await c.get('services').accounts.login(input, c.get('clientAddress'));
      c.header('Set-Cookie', sessionCookie(result.access_token, { secure: c.get('secure') }));
      c.header('Cache-Control', 'no-store');
      return c.json({ ...result, token_type: 'bearer' as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/me',
      operationId: 'getCurrentUser',
      tags: ['Auth'],
      summary: 'The signed-in user',
      security: [{ bearer: [] }],
      responses: { 200: jsonContent(UserSchema, 'The current user'), 401: jsonContent(ErrorSchema, 'Not signed in') },
    }),
    (c) => {
      const user = c.get('user');
      if (!user) throw unauthenticated();
      c.header('Cache-Control', 'no-store');
      return c.json(user, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/logout',
      operationId: 'logout',
      tags: ['Auth'],
      summary: 'Sign out',
      description: 'Deletes the session: its token stops working at once.',
      // The token is optional: signing out without one just clears the cookie.
      security: [{}, { bearer: [] }],
      responses: { 200: jsonContent(z.object({ detail: z.string() }), 'Signed out') },
    }),
    async (c) => {
      await c.get('services').accounts.logout(c.get('token'));
      c.header('Set-Cookie', clearedSessionCookie({ secure: c.get('secure') }));
      return c.json({ detail: 'Signed out' }, 200);
    },
  );
