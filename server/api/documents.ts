import { mayPublishClubDocuments } from '../policy';
import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { documentLinkSchema } from '../../shared/contracts/documents';
import { invalid } from '../../shared/errors';
import { DOCUMENT_MAX_BYTES, safeFileName } from '../services/uploads';
import { doneById, router, writesNeed } from './env';
import { validationBody } from './errors';
import { ErrorSchema, IdParam, jsonContent, readForm } from './openapi';
import { DocumentSchema } from '../../shared/contracts/documents';

const security = [{ bearer: [] }];
const errors = {
  401: jsonContent(ErrorSchema, 'Not signed in'),
  403: jsonContent(ErrorSchema, 'Signed in without the role'),
};

/** The multipart fields beside the file. */
const uploadFieldsSchema = documentLinkSchema.omit({ url: true });

/** /api/documents: club documents (uploaded file or link) for all players or one. */
const documentsBase = router();
// Who may publish is checked before the upload or the body is read (401/403, never 413 or 422).
documentsBase.use('*', writesNeed(mayPublishClubDocuments));
documentsBase.use(
  '/',
  bodyLimit({
    // The file plus room for the other form fields.
    maxSize: DOCUMENT_MAX_BYTES + 256 * 1024,
    onError: (c) => c.json({ detail: 'The file is too large: the limit is 10 MB.' }, 413),
  }),
);
export const documentsApi = documentsBase
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listDocuments',
      tags: ['Documents'],
      summary: 'Every published document (admin)',
      security,
      responses: { 200: jsonContent(z.array(DocumentSchema), 'Documents, newest first'), ...errors },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').documents.list(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'uploadDocument',
      tags: ['Documents'],
      summary: 'Publish a document (admin)',
      description:
        'Either multipart/form-data with `file` (PDF, JPEG, PNG or WebP, recognised by its content; at most 10 MB), `title`, ' +
        'optional `description` and `player_id`; or JSON `{title, url, description?, player_id?}` for a link. Without player_id it is for all players.',
      security,
      responses: {
        201: jsonContent(DocumentSchema, 'Published'),
        400: jsonContent(ErrorSchema, 'A body that cannot be read'),
        413: jsonContent(ErrorSchema, 'File over 10 MB'),
        422: jsonContent(ErrorSchema, 'Invalid input or file type'),
        ...errors,
      },
    }),
    async (c) => {
      const services = c.get('services');
      const user = c.get('user');
      const type = c.req.header('content-type') ?? '';
      if (type.startsWith('multipart/form-data')) {
        const form = await readForm(c);
        const fields = uploadFieldsSchema.safeParse({
          title: typeof form.title === 'string' ? form.title : undefined,
          description: typeof form.description === 'string' ? form.description : undefined,
          player_id: typeof form.player_id === 'string' ? form.player_id : undefined,
        });
        if (!fields.success) return c.json(validationBody(fields.error), 422);
        const file = form.file;
        if (!(file instanceof File)) throw invalid('Choose a file to upload.', [{ field: 'file', message: 'Choose a file to upload.' }]);
        const bytes = new Uint8Array(await file.arrayBuffer());
        return c.json(await services.documents.publishFile(user, fields.data, { bytes, name: file.name }), 201);
      }
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        throw invalid('Send a file as multipart/form-data or a link as JSON.');
      }
      const parsed = documentLinkSchema.safeParse(body);
      if (!parsed.success) return c.json(validationBody(parsed.error), 422);
      return c.json(await services.documents.publishLink(user, parsed.data), 201);
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      operationId: 'deleteDocument',
      tags: ['Documents'],
      summary: 'Remove a document and its stored file (admin)',
      security,
      request: { params: IdParam },
      responses: { 200: jsonContent(z.object({ detail: z.string() }), 'Removed'), 404: jsonContent(ErrorSchema, 'Unknown document'), ...errors },
    }),
    doneById('Document deleted successfully!', ({ documents }, user, id) => documents.remove(user, id)),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}/file',
      operationId: 'getDocumentFile',
      tags: ['Documents'],
      summary: 'Open or download an uploaded document (its players, staff, admin)',
      description: 'Served inline; add ?download=1 for an attachment.',
      security,
      request: { params: IdParam, query: z.object({ download: z.string().optional() }) },
      responses: {
        200: { description: 'The file', content: { 'application/octet-stream': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } } },
        404: jsonContent(ErrorSchema, 'Unknown document'),
        ...errors,
      },
    }),
    async (c) => {
      const file = await c.get('services').documents.file(c.get('user'), c.req.valid('param').id);
      const name = safeFileName(file.file_name, 'document');
      const disposition = c.req.valid('query').download ? 'attachment' : 'inline';
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': file.content_type,
        'Content-Length': String(file.bytes.length),
        'Content-Disposition': `${disposition}; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  );
