/**
 * /api/club-file: take your club and leave (issue 36). An admin downloads the whole club as one file;
 * a new install's first run brings that file in (server/services/club-file.ts).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Readable } from 'node:stream';
import { router } from './env';
import { ErrorSchema, guardedAnswers, jsonContent } from './openapi';

const tags = ['Club file'];
/** The setup code from the server log, as a header: the body is the file itself. */
export const SETUP_CODE_HEADER = 'x-setup-code';

const ClubFileDownloadSchema = z
  .object({
    downloaded_by_name: z.string(),
    bytes: z.number().int(),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('ClubFileDownload');

const BroughtSchema = z
  .object({
    detail: z.string(),
    club_name: z.string(),
    created_at: z.string().openapi({ description: 'When the club file was made', format: 'date-time' }),
    rows: z.number().int(),
  })
  .openapi('ClubFileBrought');

export const clubFileApi = router()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'downloadClubFile',
      tags,
      summary: 'The whole club as one versioned file (admins): data, uploads and settings, as a .tar.gz',
      description:
        'The app’s own backup format (manifest.json and one JSON line per row of every table, uploaded files included), ' +
        'without the install’s sign-ins, sign-in counters and setup code. It holds everyone’s personal data. Each download is recorded (who, when).',
      security: [{ bearer: [] }],
      responses: {
        200: {
          description: 'The club file, named after the club and the day, e.g. ashdown-united-2026-11-28.club.tar.gz',
          content: { 'application/gzip': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
        },
        ...guardedAnswers('Not an admin of the club'),
      },
    }),
    async (c) => {
      const made = await c.get('services').clubFile.download(c.get('user'));
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
      method: 'get',
      path: '/downloads',
      operationId: 'listClubFileDownloads',
      tags,
      summary: 'Who downloaded the club file, and when (admins), newest first',
      security: [{ bearer: [] }],
      responses: { 200: jsonContent(z.array(ClubFileDownloadSchema), 'Newest first'), ...guardedAnswers('Not an admin of the club') },
    }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await c.get('services').clubFile.downloads(c.get('user')), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      operationId: 'bringClubFile',
      tags,
      summary: 'Bring a club file into this new install (first run only, with the setup code)',
      description:
        'The body is the club file itself (as downloaded with GET /api/club-file). Allowed only while this install has no club ' +
        '(409 afterwards) and only with the setup code from the server log in the X-Setup-Code header, even when ADMIN_PASSWORD is set ' +
        '(the file brings its own admins and passwords). A file that is not a club file, is damaged or unsafe, or was made by a newer ' +
        'version of the app answers 422 and nothing is stored; one over the size limit answers 413.',
      security: [],
      request: {
        headers: z.object({
          [SETUP_CODE_HEADER]: z.string().max(100).optional().openapi({ description: 'The setup code from the server log', example: 'ABCD-EFGH-JKMN' }),
        }),
        body: {
          required: true,
          content: { 'application/gzip': { schema: z.any().openapi({ type: 'string', format: 'binary' }) } },
        },
      },
      responses: {
        200: jsonContent(BroughtSchema, 'The club is in; its admins sign in with their own passwords'),
        403: jsonContent(ErrorSchema, 'No setup code, or a wrong one: nothing was stored'),
        409: jsonContent(ErrorSchema, 'This install already has a club'),
        413: jsonContent(ErrorSchema, 'The file is over the size limit: nothing was stored'),
        422: jsonContent(ErrorSchema, 'Not a club file, damaged, unsafe, empty or from a newer version of the app: nothing was stored'),
        429: jsonContent(ErrorSchema, 'Too many setup codes tried from this address; `Retry-After` says when to try again'),
      },
    }),
    async (c) => {
      const length = c.req.header('content-length');
      const brought = await c.get('services').clubFile.bring({
        setupCode: c.req.valid('header')[SETUP_CODE_HEADER],
        address: c.get('clientAddress'),
        body: c.req.raw.body as WebReadableStream<Uint8Array> | null,
        declaredBytes: length === undefined ? undefined : Number(length),
      });
      c.header('Cache-Control', 'no-store');
      return c.json({ detail: `${brought.club_name} is here. Its admins now sign in with their own usernames and passwords.`, ...brought }, 200);
    },
  );
