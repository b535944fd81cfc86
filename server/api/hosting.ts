/**
 * /api/hosting: the host's operator's work on clubs (issue 36, ADR 065). Only on the hosting domain
 * itself and only for the operator signed in there: a club's host answers 401 or 403 here (the
 * operator's token means nothing on a club's host, a club's token nothing on the hosting domain).
 */
import { Readable } from 'node:stream';
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { OPERATOR_ONLY } from '../../shared/hosting';
import { DomainError } from '../../shared/errors';
import { newClubSchema } from '../services/hosting/clubs';
import { router, type AppEnv } from './env';
import { ErrorSchema, IdParam, jsonBody, jsonContent } from './openapi';

const tags = ['Hosting'];

/** 401 unless the operator is signed in on the hosting domain; 403 for a club's signed-in member asking on a club's host. */
async function operatorOnly(c: Context<AppEnv>, next: () => Promise<void>) {
  if (c.get('site') === 'hosting' && c.get('operator')) return next();
  throw new DomainError(c.get('user') ? 'forbidden' : 'unauthenticated', OPERATOR_ONLY);
}

const HostedClubSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    host: z.string(),
    name: z.string(),
    status: z.enum(['active', 'suspended']),
    created_at: z.string(),
    suspended_at: z.string().nullable(),
    exported_at: z.string().nullable(),
    members: z.number().int().openapi({ description: 'Logins of the club' }),
    teams: z.number().int(),
    storage_bytes: z.number().int().openapi({ description: 'Bytes of uploaded files' }),
    mail_sent_30_days: z.number().int().openapi({ description: 'Mails sent in the last 30 days' }),
  })
  .openapi('HostedClub');

const ClubStatus = z.object({ id: z.string(), status: z.enum(['active', 'suspended']) });
const guarded = {
  401: jsonContent(ErrorSchema, 'Not the operator signed in on the hosting domain'),
  403: jsonContent(ErrorSchema, "A club's login, on a club's host"),
};
const byId = { ...guarded, 404: jsonContent(ErrorSchema, 'No club with this id') };

const base = router();
base.use('*', operatorOnly);

export const hostingApi = base
  .openapi(
    createRoute({
      method: 'post',
      path: '/clubs',
      operationId: 'createHostedClub',
      tags,
      summary: 'Create a club at {slug}.{HOSTING_DOMAIN} (operator)',
      description:
        'The first admin (username admin, or their e-mail address) gets admin_password, or without it an invitation by e-mail to choose ' +
        "theirs (valid 7 days). sample: true loads the sample club's content; otherwise the club starts empty.",
      security: [{ bearer: [] }],
      request: { body: jsonBody(newClubSchema) },
      responses: {
        201: jsonContent(z.object({ id: z.string(), host: z.string(), invited: z.boolean() }), 'The club is made'),
        ...guarded,
        409: jsonContent(ErrorSchema, 'Another club has this address'),
        422: jsonContent(ErrorSchema, 'A field is missing or wrong (errors name it)'),
      },
    }),
    async (c) => c.json(await c.get('services').hosting.create(c.req.valid('json')), 201),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/clubs',
      operationId: 'listHostedClubs',
      tags,
      summary: "Every club with its figures (operator): counts and sums only, never a member's data",
      security: [{ bearer: [] }],
      responses: { 200: jsonContent(z.array(HostedClubSchema), 'Oldest first'), ...guarded },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').hosting.list(), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/clubs/{id}/suspend',
      operationId: 'suspendHostedClub',
      tags,
      summary: 'Suspend a club (operator): its site shows a notice, its jobs stop, nothing is deleted',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: { 200: jsonContent(ClubStatus, 'Suspended'), ...byId, 409: jsonContent(ErrorSchema, 'Already suspended') },
    }),
    async (c) => c.json(await c.get('services').hosting.suspend(c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/clubs/{id}/resume',
      operationId: 'resumeHostedClub',
      tags,
      summary: 'Resume a suspended club (operator)',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: { 200: jsonContent(ClubStatus, 'Active again'), ...byId, 409: jsonContent(ErrorSchema, 'Not suspended') },
    }),
    async (c) => c.json(await c.get('services').hosting.resume(c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/clubs/{id}/export',
      operationId: 'exportHostedClub',
      tags,
      summary: "A club's file (operator): the same .tar.gz its admins download; noted as exported",
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: {
        200: { description: 'The club file', content: { 'application/gzip': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } } },
        ...byId,
      },
    }),
    async (c) => {
      const made = await c.get('services').hosting.exportFile(c.req.valid('param').id);
      return c.body(Readable.toWeb(made.stream) as ReadableStream<Uint8Array<ArrayBuffer>>, 200, {
        'Content-Type': 'application/gzip',
        'Content-Length': String(made.bytes),
        'Content-Disposition': `attachment; filename="${made.fileName}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/clubs/{id}',
      operationId: 'deleteHostedClub',
      tags,
      summary: 'Delete a club and every row of it (operator): only once suspended and exported since',
      security: [{ bearer: [] }],
      request: { params: IdParam },
      responses: {
        200: jsonContent(z.object({ id: z.string(), deleted_rows: z.number().int() }), 'Deleted'),
        ...byId,
        409: jsonContent(ErrorSchema, 'Not suspended, or not exported since it was suspended: nothing deleted'),
      },
    }),
    async (c) => c.json(await c.get('services').hosting.remove(c.req.valid('param').id), 200),
  );
