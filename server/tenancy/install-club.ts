/**
 * The install's clubs as start-up reads them (ADR 065). Without HOSTING_DOMAIN an install serves
 * exactly one club, on any host: its id is the club of every connection that works outside a
 * request's context (jobs, start-up work). With HOSTING_DOMAIN, clubs come from the request's host.
 */
import type { ClubStatus } from '../db/schema/clubs';

export interface Club {
  id: string;
  slug: string;
  name: string;
  status: ClubStatus;
}

interface Queryable {
  query<R extends object>(text: string): Promise<{ rows: R[] }>;
}

/** Why a single-club install will not start: the message an operator reads in the log. */
export class InstallClubError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InstallClubError';
  }
}

/** A single-club install holds this many clubs, no more (migration 0042 makes it). */
const SINGLE_CLUB_INSTALL = 1;

/**
 * The install's single club, or none when hosting is on. Without hosting, a database with no club
 * or with several refuses to start: which club would a request on any host be? Read once at start,
 * on a connection without any club (the `clubs` table is the install's own). `maintenance` (a backup
 * or a restore): the single club when there is one, else no club, never a refusal.
 */
export async function readInstallClub(db: Queryable, options: { hostingDomain?: string; maintenance?: boolean }): Promise<Club | undefined> {
  if (options.hostingDomain) return undefined;
  const { rows } = await db.query<Club>('select id, slug, name, status from clubs order by created_at, slug');
  if (rows.length === SINGLE_CLUB_INSTALL) return rows[0];
  // A backup or a restore works on the whole database, whatever it holds: it refuses nothing.
  if (options.maintenance) return undefined;
  if (rows.length === 0) {
    throw new InstallClubError('The database holds no club (the clubs table is empty): restore it from a backup, or add its one club.');
  }
  const named = rows.slice(0, 5).map((club) => club.slug);
  const slugs = rows.length > named.length ? `${named.join(', ')}, …` : named.join(', ');
  throw new InstallClubError(
    `The database holds ${rows.length} clubs (${slugs}) but HOSTING_DOMAIN is not set: an install without it serves exactly one club on every address. ` +
      'Set HOSTING_DOMAIN (e.g. clubs.example.org) to serve each club at {slug}.{HOSTING_DOMAIN}.',
  );
}
