/**
 * Who may do what, operation by operation (issue 30): the access matrix. One row per API operation
 * (method and path as /api/openapi.json lists them) and per page, with the personas allowed and a
 * request a real client would send (its path bound to the matrix club's things, a valid body).
 * server/policy/access-matrix.test.ts runs every row for every persona against the app on a real
 * PostgreSQL; an operation or page without a row fails that test. The rules come from the intended
 * rule book (issue 30), not from what the code happens to do.
 *
 * Reading a row: `allow` lists who gets through (2xx, or one of `ok`); everyone else is refused
 * (401 for the visitor and for a login that is switched off or has left; 401/403/404 for the rest,
 * or `deny`) and, for a write, nothing in the database changes.
 */

/** The personas: the 13 logins of issue 30 and the ones whose relationship with the club ended. */
export const PERSONAS = [
  'visitor', // not signed in
  'pending', // registered, not approved yet
  'player', // an active adult member of the Senior team
  'left', // a former coach of U12 who left the club (login switched off)
  'junior14', // a 14-year-old with a login of their own, in U12, child of parentA
  'parentA', // primary parent of junior14 and of child9 (9, U9, no login)
  'parentB', // another family: primary parent of otherChild (U12)
  'viewOnlyParent', // view-only parent of child9
  'formerParent', // parent of a child who is now 18
  'coachU12', // coach of the U12 (junior) team, DBS check in date
  'coachSenior', // coach of the Senior team
  'treasurer',
  'secretary',
  'welfareOfficer',
  'admin',
  'coachEnded', // was coach of U9; the staff place has ended
  'parentUnlinked', // was parent of child9; the link was removed
  'switchedOff', // signed in, then the login was switched off
] as const;
export type PersonaName = (typeof PERSONAS)[number];

// ----- Named groups -----
export const EVERYONE: readonly PersonaName[] = PERSONAS;
/** No session that counts: their requests are a visitor's. */
export const SIGNED_OUT: readonly PersonaName[] = ['visitor', 'left', 'switchedOff'];
/** Every login that is on. */
export const SIGNED_IN = PERSONAS.filter((p) => !SIGNED_OUT.includes(p));
/** Signed in and not waiting for approval: members, parents and the club's volunteers. */
export const ACTIVE = SIGNED_IN.filter((p) => p !== 'pending');
export const ADMIN: readonly PersonaName[] = ['admin'];
/** Membership, news and documents: the admin and the secretary. */
export const CLUB_ADMINS: readonly PersonaName[] = ['admin', 'secretary'];
export const MONEY: readonly PersonaName[] = ['admin', 'treasurer'];
/** Charging: money, and the secretary. */
export const CHARGING: readonly PersonaName[] = ['admin', 'treasurer', 'secretary'];
export const SAFEGUARDING: readonly PersonaName[] = ['admin', 'welfareOfficer'];
/** Who runs a team's match week and training: admin, secretary and the team's current staff. */
export const U12_RUNNERS: readonly PersonaName[] = ['admin', 'secretary', 'coachU12'];
export const SENIOR_RUNNERS: readonly PersonaName[] = ['admin', 'secretary', 'coachSenior'];
/** U9 has no current staff (its coach's place ended). */
export const U9_RUNNERS: readonly PersonaName[] = ['admin', 'secretary'];
/** Everyone who works in the admin panel today. */
export const VOLUNTEERS: readonly PersonaName[] = ['admin', 'secretary', 'treasurer', 'welfareOfficer', 'coachU12', 'coachSenior'];
/** Members with a record of their own (a parent-only login has none). */
export const MEMBERS: readonly PersonaName[] = ['player', 'junior14', 'coachU12', 'coachSenior', 'treasurer', 'secretary', 'welfareOfficer', 'coachEnded'];
/**
 * News (and its images): the admin and the secretary, and team staff as today (the existing news
 * and upload tests have staff of teams writing articles; issue 30 keeps that).
 */
export const NEWS_WRITERS: readonly PersonaName[] = ['admin', 'secretary', 'coachU12', 'coachSenior'];
/** Club roles (not team staff). */
export const CLUB_ROLES: readonly PersonaName[] = ['admin', 'secretary', 'treasurer', 'welfareOfficer'];

// ----- Rows -----
/** The persona making the request, for bodies that name them. */
export interface Me {
  name: PersonaName;
  username?: string;
  password?: string;
  email?: string;
  full_name?: string;
  userId?: string;
  playerId?: string;
}
/** Ids (and a few tokens) of the matrix club's things, by name (tests/support/personas.ts). */
export type Targets = Record<string, string>;
export interface Bind {
  x: Targets;
  me: Me;
  /** The fresh target(s) of this request, for rows with `fresh`. */
  fresh: Record<string, string>;
}
type Value<T> = T | ((bind: Bind) => T);

/** Makers of a new target per request, for writes that use theirs up (tests/support/personas.ts). */
export type FreshKind =
  | 'u12Fixture'
  | 'seniorFixture'
  | 'u12Slot'
  | 'u12Session'
  | 'team'
  | 'juniorTeam'
  | 'news'
  | 'sponsor'
  | 'product'
  | 'order'
  | 'document'
  | 'joinUs'
  | 'charge'
  | 'line'
  | 'statement'
  | 'plan'
  | 'member'
  | 'record'
  | 'leftMember'
  | 'registration'
  | 'registrationOntoStaff'
  | 'roleHolder'
  | 'staffPlace'
  | 'invitation'
  | 'guardianRequest';

export interface Row {
  /** 'METHOD /api/path/{param}' as the OpenAPI document has it, or 'PAGE /path/:param' for a page. */
  op: string;
  /** Path parameters: parameter name → target name (default: a target of the parameter's own name). */
  params?: Record<string, string>;
  query?: Value<string>;
  body?: Value<unknown>;
  /** A multipart body: its fields and a file of this kind. */
  form?: { file: 'pdf' | 'png' | 'csv'; fields?: Value<Record<string, string>> };
  allow: readonly PersonaName[];
  /** Answers an allowed persona may get besides 2xx (a domain answer: 404 nothing there, 409, 422). */
  ok?: readonly number[];
  /** What a refused signed-in persona gets (default 401, 403 or 404). */
  deny?: readonly number[];
  /** For lists: a refused persona may instead get 200 without this target in it. */
  hides?: string;
  /** A new target for each request (the write uses it up). */
  fresh?: FreshKind;
  /** Sign in again for this request (it ends or changes the session). */
  freshSession?: boolean;
  /** Why, in a few words, where the rule is not obvious. */
  why?: string;
}

const row = (op: string, spec: Omit<Row, 'op'>): Row => ({ op, ...spec });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const without = (group: readonly PersonaName[], ...out: PersonaName[]) => group.filter((p) => !out.includes(p));

const fixtureBody = (team: string) => (b: Bind) => ({
  team_id: b.x[team],
  away_team: 'Hilltop Harriers',
  match_date: day(12),
  match_time: '10:30',
  venue: 'Riverside Park',
  competition: 'League',
  is_home: true,
});
const slotBody = { weekday: 2, start_time: '17:30', end_time: '18:30', place: 'Riverside Park' };
const sessionBody = (team: string) => (b: Bind) => ({ team_id: b.x[team], date: day(6), start_time: '18:00', end_time: '19:00', place: 'Riverside Park' });
const newsBody = { title: 'Fun day', content: 'Bring the family on Saturday.', is_published: true };
const sponsorBody = { name: 'Corner Bakery', logo_url: '/images/seed/bar-scarf.svg', category: 'Local business' };
const productBody = { name: 'Club mug', description: 'A mug.', category: 'Gifts', price: 8.5, stock: 40, sizes: [], images: ['/images/seed/bar-scarf.svg'] };
const memberBody = { full_name: 'Morgan Member', position: 'Defender', team_type: 'Senior' };
const answer = { status: 'available', note: null };
const unique = () => Math.random().toString(36).slice(2, 10);

/** Every API operation of /api/openapi.json, with who may call it. */
export const API_ROWS: Row[] = [
  // --- Health, sign-in and the account itself ---
  row('GET /api/health', { allow: EVERYONE }),
  row('POST /api/auth/login', {
    // Each persona signs in with their own password (the visitor with the player's): a login that is switched off or has left is refused.
    body: (b) => ({ username: b.me.username ?? b.x.playerUsername, password: b.me.password ?? b.x.playerPassword }),
    allow: without(EVERYONE, 'left', 'switchedOff'),
    deny: [401, 403],
  }),
  row('GET /api/auth/me', { allow: SIGNED_IN }),
  row('PUT /api/auth/me', {
    body: (b) => ({ email: `new_${unique()}@example.com`, current_password: b.me.password }),
    // A junior's e-mail is changed by a parent or the club, never by their own login (finding 4).
    allow: without(SIGNED_IN, 'junior14'),
  }),
  row('POST /api/auth/logout', { allow: EVERYONE, freshSession: true }),
  row('POST /api/auth/forgot-password', { body: () => ({ email: `nobody_${unique()}@example.com` }), allow: EVERYONE, ok: [429] }),
  row('POST /api/auth/reset-password', { body: { token: 'not-a-real-reset-link', password: 'a brand new password' }, allow: EVERYONE, ok: [400, 422] }),
  row('PUT /api/auth/password', {
    body: (b) => ({ current_password: b.me.password, new_password: b.me.password }),
    allow: SIGNED_IN,
    ok: [422],
    freshSession: true,
  }),
  row('POST /api/auth/confirm-email', { body: { token: 'not-a-real-confirmation-link' }, allow: EVERYONE, ok: [400, 409, 422] }),

  // --- Set-up and the admin panel ---
  row('GET /api/admin/database-status', { allow: EVERYONE }),
  row('POST /api/admin/initialize-database', { body: {}, allow: SIGNED_OUT, ok: [409], deny: [403, 409], why: 'set up once: 409 afterwards (403 for a signed-in caller)' }),
  row('GET /api/admin/dashboard', { allow: VOLUNTEERS }),
  row('GET /api/admin/my-teams', { allow: VOLUNTEERS }),

  // --- Shop ---
  row('GET /api/products', { allow: EVERYONE }),
  row('POST /api/products', { body: productBody, allow: ADMIN }),
  row('GET /api/products/categories', { allow: EVERYONE }),
  row('GET /api/products/{id}', { params: { id: 'product' }, allow: EVERYONE }),
  row('PUT /api/products/{id}', { params: { id: 'product' }, body: productBody, allow: ADMIN }),
  row('DELETE /api/products/{id}', { fresh: 'product', allow: ADMIN }),
  row('POST /api/orders', {
    body: (b) => ({ product_id: b.x.product, quantity: 1, customer_name: 'Robin Buyer', customer_email: `robin_${unique()}@example.com`, customer_phone: '07700 900123' }),
    allow: EVERYONE,
    ok: [429],
    why: 'anyone may order; the abuse limit (finding 11) may answer 429',
  }),
  row('GET /api/orders', { allow: ADMIN }),
  row('GET /api/orders/receipt/{token}', { params: { token: 'orderToken' }, allow: EVERYONE }),
  row('GET /api/orders/{id}', { params: { id: 'order' }, allow: ADMIN }),
  row('PATCH /api/orders/{id}', { fresh: 'order', body: { status: 'confirmed' }, allow: ADMIN }),
  row('PUT /api/orders/{id}', { fresh: 'order', body: { status: 'confirmed' }, allow: ADMIN }),

  // --- Fixtures and the match week (team-scoped, finding 2) ---
  row('GET /api/fixtures', { allow: EVERYONE }),
  row('POST /api/fixtures', { body: fixtureBody('u12'), allow: U12_RUNNERS }),
  row('POST /api/fixtures', { body: fixtureBody('senior'), allow: SENIOR_RUNNERS }),
  row('GET /api/fixtures/{id}', { params: { id: 'u12Fixture' }, allow: EVERYONE }),
  row('PUT /api/fixtures/{id}', { params: { id: 'u12Fixture' }, body: fixtureBody('u12'), allow: U12_RUNNERS }),
  row('PUT /api/fixtures/{id}', {
    fresh: 'seniorFixture',
    body: fixtureBody('u12'),
    allow: CLUB_ADMINS,
    why: 'moving a fixture between teams: the staff of both the old and the new team',
  }),
  row('DELETE /api/fixtures/{id}', { fresh: 'u12Fixture', allow: U12_RUNNERS }),
  row('GET /api/fixtures/{id}/availability', { params: { id: 'u12Fixture' }, allow: U12_RUNNERS }),
  row('PUT /api/fixtures/{id}/availability/me', { params: { id: 'u12Fixture' }, body: answer, allow: ['junior14'], why: 'a player of the team answers for themselves' }),
  row('PUT /api/fixtures/{id}/availability/{player_id}', { params: { id: 'u12Fixture', player_id: 'otherChild' }, body: answer, allow: U12_RUNNERS }),
  row('POST /api/fixtures/{id}/availability/remind', { fresh: 'u12Fixture', allow: U12_RUNNERS, ok: [409] }),
  row('GET /api/fixtures/{id}/selection', { params: { id: 'u12Fixture' }, allow: U12_RUNNERS }),
  row('PUT /api/fixtures/{id}/selection', {
    fresh: 'u12Fixture',
    body: (b) => ({ players: [{ player_id: b.x.otherChild, role: 'starter', shirt_number: 7 }] }),
    allow: U12_RUNNERS,
  }),
  row('POST /api/fixtures/{id}/selection/publish', { fresh: 'u12Fixture', allow: U12_RUNNERS, ok: [409, 422], why: 'nothing picked yet: 422' }),
  row('PUT /api/fixtures/{id}/selection/me', { params: { id: 'u12Fixture' }, body: { confirmed: true }, allow: ['junior14'], ok: [404, 409], why: 'not picked: 409' }),

  // --- Teams and training ---
  row('GET /api/teams', { allow: EVERYONE }),
  row('POST /api/teams', { body: () => ({ name: `Vets ${unique()}`, age_group: 'Veterans', format: '11v11' }), allow: ADMIN }),
  row('PUT /api/teams/{id}', { params: { id: 'u12' }, body: { name: 'U12 Robins', age_group: 'U12', format: '9v9' }, allow: U12_RUNNERS }),
  row('PUT /api/teams/{id}', {
    fresh: 'juniorTeam',
    body: (b) => ({ name: b.fresh.name, age_group: 'Open', format: '7v7' }),
    allow: ['admin', 'welfareOfficer'],
    why: "a team's age group: the admin or the welfare officer only (finding 2)",
  }),
  row('DELETE /api/teams/{id}', { fresh: 'team', allow: ADMIN }),
  row('GET /api/teams/{id}/training-slots', { params: { id: 'senior' }, allow: EVERYONE }),
  row('GET /api/teams/{id}/training-slots', {
    params: { id: 'u12' },
    // Where and when a junior team trains: its members, their parents and the club (finding 19).
    allow: ['junior14', 'parentA', 'parentB', 'coachU12', ...CLUB_ROLES],
    hides: 'u12Slot',
  }),
  row('POST /api/teams/{id}/training-slots', { params: { id: 'u12' }, body: slotBody, allow: U12_RUNNERS }),
  row('PUT /api/training-slots/{id}', { params: { id: 'u12Slot' }, body: slotBody, allow: U12_RUNNERS }),
  row('DELETE /api/training-slots/{id}', { fresh: 'u12Slot', allow: U12_RUNNERS }),
  row('GET /api/training-sessions', {
    query: (b) => `team_id=${b.x.u12}`,
    allow: ['junior14', 'parentA', 'parentB', 'coachU12', ...CLUB_ROLES],
    hides: 'u12Session',
  }),
  row('POST /api/training-sessions', { body: sessionBody('u12'), allow: U12_RUNNERS }),
  row('PATCH /api/training-sessions/{id}', { params: { id: 'u12Session' }, body: { place: 'Riverside Park, pitch 2' }, allow: U12_RUNNERS }),
  row('DELETE /api/training-sessions/{id}', { fresh: 'u12Session', allow: U12_RUNNERS }),
  row('GET /api/training-sessions/{id}/availability', { params: { id: 'u12Session' }, allow: U12_RUNNERS }),
  row('PUT /api/training-sessions/{id}/availability/me', { params: { id: 'u12Session' }, body: answer, allow: ['junior14'] }),
  row('PUT /api/training-sessions/{id}/availability/{player_id}', { params: { id: 'u12Session', player_id: 'otherChild' }, body: answer, allow: U12_RUNNERS }),
  row('GET /api/training-sessions/{id}/attendance', { params: { id: 'u12Session' }, allow: U12_RUNNERS }),
  row('PUT /api/training-sessions/{id}/attendance', {
    params: { id: 'u12Session' },
    body: (b) => ({ present: [b.x.otherChild] }),
    allow: U12_RUNNERS,
    ok: [409],
    why: 'a session still to come: 409',
  }),

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
  row('GET /api/documents/{id}/file', { params: { id: 'document' }, allow: ['admin', ...without(MEMBERS, 'admin')], why: 'the club’s documents are for members, not pending registrants (finding 12)' }),
  row('GET /api/documents/{id}/file', {
    params: { id: 'child9Document' },
    allow: ['parentA', 'viewOnlyParent', 'admin', 'secretary', 'welfareOfficer'],
    why: "a child's document: their parents and the club (finding 5)",
  }),

  // --- Join us ---
  row('POST /api/join-us', {
    body: () => ({ full_name: 'Jo Keen', email: `jo_${unique()}@example.com`, phone_number: '07700 900123', message: 'I would like to play.', interest_types: ['player'] }),
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
  row('POST /api/calendar/token', { allow: ACTIVE }),
  row('GET /api/preferences', { allow: SIGNED_IN }),
  row('PUT /api/preferences', { body: { message: true }, allow: SIGNED_IN }),
  row('POST /api/preferences/unsubscribe', { query: (b) => b.x.unsubscribeQuery!, allow: EVERYONE, why: 'a signed link: whoever holds it' }),
  row('GET /api/notifications/preferences', { allow: SIGNED_IN }),
  row('PUT /api/notifications/preferences', { body: { message: true }, allow: SIGNED_IN }),
  row('POST /api/notifications/unsubscribe', { query: (b) => b.x.unsubscribeQuery!, allow: EVERYONE }),

  // --- Members' records (membership: admin and secretary) ---
  row('POST /api/players/register', {
    body: () => {
      const name = `reg_${unique()}`;
      return {
        username: name,
        password: 'kick-off at 3',
        email: `${name}@example.com`,
        full_name: 'Riley Registered',
        phone_number: '07700 900123',
        date_of_birth: '1995-04-12',
        position_preference: 'Defender',
        emergency_contact_name: 'Pat Registered',
        emergency_contact_phone: '07700 900456',
      };
    },
    allow: EVERYONE,
    ok: [429],
  }),
  row('GET /api/players', { allow: VOLUNTEERS, why: 'each sees only the fields their role may (ADR)' }),
  row('POST /api/players', { body: memberBody, allow: CLUB_ADMINS }),
  row('PUT /api/players/{id}', { fresh: 'member', body: memberBody, allow: CLUB_ADMINS }),
  row('DELETE /api/players/{id}', { fresh: 'member', allow: CLUB_ADMINS }),
  row('GET /api/players/{id}/erasure', { params: { id: 'playerMember' }, allow: CLUB_ADMINS }),
  row('POST /api/players/{id}/leave', { fresh: 'member', allow: CLUB_ADMINS }),
  row('POST /api/players/{id}/return', { fresh: 'leftMember', allow: CLUB_ADMINS }),
  row('POST /api/admin/create-player-account', {
    fresh: 'record',
    body: (b) => ({ player_id: b.fresh.id, username: `acct_${unique()}`, email: `acct_${unique()}@example.com`, password: 'a strong new password' }),
    allow: CLUB_ADMINS,
  }),
  row('GET /api/admin/registrations', { allow: CLUB_ADMINS }),
  row('POST /api/admin/registrations/{id}/approve', { fresh: 'registration', body: (b) => ({ team_id: b.x.senior }), allow: CLUB_ADMINS }),
  row('POST /api/admin/registrations/{id}/approve', {
    fresh: 'registrationOntoStaff',
    body: (b) => ({ link_player_id: b.fresh.link }),
    allow: ADMIN,
    why: 'linking onto a record that holds a staff place grants power: the admin only (finding 7)',
  }),
  row('POST /api/admin/registrations/{id}/reject', { fresh: 'registration', body: { reason: 'We have no team for this age.' }, allow: CLUB_ADMINS }),
  row('GET /api/admin/roles', { allow: CLUB_ADMINS }),
  row('POST /api/admin/club-roles', { fresh: 'member', body: (b) => ({ user_id: b.fresh.user_id, role: 'treasurer' }), allow: ADMIN }),
  row('DELETE /api/admin/club-roles/{user_id}/{role}', { fresh: 'roleHolder', allow: ADMIN }),
  row('PUT /api/admin/team-staff', {
    fresh: 'member',
    body: (b) => ({ player_id: b.fresh.id, team_id: b.x.senior, role: 'assistant' }),
    allow: CLUB_ADMINS,
  }),
  row('DELETE /api/admin/team-staff/{team_id}/{player_id}', { fresh: 'staffPlace', allow: CLUB_ADMINS }),
  row('PUT /api/auth/reset-password/{userId}', { fresh: 'member', params: { userId: 'user_id' }, body: { password: 'a strong new password' }, allow: ADMIN }),

  // --- A player's football record (team-scoped, finding 5) ---
  row('GET /api/players/{id}/stats', { params: { id: 'playerMember' }, allow: EVERYONE }),
  row('PUT /api/players/{id}/stats', { params: { id: 'otherChild' }, body: { goals: 2, assists: 1 }, allow: U12_RUNNERS }),
  row('PUT /api/players/{id}/stats', { params: { id: 'playerMember' }, body: { goals: 3 }, allow: SENIOR_RUNNERS }),
  row('GET /api/players/{id}/feedback', { params: { id: 'otherChild' }, allow: [...U12_RUNNERS, 'parentB'] }),
  row('POST /api/players/{id}/feedback', { params: { id: 'otherChild' }, body: { category: 'Training', feedback: 'Great effort at training.' }, allow: U12_RUNNERS }),
  row('POST /api/players/{id}/feedback', { params: { id: 'playerMember' }, body: { category: 'Performance', feedback: 'Strong in the tackle.' }, allow: SENIOR_RUNNERS }),
  row('GET /api/players/{id}/payments', { params: { id: 'playerMember' }, allow: [...MONEY, 'player'] }),
  row('POST /api/players/{id}/payments', { params: { id: 'playerMember' }, body: { description: 'Kit', amount: 15, status: 'outstanding' }, allow: CHARGING }),
  row('PUT /api/players/{id}/payments/{paymentId}', { params: { id: 'playerMember', paymentId: 'payment' }, body: { status: 'outstanding' }, allow: MONEY }),

  // --- A child's care: parents, the welfare officer, the admin, current DBS-checked staff (findings 1, 3, 6) ---
  row('GET /api/players/{id}/consents', { params: { id: 'otherChild' }, allow: ['parentB', 'coachU12', ...SAFEGUARDING] }),
  row('GET /api/players/{id}/consents', { params: { id: 'child9' }, allow: ['parentA', 'viewOnlyParent', ...SAFEGUARDING] }),
  row('PUT /api/players/{id}/consents', { params: { id: 'child9' }, body: { kind: 'photo', given: true }, allow: ['parentA'], why: 'a parent (not view-only) gives consent' }),
  row('GET /api/players/{id}/medical-notes', { params: { id: 'otherChild' }, allow: ['parentB', 'coachU12', ...SAFEGUARDING] }),
  row('GET /api/players/{id}/medical-notes', { params: { id: 'child9' }, allow: ['parentA', 'viewOnlyParent', ...SAFEGUARDING] }),
  row('GET /api/players/{id}/medical-notes', { params: { id: 'junior14' }, allow: ['parentA', 'coachU12', 'junior14', ...SAFEGUARDING] }),
  row('GET /api/players/{id}/medical-notes', { params: { id: 'grownChild' }, allow: ['coachSenior', ...SAFEGUARDING], why: 'now 18: their former parent no longer reads them' }),
  row('GET /api/players/{id}/medical-note-reads', { params: { id: 'child9' }, allow: ['parentA', 'viewOnlyParent', ...SAFEGUARDING] }),
  row('PUT /api/players/{id}/care', {
    params: { id: 'child9' },
    body: { emergency_contact_name: 'Alex ParentA', emergency_contact_phone: '07700 900999', medical_notes: 'Peanut allergy: EpiPen in the kit bag' },
    allow: ['parentA', ...SAFEGUARDING],
  }),
  row('PUT /api/players/{id}/login-agreement', { params: { id: 'junior14' }, body: { agreed: true }, allow: ['parentA'], why: 'the primary parent agrees to a login of their own' }),
  row('GET /api/players/{id}/guardians', { params: { id: 'child9' }, allow: SAFEGUARDING }),
  row('GET /api/players/{id}/documents', { params: { id: 'child9' }, allow: ['parentA', 'viewOnlyParent', 'admin', 'secretary', 'welfareOfficer'] }),
  row('GET /api/players/{id}/documents', { params: { id: 'junior14' }, allow: ['junior14', 'parentA', 'admin', 'secretary', 'welfareOfficer'] }),
  // A family's own view of a child's match week (staff use the fixture's and session's own routes).
  row('GET /api/players/{id}/availability', { params: { id: 'otherChild' }, allow: ['parentB'], why: "the child's parents (staff: the fixture's availability)" }),
  row('GET /api/players/{id}/availability', { params: { id: 'child9' }, allow: ['parentA', 'viewOnlyParent'] }),
  row('PUT /api/players/{id}/availability/{kind}/{event_id}', {
    params: { id: 'otherChild', kind: 'fixtureKind', event_id: 'u12Fixture' },
    body: answer,
    allow: ['parentB'],
  }),
  row('PUT /api/players/{id}/availability/{kind}/{event_id}', {
    params: { id: 'child9', kind: 'fixtureKind', event_id: 'u9Fixture' },
    body: answer,
    allow: ['parentA'],
    why: 'a view-only parent, a removed parent and a former coach do not answer',
  }),
  row('GET /api/players/{id}/selection', { params: { id: 'otherChild' }, allow: ['parentB'] }),
  row('PUT /api/players/{id}/selection/{fixture_id}', {
    params: { id: 'otherChild', fixture_id: 'u12Fixture' },
    body: { confirmed: true },
    allow: ['parentB'],
    ok: [404, 409],
    why: 'not picked: 409',
  }),

  // --- Safeguarding ---
  row('GET /api/admin/dbs', { allow: SAFEGUARDING }),
  row('PUT /api/admin/dbs/{player_id}', {
    params: { player_id: 'coachSeniorMember' },
    body: { status: 'in_date', checked_on: day(-30), expires_on: day(700) },
    allow: SAFEGUARDING,
  }),
  row('PUT /api/admin/dbs/{player_id}', {
    params: { player_id: 'welfareMember' },
    body: { status: 'in_date', checked_on: day(-30), expires_on: day(700) },
    allow: ADMIN,
    why: 'nobody records their own DBS check (finding 17)',
  }),
  row('POST /api/guardian-invitations', {
    body: (b) => ({ player_id: b.x.child9, email: `invitee_${unique()}@example.com`, level: 'secondary', relationship: 'Aunt' }),
    allow: SAFEGUARDING,
  }),
  row('GET /api/guardian-invitations/{token}', { params: { token: 'invitation' }, allow: EVERYONE }),
  row('POST /api/guardian-invitations/{token}/accept', {
    fresh: 'invitation',
    params: { token: 'token' },
    body: () => ({ full_name: 'Ivy Invited', username: `ivy_${unique()}`, password: 'a strong new password' }),
    allow: EVERYONE,
    ok: [409],
    why: 'whoever holds the link',
  }),
  row('POST /api/guardian-requests', {
    body: () => ({ child_name: `Robin Small ${unique()}`, child_date_of_birth: day(-8 * 365), relationship: 'Mother', message: 'Please link me.' }),
    allow: ACTIVE,
  }),
  row('GET /api/guardian-requests', { allow: ACTIVE, why: 'their own requests; all of them for safeguarding' }),
  row('POST /api/guardian-requests/{id}/approve', { fresh: 'guardianRequest', body: { level: 'primary' }, allow: SAFEGUARDING }),
  row('POST /api/guardian-requests/{id}/reject', { fresh: 'guardianRequest', body: { reason: 'We could not confirm this.' }, allow: SAFEGUARDING }),

  // --- Messages ---
  row('POST /api/messages', { body: { subject: 'Club AGM', body: 'Thursday 7pm at the clubhouse.' }, allow: CLUB_ADMINS, why: 'the whole club: admin and secretary only (finding 5)' }),
  row('POST /api/messages', { body: (b) => ({ subject: 'Training', body: 'Bring boots.', player_id: b.x.otherChild, copy_guardians: true }), allow: U12_RUNNERS }),
  row('POST /api/messages', { body: (b) => ({ subject: 'Training', body: 'Bring boots.', player_id: b.x.playerMember }), allow: SENIOR_RUNNERS }),
  row('GET /api/messages', { allow: CLUB_ADMINS }),

  // --- Money ---
  row('POST /api/treasury/imports', { form: { file: 'csv' }, allow: MONEY }),
  row('GET /api/treasury/imports/{id}', { params: { id: 'importId' }, allow: MONEY }),
  row('POST /api/treasury/imports/{id}/commit', { fresh: 'statement', allow: MONEY }),
  row('GET /api/treasury/lines', { allow: MONEY }),
  row('POST /api/treasury/lines/{id}/allocate', { fresh: 'line', body: (b) => ({ payer_id: b.x.playerUser }), allow: MONEY, ok: [409, 422] }),
  row('POST /api/treasury/lines/{id}/ignore', { fresh: 'line', body: { reason: 'Transfer between our own accounts' }, allow: MONEY }),
  row('POST /api/treasury/lines/{id}/reversal', { fresh: 'line', body: { reason: 'Entered in error' }, allow: MONEY, ok: [409], why: 'nothing allocated yet: 409' }),
  row('GET /api/treasury/payers', { allow: MONEY }),
  row('GET /api/treasury/payers/{id}', { params: { id: 'playerUser' }, allow: [...MONEY, 'player'], why: 'the treasurer, and the payer their own account' }),
  row('GET /api/treasury/charges', { allow: MONEY }),
  row('POST /api/treasury/charges', {
    body: (b) => ({ category: 'kit', description: 'Training top', amount_pence: 1500, due_date: day(20), member_id: b.x.playerMember }),
    allow: CHARGING,
  }),
  row('POST /api/treasury/charges/{id}/reversal', { fresh: 'charge', body: { reason: 'Charged twice' }, allow: MONEY }),
  row('POST /api/treasury/match-fees', { body: (b) => ({ fixture_id: b.x.seniorFixture, amount_pence: 500, due_date: day(20) }), allow: CHARGING, ok: [409, 422] }),
  row('GET /api/treasury/plans', { allow: MONEY }),
  row('POST /api/treasury/plans', { body: () => ({ name: `Plan ${unique()}`, kind: 'annual', amount_pence: 12000, first_due_date: day(30) }), allow: MONEY }),
  row('POST /api/treasury/plans/{id}/charges', { params: { id: 'plan' }, body: (b) => ({ member_ids: [b.x.playerMember] }), allow: CHARGING, ok: [409] }),
  row('GET /api/treasury/arrears', { allow: MONEY }),
  row('GET /api/treasury/export.csv', { allow: MONEY }),
  row('GET /api/treasury/teams/{id}/paid', { params: { id: 'senior' }, allow: [...MONEY, 'coachSenior', 'secretary'], why: 'who has paid: the treasurer and the team’s runners' }),

  // --- Mail outbox ---
  row('GET /api/admin/outbox', { allow: ADMIN }),
  row('POST /api/admin/outbox/{id}/retry', { params: { id: 'outbox' }, allow: ADMIN, ok: [409] }),
  row('POST /api/admin/outbox/test', { body: { to: 'club-admin@example.org' }, allow: ADMIN, ok: [502, 503], why: 'no mail server in this test: 503' }),
];

/**
 * Every page (app/routes.ts). A page loader that is refused sends the visitor to /login (a
 * redirect) or answers 403/404; an allowed persona gets the page (200).
 */
export const PAGE_ROWS: Row[] = [
  ...['/', '/squad', '/fixtures', '/news', '/about', '/sponsors', '/join-us', '/shop', '/sitemap.xml', '/robots.txt'].map((path) => row(`PAGE ${path}`, { allow: EVERYONE })),
  row('PAGE /player/:playerId', { params: { playerId: 'playerMember' }, allow: EVERYONE }),
  row('PAGE /fixtures/:id', { params: { id: 'seniorFixture' }, allow: EVERYONE }),
  row('PAGE /news/:id', { params: { id: 'news' }, allow: EVERYONE }),
  row('PAGE /shop/product/:id', { params: { id: 'product' }, allow: EVERYONE }),
  row('PAGE /shop/orders/:token', { params: { token: 'orderToken' }, allow: EVERYONE }),
  // Auth pages answer everyone (a signed-in visitor may be sent on to their home page).
  ...['/login', '/forgot-password', '/reset-password', '/unsubscribe', '/confirm-email', '/availability', '/squad-reply', '/register', '/register/parent', '/guardian-invitation', '/initialize', '/logout'].map((path) =>
    row(`PAGE ${path}`, { allow: EVERYONE, ok: [302, 303, 400, 404, 409, 410] }),
  ),
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
  row('PAGE /admin/treasury', { allow: MONEY }),
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
  row('PAGE /admin/roles', { allow: CLUB_ADMINS }),
  row('PAGE /admin/safeguarding', { allow: SAFEGUARDING }),
  row('PAGE /admin/guardians', { allow: SAFEGUARDING }),
  row('PAGE /admin/settings', { allow: ADMIN }),
  row('PAGE /admin/documents', { allow: CLUB_ADMINS }),
  row('PAGE /admin/messages', { allow: ['admin', 'secretary', 'coachU12', 'coachSenior'], why: 'a coach messages their own teams' }),
  row('PAGE /admin/outbox', { allow: ADMIN }),
  row('PAGE /*', { params: { '*': 'missingPage' }, allow: EVERYONE, ok: [404] }),
];

/** The key a row covers: 'GET /api/fixtures/{id}' or 'PAGE /fixtures/:id'. */
export const coverageKey = (r: Row) => r.op;
