import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import {
  EMAIL_CHANGE_HOURS,
  EMAIL_CONFIRMED,
  EMAIL_LINK_INVALID,
  EMAIL_UNCHANGED,
  confirmEmailSchema,
  emailChangeSchema,
  emailChangeSent,
} from '../../shared/email-change';
import { EMAIL_TAKEN } from '../../shared/players';
import type { SessionUser } from '../../shared/roles';
import { conflict, DomainError, forbidden, invalid, unauthenticated } from '../../shared/errors';
import { LOGIN_DISABLED } from '../../shared/auth';
import type { Db, DbOrTx } from '../db/client';
import { accountTokens, users } from '../db/schema';
import { emailChangeConfirm, emailChangeNotice } from '../mail/templates';
import { ownerOfAddress, tellAddressOwner } from './address-in-use';
import { parseInput } from './checks';
import { releaseHeldMail } from './held-mail';
import { actorOf, IDENTITY_BY_GUARDIANS, isJuniorsOwnLogin } from '../policy';
import type { MailService } from './mail';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function assertEmailFree(tx: DbOrTx, email: string, userId: string) {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)));
  if (taken) throw conflict(EMAIL_TAKEN);
}

/**
 * An account's e-mail address (issue 21): a change takes effect only when the link mailed to the new
 * address is followed (the old address is told at once); the same link confirms a new
 * registration's address. Links are single-use, kept as SHA-256 hashes, and a newer request ends
 * the older one.
 */
/** What the address service is given: the mail composer, and the current-password check (throttled like sign-ins). */
export interface EmailAddressDeps {
  mail: MailService;
  confirmCurrentPassword: (actor: SessionUser, password: string | undefined, address: string) => Promise<void>;
}

export function createEmailAddressService(db: Db, deps: EmailAddressDeps) {
  /**
   * Starts a change inside the caller's transaction: the link to the new address (a newer request
   * ends the older one) and the notice to the old address. The address itself does not change yet.
   */
  async function startChange(tx: DbOrTx, actor: SessionUser, email: string) {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    // An address that is someone else's: the same answer and notice, no link; its owner is told (issue 30, finding 14).
    const owner = await ownerOfAddress(tx, email, actor.id);
    await tx.delete(accountTokens).where(and(eq(accountTokens.user_id, actor.id), eq(accountTokens.purpose, 'change_email')));
    const addressee = { name: actor.full_name };
    if (owner) {
      await tellAddressOwner(tx, deps.mail, owner, 'email_change');
    } else {
      await tx.insert(accountTokens).values({
        token_hash: tokenHash,
        user_id: actor.id,
        purpose: 'change_email',
        email,
        expires_at: new Date(Date.now() + EMAIL_CHANGE_HOURS * 3_600_000),
      });
      const data = { token, username: actor.username };
      await deps.mail.toAddress(tx, email, { template: emailChangeConfirm, data, dedupeKey: `email-change:${tokenHash}` }, addressee);
    }
    if (actor.email && !actor.email.toLowerCase().endsWith('.invalid')) {
      await deps.mail.toAddress(
        tx,
        actor.email,
        { template: emailChangeNotice, data: { newEmail: email, username: actor.username }, dedupeKey: `email-change-notice:${tokenHash}` },
        addressee,
      );
    }
  }

  return {
    startChange,

    /**
     * PUT /api/auth/me {"email", "current_password"}: with the right current password, mails a
     * confirmation link to the new address and a notice to the old one.
     */
    async requestChange(actor: SessionUser | null, input: unknown, address: string) {
      if (!actor) throw unauthenticated();
      const { email, current_password } = parseInput(emailChangeSchema, input);
      if (email.toLowerCase() === actor.email.toLowerCase()) throw invalid(EMAIL_UNCHANGED, [{ field: 'email', message: EMAIL_UNCHANGED }]);
      // A junior's address is changed by a parent or carer, or the club (issue 30, finding 4).
      if (await isJuniorsOwnLogin(db, await actorOf(db, actor))) throw new DomainError('forbidden', IDENTITY_BY_GUARDIANS, { errors: [{ field: 'email', message: IDENTITY_BY_GUARDIANS }] });
      await deps.confirmCurrentPassword(actor, current_password, address);
      await db.transaction((tx) => startChange(tx, actor, email));
      return { detail: emailChangeSent(email) };
    },

    /** POST /api/auth/confirm-email: the link's token makes its address the account's, confirmed. */
    async confirm(input: unknown) {
      const { token } = parseInput(confirmEmailSchema, input);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(accountTokens)
          .set({ used_at: new Date() })
          .where(
            and(
              eq(accountTokens.token_hash, hashToken(token)),
              isNull(accountTokens.used_at),
              gt(accountTokens.expires_at, new Date()),
              sql`${accountTokens.purpose} in ('change_email', 'confirm_email')`,
            ),
          )
          .returning({ user_id: accountTokens.user_id, email: accountTokens.email });
        if (!row) throw invalid(EMAIL_LINK_INVALID, [{ field: 'token', message: EMAIL_LINK_INVALID }]);
        // A switched-off login's links change nothing (issue 30); the transaction rolls back.
        const [owner] = await tx.select({ disabled_at: users.disabled_at }).from(users).where(eq(users.id, row.user_id)).for('update');
        if (!owner || owner.disabled_at) throw forbidden(LOGIN_DISABLED);
        await assertEmailFree(tx, row.email, row.user_id);
        await tx.update(users).set({ email: row.email, email_confirmed_at: new Date() }).where(eq(users.id, row.user_id));
        // The club's mail held until the address was confirmed goes out now, to it (issue 31).
        await releaseHeldMail(tx, row.user_id);
        return { detail: EMAIL_CONFIRMED, email: row.email };
      });
    },
  };
}

export type EmailAddressService = ReturnType<typeof createEmailAddressService>;
