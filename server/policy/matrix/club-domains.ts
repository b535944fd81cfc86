/** The access matrix (issue 36): a club's own web addresses, and Caddy's certificate check. */
import { ADMIN, EVERYONE, row, type Row } from './personas';

// The matrix runs on a single-club install, which has no own addresses: the admin gets through the
// rule and then 404 (server/api/club-domains.test.ts runs them on a hosted install with two clubs).
const singleClub = 'admins only (mayManageClubDomain); a single-club install then answers 404: own addresses are a hosted install’s';

export const CLUB_DOMAIN_ROWS: Row[] = [
  row('GET /api/club-domains', { allow: ADMIN, ok: [404], why: singleClub }),
  row('POST /api/club-domains', { allow: ADMIN, ok: [404], body: { domain: 'www.matrix-club.org' }, why: singleClub }),
  row('POST /api/club-domains/{domain}/check', { allow: ADMIN, ok: [404], params: { domain: 'clubDomain' }, why: singleClub }),
  row('DELETE /api/club-domains/{domain}', { allow: ADMIN, ok: [404], params: { domain: 'clubDomain' }, why: singleClub }),
  row('GET /api/hosting/domain-check', {
    allow: EVERYONE,
    ok: [404],
    query: 'domain=www.matrix-club.org',
    why: 'Caddy asks it without signing in, on any host; 404 for a name no club is served at (every name on a single-club install)',
  }),
];
