/** The access matrix (issue 34): the access download of a request, one's own, a child's. */
import { ACTIVE, CLUB_ADMINS, row, type Row } from './personas';

export const PRIVACY_EXPORT_ROWS: Row[] = [
  row('GET /api/privacy/requests/{id}/export', {
    params: { id: 'privacyRequest' },
    allow: CLUB_ADMINS,
    why: 'the data protection lead and the secretary (mayHandlePersonalData)',
  }),
  row('GET /api/privacy/requests/{id}/downloads', { params: { id: 'privacyRequest' }, allow: CLUB_ADMINS }),
  row('GET /api/privacy/me/export', {
    allow: ACTIVE,
    why: 'any login that is on, its own data; not while a registration waits',
  }),
  // junior14, not child9: by these rows every persona has accepted an invitation for child9 (the
  // view-only and removed parents: server/api/privacy-export.test.ts).
  row('GET /api/privacy/children/{playerId}/export', {
    params: { playerId: 'junior14' },
    allow: ['parentA'],
    why: 'parental responsibility today: not the child themselves, not a coach or the club',
  }),
  row('GET /api/privacy/children/{playerId}/export', { params: { playerId: 'otherChild' }, allow: ['parentB'] }),
  row('GET /api/privacy/children/{playerId}/export', {
    params: { playerId: 'grownChild' },
    allow: [],
    why: 'now 18: their former parent no longer downloads their data',
  }),
];
