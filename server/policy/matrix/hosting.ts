/**
 * The access matrix (issue 36): the host's operator's API and screen. Nobody of a club may: the
 * operator signs in on the hosting domain itself (server/api/hosting.test.ts proves the operator's
 * side); on a club's host these answer 401 signed out, 403 signed in, and the screen 404.
 */
import { row, type Row } from './personas';

const why = "the host's operator only, on the hosting domain itself: never a club's login (server/api/hosting.test.ts)";

export const HOSTING_ROWS: Row[] = [
  row('POST /api/hosting/clubs', { allow: [], body: { name: 'Matrix Town', slug: 'matrix-town', admin_email: 'm@matrix.test' }, why }),
  row('GET /api/hosting/clubs', { allow: [], why }),
  row('POST /api/hosting/clubs/{id}/suspend', { params: { id: 'u12Fixture' }, allow: [], why }),
  row('POST /api/hosting/clubs/{id}/resume', { params: { id: 'u12Fixture' }, allow: [], why }),
  row('GET /api/hosting/clubs/{id}/export', { params: { id: 'u12Fixture' }, allow: [], why }),
  row('DELETE /api/hosting/clubs/{id}', { params: { id: 'u12Fixture' }, allow: [], why }),
];

export const HOSTING_PAGE_ROWS: Row[] = [
  row('PAGE /operator', { allow: [], deny: [404], why: "the host's own site only: on a club's host (or a single club) 404 for everyone" }),
];
