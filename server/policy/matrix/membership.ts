/** The access matrix (issue 30): members’ records and a player’s football record. */
import { registration } from '../../../tests/support/registration-body';
import { ADMIN, CLUB_ADMINS, EVERYONE, row, SENIOR_RUNNERS, U12_RUNNERS, unique, VOLUNTEERS, type Row } from './personas';

const memberBody = { full_name: 'Morgan Member', position: 'Defender', team_type: 'Senior' };

export const MEMBERSHIP_ROWS: Row[] = [
  // --- Members' records: the admin; registrations: the admin and the secretary ---
  row('POST /api/players/register', {
    body: () => registration(),
    allow: EVERYONE,
    ok: [429],
  }),
  row('GET /api/players', { allow: VOLUNTEERS, why: 'each sees only the fields their role may (ADR)' }),
  row('POST /api/players', { body: memberBody, allow: ADMIN }),
  row('PUT /api/players/{id}', { fresh: 'member', body: memberBody, allow: ADMIN }),
  row('DELETE /api/players/{id}', { fresh: 'member', allow: ADMIN }),
  row('GET /api/players/{id}/erasure', { params: { id: 'playerMember' }, allow: ADMIN }),
  row('POST /api/players/{id}/leave', { fresh: 'member', allow: ADMIN }),
  row('POST /api/players/{id}/return', { fresh: 'leftMember', allow: ADMIN }),
  row('POST /api/admin/create-player-account', {
    fresh: 'record',
    body: (b) => ({ player_id: b.fresh.id, username: `acct_${unique()}`, email: `acct_${unique()}@example.com`, password: 'a strong new password' }),
    allow: ADMIN,
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
  row('GET /api/admin/roles', { allow: ADMIN }),
  row('POST /api/admin/club-roles', { fresh: 'member', body: (b) => ({ user_id: b.fresh.user_id, role: 'treasurer' }), allow: ADMIN }),
  row('DELETE /api/admin/club-roles/{user_id}/{role}', { fresh: 'roleHolder', allow: ADMIN }),
  row('PUT /api/admin/team-staff', {
    fresh: 'member',
    body: (b) => ({ player_id: b.fresh.id, team_id: b.x.senior, role: 'assistant' }),
    allow: ADMIN,
  }),
  row('DELETE /api/admin/team-staff/{team_id}/{player_id}', { fresh: 'staffPlace', allow: ADMIN }),
  row('PUT /api/auth/reset-password/{userId}', { fresh: 'member', params: { userId: 'user_id' }, body: { password: 'a strong new password' }, allow: ADMIN }),

  // --- A player's football record (team-scoped, finding 5) ---
  row('GET /api/players/{id}/stats', { params: { id: 'playerMember' }, allow: EVERYONE }),
  row('PUT /api/players/{id}/stats', { params: { id: 'otherChild' }, body: { goals: 2, assists: 1 }, allow: U12_RUNNERS }),
  row('PUT /api/players/{id}/stats', { params: { id: 'playerMember' }, body: { goals: 3 }, allow: SENIOR_RUNNERS }),
  row('GET /api/players/{id}/feedback', { params: { id: 'otherChild' }, allow: [...U12_RUNNERS, 'parentB'] }),
  row('POST /api/players/{id}/feedback', {
    params: { id: 'otherChild' },
    body: { category: 'Training', feedback: 'Great effort at training.' },
    allow: U12_RUNNERS,
  }),
  row('POST /api/players/{id}/feedback', {
    params: { id: 'playerMember' },
    body: { category: 'Performance', feedback: 'Strong in the tackle.' },
    allow: SENIOR_RUNNERS,
  }),
  row('GET /api/players/{id}/payments', { params: { id: 'playerMember' }, allow: ['admin', 'player'] }),
  row('POST /api/players/{id}/payments', { params: { id: 'playerMember' }, body: { description: 'Kit', amount: 15, status: 'outstanding' }, allow: ADMIN }),
  row('PUT /api/players/{id}/payments/{paymentId}', { params: { id: 'playerMember', paymentId: 'payment' }, body: { status: 'outstanding' }, allow: ADMIN }),
];
