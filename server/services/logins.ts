/**
 * Switching a login off and on (issue 30): an admin or the welfare officer can switch off any login,
 * a parent's or carer's too (who has no member record to mark as left), with a reason. A switched-off
 * login cannot sign in, its sessions end at once, and its links (password, address) change nothing.
 * Every switch, and every removed guardian link, is kept in access_changes: who, when and why.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { accessReasonSchema, type AccessChangeAction, type LoginsOverview } from '../../shared/contracts/access';
import { conflict, notFound } from '../../shared/errors';
import type { SessionUser } from '../../shared/roles';
import type { Db, DbOrTx } from '../db/client';
import { accessChanges, clubRoles, players, sessions, users } from '../db/schema';
import { parseInput } from './checks';
import { isUuid } from './ids';
import { mayManageSafeguarding, must } from '../policy';
import { LAST_ADMIN, NO_SUCH_LOGIN } from './roles';

export const SAFEGUARDS_ACCESS = 'Only admins and the welfare officer switch logins off and on, and remove a parent’s or carer’s link.';
export const NOT_YOURSELF = 'You cannot switch off your own login.';
export const ALREADY_OFF = 'This login is already switched off.';
export const ALREADY_ON = 'This login is not switched off.';
export const LEFT_MEMBER = 'This member has left the club: mark them as back in the club on their record, which switches their login on again.';

/** Admins and the welfare officer (403 for anyone else, 401 signed out). */
export async function assertSafeguardsAccess(db: DbOrTx, actor: SessionUser | null): Promise<SessionUser> {
  return (await must(db, actor, mayManageSafeguarding, SAFEGUARDS_ACCESS)).user;
}

/** One line in the record of access changes. */
export async function recordAccessChange(
  tx: DbOrTx,
  by: SessionUser,
  change: { action: AccessChangeAction; userId: string; name: string; reason: string; child?: { id: string; full_name: string } },
) {
  await tx.insert(accessChanges).values({
    action: change.action,
    subject_user_id: change.userId,
    subject_name: change.name,
    child_player_id: change.child?.id ?? null,
    child_name: change.child?.full_name ?? null,
    reason: change.reason,
    by_user_id: by.id,
    by_name: by.full_name,
  });
}

async function lockLogin(tx: DbOrTx, userId: string) {
  if (!isUuid(userId)) throw notFound(NO_SUCH_LOGIN);
  const [login] = await tx
    .select({ id: users.id, full_name: users.full_name, disabled_at: users.disabled_at })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!login) throw notFound(NO_SUCH_LOGIN);
  return login;
}

/** The club always keeps one admin who can sign in: the last one's login is never switched off. */
async function assertNotLastWorkingAdmin(tx: DbOrTx, userId: string) {
  const admins = await tx
    .select({ user_id: clubRoles.user_id })
    .from(clubRoles)
    .innerJoin(users, eq(users.id, clubRoles.user_id))
    .where(and(eq(clubRoles.role, 'admin'), isNull(users.disabled_at)))
    .for('update', { of: clubRoles });
  if (admins.length === 1 && admins[0]!.user_id === userId) throw conflict(LAST_ADMIN);
}

async function readOverview(db: DbOrTx): Promise<LoginsOverview> {
  const [logins, changes] = await Promise.all([
    db
      .select({
        user_id: users.id,
        full_name: users.full_name,
        username: users.username,
        disabled_at: users.disabled_at,
        player_status: players.status,
      })
      .from(users)
      .leftJoin(players, eq(players.user_id, users.id))
      .orderBy(sql`${users.disabled_at} is null`, users.full_name),
    db.select().from(accessChanges).orderBy(desc(accessChanges.created_at)).limit(100),
  ]);
  return {
    logins: logins.map((l) => ({
      user_id: l.user_id,
      full_name: l.full_name,
      username: l.username,
      kind: l.player_status ? ('member' as const) : ('parent_or_carer' as const),
      switched_off_at: l.disabled_at?.toISOString() ?? null,
      left_club: l.player_status === 'left',
    })),
    changes: changes.map((c) => ({
      id: c.id,
      action: c.action,
      subject_name: c.subject_name,
      child_name: c.child_name,
      reason: c.reason,
      by_name: c.by_name,
      at: c.created_at.toISOString(),
    })),
  };
}

export function createLoginAccessService(db: Db) {
  return {
    /** GET /api/admin/logins: every login, switched-off ones first, and the latest access changes. */
    async overview(actor: SessionUser | null) {
      await assertSafeguardsAccess(db, actor);
      return readOverview(db);
    },

    /** POST /api/admin/logins/{id}/switch-off: the login stops working now; its sessions end. */
    async switchOff(actor: SessionUser | null, userId: string, input: unknown) {
      const by = await assertSafeguardsAccess(db, actor);
      const { reason } = parseInput(accessReasonSchema, input);
      if (userId === by.id) throw conflict(NOT_YOURSELF);
      return db.transaction(async (tx) => {
        const login = await lockLogin(tx, userId);
        if (login.disabled_at) throw conflict(ALREADY_OFF);
        await assertNotLastWorkingAdmin(tx, userId);
        await tx.update(users).set({ disabled_at: new Date() }).where(eq(users.id, userId));
        await tx.delete(sessions).where(eq(sessions.user_id, userId));
        await recordAccessChange(tx, by, { action: 'login_switched_off', userId, name: login.full_name, reason });
        return readOverview(tx);
      });
    },

    /** POST /api/admin/logins/{id}/switch-on: a login the club switched off works again (not a member who left). */
    async switchOn(actor: SessionUser | null, userId: string, input: unknown) {
      const by = await assertSafeguardsAccess(db, actor);
      const { reason } = parseInput(accessReasonSchema, input);
      return db.transaction(async (tx) => {
        const login = await lockLogin(tx, userId);
        if (!login.disabled_at) throw conflict(ALREADY_ON);
        const [member] = await tx.select({ status: players.status }).from(players).where(eq(players.user_id, userId));
        if (member?.status === 'left') throw conflict(LEFT_MEMBER);
        await tx.update(users).set({ disabled_at: null }).where(eq(users.id, userId));
        await recordAccessChange(tx, by, { action: 'login_switched_on', userId, name: login.full_name, reason });
        return readOverview(tx);
      });
    },
  };
}

export type LoginAccessService = ReturnType<typeof createLoginAccessService>;
