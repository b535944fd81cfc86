import { createRoute, z } from '@hono/zod-openapi';
import { DocumentSchema } from '../../shared/contracts/documents';
import {
  ChildCareSchema,
  ChildGuardiansSchema,
  ConsentsSchema,
  LoginAgreementSchema,
  MedicalNoteReadSchema,
  MedicalNotesSchema,
  childCareSchema,
  consentInputSchema,
  loginAgreementSchema,
} from '../../shared/contracts/juniors';
import { accessReasonSchema } from '../../shared/contracts/access';
import { readById, router } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';

const security = [{ bearer: [] }];
const GuardianLinkParams = z.object({
  id: z
    .string()
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
  user_id: z
    .string()
    .max(100)
    .openapi({ param: { name: 'user_id', in: 'path' } }),
});
const tags = ['Parents and carers'];
const e = (description: string) => jsonContent(ErrorSchema, description);
const reads = { 401: e('Not signed in'), 403: e('Not this child’s parent or carer (nor allowed to see it)') };
const writes = { ...reads, 422: e('Invalid input') };
/** A read of one child's records: `summary` also describes the answer. */
const get = <P extends string>(path: P, operationId: string, summary: string, description: string, schema: z.ZodType) =>
  createRoute({
    method: 'get',
    path,
    operationId,
    tags,
    summary,
    description,
    security,
    request: { params: IdParam },
    responses: { 200: jsonContent(schema, summary), ...reads },
  });

/** A change to one child's records: the body in, and the records as they now stand (`answer` describes them) out. */
const put = <P extends string, B extends z.ZodType, S extends z.ZodType>(
  path: P,
  operationId: string,
  doc: { summary: string; description?: string },
  body: B,
  schema: S,
  answer: string,
) =>
  createRoute({
    method: 'put',
    path,
    operationId,
    tags,
    ...doc,
    security,
    request: { params: IdParam, body: jsonBody(body) },
    responses: { 200: jsonContent(schema, answer), ...writes },
  });

/**
 * Per-child reads and writes under /api/players/{id} (issue 23): a guardian never reaches a child
 * they are not linked to (403), and their rights end when the child turns 18.
 */
export const childApi = router()
  .openapi(
    get(
      '/{id}/consents',
      'getConsents',
      'This season’s consents',
      'Guardians, the staff of the child’s teams, the welfare officer and admins read them.',
      ConsentsSchema,
    ),
    readById(({ juniors }, user, childId) => juniors.consents(user, childId)),
  )
  .openapi(
    put(
      '/{id}/consents',
      'setConsent',
      {
        summary: 'Give or withdraw one consent (the child’s parent or carer only)',
        description: 'Anyone else, admins included, is refused (403). Each answer is a new record (who, when, the text version); in force on the next request.',
      },
      consentInputSchema,
      ConsentsSchema,
      'The consents now',
    ),
    async (c) => c.json(await c.get('services').juniors.setConsent(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    get(
      '/{id}/medical-notes',
      'getMedicalNotes',
      'Medical notes and emergency contact',
      'The child’s guardians, the staff of the child’s teams and the welfare officer only; every read by staff or the welfare officer is recorded.',
      MedicalNotesSchema,
    ),
    readById(({ juniors }, user, childId) => juniors.medicalNotes(user, childId)),
  )
  .openapi(
    get(
      '/{id}/medical-note-reads',
      'listMedicalNoteReads',
      'Who read the medical notes, and when',
      'The child’s guardians and the welfare officer.',
      z.array(MedicalNoteReadSchema),
    ),
    readById(({ juniors }, user, childId) => juniors.medicalNoteReads(user, childId)),
  )
  .openapi(
    put(
      '/{id}/care',
      'setChildCare',
      { summary: 'Emergency contact and medical notes (a parent or carer who can answer for the child, or the player)' },
      childCareSchema,
      ChildCareSchema,
      'Saved',
    ),
    async (c) => c.json(await c.get('services').juniors.setCare(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    put(
      '/{id}/login-agreement',
      'setLoginAgreement',
      {
        summary: 'Agree (or no longer agree) to a 13-17 year old having a login of their own (primary guardian)',
        description: 'Recorded with who and when. Under 13: refused (422).',
      },
      loginAgreementSchema,
      LoginAgreementSchema,
      'Recorded',
    ),
    async (c) => c.json(await c.get('services').juniors.setLoginAgreement(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    get(
      '/{id}/guardians',
      'listChildGuardians',
      'A child’s parents and carers, and open invitations',
      'Admins, the secretary and the welfare officer.',
      ChildGuardiansSchema,
    ),
    readById(({ juniors }, user, childId) => juniors.guardiansOf(user, childId)),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/guardians/{user_id}',
      operationId: 'removeGuardianLink',
      tags,
      summary: 'Remove a parent’s or carer’s link to a child, with a reason (admins, the welfare officer)',
      description:
        'From their next request they no longer see or answer for the child; their login stays (switch it off separately). Recorded with who, when and why (GET /api/admin/logins).',
      security,
      request: { params: GuardianLinkParams, body: jsonBody(accessReasonSchema) },
      responses: {
        200: jsonContent(z.object({ detail: z.string() }), 'Removed'),
        401: e('Not signed in'),
        403: e('Not an admin or the welfare officer'),
        404: e('No such child, or that person is not linked to them'),
        422: e('No reason given'),
      },
    }),
    async (c) => {
      const { id, user_id } = c.req.valid('param');
      return c.json(await c.get('services').juniors.removeGuardianLink(c.get('user'), id, user_id, c.req.valid('json')), 200);
    },
  )
  .openapi(
    get(
      '/{id}/documents',
      'listChildDocuments',
      'The club’s documents for this child',
      'The child’s parents and carers, or the player.',
      z.array(DocumentSchema),
    ),
    readById(({ juniors }, user, childId) => juniors.documentsOf(user, childId)),
  );
