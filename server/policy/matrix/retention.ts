/** The access matrix (issue 34): the retention rules, what is due, approving a purge and the log. */
import { CLUB_ADMINS, row, type Row } from './personas';

const why = 'the Data protection lead, the secretary and admins (mayHandlePersonalData)';

export const RETENTION_ROWS: Row[] = [
  row('GET /api/privacy/retention', { allow: CLUB_ADMINS, why }),
  row('GET /api/privacy/retention/log', { allow: CLUB_ADMINS, why }),
  row('PUT /api/privacy/retention/{key}', { params: { key: 'retentionRule' }, body: { period: 12, automatic: false }, allow: CLUB_ADMINS, why }),
  row('POST /api/privacy/retention/{key}/purge', { params: { key: 'retentionRule' }, body: {}, allow: CLUB_ADMINS, why }),
];
