import { desc, eq } from 'drizzle-orm';
import { INTEREST_TYPES, joinUsInputSchema, type InterestType } from '../../shared/content';
import type { SessionUser } from '../../shared/roles';
import { whatsappLink } from '../../shared/whatsapp';
import type { Db } from '../db/client';
import { joinUsSubmissions } from '../db/schema';
import { parseInput } from './checks';
import { noticeVersionFor } from './privacy-notice';
import { mayRunTheClub, must } from '../policy';
import { joinUsApplication, joinUsReceipt } from '../mail/templates';
import type { MailService } from './mail';
import { notFound } from '../../shared/errors';
import { createRequestLimiter, type AnonymousWriteLimiter } from './throttle';
import { isUuid } from './ids';
import type { JoinUsSubmission } from '../../shared/contracts/join-us';

export type { JoinUsSubmission };

export const SUBMISSION_NOT_FOUND = 'Submission not found';

export function toSubmission(row: typeof joinUsSubmissions.$inferSelect): JoinUsSubmission {
  return {
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    phone_number: row.phone_number,
    message: row.message,
    interest_types: row.interest_types as InterestType[],
    created_at: row.created_at.toISOString(),
  };
}

/** The text typed into WhatsApp for the club after someone applies. */
export function joinUsWhatsappText(submission: { full_name: string; interest_types: string[] }) {
  const labels = submission.interest_types.map((id) => INTEREST_TYPES.find((t) => t.id === id)?.label ?? id);
  return `Hello! I'm ${submission.full_name} and I've just sent a Join Us application (${labels.join(', ')}).`;
}

/** Join-us enquiries: anyone may send one; admins read and delete them. */
/**
 * Receipts per applicant address per day: the form is public, so without a limit anyone could make
 * the club mail a stranger again and again. Past it the application is still stored and the club
 * still told; only the receipt is left out.
 */
export const RECEIPTS_PER_ADDRESS_PER_DAY = 3;

export function createJoinUsService(db: Db, deps: { whatsappNumber: () => Promise<string>; mail: MailService; anonymousWrites?: AnonymousWriteLimiter }) {
  const receipts = createRequestLimiter('join-us-receipt', { perUser: RECEIPTS_PER_ADDRESS_PER_DAY, perAddress: 0, windowSeconds: 24 * 60 * 60 }, '');
  return {
    /**
     * Stores a validated submission; the WhatsApp link is there when the club has a number set.
     * `address` is the client's: at most so many applications per hour come from one (issue 30).
     */
    async submit(input: unknown, address?: string): Promise<JoinUsSubmission & { whatsapp_url?: string }> {
      const parsed = parseInput(joinUsInputSchema, input);
      await deps.anonymousWrites?.count('join_us', address);
      const values = { ...parsed, notice_version: await noticeVersionFor(db, parsed.notice_version) };
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx.insert(joinUsSubmissions).values(values).returning();
        // The club hears of it, and the applicant gets a receipt.
        await deps.mail.toClub(tx, {
          template: joinUsApplication,
          data: { fullName: inserted.full_name, email: inserted.email, phoneNumber: inserted.phone_number, message: inserted.message, interestTypes: inserted.interest_types },
          dedupeKey: `join-us:${inserted.id}`,
        });
        if (await receipts.count(tx, inserted.email)) return inserted;
        await deps.mail.toAddress(
          tx,
          inserted.email,
          { template: joinUsReceipt, data: { interestTypes: inserted.interest_types }, dedupeKey: `join-us-receipt:${inserted.id}` },
          { name: inserted.full_name },
        );
        return inserted;
      });
      const submission = toSubmission(row);
      const url = whatsappLink(await deps.whatsappNumber(), joinUsWhatsappText(submission));
      return url ? { ...submission, whatsapp_url: url } : submission;
    },

    /** Newest first. */
    async list(user: SessionUser | null): Promise<JoinUsSubmission[]> {
      await must(db, user, mayRunTheClub);
      const rows = await db.select().from(joinUsSubmissions).orderBy(desc(joinUsSubmissions.created_at));
      return rows.map(toSubmission);
    },

    async remove(user: SessionUser | null, id: string): Promise<void> {
      await must(db, user, mayRunTheClub);
      if (!isUuid(id)) throw notFound(SUBMISSION_NOT_FOUND);
      const deleted = await db.delete(joinUsSubmissions).where(eq(joinUsSubmissions.id, id)).returning({ id: joinUsSubmissions.id });
      if (!deleted.length) throw notFound(SUBMISSION_NOT_FOUND);
    },
  };
}
