/** The access matrix (issue 36): take your club and leave. */
import { ADMIN, row, type Row } from './personas';

export const CLUB_FILE_ROWS: Row[] = [
  row('GET /api/club-file', {
    allow: ADMIN,
    why: "the whole club, everyone's personal data: admins only (mayDownloadClubFile), never the secretary or the treasurer",
  }),
  row('GET /api/club-file/downloads', { allow: ADMIN }),
  row('POST /api/club-file', {
    allow: [],
    deny: [409],
    why: 'a new install’s first run only: with a club, 409 for everyone (server/api/club-file.test.ts proves the first run)',
  }),
];
