/** The access matrix (issue 34): an erasure's preview and the erasure itself. */
import { CLUB_ADMINS, row, type Row } from './personas';

export const PRIVACY_ERASURE_ROWS: Row[] = [
  row('POST /api/privacy/requests/{id}/erasure-preview', {
    params: { id: 'erasureRequest' },
    allow: CLUB_ADMINS,
    why: 'the data protection lead and the secretary (mayHandlePersonalData); it changes nothing',
  }),
  row('POST /api/privacy/requests/{id}/erase', {
    params: { id: 'erasureRequest' },
    allow: CLUB_ADMINS,
    ok: [422],
    why: 'the identity check is not recorded yet, so even the lead is refused (422) and nothing is erased',
  }),
];
