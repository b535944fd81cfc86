/** The access matrix (issue 30): club content, Join us, and a member’s own data (the portal). */
import { ACTIVE, ADMIN, CLUB_ADMINS, EVERYONE, MEMBERS, NEWS_WRITERS, row, SIGNED_IN, unique, without, type Row } from './personas';

const newsBody = { title: 'Fun day', content: 'Bring the family on Saturday.', is_published: true };
const sponsorBody = { name: 'Corner Bakery', logo_url: '/images/seed/bar-scarf.svg', category: 'Local business' };

export const CONTENT_ROWS: Row[] = [
  // --- Club content ---
  row('GET /api/news', { allow: EVERYONE }),
  row('POST /api/news', { body: newsBody, allow: NEWS_WRITERS }),
  row('GET /api/news/{id}', { params: { id: 'news' }, allow: EVERYONE }),
  row('PUT /api/news/{id}', { params: { id: 'news' }, body: newsBody, allow: NEWS_WRITERS }),
  row('DELETE /api/news/{id}', { fresh: 'news', allow: NEWS_WRITERS }),
  row('GET /api/admin/news', { allow: NEWS_WRITERS }),
  row('GET /api/sponsors', { allow: EVERYONE }),
  row('POST /api/sponsors', { body: sponsorBody, allow: ADMIN }),
  row('PUT /api/sponsors/{id}', { params: { id: 'sponsor' }, body: sponsorBody, allow: ADMIN }),
  row('DELETE /api/sponsors/{id}', { fresh: 'sponsor', allow: ADMIN }),
  row('GET /api/squad', { allow: EVERYONE }),
  row('GET /api/squad/{id}', { params: { id: 'playerMember' }, allow: EVERYONE }),
  // Issue 33: the pages the club writes (About, the home page's welcome, the privacy notice).
  row('GET /api/pages/{slug}', { params: { slug: 'clubPage' }, allow: EVERYONE }),
  row('PUT /api/admin/pages/{slug}', { params: { slug: 'clubPage' }, body: { markdown: '## Our Story\n\nWe started on the rec.' }, allow: ADMIN }),
  row('GET /api/settings', { allow: ADMIN }),
  row('PUT /api/settings', { body: (b) => JSON.parse(b.x.settings!), allow: ADMIN }),
  row('POST /api/uploads', { form: { file: 'png' }, allow: NEWS_WRITERS, why: 'images for news and club pages' }),
  row('GET /api/documents', { allow: CLUB_ADMINS }),
  row('POST /api/documents', { body: { title: 'League rules', url: 'https://example.org/rules.pdf' }, allow: CLUB_ADMINS }),
  row('POST /api/documents', {
    body: (b) => ({ title: 'Consent form', url: 'https://example.org/consent.pdf', player_id: b.x.otherChild }),
    allow: CLUB_ADMINS,
    why: "a child's document: the club, never any staff login (finding 5)",
  }),
  row('DELETE /api/documents/{id}', { fresh: 'document', allow: CLUB_ADMINS }),
  row('GET /api/documents/{id}/file', {
    params: { id: 'document' },
    allow: ['admin', ...without(MEMBERS, 'admin')],
    why: 'the club’s documents are for members, not pending registrants (finding 12)',
  }),
  row('GET /api/documents/{id}/file', {
    params: { id: 'child9Document' },
    allow: ['parentA', 'viewOnlyParent', 'admin', 'secretary'],
    why: "a child's document: their parents and the club (admins, the secretary) (finding 5)",
  }),

  // --- Join us ---
  row('POST /api/join-us', {
    body: () => ({
      full_name: 'Jo Keen',
      email: `jo_${unique()}@example.com`,
      phone_number: '07700 900123',
      message: 'I would like to play.',
      interest_types: ['player'],
    }),
    allow: EVERYONE,
    ok: [429],
  }),
  row('GET /api/join-us', { allow: ADMIN, why: 'the rule book says nothing: as today' }),
  row('DELETE /api/join-us/{id}', { fresh: 'joinUs', allow: ADMIN }),

  // --- A member's own data (the portal) ---
  row('GET /api/players/me', { allow: SIGNED_IN, ok: [404], why: 'a parent-only login has no member record: 404' }),
  row('PUT /api/players/me', {
    body: (b) => ({ full_name: b.me.full_name, email: b.me.email, phone_number: '07700 900777', current_password: b.me.password }),
    allow: SIGNED_IN,
    ok: [404],
  }),
  row('PUT /api/players/me', {
    body: (b) => ({ full_name: b.me.full_name, email: b.me.email, date_of_birth: '2000-01-01', current_password: b.me.password }),
    allow: without(SIGNED_IN, 'junior14'),
    ok: [404],
    why: "a junior's date of birth is changed by a parent or the club, never their own login (finding 4)",
  }),
  row('GET /api/players/me/availability', { allow: MEMBERS, why: 'a player answers for themselves; parents answer per child' }),
  row('GET /api/players/me/stats', { allow: ACTIVE, ok: [404] }),
  row('GET /api/players/me/payments', { allow: ACTIVE, ok: [404] }),
  row('GET /api/players/me/feedback', { allow: ACTIVE, ok: [404] }),
  row('GET /api/players/me/documents', { allow: ACTIVE, ok: [404], why: 'not for pending registrants (finding 12)' }),
  row('GET /api/players/me/messages', { allow: ACTIVE, ok: [404] }),
  row('POST /api/players/me/messages/{id}/read', { params: { id: 'message' }, allow: ['player'] }),
  row('GET /api/players/me/notifications', { allow: SIGNED_IN }),
  row('POST /api/players/me/notifications/{id}/read', { params: { id: 'notification' }, allow: ['player'] }),
  row('GET /api/treasury/me', { allow: ACTIVE, ok: [404], why: 'holds the bank details: not for pending registrants (finding 12)' }),
  row('GET /api/guardians/me/children', { allow: SIGNED_IN }),
  // Issue 31: the family home (a login with no children gets empty lists) and the parent's own phone number.
  row('GET /api/guardians/me/family', { allow: SIGNED_IN }),
  row('PUT /api/guardians/me/phone', { body: { phone: '07700 900999' }, allow: SIGNED_IN }),
  row('POST /api/calendar/token', { allow: ACTIVE }),
  row('GET /api/preferences', { allow: SIGNED_IN }),
  row('PUT /api/preferences', { body: { message: true }, allow: SIGNED_IN }),
  row('POST /api/preferences/unsubscribe', { query: (b) => b.x.unsubscribeQuery!, allow: EVERYONE, why: 'a signed link: whoever holds it' }),
  row('GET /api/notifications/preferences', { allow: SIGNED_IN }),
  row('PUT /api/notifications/preferences', { body: { message: true }, allow: SIGNED_IN }),
  row('POST /api/notifications/unsubscribe', { query: (b) => b.x.unsubscribeQuery!, allow: EVERYONE }),
];
