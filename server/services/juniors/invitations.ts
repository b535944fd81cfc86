/** Guardians invited by the club: a single-use link, valid 7 days; opening it links (and if need be creates) a login. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { conflict, invalid, notFound, unauthenticated } from '../../../shared/errors';
import {
  GUARDIAN_INVITATION_DAYS,
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_USED,
  guardianAccountSchema,
  guardianInvitationSchema,
} from '../../../shared/guardians';
import { EMAIL_TAKEN, USERNAME_TAKEN } from '../../../shared/players';
import type { SessionUser } from '../../../shared/roles';
import { hashChosenPassword } from '../../auth/password-policy';
import type { DbOrTx } from '../../db/client';
import { guardianInvitations, guardians, players, users } from '../../db/schema';
import { guardianInvitation } from '../../mail/templates';
import { parseInput } from '../checks';
import { noticeVersionFor } from '../privacy-notice';
import { noticeOnlySchema } from '../../../shared/privacy-notice';
import { refuseSuppressed } from '../privacy/suppression';
import { allow, childRelation, mayInviteOtherGuardian, mayManageGuardians, signedIn, type Actor } from '../../policy';
import { isUuid } from '../ids';
import { childRow } from './access';
import { firstName, juniorForLink, type JuniorContext } from './context';

export const PARENT_INVITES_OWN_CHILD =
  'Only admins, the club secretary and the welfare officer, or the child’s primary parent or carer, can invite a parent or carer.';
export const PARENT_INVITES_PRIMARY = 'Invite the other parent or carer as a guardian or view only: the club decides who is primary.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Links a guardian to a child (a second link updates the level and relationship). */
export async function linkGuardian(
  tx: DbOrTx,
  link: { user_id: string; player_id: string; level: 'primary' | 'secondary' | 'view_only'; relationship: string | null; approved_by: string },
) {
  await tx
    .insert(guardians)
    .values(link)
    .onConflictDoUpdate({
      target: [guardians.club_id, guardians.user_id, guardians.player_id],
      set: { level: link.level, relationship: link.relationship, approved_by: link.approved_by },
    });
}

export function guardianInvitationsUseCases({ db, mail }: JuniorContext) {
  /** The child a parent invites for: theirs as primary parent or carer, or 403 (the same whether the child exists or not). */
  async function childForParentInvite(me: Actor, playerId: string) {
    const child = isUuid(playerId) ? await childRow(db, playerId) : undefined;
    allow(!!child && mayInviteOtherGuardian(await childRelation(db, me, child)), PARENT_INVITES_OWN_CHILD);
    return juniorForLink(db, playerId);
  }

  async function find(token: string, tx: DbOrTx = db, lock = false) {
    const query = tx
      .select({ invitation: guardianInvitations, child: { full_name: players.full_name } })
      .from(guardianInvitations)
      .innerJoin(players, eq(players.id, guardianInvitations.player_id))
      .where(eq(guardianInvitations.token_hash, hashOf(token ?? '')));
    const [row] = lock ? await query.for('update', { of: guardianInvitations }) : await query;
    if (!row) throw notFound(INVITATION_NOT_FOUND);
    const state = row.invitation.used_at ? 'used' : row.invitation.expires_at.getTime() <= Date.now() ? 'expired' : 'valid';
    return { ...row, state: state as 'used' | 'expired' | 'valid' };
  }

  return {
    /** POST /api/guardian-invitations: mails the link; only its hash is kept. */
    async invite(actor: SessionUser | null, input: unknown) {
      const me = await signedIn(db, actor);
      const club = mayManageGuardians(me);
      const data = parseInput(guardianInvitationSchema, input);
      await refuseSuppressed(db, data.email);
      // A primary parent or carer may invite the child's other one (issue 31), never as primary; the club anyone.
      const child = club ? await juniorForLink(db, data.player_id) : await childForParentInvite(me, data.player_id);
      if (!club && data.level === 'primary') throw invalid(PARENT_INVITES_PRIMARY, [{ field: 'level', message: PARENT_INVITES_PRIMARY }]);
      const by = { full_name: club ? me.name : `${me.name} (parent or carer)` };
      const token = randomBytes(32).toString('base64url');
      const expires = new Date(Date.now() + GUARDIAN_INVITATION_DAYS * 24 * 3_600_000);
      return db.transaction(async (tx) => {
        await tx.insert(guardianInvitations).values({
          token_hash: hashOf(token),
          player_id: child.id,
          email: data.email,
          level: data.level,
          relationship: data.relationship,
          invited_by: by.full_name,
          expires_at: expires,
        });
        await mail.toAddress(tx, data.email, {
          template: guardianInvitation,
          data: { token, childFirstName: firstName(child.full_name), invitedBy: by.full_name },
          dedupeKey: `guardian-invitation:${hashOf(token)}`,
        });
        return { player_id: child.id, email: data.email, level: data.level, relationship: data.relationship, expires_at: expires.toISOString() };
      });
    },

    /** GET /api/guardian-invitations/{token}: what the page shows before accepting (the child by first name only). */
    async preview(token: string) {
      const row = await find(token);
      return { child_first_name: firstName(row.child.full_name), email: row.invitation.email, level: row.invitation.level, state: row.state };
    },

    /**
     * POST /api/guardian-invitations/{token}/accept: a signed-in user is linked; without a session
     * the body creates the guardian's login with the invitation's address. Used once (409 after).
     */
    async accept(actor: SessionUser | null, token: string, input: unknown) {
      const first = await find(token);
      if (first.state === 'used') throw conflict(INVITATION_USED);
      if (first.state === 'expired') throw conflict(INVITATION_EXPIRED);
      const account = actor ? null : parseInput(guardianAccountSchema, input);
      // The privacy notice version the acceptance page showed (issue 34), signed in or not.
      const notice_version = await noticeVersionFor(db, account ? account.notice_version : parseInput(noticeOnlySchema, input ?? {}).notice_version);
      const password_hash = account ? await hashChosenPassword(account.password) : null;
      return db.transaction(async (tx) => {
        const { invitation, state } = await find(token, tx, true);
        if (state !== 'valid') throw conflict(state === 'used' ? INVITATION_USED : INVITATION_EXPIRED);
        let userId = actor?.id;
        if (!userId) {
          if (!account || !password_hash) throw unauthenticated();
          const taken = await tx
            .select({ username: users.username, email: users.email })
            .from(users)
            .where(sql`lower(${users.username}) = ${account.username.toLowerCase()} or lower(${users.email}) = ${invitation.email.toLowerCase()}`);
          if (taken.some((t) => t.email.toLowerCase() === invitation.email.toLowerCase()))
            throw conflict(`${EMAIL_TAKEN} Sign in first, then open the link again.`);
          if (taken.length) throw conflict(USERNAME_TAKEN);
          const [user] = await tx
            .insert(users)
            .values({
              username: account.username,
              email: invitation.email,
              full_name: account.full_name,
              role: 'player',
              password_hash,
              // The link came to this address: it is confirmed.
              email_confirmed_at: new Date(),
              activated_at: new Date(),
            })
            .returning({ id: users.id });
          userId = user!.id;
        }
        await linkGuardian(tx, {
          user_id: userId,
          player_id: invitation.player_id,
          level: invitation.level,
          relationship: invitation.relationship,
          approved_by: `${invitation.invited_by} (invitation)`,
        });
        await tx
          .update(guardianInvitations)
          .set({ used_at: new Date(), notice_version })
          .where(and(eq(guardianInvitations.token_hash, invitation.token_hash)));
        return { user_id: userId, player_id: invitation.player_id, level: invitation.level, created_login: !actor };
      });
    },
  };
}
