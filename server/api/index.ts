import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { ExtractSchema } from 'hono/types';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../shared/errors';
import { adminDashboardApi } from './admin-dashboard';
import { fixtureAvailabilityApi, sessionAvailabilityApi } from './availability';
import { matchDayPackApi } from './match-day-pack';
import { selectionApi } from './selection';
import { calendarApi } from './calendar';
import { clubFileApi } from './club-file';
import { hostingApi } from './hosting';
import { clubDomainsApi, hostingDomainCheckApi } from './club-domains';
import { authApi } from './auth';
import { docsApi } from './docs';
import { documentsApi } from './documents';
import { messagesApi } from './messages';
import { notificationsAliasApi, preferencesApi } from './preferences';
import { outboxApi } from './outbox';
import { passwordResetApi } from './password-reset';
import { playersAdminApi, playersApi } from './players';
import { rolesApi } from './roles';
import { safeguardingApi } from './safeguarding';
import { matchDayCardApi, medicalNoteReadLogApi } from './match-day';
import { familyApi } from './family';
import { guardianInvitationsApi, guardianRequestsApi, guardiansMeApi } from './guardians';
import { loginsApi } from './logins';
import { router } from './env';
import { anyClientError, jsonContent, withSharedAnswers } from './openapi';
import { ordersApi } from './orders';
import { privacyApi } from './privacy';
import { pushApi } from './push';
import { productsApi } from './products';
import { setupApi } from './setup';
import { uploadsApi } from './uploads';
import { fixturesApi } from './fixtures';
import { joinUsApi } from './join-us';
import { adminNewsApi, newsApi } from './news';
import { adminClubPagesApi, clubPagesApi } from './club-pages';
import { settingsApi } from './settings';
import { sponsorsApi } from './sponsors';
import { teamSlotsApi } from './teams';
import { trainingSessionsApi, trainingSlotsApi } from './training';
import { treasuryApi } from './treasury';
import { squadApi } from './squad';

export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
/** The largest upload (a 10 MB document) plus room for the multipart framing. */
export const UPLOAD_BODY_LIMIT_BYTES = 10 * 1024 * 1024 + 64 * 1024;

const healthApi = router().openapi(
  createRoute({
    method: 'get',
    path: '/',
    operationId: 'getHealth',
    tags: ['Health'],
    summary: 'Liveness and database check',
    security: [],
    responses: {
      200: jsonContent(z.object({ status: z.literal('ok') }), 'The app and its database answer'),
      503: jsonContent(z.object({ status: z.literal('unavailable'), detail: z.string() }), 'The database does not answer'),
      ...anyClientError,
    },
  }),
  async (c) => {
    c.header('Cache-Control', 'no-store');
    // Bounded (HEALTH_CHECK_BOUND_MS), and at once while the database is known to be down.
    if (await c.get('services').health.check()) return c.json({ status: 'ok' as const }, 200);
    c.header('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
    return c.json({ status: 'unavailable' as const, detail: 'The database is not answering.' }, 503);
  },
);

/** The REST API under /api: one small router per resource. */
export function createApi() {
  const api = router();

  // JSON bodies are small; file uploads (multipart) may be larger, and each upload route checks
  // its own limit by kind (images 5 MB, documents 10 MB).
  const jsonLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: (ctx) => ctx.json({ detail: 'The request body is too large (the limit is 1 MB).' }, 413),
  });
  const uploadLimit = bodyLimit({
    maxSize: UPLOAD_BODY_LIMIT_BYTES,
    onError: (ctx) => ctx.json({ detail: 'The file is too large (the limit is 10 MB).' }, 413),
  });
  // A club file being brought in (issue 36) is streamed to disk and counted against its own, larger limit there.
  const bringsClubFile = (c: { req: { method: string; path: string } }) => c.req.method === 'POST' && /^(\/api)?\/club-file\/?$/.test(c.req.path);
  api.use('*', (c, next) =>
    bringsClubFile(c) ? next() : c.req.header('content-type')?.startsWith('multipart/form-data') ? uploadLimit(c, next) : jsonLimit(c, next),
  );

  // Chained, so the routes' types flow into ClubApi for the admin panel's typed client (hono/client).
  const routes = api
    .route('/health', healthApi)
    .route('/auth', authApi)
    .route('/admin', setupApi)
    .route('/admin', adminDashboardApi)
    .route('/products', productsApi)
    .route('/orders', ordersApi)
    // Availability first: its routes answer players, the fixtures' and sessions' writes need staff.
    .route('/fixtures', fixtureAvailabilityApi)
    .route('/fixtures', selectionApi)
    .route('/fixtures', fixturesApi)
    .route('/teams', teamSlotsApi)
    .route('/teams', matchDayCardApi)
    .route('/training-slots', trainingSlotsApi)
    .route('/training-sessions', sessionAvailabilityApi)
    .route('/training-sessions', trainingSessionsApi)
    .route('/news', newsApi)
    .route('/admin', adminNewsApi)
    .route('/pages', clubPagesApi)
    .route('/admin', adminClubPagesApi)
    .route('/sponsors', sponsorsApi)
    .route('/squad', squadApi)
    // The player domain: its routers and their order are in players/index.ts.
    .route('/players', playersApi)
    .route('/admin', playersAdminApi)
    .route('/admin', rolesApi)
    .route('/admin', safeguardingApi)
    .route('/admin', medicalNoteReadLogApi)
    .route('/admin', loginsApi)
    .route('/auth', passwordResetApi)
    .route('/documents', documentsApi)
    .route('/messages', messagesApi)
    .route('/join-us', joinUsApi)
    .route('/treasury', treasuryApi)
    .route('/settings', settingsApi)
    .route('/uploads', uploadsApi)
    .route('/calendar', calendarApi)
    .route('/club-file', clubFileApi)
    .route('/club-domains', clubDomainsApi)
    // Caddy's certificate check first: no sign-in (the operator's routes below need one).
    .route('/hosting', hostingDomainCheckApi)
    .route('/hosting', hostingApi)
    .route('/privacy', privacyApi)
    .route('/preferences', preferencesApi)
    .route('/notifications', notificationsAliasApi)
    .route('/admin', outboxApi)
    .route('/push', pushApi)
    .route('/guardian-invitations', guardianInvitationsApi)
    .route('/guardian-requests', guardianRequestsApi)
    .route('/guardians', guardiansMeApi)
    .route('/guardians', familyApi)
    .route('/me', matchDayPackApi);

  const documentConfig = {
    openapi: '3.1.0',
    servers: [{ url: '/api' }],
    info: {
      title: 'Club website API',
      version: '1.0.0',
      description:
        'The REST API behind the club website. Sign in with POST /api/auth/login and send the access_token as ' +
        '`Authorization: Bearer <token>` (browsers use the httpOnly cookie instead). Errors are `{"detail": "…"}`.',
    },
  };
  api.get('/openapi.json', (c) => c.json(withSharedAnswers(api.getOpenAPI31Document(documentConfig))));
  api.route('/docs', docsApi);
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });

  api.all('*', (c) => c.json({ detail: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404));
  return routes;
}

/** The API's routes and their request and response types, for hono/client (app/lib/api-client.ts). */
export type ClubApi = ReturnType<typeof createApi>;

type Mounted =
  | 'health'
  | 'auth'
  | 'admin'
  | 'products'
  | 'orders'
  | 'fixtures'
  | 'teams'
  | 'training-slots'
  | 'training-sessions'
  | 'news'
  | 'sponsors'
  | 'squad'
  | 'players'
  | 'documents'
  | 'messages'
  | 'join-us'
  | 'treasury'
  | 'settings'
  | 'uploads'
  | 'calendar'
  | 'club-file'
  | 'club-domains'
  | 'hosting'
  | 'preferences'
  | 'notifications'
  | 'push';
/**
 * A route whose path TypeScript sees as `string` (a helper taking `path: string`, or an inline
 * `security: [{}, …]`) turns its whole prefix into a wildcard in ClubApi, and the typed client's calls
 * under it lose their types. This fails the typecheck instead, naming the prefix.
 */
type Wildcards = Extract<`/${Mounted}/no-such-route`, keyof ExtractSchema<ClubApi>>;
const _everyPrefixKeepsItsPaths: [Wildcards] extends [never] ? true : Wildcards = true;
