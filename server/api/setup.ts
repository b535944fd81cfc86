import { createRoute, z } from '@hono/zod-openapi';
import { initialIdentityShape, type InitialIdentity } from '../../shared/contracts/club-identity';
import { DatabaseStatusSchema, InitializedSchema } from '../../shared/contracts/setup';
import { router } from './env';
import { SETUP_CODE_FIELD } from '../../shared/setup';
import { emailField } from '../../shared/fields';
import { ErrorSchema, anyClientError, jsonContent } from './openapi';

export const setupApi = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/database-status',
      operationId: 'getDatabaseStatus',
      tags: ['Set-up'],
      summary: 'Whether the database needs initialization (with counts for an admin)',
      description: 'Anyone learns whether the club is set up; only a signed-in admin also gets the counts of users, products, news and fixtures.',
      security: [],
      responses: { 200: jsonContent(DatabaseStatusSchema, 'Database status'), ...anyClientError },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').setup.statusFor(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/initialize-database',
      operationId: 'initializeDatabase',
      tags: ['Set-up'],
      summary: 'Create the admin account and either the sample club or an empty club (once)',
      description:
        'Allowed without signing in only while the database needs initialization; afterwards it answers 409 and changes nothing. ' +
        'When ADMIN_PASSWORD is not set, the caller proves they own the server with the one-time setup code the server prints in its log ' +
        'at start-up ("… enter this setup code: XXXX-XXXX-XXXX"), sent as setup_code (case, spaces and dashes do not matter; ' +
        'a signed-in admin needs none); without it or with a wrong one it answers 403, and too many codes from one address answer 429. ' +
        'When ADMIN_PASSWORD is not set, the generated admin password is returned once as admin_password.',
      security: [],
      request: {
        body: {
          required: false,
          content: {
            'application/json': {
              schema: z
                .object({
                  [SETUP_CODE_FIELD]: z
                    .string()
                    .max(100)
                    .optional()
                    .openapi({ description: 'The setup code from the server log; not needed when ADMIN_PASSWORD is set', example: 'ABCD-EFGH-JKMN' }),
                  admin_email: emailField
                    .optional()
                    .openapi({ description: "The admin's e-mail address (else ADMIN_EMAIL); used for staff notices and Forgot password" }),
                  sample: z.boolean().default(true).openapi({
                    description:
                      'true (the default): load the sample club (products, fixtures, news, sponsors, squad, the teams Senior and Vets) to look around; ' +
                      'false: start an empty club, with only the admin and the club settings (the Today page then lists the first steps)',
                    example: false,
                  }),
                  // Issue 33: the club's identity from the first run (else the sample club's); its colour checked like Settings'.
                  ...initialIdentityShape,
                })
                .openapi('InitializeDatabaseRequest'),
            },
          },
        },
      },
      responses: {
        200: jsonContent(InitializedSchema, 'Initialized'),
        403: jsonContent(
          ErrorSchema,
          'No setup code, or a wrong one: `detail` says where to find it (the server log) and nothing changed; or a cross-site request signed in by cookie (CSRF)',
        ),
        409: jsonContent(ErrorSchema, 'Already initialized'),
        422: jsonContent(ErrorSchema, 'A club name or colour that cannot be used: `detail` says why (for a colour, its contrast as N.N:1 and a shade that passes)'),
        429: jsonContent(ErrorSchema, 'Too many setup codes tried from this address; `Retry-After` says when to try again'),
      },
    }),
    async (c) => {
      const body = c.req.valid('json') as ({ setup_code?: string; admin_email?: string; sample?: boolean } & InitialIdentity) | undefined;
      const result = await c.get('services').setup.initialize(c.get('user'), {
        setupCode: body?.[SETUP_CODE_FIELD],
        adminEmail: body?.admin_email,
        identity: body && { club_name: body.club_name, short_name: body.short_name, primary_colour: body.primary_colour },
        address: c.get('clientAddress'),
        sample: body?.sample,
      });
      c.header('Cache-Control', 'no-store');
      return c.json({ detail: 'Database initialized successfully!', ...result }, 200);
    },
  );
