/**
 * /api/privacy: the access download (issue 34). A request's ZIP for the data protection lead and
 * the secretary; a person's own copy and a parent's copy of their child's data from the portal.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PrivacyRequestDownloadSchema } from '../../../shared/contracts/privacy-export';
import type { ExportDownload } from '../../services/privacy/export-service';
import { router, type AppEnv } from '../env';
import { ErrorSchema, guardedAnswers, IdParam, jsonContent } from '../openapi';

const tags = ['Privacy'];
const security = [{ bearer: [] }];
const zipAnswer = {
  description: 'The ZIP: data.json, a CSV per section with rows, README.txt, and files/ (their photo, documents shared with them alone)',
  content: { 'application/zip': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
};
const PlayerIdParam = z.object({
  playerId: z
    .string()
    .max(100)
    .openapi({ param: { name: 'playerId', in: 'path' } }),
});

const exportsOf = (c: Context<AppEnv>) => c.get('services').privacyExport;

function zip(c: Context<AppEnv>, made: ExportDownload) {
  return c.body(made.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/zip',
    'Content-Length': String(made.bytes.length),
    'Content-Disposition': `attachment; filename="${made.fileName}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
}

export const privacyExportApi = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/requests/{id}/export',
      operationId: 'exportPrivacyRequest',
      tags,
      summary: 'The access download of a request (data protection lead, secretary): everything held about its subject, as a ZIP',
      description: 'Each download is recorded in the request’s history (who, when, how many rows).',
      security,
      request: { params: IdParam },
      responses: { 200: zipAnswer, ...guardedAnswers('Not the data protection lead or the secretary'), 404: jsonContent(ErrorSchema, 'Unknown request') },
    }),
    async (c) => zip(c, await exportsOf(c).forRequest(c.get('user'), c.req.valid('param').id)),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/requests/{id}/downloads',
      operationId: 'listPrivacyRequestDownloads',
      tags,
      summary: 'Who downloaded a request’s data, and when (data protection lead, secretary)',
      security,
      request: { params: IdParam },
      responses: {
        200: jsonContent(z.array(PrivacyRequestDownloadSchema), 'Newest first'),
        ...guardedAnswers('Not the data protection lead or the secretary'),
        404: jsonContent(ErrorSchema, 'No such request'),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await exportsOf(c).downloadsOf(c.get('user'), c.req.valid('param').id), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/me/export',
      operationId: 'exportMyData',
      tags,
      summary: 'A copy of everything the club holds about the signed-in person (their login and player record), as a ZIP',
      security,
      responses: { 200: zipAnswer, ...guardedAnswers('A registration waiting for approval, or a member who left') },
    }),
    async (c) => zip(c, await exportsOf(c).mine(c.get('user'))),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/children/{playerId}/export',
      operationId: 'exportChildData',
      tags,
      summary: 'A copy of everything the club holds about a child, for a parent or carer with parental responsibility today',
      security,
      request: { params: PlayerIdParam },
      responses: { 200: zipAnswer, ...guardedAnswers('Not a parent or carer with parental responsibility for this child'), 404: jsonContent(ErrorSchema, 'Unknown player') },
    }),
    async (c) => zip(c, await exportsOf(c).child(c.get('user'), c.req.valid('param').playerId)),
  );
