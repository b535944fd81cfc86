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
import { router } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';

const security = [{ bearer: [] }];
const tags = ['Parents and carers'];
const e = (description: string) => jsonContent(ErrorSchema, description);
const reads = { 401: e('Not signed in'), 403: e('Not this child’s parent or carer (nor allowed to see it)') };
const writes = { ...reads, 422: e('Invalid input') };
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
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').juniors.consents(c.get('user'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/consents',
      operationId: 'setConsent',
      tags,
      summary: 'Give or withdraw one consent (the child’s parent or carer only)',
      description: 'Anyone else, admins included, is refused (403). Each answer is a new record (who, when, the text version); in force on the next request.',
      security,
      request: { params: IdParam, body: jsonBody(consentInputSchema) },
      responses: { 200: jsonContent(ConsentsSchema, 'The consents now'), ...writes },
    }),
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
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').juniors.medicalNotes(c.get('user'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    get(
      '/{id}/medical-note-reads',
      'listMedicalNoteReads',
      'Who read the medical notes, and when',
      'The child’s guardians and the welfare officer.',
      z.array(MedicalNoteReadSchema),
    ),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').juniors.medicalNoteReads(c.get('user'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/care',
      operationId: 'setChildCare',
      tags,
      summary: 'Emergency contact and medical notes (a parent or carer who can answer for the child, or the player)',
      security,
      request: { params: IdParam, body: jsonBody(childCareSchema) },
      responses: { 200: jsonContent(ChildCareSchema, 'Saved'), ...writes },
    }),
    async (c) => c.json(await c.get('services').juniors.setCare(c.get('user'), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/login-agreement',
      operationId: 'setLoginAgreement',
      tags,
      summary: 'Agree (or no longer agree) to a 13-17 year old having a login of their own (primary guardian)',
      description: 'Recorded with who and when. Under 13: refused (422).',
      security,
      request: { params: IdParam, body: jsonBody(loginAgreementSchema) },
      responses: { 200: jsonContent(LoginAgreementSchema, 'Recorded'), ...writes },
    }),
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
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').juniors.guardiansOf(c.get('user'), c.req.valid('param').id), 200);
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
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json((await c.get('services').juniors.documentsOf(c.get('user'), c.req.valid('param').id)) as z.infer<typeof DocumentSchema>[], 200);
    },
  );
