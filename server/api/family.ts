import { createRoute } from '@hono/zod-openapi';
import { FamilyHomeSchema, ParentPhoneSchema, parentPhoneSchema } from '../../shared/contracts/family';
import { router } from './env';
import { ErrorSchema, jsonBody, jsonContent } from './openapi';

const security = [{ bearer: [] }];
const tags = ['Parents and carers'];
const e = (description: string) => jsonContent(ErrorSchema, description);

/** /api/guardians/me/family and /api/guardians/me/phone: a parent's family home (issue 31). */
export const familyApi = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/me/family',
      operationId: 'myFamily',
      tags,
      summary: 'Your family home: each child’s next events and answers, what you owe and how to pay, requests waiting',
      description:
        'For any signed-in login; a login with no children gets empty lists and no money. Totals come from the ledger (ADR 040): ' +
        'what this login pays for, with their payer reference and the club’s bank details.',
      security,
      responses: { 200: jsonContent(FamilyHomeSchema, 'Your family home'), 401: e('Not signed in') },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').family.home(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/me/phone',
      operationId: 'setMyPhone',
      tags,
      summary: 'Set your own phone number (an empty string removes it)',
      security,
      request: { body: jsonBody(parentPhoneSchema) },
      responses: { 200: jsonContent(ParentPhoneSchema, 'Saved'), 401: e('Not signed in'), 422: e('Not a phone number') },
    }),
    // The service parses (pages send the raw form): hand it the number as typed, blank once removed.
    async (c) => c.json(await c.get('services').family.setPhone(c.get('user'), { phone: c.req.valid('json').phone ?? '' }), 200),
  );
