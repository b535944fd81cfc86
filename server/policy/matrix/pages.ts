/** The access matrix (issue 30): every page of app/routes.ts. */
import { HOSTING_PAGE_ROWS } from './hosting';
import { ACTIVE, ADMIN, CHARGERS, CLUB_ADMINS, EVERYONE, GUARDIAN_MANAGERS, NEWS_WRITERS, row, SIGNED_IN, U12_RUNNERS, VOLUNTEERS, type Row } from './personas';
import { PERSONAL_DATA } from './privacy';

/**
 * Every page (app/routes.ts). A page loader that is refused sends the visitor to /login (a
 * redirect) or answers 403/404; an allowed persona gets the page (200).
 */
export const PAGE_ROWS: Row[] = [
  ...['/', '/squad', '/fixtures', '/news', '/about', '/sponsors', '/join-us', '/privacy', '/shop', '/sitemap.xml', '/robots.txt'].map((path) =>
    row(`PAGE ${path}`, { allow: EVERYONE }),
  ),
  row('PAGE /player/:playerId', { params: { playerId: 'playerMember' }, allow: EVERYONE }),
  row('PAGE /fixtures/:id', { params: { id: 'seniorFixture' }, allow: EVERYONE }),
  row('PAGE /news/:id', { params: { id: 'news' }, allow: EVERYONE }),
  row('PAGE /shop/product/:id', { params: { id: 'product' }, allow: EVERYONE }),
  row('PAGE /shop/orders/:token', { params: { token: 'orderToken' }, allow: EVERYONE }),
  // Auth pages answer everyone (a signed-in visitor may be sent on to their home page).
  ...[
    '/login',
    '/forgot-password',
    '/reset-password',
    '/unsubscribe',
    '/confirm-email',
    '/availability',
    '/squad-reply',
    '/register',
    '/register/parent',
    '/guardian-invitation',
    '/initialize',
    '/logout',
    '/start',
  ].map((path) => row(`PAGE ${path}`, { allow: EVERYONE, ok: [302, 303, 400, 404, 409, 410] })),
  row('PAGE /team-sheet/:fixtureId', { params: { fixtureId: 'u12Fixture' }, allow: U12_RUNNERS, why: 'finding 18: 403, never 500' }),
  // The players' area: members and parents; a pending registrant sees their status and profile only.
  row('PAGE /players-area', { allow: SIGNED_IN }),
  row('PAGE /players-area/profile', { allow: SIGNED_IN }),
  row('PAGE /players-area/account', { allow: SIGNED_IN }),
  ...['payments', 'feedback', 'schedule', 'documents', 'messages', 'stats', 'children'].map((p) => row(`PAGE /players-area/${p}`, { allow: ACTIVE })),
  row('PAGE /players-area/children/:playerId', { params: { playerId: 'child9' }, allow: ['parentA', 'viewOnlyParent'] }),
  row('PAGE /players-area/children/:playerId/consents', { params: { playerId: 'child9' }, allow: ['parentA', 'viewOnlyParent'] }),
  // The admin panel: each tab for the roles that work in it.
  row('PAGE /admin', { allow: VOLUNTEERS }),
  row('PAGE /admin/account', { allow: VOLUNTEERS }),
  row('PAGE /admin/products', { allow: ADMIN }),
  row('PAGE /admin/orders', { allow: ADMIN }),
  row('PAGE /admin/treasury', { allow: CHARGERS }),
  row('PAGE /admin/players', { allow: VOLUNTEERS }),
  row('PAGE /admin/player-management', { allow: EVERYONE, ok: [301], why: 'an old address: moved for good to /admin/players' }),
  row('PAGE /admin/fixtures', { allow: ['admin', 'secretary', 'coachU12', 'coachSenior'] }),
  row('PAGE /admin/teams', { allow: ['admin', 'secretary', 'welfareOfficer', 'coachU12', 'coachSenior'] }),
  row('PAGE /admin/training', { allow: ['admin', 'secretary', 'coachU12', 'coachSenior'] }),
  row('PAGE /admin/matchweek', { allow: ['admin', 'secretary', 'coachU12', 'coachSenior'] }),
  row('PAGE /admin/sponsors', { allow: ADMIN }),
  row('PAGE /admin/news', { allow: NEWS_WRITERS }),
  row('PAGE /admin/join-us', { allow: ADMIN }),
  row('PAGE /admin/registrations', { allow: CLUB_ADMINS }),
  row('PAGE /admin/roles', { allow: ADMIN }),
  row('PAGE /admin/safeguarding', { allow: GUARDIAN_MANAGERS }),
  row('PAGE /admin/guardians', { allow: GUARDIAN_MANAGERS }),
  row('PAGE /admin/privacy', { allow: PERSONAL_DATA }),
  row('PAGE /admin/privacy/:id', { params: { id: 'privacyRequest' }, allow: PERSONAL_DATA }),
  row('PAGE /admin/match-day', { allow: ['coachU12', 'coachSenior', 'welfareOfficer'], why: 'team staff and the welfare officer (issue 31)' }),
  row('PAGE /admin/match-day/:teamId', { params: { teamId: 'u12' }, allow: ['coachU12', 'welfareOfficer'] }),
  row('PAGE /admin/settings', { allow: ADMIN }),
  row('PAGE /admin/pages', { allow: ADMIN, why: "the club's own pages: as Settings (issue 33)" }),
  row('PAGE /admin/documents', { allow: CLUB_ADMINS }),
  row('PAGE /admin/messages', { allow: CLUB_ADMINS, why: 'messages to the whole club (a coach messages a player of theirs through the API)' }),
  row('PAGE /admin/outbox', { allow: ADMIN }),
  row('PAGE /admin/privacy/retention', { allow: CLUB_ADMINS, why: 'the Data protection lead, the secretary and admins (mayHandlePersonalData)' }),
  ...HOSTING_PAGE_ROWS,
  row('PAGE /*', { params: { '*': 'missingPage' }, allow: EVERYONE, ok: [404] }),
];
