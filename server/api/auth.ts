import { createRoute, z } from '@hono/zod-openapi';
import { clearedSessionCookie, loginSchema, sessionCookie } from '../../shared/auth';
import { FORGOT_PASSWORD_ANSWER } from '../../shared/mail';
import { PASSWORD_CHANGED, changePasswordSchema, forgotPasswordSchema, resetWithTokenSchema } from '../../shared/passwords';
import { confirmEmailSchema, emailChangeSchema } from '../../shared/email-change';
import { invalid, unauthenticated } from '../../shared/errors';
import type { Context } from 'hono';
import { parseInput } from '../services/checks';
import { guardedRouter, writesNeed, ANY_LOGIN, type AppEnv } from './env';
import { ErrorSchema, UserSchema, jsonBody, jsonContent } from './openapi';

const Detail = z.object({ detail: z.string() });
const SignedIn = z.object({ access_token: z.string(), token_type: z.literal('bearer'), user: UserSchema });

/**
 * No token, or a bearer token. Declared with its type: written inline, the empty requirement `{}`
 * stops TypeScript inferring the route's path, and every /auth route loses its type in ClubApi.
 */
const OPTIONAL_BEARER: Record<string, string[]>[] = [{}, { bearer: [] }];

/**
 * On the hosting domain itself (issue 36) the host's operator signs in, never a club's login: the
 * same body, its own table of logins and sessions; the answer names the operator, not a user.
 */
async function operatorSignIn(c: Context<AppEnv>, next: () => Promise<void>) {
  if (c.get('site') !== 'hosting' || c.req.method !== 'POST') return next();
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw invalid('The body must be JSON: {"username": …, "password": …}.');
  }
  const signedIn = await c.get('services').operators.login(parseInput(loginSchema, body), c.get('clientAddress'));
  c.header('Set-Cookie', sessionCookie(signedIn.access_token, { secure: c.get('secure') }));
  c.header('Cache-Control', 'no-store');
  return c.json({ access_token: signedIn.access_token, token_type: 'bearer', operator: { username: signedIn.operator.username } }, 200);
}

// Signed out is a 401 before the body is looked at.
const base = guardedRouter({ '/password': writesNeed(ANY_LOGIN), '/me': writesNeed(ANY_LOGIN) });
base.use('/login', operatorSignIn);

export const authApi = base
  .openapi(
    createRoute({
      method: 'post',
      path: '/login',
      operationId: 'login',
      tags: ['Auth'],
      summary: 'Sign in',
      description:
        'Returns a session token and also sets it as an httpOnly cookie. Failed attempts are rate-limited. On the hosting domain itself ' +
        "(HOSTING_DOMAIN, issue 36) the host's operator signs in instead (OPERATOR_USERNAME): the answer names the operator, not a user.",
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
      security: OPTIONAL_BEARER,
      responses: { 200: jsonContent(z.object({ detail: z.string() }), 'Signed out') },
    }),
    async (c) => {
      if (c.get('site') === 'hosting') await c.get('services').operators.logout(c.get('token'));
      else await c.get('services').accounts.logout(c.get('token'));
      c.header('Set-Cookie', clearedSessionCookie({ secure: c.get('secure') }));
      return c.json({ detail: 'Signed out' }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/forgot-password',
      operationId: 'requestPasswordReset',
      tags: ['Auth'],
      summary: 'Ask for a password link by e-mail',
      description:
        'Always answers 202 with the same text, whether or not an account uses the address (the work done is the same). ' +
        'When one does, a mail with a single-use link valid for 1 hour is queued. Limited per address asked about and per client.',
      security: [],
      request: { body: jsonBody(forgotPasswordSchema) },
      responses: {
        202: jsonContent(Detail, 'Accepted (the same answer for every address)'),
        422: jsonContent(ErrorSchema, 'Missing or malformed e-mail address'),
        429: jsonContent(ErrorSchema, 'Too many requests for this address or from this client; see Retry-After'),
      },
    }),
    async (c) => {
      await c.get('services').accounts.requestPasswordReset(c.req.valid('json'), c.get('clientAddress'));
      c.header('Cache-Control', 'no-store');
      return c.json({ detail: FORGOT_PASSWORD_ANSWER }, 202);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reset-password',
      operationId: 'resetPassword',
      tags: ['Auth'],
      summary: 'Set a new password with a mailed link',
      description: 'The token works once, for 1 hour. Every session of the user ends; the answer signs them in (token and cookie, as /login).',
      security: [],
      request: { body: jsonBody(resetWithTokenSchema) },
      responses: {
        200: jsonContent(SignedIn, 'Password set and signed in'),
        403: jsonContent(ErrorSchema, 'The login is switched off (left the club, or switched off by the club): nothing changes'),
        422: jsonContent(ErrorSchema, 'Invalid password, or a token that is unknown, used or expired'),
      },
    }),
    async (c) => {
      const result = await c.get('services').accounts.resetPasswordWithToken(c.req.valid('json'));
      c.header('Set-Cookie', sessionCookie(result.access_token, { secure: c.get('secure') }));
      c.header('Cache-Control', 'no-store');
      return c.json({ ...result, token_type: 'bearer' as const }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/password',
      operationId: 'changePassword',
      tags: ['Auth'],
      summary: 'Change my password',
      description: 'Needs the current password (wrong guesses are rate-limited like sign-ins). Every other session of the user ends.',
      security: [{ bearer: [] }],
      request: { body: jsonBody(changePasswordSchema) },
      responses: {
        200: jsonContent(Detail, 'Password changed'),
        401: jsonContent(ErrorSchema, 'Not signed in'),
        422: jsonContent(ErrorSchema, 'Wrong current password, or a new password that breaks the rules'),
        429: jsonContent(ErrorSchema, 'Too many wrong current passwords; see Retry-After'),
      },
    }),
    async (c) => {
      await c.get('services').accounts.changePassword(c.get('user'), c.get('token'), c.req.valid('json'), c.get('clientAddress'));
      return c.json({ detail: PASSWORD_CHANGED }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/me',
      operationId: 'changeMyEmail',
      tags: ['Auth'],
      summary: 'Change my e-mail address',
      description:
        'Needs current_password (422 on that field when missing or wrong; wrong guesses are throttled like sign-ins). ' +
        'Mails a single-use link (valid 24 hours) to the new address and a notice to the old one; the address changes when ' +
        'the link is followed (POST /api/auth/confirm-email). An address another account uses gets the same answer: no link is sent ' +
        'and that account is told by mail instead, so the answer never tells who is a member.',
      security: [{ bearer: [] }],
      request: { body: jsonBody(emailChangeSchema) },
      responses: {
        202: jsonContent(Detail, 'The link is on its way'),
        401: jsonContent(ErrorSchema, 'Not signed in'),
        422: jsonContent(ErrorSchema, 'Not an e-mail address, the current one, or a missing or wrong current password'),
        429: jsonContent(ErrorSchema, 'Too many wrong current passwords; see Retry-After'),
      },
    }),
    async (c) => c.json(await c.get('services').emailAddress.requestChange(c.get('user'), c.req.valid('json'), c.get('clientAddress')), 202),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/confirm-email',
      operationId: 'confirmEmail',
      tags: ['Auth'],
      summary: 'Confirm an e-mail address with the mailed link',
      description: "The token from a registration's or an address change's link; it works once. No sign-in needed.",
      security: OPTIONAL_BEARER,
      request: { body: jsonBody(confirmEmailSchema) },
      responses: {
        200: jsonContent(z.object({ detail: z.string(), email: z.string() }), 'Confirmed: the address is the account’s'),
        403: jsonContent(ErrorSchema, 'The login is switched off: nothing changes'),
        409: jsonContent(ErrorSchema, 'Another account took that address meanwhile'),
        422: jsonContent(ErrorSchema, 'The link is not valid (used, expired or unknown)'),
      },
    }),
    async (c) => c.json(await c.get('services').emailAddress.confirm(c.req.valid('json')), 200),
  );
