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

import { ACCOUNT_ROWS } from './matrix/account';
import { CARE_ROWS } from './matrix/care';
import { CLUB_DOMAIN_ROWS } from './matrix/club-domains';
import { CLUB_FILE_ROWS } from './matrix/club-file';
import { HOSTING_ROWS } from './matrix/hosting';
import { CONTENT_ROWS } from './matrix/content';
import { MATCH_DAY_ROWS } from './matrix/match-day';
import { MEMBERSHIP_ROWS } from './matrix/membership';
import { MONEY_ROWS } from './matrix/money';
import type { Row } from './matrix/personas';
import { RETENTION_ROWS } from './matrix/retention';
import { PRIVACY_ERASURE_ROWS } from './matrix/privacy-erasure';
import { PRIVACY_REQUEST_ROWS } from './matrix/privacy';
import { PRIVACY_EXPORT_ROWS } from './matrix/privacy-export';
import { PUSH_ROWS } from './matrix/push';
import { TEAM_ROWS } from './matrix/teams';

export * from './matrix/personas';
export { PAGE_ROWS } from './matrix/pages';

/** Every API operation of /api/openapi.json, with who may call it. */
export const API_ROWS: Row[] = [
  ...ACCOUNT_ROWS,
  ...TEAM_ROWS,
  ...CONTENT_ROWS,
  ...MEMBERSHIP_ROWS,
  ...CARE_ROWS,
  ...MONEY_ROWS,
  ...MATCH_DAY_ROWS,
  ...PRIVACY_REQUEST_ROWS,
  ...PRIVACY_EXPORT_ROWS,
  ...PRIVACY_ERASURE_ROWS,
  ...RETENTION_ROWS,
  ...PUSH_ROWS,
  ...CLUB_FILE_ROWS,
  ...HOSTING_ROWS,
  ...CLUB_DOMAIN_ROWS,
];
