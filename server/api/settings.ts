import { createRoute } from '@hono/zod-openapi';
import { settingsInputSchema } from '../../shared/content';
import { mayManageClubSite } from '../policy';
import { mayI, router } from './env';
import { ErrorSchema, jsonBody, jsonContent } from './openapi';
import { AdminSettingsSchema } from '../../shared/contracts/settings';

const adminErrors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Not an admin'),
};

const base = router();
base.use('*', async (c, next) => {
  await mayI(c, mayManageClubSite);
  await next();
});

export const settingsApi = base
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'getSettings',
      tags: ['Settings'],
      summary: "The club's identity, contact settings and bank account (admin)",
      security: [{ bearer: [] }],
      responses: { 200: jsonContent(AdminSettingsSchema, 'Settings'), ...adminErrors },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').settings.read(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/',
      operationId: 'updateSettings',
      tags: ['Settings'],
      summary: 'Save the settings (admin)',
      description:
        'whatsapp_number: digits with an optional leading + and spaces; stored as digits only. ' +
        "The club's identity (issue 33): each field left out stays as it is. primary_colour must carry white text and secondary_colour " +
        'must read as text on the primary, each at 4.5:1 (WCAG AA); otherwise 422 with a `detail` naming the contrast as N.N:1 and a shade that passes. ' +
        'crest_url is an image uploaded with POST /api/uploads (JPEG, PNG, WebP or SVG); social links are https addresses on their own network.',
      security: [{ bearer: [] }],
      request: { body: jsonBody(settingsInputSchema) },
      responses: { 200: jsonContent(AdminSettingsSchema, 'Saved'), 422: jsonContent(ErrorSchema, 'Invalid settings'), ...adminErrors },
    }),
    async (c) => c.json(await c.get('services').settings.update(c.get('user'), c.req.valid('json')), 200),
  );
