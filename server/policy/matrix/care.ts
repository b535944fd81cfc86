/** The access matrix (issue 30): a child’s care, safeguarding and messages. */
import { ACTIVE, ADMIN, CLUB_ADMINS, GUARDIAN_MANAGERS, WELFARE, day, EVERYONE, row, SAFEGUARDING, SENIOR_RUNNERS, U12_RUNNERS, unique, type Row } from './personas';

const answer = { status: 'available', note: null };

export const CARE_ROWS: Row[] = [
  // --- A child's care: parents, the welfare officer, the admin, current DBS-checked staff (findings 1, 3, 6) ---
  row('GET /api/players/{id}/consents', { params: { id: 'otherChild' }, allow: ['parentB', 'coachU12', ...SAFEGUARDING] }),
  row('GET /api/players/{id}/consents', { params: { id: 'child9' }, allow: ['parentA', 'viewOnlyParent', ...SAFEGUARDING] }),
  row('PUT /api/players/{id}/consents', {
    params: { id: 'child9' },
    body: { kind: 'photo', given: true },
    allow: ['parentA'],
    why: 'a parent (not view-only) gives consent',
  }),
  row('GET /api/players/{id}/medical-notes', { params: { id: 'otherChild' }, allow: ['parentB', 'coachU12', ...WELFARE] }),
  row('GET /api/players/{id}/medical-notes', { params: { id: 'child9' }, allow: ['parentA', 'viewOnlyParent', ...WELFARE] }),
  row('GET /api/players/{id}/medical-notes', { params: { id: 'junior14' }, allow: ['parentA', 'coachU12', 'junior14', ...WELFARE] }),
  row('GET /api/players/{id}/medical-notes', {
    params: { id: 'grownChild' },
    allow: ['coachSenior', ...WELFARE],
    why: 'now 18: their former parent no longer reads them',
  }),
  row('GET /api/players/{id}/medical-note-reads', { params: { id: 'child9' }, allow: ['parentA', 'viewOnlyParent', ...WELFARE] }),
  row('PUT /api/players/{id}/care', {
    params: { id: 'child9' },
    body: { emergency_contact_name: 'Alex ParentA', emergency_contact_phone: '07700 900999', medical_notes: 'Peanut allergy: EpiPen in the kit bag' },
    allow: ['parentA'],
    why: 'the care details are kept by a parent who can answer',
  }),
  row('PUT /api/players/{id}/login-agreement', {
    params: { id: 'junior14' },
    body: { agreed: true },
    allow: ['parentA'],
    why: 'the primary parent agrees to a login of their own',
  }),
  row('GET /api/players/{id}/guardians', { params: { id: 'child9' }, allow: GUARDIAN_MANAGERS }),
  row('GET /api/players/{id}/documents', { params: { id: 'child9' }, allow: ['parentA', 'viewOnlyParent', ...CLUB_ADMINS] }),
  row('GET /api/players/{id}/documents', { params: { id: 'junior14' }, allow: ['junior14', 'parentA', ...CLUB_ADMINS] }),
  // A family's own view of a child's match week (staff use the fixture's and session's own routes).
  row('GET /api/players/{id}/availability', {
    params: { id: 'otherChild' },
    allow: ['parentB'],
    why: "the child's parents (staff: the fixture's availability)",
  }),
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
  row('GET /api/admin/logins', { allow: SAFEGUARDING, why: 'the logins and the record of who switched what off, when and why' }),
  row('POST /api/admin/logins/{id}/switch-off', {
    fresh: 'member',
    params: { id: 'user_id' },
    body: { reason: 'Left the area' },
    allow: SAFEGUARDING,
    why: 'any login, a parent-only one too (finding 6)',
  }),
  row('POST /api/admin/logins/{id}/switch-on', { fresh: 'switchedOffMember', params: { id: 'user_id' }, body: { reason: 'Back in the area' }, allow: SAFEGUARDING }),
  row('DELETE /api/players/{id}/guardians/{user_id}', {
    fresh: 'guardianLink',
    body: { reason: 'Court order: no contact' },
    allow: SAFEGUARDING,
    why: 'a parent’s link to a child can be removed (finding 6)',
  }),
  row('GET /api/admin/dbs', { allow: GUARDIAN_MANAGERS }),
  row('PUT /api/admin/dbs/{player_id}', {
    params: { player_id: 'coachSeniorMember' },
    body: { status: 'in_date', checked_on: day(-30), expires_on: day(700), checked_by: 'Vic Verifier' },
    allow: GUARDIAN_MANAGERS,
  }),
  row('PUT /api/admin/dbs/{player_id}', {
    params: { player_id: 'welfareMember' },
    body: { status: 'in_date', checked_on: day(-30), expires_on: day(700), checked_by: 'Vic Verifier' },
    allow: ['admin', 'secretary'],
    why: 'nobody records their own DBS check (finding 17)',
  }),
  row('PUT /api/admin/dbs/{player_id}/override', {
    params: { player_id: 'coachSeniorMember' },
    body: { reason: 'Renewal posted; always with a checked coach meanwhile' },
    allow: ADMIN,
    ok: [422],
    why: 'only an admin lifts a DBS suspension (issue 31); an in-date check has none to lift: 422',
  }),
  row('DELETE /api/admin/dbs/{player_id}/override', { params: { player_id: 'coachSeniorMember' }, allow: ADMIN, why: 'only an admin withdraws an override (issue 31)' }),
  row('POST /api/guardian-invitations', {
    body: (b) => ({ player_id: b.x.child9, email: `invitee_${unique()}@example.com`, level: 'secondary', relationship: 'Aunt' }),
    // Issue 31: the child's primary parent invites the other parent (not as primary).
    allow: [...GUARDIAN_MANAGERS, 'parentA'],
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
  // A new child joins the junior team chosen at approval (issue 31).
  row('POST /api/guardian-requests/{id}/approve', { fresh: 'guardianRequest', body: (b) => ({ level: 'primary', team_id: b.x.u9 }), allow: GUARDIAN_MANAGERS }),
  row('POST /api/guardian-requests/{id}/reject', { fresh: 'guardianRequest', body: { reason: 'We could not confirm this.' }, allow: GUARDIAN_MANAGERS }),

  // --- Messages ---
  row('POST /api/messages', {
    body: { subject: 'Club AGM', body: 'Thursday 7pm at the clubhouse.' },
    allow: CLUB_ADMINS,
    why: 'the whole club: admin and secretary only (finding 5)',
  }),
  row('POST /api/messages', {
    body: (b) => ({ subject: 'Training', body: 'Bring boots.', player_id: b.x.otherChild, copy_guardians: true }),
    allow: U12_RUNNERS,
  }),
  row('POST /api/messages', { body: (b) => ({ subject: 'Training', body: 'Bring boots.', player_id: b.x.playerMember }), allow: SENIOR_RUNNERS }),
  row('GET /api/messages', { allow: CLUB_ADMINS }),
];
