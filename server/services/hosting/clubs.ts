/**
 * The host's operator's work on clubs (issue 36, ADR 065): create a club (its first admin with a
 * password or invited by e-mail, the sample content or an empty club), list the clubs with aggregate
 * figures only, suspend and resume, export a club's file, and delete a suspended, exported club.
 *
 * Everything written for a club is written inside `withClub(id, …)` with row-level security in force
 * (underRowSecurity), so every row gets that club's id and no other club's row is seen or touched.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  ADMIN_EMAIL_RULE,
  ADMIN_PASSWORD_RULE,
  ALREADY_SUSPENDED,
  CLUB_NOT_FOUND,
  DELETE_NEEDS_EXPORT,
  DELETE_NEEDS_SUSPENSION,
  NAME_RULE,
  NOT_SUSPENDED,
  RESERVED_SLUGS,
  SLUG_PATTERN,
  SLUG_RESERVED,
  SLUG_RULE,
  SLUG_TAKEN,
  type HostedClub,
  type NewClubInput,
} from '../../../shared/hosting';
import { INVITATION_DAYS } from '../../../shared/members';
import { DomainError, conflict, isUniqueViolation, notFound } from '../../../shared/errors';
import { hashChosenPassword } from '../../auth/password-policy';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { startEmptyClub } from '../../db/empty-club';
import { clubRoles, clubs, databaseInitialization, passwordResetTokens, users } from '../../db/schema';
import { seedSampleContent } from '../../db/seed';
import { accountInvitation } from '../../mail/templates';
import { withClub } from '../../tenancy/context';
import { hashToken } from '../accounts/context';
import { parseInput } from '../checks';
import type { ClubFileService } from '../club-file';
import { storeFirstIdentity } from '../club-identity';
import { isUuid } from '../ids';
import { createMailService } from '../mail';
import { deleteClubRows } from './delete-club';
import { underRowSecurity } from './row-security';

/** The first admin's username in every new club (they may sign in with their e-mail address too). */
export const FIRST_ADMIN_USERNAME = 'admin';

export const newClubSchema = z.object({
  name: z.string({ error: NAME_RULE }).trim().min(1, NAME_RULE).max(80, NAME_RULE),
  slug: z
    .string({ error: SLUG_RULE })
    .trim()
    .regex(SLUG_PATTERN, SLUG_RULE)
    .refine((slug) => !(RESERVED_SLUGS as readonly string[]).includes(slug), { error: (issue) => SLUG_RESERVED(String(issue.input)) }),
  admin_email: z
    .string({ error: ADMIN_EMAIL_RULE })
    .trim()
    .max(200, ADMIN_EMAIL_RULE)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, ADMIN_EMAIL_RULE),
  admin_password: z.string({ error: ADMIN_PASSWORD_RULE }).min(8, ADMIN_PASSWORD_RULE).max(200, ADMIN_PASSWORD_RULE).optional(),
  sample: z.boolean({ error: "sample is true (the sample club's content) or false (an empty club)." }).optional(),
});

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The first admin: with the operator's password for them, or invited to choose theirs by e-mail. */
async function firstAdmin(db: Db, tx: Tx, input: z.output<typeof newClubSchema>, clubUrl: string) {
  const invited = !input.admin_password;
  const password_hash = invited ? await hashPassword(randomBytes(24).toString('base64url')) : await hashChosenPassword(input.admin_password!, 'admin_password');
  const [admin] = await tx
    .insert(users)
    .values({
      username: FIRST_ADMIN_USERNAME,
      email: input.admin_email,
      // The operator gave the address (as ADMIN_EMAIL at a single club's setup); an invited admin confirms it with the link.
      email_confirmed_at: invited ? null : new Date(),
      activated_at: invited ? null : new Date(),
      full_name: 'Club Administrator',
      role: 'admin',
      password_hash,
    })
    .returning({ id: users.id });
  await tx.insert(clubRoles).values({ user_id: admin.id, role: 'admin' });
  if (!invited) return;
  // The invitation a club's admin sends a new login (server/services/players/logins.ts), its link on the club's own host.
  const token = randomBytes(32).toString('base64url');
  await tx
    .insert(passwordResetTokens)
    .values({ token_hash: hashToken(token), user_id: admin.id, expires_at: new Date(Date.now() + INVITATION_DAYS * 86_400_000) });
  const mail = createMailService(db, { publicUrl: clubUrl });
  await mail.toUser(tx, admin.id, { template: accountInvitation, data: { token, username: FIRST_ADMIN_USERNAME }, dedupeKey: 'invitation' });
}

/** Every club with its figures: counts and sums from hosting_club_counts() (SECURITY DEFINER), never a member's row. */
async function listClubs(db: Db, hostOf: (slug: string) => string): Promise<HostedClub[]> {
  const { rows } = await db.execute<{
    id: string;
    slug: string;
    name: string;
    status: 'active' | 'suspended';
    created_at: string;
    suspended_at: string | null;
    exported_at: string | null;
    members: string | null;
    teams: string | null;
    storage_bytes: string | null;
    mail_sent_30_days: string | null;
  }>(sql`
      select c.id, c.slug, c.name, c.status, c.created_at, c.suspended_at, c.exported_at, f.members, f.teams, f.storage_bytes, f.mail_sent_30_days
      from clubs c left join hosting_club_counts() f on f.club_id = c.id
      order by c.created_at, c.slug`);
  const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    host: hostOf(r.slug),
    name: r.name,
    status: r.status,
    created_at: iso(r.created_at)!,
    suspended_at: iso(r.suspended_at),
    exported_at: iso(r.exported_at),
    members: Number(r.members ?? 0),
    teams: Number(r.teams ?? 0),
    storage_bytes: Number(r.storage_bytes ?? 0),
    mail_sent_30_days: Number(r.mail_sent_30_days ?? 0),
  }));
}

export function createHostingService(db: Db, options: { hostingDomain?: string; publicUrl: string; clubFile: Pick<ClubFileService, 'writeFor'> }) {
  const listeners: (() => void)[] = [];
  /** Every club's host is looked up again (the resolver's LRU is cleared; other processes: NOTIFY clubs_changed). */
  const changed = () => listeners.forEach((forget) => forget());
  const scheme = new URL(options.publicUrl).protocol;
  const hostOf = (slug: string) => (options.hostingDomain ? `${slug}.${options.hostingDomain}` : slug);

  async function clubById(id: string) {
    if (!isUuid(id)) throw notFound(CLUB_NOT_FOUND);
    const [club] = await db.select().from(clubs).where(eq(clubs.id, id));
    if (!club) throw notFound(CLUB_NOT_FOUND);
    return club;
  }

  return {
    /** Called with no arguments whenever a club is made, suspended, resumed or deleted. */
    onChange(listener: () => void) {
      listeners.push(listener);
    },

    hostOf,

    /** A new club at `{slug}.{HOSTING_DOMAIN}`: 422 for bad input, 409 for an address taken. */
    async create(body: unknown): Promise<{ id: string; host: string; invited: boolean }> {
      const input = parseInput(newClubSchema, body);
      const [taken] = await db.select({ id: clubs.id }).from(clubs).where(eq(clubs.slug, input.slug));
      if (taken) throw conflictOn('slug', SLUG_TAKEN(input.slug));
      const id = randomUUID();
      const host = hostOf(input.slug);
      try {
        await withClub(id, () =>
          db.transaction(async (tx) => {
            await underRowSecurity(tx);
            await tx.insert(clubs).values({ id, slug: input.slug, name: input.name });
            await tx.insert(databaseInitialization).values({ id: 1, admin_username: FIRST_ADMIN_USERNAME });
            await firstAdmin(db, tx, input, `${scheme}//${host}`);
            await (input.sample ? seedSampleContent(tx) : startEmptyClub(tx));
            await storeFirstIdentity(tx, { club_name: input.name });
          }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflictOn('slug', SLUG_TAKEN(input.slug));
        throw error;
      }
      changed();
      return { id, host, invited: !input.admin_password };
    },

    /** Every club with its figures: counts and sums from hosting_club_counts() (SECURITY DEFINER), never a member's row. */
    list: () => listClubs(db, hostOf),

    /** Suspends a club: its site shows a notice and its jobs stop; nothing is deleted. */
    async suspend(id: string) {
      const club = await clubById(id);
      if (club.status === 'suspended') throw conflict(ALREADY_SUSPENDED);
      await db
        .update(clubs)
        .set({ status: 'suspended', suspended_at: new Date() })
        .where(and(eq(clubs.id, id), eq(clubs.status, 'active')));
      changed();
      return { id, status: 'suspended' as const };
    },

    async resume(id: string) {
      const club = await clubById(id);
      if (club.status !== 'suspended') throw conflict(NOT_SUSPENDED);
      await db.update(clubs).set({ status: 'active' }).where(eq(clubs.id, id));
      changed();
      return { id, status: 'active' as const };
    },

    /** The club's file (the one its admins download), noted as exported now. */
    async exportFile(id: string) {
      const club = await clubById(id);
      const exportedAt = new Date();
      const file = await options.clubFile.writeFor(club.id, club.name);
      await db.update(clubs).set({ exported_at: exportedAt }).where(eq(clubs.id, id));
      return file;
    },

    /**
     * Deletes a club, every row of it, in one transaction: only a suspended club whose file was
     * exported since it was suspended (409 otherwise, nothing deleted).
     */
    async remove(id: string) {
      await clubById(id);
      const deleted = await withClub(id, () =>
        db.transaction(async (tx) => {
          const [club] = await tx.select().from(clubs).where(eq(clubs.id, id)).for('update');
          if (!club) throw notFound(CLUB_NOT_FOUND);
          if (club.status !== 'suspended' || !club.suspended_at) throw conflict(DELETE_NEEDS_SUSPENSION);
          if (!club.exported_at || club.exported_at < club.suspended_at) throw conflict(DELETE_NEEDS_EXPORT);
          await underRowSecurity(tx);
          return deleteClubRows(tx, id);
        }),
      );
      changed();
      return { id, deleted_rows: Object.values(deleted).reduce((a, b) => a + b, 0) };
    },
  };
}

/** A 409 that also names the field (the form shows it there). */
const conflictOn = (field: string, detail: string) => new DomainError('conflict', detail, { errors: [{ field, message: detail }] });

export type HostingService = ReturnType<typeof createHostingService>;
export type { NewClubInput };
