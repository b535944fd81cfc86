/** The access matrix's rows for personal-data requests (issue 34): the data protection lead, the secretary and admins. */
import { day, row, type PersonaName, type Row } from './personas';

/** mayHandlePersonalData: the data protection lead (no persona of its own), the secretary and admins. */
export const PERSONAL_DATA: readonly PersonaName[] = ['admin', 'secretary'];

export const PRIVACY_REQUEST_ROWS: Row[] = [
  row('POST /api/privacy/requests', {
    body: (b) => ({ type: 'access', player_id: b.x.playerMember, requested_by_name: 'Paula Player', relationship: 'self', received_on: day(-3) }),
    allow: PERSONAL_DATA,
  }),
  row('GET /api/privacy/requests', { allow: PERSONAL_DATA }),
  row('GET /api/privacy/requests/{id}', { params: { id: 'privacyRequest' }, allow: PERSONAL_DATA }),
  row('GET /api/privacy/subjects', { allow: PERSONAL_DATA }),
  row('POST /api/privacy/requests/{id}/identity', { params: { id: 'privacyRequest' }, body: { checked_on: day(-1) }, allow: PERSONAL_DATA }),
  row('POST /api/privacy/requests/{id}/extension', {
    params: { id: 'privacyRequest' },
    body: { months: 1, reason: 'Records across several seasons', notified_on: day(-1) },
    allow: PERSONAL_DATA,
    ok: [422],
    why: 'a request is extended once: the second allowed caller gets 422',
  }),
  row('POST /api/privacy/requests/{id}/complete', {
    params: { id: 'privacyRequest' },
    body: { status: 'completed', outcome: 'Sent them a copy of their data' },
    allow: PERSONAL_DATA,
    ok: [422],
    why: 'a closed request takes no more changes: the second allowed caller gets 422',
  }),
];
