/** /api/privacy/requests/{id}/erasure-preview and /erase (issue 34): an erasure in two steps, for the data protection lead. */
import { createRoute } from '@hono/zod-openapi';
import { mayHandlePersonalData } from '../../policy';
import { ErasureReportSchema } from '../../../shared/contracts/erasure';
import { eraseForRequest, previewRequestErasure } from '../../services/privacy/erasure-requests';
import { mayI, router } from '../env';
import { ErrorSchema, IdParam, jsonContent } from '../openapi';

const security = [{ bearer: [] }];
const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Only the data protection lead, the secretary or an admin'),
  404: jsonContent(ErrorSchema, 'Unknown request'),
  409: jsonContent(ErrorSchema, 'Already carried out'),
  422: jsonContent(ErrorSchema, 'Not an erasure request, identity not checked, or the person holds a role'),
};

export const erasureApi = router()
  .openapi(
    createRoute({
      method: 'post',
      path: '/requests/{id}/erasure-preview',
      operationId: 'previewErasure',
      tags: ['Privacy'],
      summary: 'What erasing the person (and the children the request covers) would do, per section (nothing is changed)',
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(ErasureReportSchema, 'The counts'), ...errors },
    }),
    async (c) => {
      await mayI(c, mayHandlePersonalData);
      c.header('Cache-Control', 'no-store');
      return c.json(await previewRequestErasure(c.get('services').db, c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/requests/{id}/erase',
      operationId: 'eraseForRequest',
      tags: ['Privacy'],
      summary: 'Erase the person permanently (one transaction) and complete the request; answers what was done',
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(ErasureReportSchema, 'What was done'), ...errors },
    }),
    async (c) => {
      await mayI(c, mayHandlePersonalData);
      return c.json(await eraseForRequest(c.get('services').db, c.get('user')!, c.req.valid('param').id), 200);
    },
  );
