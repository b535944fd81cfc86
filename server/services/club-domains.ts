/**
 * A club's own web addresses on a hosted install (issue 36, point 5; ADR 065). A club admin adds a
 * domain, publishes the two DNS records the app shows (a CNAME to the club's own address here, and a
 * TXT record holding the domain's code), and asks for a check: once the TXT record is found, the
 * domain is verified and serves the club (server/tenancy/host.ts), and Caddy may fetch its
 * certificate (GET /api/hosting/domain-check).
 *
 * `club_domains` is the install's table (no row-level security): every query here names the club.
 */
import { Resolver } from 'node:dns/promises';
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, lt, sql } from 'drizzle-orm';
import { MAX_DOMAINS_PER_CLUB, readOwnDomain, recordsFor, UNVERIFIED_CLAIM_DAYS, verifyRecordName, type DnsRecord } from '../../shared/club-domains';
import { conflict, invalidFields, notFound } from '../../shared/errors';
import type { SessionUser } from '../../shared/roles';
import type { Db } from '../db/client';
import { clubDomains, clubs } from '../db/schema';
import { mayManageClubDomain, must } from '../policy';

export const ONLY_ADMINS_MANAGE_DOMAINS = 'Only the club’s admins can change its web addresses.';
/** A single-club install answers on whatever address points at it: it has no own addresses to add. */
export const OWN_DOMAINS_NEED_HOSTING =
  'Own web addresses are for clubs on a hosted install (HOSTING_DOMAIN). This install answers on any address that points at it: point your domain at it instead.';
export const DOMAIN_NOT_ADDED = 'Your club has not added that web address.';
export const DOMAIN_ADDED_ALREADY = 'Your club has added this web address already.';
export const DOMAIN_TAKEN = `Another club on this site has added this web address. If the domain is yours, ask the site’s operator: an address nobody verifies is freed after ${UNVERIFIED_CLAIM_DAYS} days.`;
export const TOO_MANY_DOMAINS = `Your club has ${MAX_DOMAINS_PER_CLUB} web addresses already, the most it can have: remove one first.`;

/** What "Check now" says, for each thing DNS answered. */
export const CHECK_SAYS = {
  verified: (domain: string) => `${domain} is verified: it shows your club’s site (its secure certificate comes with its first visit).`,
  missing: (domain: string) =>
    `No TXT record at ${verifyRecordName(domain)} yet. New DNS records can take from a few minutes to a few hours to show: check again later.`,
  wrong: (domain: string) =>
    `The TXT record at ${verifyRecordName(domain)} does not hold this address’s code: make it exactly the code shown, then check again.`,
  noAnswer: (domain: string) => `The DNS lookup for ${verifyRecordName(domain)} got no answer. Check again in a few minutes.`,
} as const;

/** The NOTIFY channel on which every app process hears that a club or its addresses changed (its host → club memory forgets). */
export const CLUBS_CHANGED = 'clubs_changed';

/** How long one DNS question may take (each of DNS_TRIES). */
export const DNS_TIMEOUT_MS = 3000;
const DNS_TRIES = 2;
/** DNS answers that mean "no such record (yet)": the domain or the record is not there. */
const NOT_THERE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

/** A DNS TXT lookup: each record's strings (a long record comes in several). */
export type ResolveTxt = (name: string) => Promise<string[][]>;

let systemResolver: Resolver | undefined;
/** The system's DNS servers (resolv.conf), bounded in time. */
const resolveTxtByDns: ResolveTxt = (name) => (systemResolver ??= new Resolver({ timeout: DNS_TIMEOUT_MS, tries: DNS_TRIES })).resolveTxt(name);

export interface ClubDomain {
  domain: string;
  verified: boolean;
  verified_at: string | null;
  created_at: string;
  /** What to publish at the domain's DNS provider. */
  records: DnsRecord[];
}

export interface ClubDomainOptions {
  /** HOSTING_DOMAIN: unset, there are no own addresses (a single-club install answers on any). */
  hostingDomain?: string;
  /** The TXT lookup "Check now" makes (tests pass their own: no network). */
  resolveTxt?: ResolveTxt;
}

type Row = typeof clubDomains.$inferSelect;

const shape = (row: Row, clubHost: string): ClubDomain => ({
  domain: row.domain,
  verified: row.verified_at !== null,
  verified_at: row.verified_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  records: recordsFor(row.domain, clubHost, row.verification_token),
});

/** What DNS says about the domain's TXT record: 'verified' when it holds the domain's code. */
async function lookUp(resolveTxt: ResolveTxt, row: Row): Promise<keyof typeof CHECK_SAYS> {
  let records: string[][];
  try {
    records = await resolveTxt(verifyRecordName(row.domain));
  } catch (error) {
    return NOT_THERE.has((error as { code?: string }).code ?? '') ? 'missing' : 'noAnswer';
  }
  if (records.length === 0) return 'missing';
  return records.some((chunks) => chunks.join('').trim() === row.verification_token) ? 'verified' : 'wrong';
}

/**
 * Adds `domain` for the club, unverified, with a new code: 409 when the club has it or
 * MAX_DOMAINS_PER_CLUB already, or another club has it (its unverified claim older than
 * UNVERIFIED_CLAIM_DAYS gives way).
 */
function claim(db: Db, clubId: string, domain: string): Promise<Row> {
  return db.transaction(async (tx) => {
    // One add at a time per club, so two at once cannot pass the limit together.
    await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId)).for('update');
    const [held] = await tx.select().from(clubDomains).where(eq(clubDomains.domain, domain));
    if (held?.club_id === clubId) throw conflict(DOMAIN_ADDED_ALREADY);
    const [{ n }] = await tx.select({ n: count() }).from(clubDomains).where(eq(clubDomains.club_id, clubId));
    if (n >= MAX_DOMAINS_PER_CLUB) throw conflict(TOO_MANY_DOMAINS);
    // Someone else's claim it never proved, long enough ago: the domain is free again.
    await tx
      .delete(clubDomains)
      .where(
        and(
          eq(clubDomains.domain, domain),
          isNull(clubDomains.verified_at),
          lt(clubDomains.created_at, sql`now() - make_interval(days => ${UNVERIFIED_CLAIM_DAYS})`),
        ),
      );
    const [added] = await tx
      .insert(clubDomains)
      .values({ domain, club_id: clubId, verification_token: randomBytes(16).toString('hex') })
      .onConflictDoNothing()
      .returning();
    // Held by another club (its name is none of this club's business).
    if (!added) throw conflict(DOMAIN_TAKEN);
    return added;
  });
}

export function createClubDomainService(db: Db, options: ClubDomainOptions) {
  const { hostingDomain } = options;
  const resolveTxt = options.resolveTxt ?? resolveTxtByDns;
  const listeners = new Set<() => void>();
  /**
   * A domain started or stopped serving its club: the hosts remembered must be read again, in this
   * process at once and in the others by NOTIFY on CLUBS_CHANGED (ADR 065: the channel a club's change is told on).
   */
  async function changed(clubId: string) {
    listeners.forEach((listener) => listener());
    await db.execute(sql`select pg_notify(${CLUBS_CHANGED}, ${clubId})`);
  }

  /** The request's club (the connection's, set from the request's host) and its address here. */
  async function clubHere() {
    const [club] = await db
      .select({ id: clubs.id, slug: clubs.slug })
      .from(clubs)
      .where(sql`${clubs.id} = nullif(current_setting('app.club_id', true), '')::uuid`);
    if (!club || !hostingDomain) throw notFound(OWN_DOMAINS_NEED_HOSTING);
    return { id: club.id, host: `${club.slug}.${hostingDomain}` };
  }

  /** The rule first (401/403 for everyone else), then whether this install has own addresses at all (404). */
  async function adminOfClub(user: SessionUser | null) {
    await must(db, user, mayManageClubDomain, ONLY_ADMINS_MANAGE_DOMAINS);
    if (!hostingDomain) throw notFound(OWN_DOMAINS_NEED_HOSTING);
    return clubHere();
  }

  /** One of the club's own domains, by name as typed in a path (any case, a trailing dot): 404 if it is not the club's. */
  async function ownRow(clubId: string, asked: string) {
    const domain = asked.trim().toLowerCase().replace(/\.$/, '');
    const [row] = await db
      .select()
      .from(clubDomains)
      .where(and(eq(clubDomains.domain, domain), eq(clubDomains.club_id, clubId)));
    if (!row) throw notFound(DOMAIN_NOT_ADDED);
    return row;
  }

  return {
    /** Whether this install has own addresses at all (hosting on): the Settings panel shows only then. */
    hostingOn: Boolean(hostingDomain),

    /** Calls `listener` whenever a domain starts or stops serving its club (the host → club memory forgets). */
    whenChanged(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The club's address here and its own domains, oldest first (admins). */
    async list(user: SessionUser | null) {
      const club = await adminOfClub(user);
      const rows = await db.select().from(clubDomains).where(eq(clubDomains.club_id, club.id)).orderBy(asc(clubDomains.created_at), asc(clubDomains.domain));
      return { address: club.host, most: MAX_DOMAINS_PER_CLUB, domains: rows.map((row) => shape(row, club.host)) };
    },

    /**
     * Adds a domain for the club, not yet verified, with its code (admins). 422 for what is no
     * domain of the club's to add, 409 when the club has it or MAX_DOMAINS_PER_CLUB already, or
     * another club has it (an unverified claim older than UNVERIFIED_CLAIM_DAYS gives way).
     */
    async add(user: SessionUser | null, typed: string): Promise<ClubDomain> {
      const club = await adminOfClub(user);
      const read = readOwnDomain(typed, hostingDomain);
      if (read.problem !== undefined) throw invalidFields([{ field: 'domain', message: read.problem }]);
      const { domain } = read;
      const row = await claim(db, club.id, domain);
      return shape(row, club.host);
    },

    /**
     * "Check now": looks the domain's TXT record up and verifies the domain when it holds the code
     * (admins). A verified domain stays verified; the answer says what DNS said.
     */
    async check(user: SessionUser | null, asked: string): Promise<{ detail: string; domain: ClubDomain }> {
      const club = await adminOfClub(user);
      let row = await ownRow(club.id, asked);
      if (row.verified_at) return { detail: CHECK_SAYS.verified(row.domain), domain: shape(row, club.host) };
      const found = await lookUp(resolveTxt, row);
      if (found === 'verified') {
        const [verified] = await db
          .update(clubDomains)
          .set({ verified_at: sql`now()` })
          .where(and(eq(clubDomains.domain, row.domain), eq(clubDomains.club_id, club.id)))
          .returning();
        if (!verified) throw notFound(DOMAIN_NOT_ADDED); // removed meanwhile
        row = verified;
        await changed(club.id);
      }
      return { detail: CHECK_SAYS[found](row.domain), domain: shape(row, club.host) };
    },

    /** Removes one of the club's domains (admins): it stops serving the club at once. */
    async remove(user: SessionUser | null, asked: string): Promise<{ detail: string }> {
      const club = await adminOfClub(user);
      const row = await ownRow(club.id, asked);
      const gone = await db
        .delete(clubDomains)
        .where(and(eq(clubDomains.domain, row.domain), eq(clubDomains.club_id, club.id)))
        .returning({ domain: clubDomains.domain });
      if (gone.length === 0) throw notFound(DOMAIN_NOT_ADDED);
      await changed(club.id);
      return { detail: `${row.domain} is removed: it no longer shows your club’s site.` };
    },
  };
}

export type ClubDomainService = ReturnType<typeof createClubDomainService>;
