import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clubs } from './clubs';

/**
 * A club's own web addresses (issue 36, ADR 065): the install's own table, not a club's (no
 * row-level security), because a request's host is looked up here before any club is known, and
 * Caddy's certificate check (GET /api/hosting/domain-check) asks about any club's. Every read and
 * write made for a club names its club_id (server/services/club-domains.ts).
 *
 * A domain serves its club once `verified_at` is set: the club published `verification_token` in a
 * TXT record at `_clubsite-verify.<domain>` (shared/club-domains.ts).
 */
// Its own columns, not ./columns' helpers: those are a tenant table's (club_id from the connection).
export const clubDomains = pgTable(
  'club_domains',
  {
    /** The host name as browsers send it: lower case, ASCII (punycode), no trailing dot. */
    domain: text('domain').primaryKey(),
    club_id: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    /** What the club publishes in DNS to prove the domain is theirs; public once published, so kept as is. */
    verification_token: text('verification_token').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the TXT record was found; null: added, not (yet) verified, serves nothing. */
    verified_at: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('club_domains_club_id_idx').on(t.club_id),
    // Looked up by the host as asked, which the code lower-cases: a row in another case would never match.
    check('club_domains_domain_is_lower_case', sql`${t.domain} = lower(${t.domain})`),
  ],
);
