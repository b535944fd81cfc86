/** "I am a parent or carer": a signed-in user asks to be linked to a child; the secretary or welfare officer decides. */
import { AWAITING_APPROVAL, mayUseMembersArea, must } from '../../policy';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { conflict, invalid, notFound, unauthenticated } from '../../../shared/errors';
import {
  CHOOSE_JUNIOR_TEAM,
  GUARDIAN_REQUEST_NOT_FOUND,
  NOT_A_JUNIOR_TEAM,
  guardianRequestApproveSchema,
  guardianRequestListSchema,
  guardianRequestRejectSchema,
  guardianRequestSchema,
  parentRegistrationRequestSchema,
} from '../../../shared/guardians';
import { formatCalendarDate } from '../../../shared/dates';
import { isJunior, isJuniorAgeGroup } from '../../../shared/juniors';
import { USERNAME_TAKEN, todayIso } from '../../../shared/players';
import { hashChosenPassword } from '../../auth/password-policy';
import type { SessionUser } from '../../../shared/roles';
import type { DbOrTx } from '../../db/client';
import { accountTokens, clubRoles, guardianRequests, players, teams, users } from '../../db/schema';
import { guardianRequestApproved, guardianRequestReceived, guardianRequestRejected, welcome } from '../../mail/templates';
import type { MailService } from '../mail';
import { ownerOfAddress, tellAddressOwner } from '../address-in-use';
import { parseInput } from '../checks';
import { noticeVersionFor } from '../privacy-notice';
import { isUuid } from '../ids';
import { assertManagesGuardians, firstName, juniorForLink, NOT_A_JUNIOR, type JuniorContext } from './context';
import { linkGuardian } from './invitations';
import { joinTeam } from '../players/team-places';

const NO_SUCH_TEAM = 'No team has this id.';

/**
 * A parent's request arrived (issue 31): the secretary and the welfare officer are mailed once per
 * request (admins when the club has neither), so it is seen the day it comes.
 */
async function tellDeciders(tx: DbOrTx, mail: MailService, who: { parentName: string; relationship: string; requests: (typeof guardianRequests.$inferSelect)[] }) {
  const teamIds = [...new Set(who.requests.flatMap((r) => (r.team_id ? [r.team_id] : [])))];
  const names = teamIds.length ? await tx.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds)) : [];
  const children = who.requests.map((r) => ({ name: r.child_name, born: formatCalendarDate(r.child_date_of_birth), team: names.find((t) => t.id === r.team_id)?.name ?? null }));
  const data = { parentName: who.parentName, relationship: who.relationship, children };
  const dedupeKey = `guardian-request-received:${who.requests[0]!.id}`;
  const holders = (roles: string[]) =>
    sql`${users.id} in (select ${clubRoles.user_id} from ${clubRoles} where ${clubRoles.role}::text in (${sql.join(
      roles.map((r) => sql`${r}`),
      sql`, `,
    )}))`;
  const sent = await mail.toUsersWhere(tx, holders(['secretary', 'welfare_officer']), { template: guardianRequestReceived, data, dedupeKey });
  if (sent === 0) await mail.toUsersWhere(tx, holders(['admin']), { template: guardianRequestReceived, data, dedupeKey });
}

/** The junior team a child approved from a request joins: chosen at approval (or the one the parent named), and a junior team. */
async function juniorTeamFor(tx: DbOrTx, teamId: string | null): Promise<string> {
  if (!teamId) throw invalid(`${CHOOSE_JUNIOR_TEAM}.`, [{ field: 'team_id', message: CHOOSE_JUNIOR_TEAM }]);
  const [team] = isUuid(teamId) ? await tx.select({ id: teams.id, age_group: teams.age_group }).from(teams).where(eq(teams.id, teamId)) : [];
  if (!team) throw invalid(NO_SUCH_TEAM, [{ field: 'team_id', message: NO_SUCH_TEAM }]);
  if (!isJuniorAgeGroup(team.age_group)) throw invalid(`${NOT_A_JUNIOR_TEAM}.`, [{ field: 'team_id', message: NOT_A_JUNIOR_TEAM }]);
  return team.id;
}

/**
 * The signed-in person's own requests still waiting for the club (issue 31), for their page in the
 * Players' Area, whatever else they may decide: oldest first, with the team they named.
 */
async function myPendingRequests(db: DbOrTx, actor: SessionUser | null): Promise<PendingRequest[]> {
  if (!actor) throw unauthenticated();
  const rows = await db
    .select({ id: guardianRequests.id, child_name: guardianRequests.child_name, team_name: teams.name, created_at: guardianRequests.created_at })
    .from(guardianRequests)
    .leftJoin(teams, eq(teams.id, guardianRequests.team_id))
    .where(and(eq(guardianRequests.user_id, actor.id), eq(guardianRequests.status, 'pending')))
    .orderBy(asc(guardianRequests.created_at));
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

export function guardianRequestUseCases({ db, mail }: JuniorContext) {
  async function lockPending(tx: DbOrTx, id: string) {
    if (!isUuid(id)) throw notFound(GUARDIAN_REQUEST_NOT_FOUND);
    const [row] = await tx
      .select()
      .from(guardianRequests)
      .where(and(eq(guardianRequests.id, id), eq(guardianRequests.status, 'pending')))
      .for('update');
    if (!row) throw notFound(GUARDIAN_REQUEST_NOT_FOUND);
    return row;
  }

  return {
    /** POST /api/guardian-requests by any signed-in user. */
    async request(actor: SessionUser | null, input: unknown) {
      await must(db, actor, mayUseMembersArea, AWAITING_APPROVAL);
      if (!actor) throw unauthenticated();
      const data = parseInput(guardianRequestSchema, input);
      if (!isJunior(data.child_date_of_birth, todayIso())) {
        throw invalid('This child is 18 or over: adults join the club themselves.', [{ field: 'child_date_of_birth', message: NOT_A_JUNIOR }]);
      }
      if (data.team_id) {
        const [team] = isUuid(data.team_id) ? await db.select({ id: teams.id }).from(teams).where(eq(teams.id, data.team_id)) : [];
        if (!team) throw invalid(NO_SUCH_TEAM, [{ field: 'team_id', message: NO_SUCH_TEAM }]);
      }
      const notice_version = await noticeVersionFor(db, data.notice_version);
      const row = await db.transaction(async (tx) => {
        const [made] = await tx
          .insert(guardianRequests)
          .values({ user_id: actor.id, ...data, notice_version })
          .returning();
        await tellDeciders(tx, mail, { parentName: actor.full_name, relationship: data.relationship, requests: [made!] });
        return made;
      });
      return toRequest({ ...row!, requester_name: actor.full_name, requester_email: actor.email, team_name: null });
    },

    /** GET /api/guardian-requests?status=pending (oldest first) for those who decide; everyone else sees their own. */
    async list(actor: SessionUser | null, query: unknown) {
      await must(db, actor, mayUseMembersArea, AWAITING_APPROVAL);
      if (!actor) throw unauthenticated();
      const { status } = parseInput(guardianRequestListSchema, query);
      let mine = false;
      try {
        await assertManagesGuardians(db, actor);
      } catch {
        mine = true;
      }
      const rows = await db
        .select({ r: guardianRequests, requester_name: users.full_name, requester_email: users.email, team_name: teams.name })
        .from(guardianRequests)
        .innerJoin(users, eq(users.id, guardianRequests.user_id))
        .leftJoin(teams, eq(teams.id, guardianRequests.team_id))
        .where(and(eq(guardianRequests.status, status), mine ? eq(guardianRequests.user_id, actor.id) : undefined))
        .orderBy(status === 'pending' ? asc(guardianRequests.created_at) : desc(guardianRequests.decided_at));
      return rows.map((row) => toRequest({ ...row.r, requester_name: row.requester_name, requester_email: row.requester_email, team_name: row.team_name }));
    },

    myPendingRequests: (actor: SessionUser | null) => myPendingRequests(db, actor),

    /** Links the requester to an existing junior, or creates the child as a new junior member (in the team asked for). */
    async approve(actor: SessionUser | null, id: string, input: unknown) {
      const by = await assertManagesGuardians(db, actor);
      const data = parseInput(guardianRequestApproveSchema, input);
      const existing = data.player_id ? await juniorForLink(db, data.player_id) : null;
      return db.transaction(async (tx) => {
        const request = await lockPending(tx, id);
        let playerId = existing?.id;
        let childName = existing?.full_name ?? request.child_name;
        if (!playerId) {
          const teamId = await juniorTeamFor(tx, data.team_id ?? request.team_id);
          // A child is filed as a child (issue 31): no squad group and no position until their coach gives one.
          const [child] = await tx
            .insert(players)
            .values({ full_name: request.child_name, date_of_birth: request.child_date_of_birth, status: 'active', nationality: '', position: null, team_type: null })
            .returning({ id: players.id, full_name: players.full_name });
          playerId = child!.id;
          childName = child!.full_name;
          await joinTeam(tx, { mail }, { playerId, teamId, path: 'guardian_request', by });
        }
        await linkGuardian(tx, {
          user_id: request.user_id,
          player_id: playerId,
          level: data.level,
          relationship: request.relationship,
          approved_by: by.full_name,
        });
        await tx
          .update(guardianRequests)
          .set({ status: 'approved', player_id: playerId, decided_by: by.full_name, decided_at: new Date() })
          .where(eq(guardianRequests.id, request.id));
        await mail.toUser(tx, request.user_id, {
          template: guardianRequestApproved,
          data: { childFirstName: firstName(childName) },
          dedupeKey: `guardian-request-approved:${request.id}`,
        });
        return { id: request.id, status: 'approved' as const, player_id: playerId, created_child: !existing };
      });
    },

    /** Turns a request down with a reason, which is mailed to the requester. */
    async reject(actor: SessionUser | null, id: string, input: unknown) {
      const by = await assertManagesGuardians(db, actor);
      const { reason } = parseInput(guardianRequestRejectSchema, input);
      return db.transaction(async (tx) => {
        const request = await lockPending(tx, id);
        await tx
          .update(guardianRequests)
          .set({ status: 'rejected', reason, decided_by: by.full_name, decided_at: new Date() })
          .where(eq(guardianRequests.id, request.id));
        await mail.toUser(tx, request.user_id, {
          template: guardianRequestRejected,
          data: { childName: request.child_name, reason },
          dedupeKey: `guardian-request-rejected:${request.id}`,
        });
        return { id: request.id, status: 'rejected' as const, player_id: null, created_child: false };
      });
    },
  };
}

/** A parent's own request still waiting, as their page lists it. */
export interface PendingRequest {
  id: string;
  child_name: string;
  team_name: string | null;
  created_at: string;
}

type RequestRow = typeof guardianRequests.$inferSelect & { requester_name: string; requester_email: string; team_name: string | null };

function toRequest(r: RequestRow) {
  return {
    id: r.id,
    requester_name: r.requester_name,
    requester_email: r.requester_email,
    child_name: r.child_name,
    child_date_of_birth: r.child_date_of_birth,
    relationship: r.relationship,
    team_id: r.team_id,
    team_name: r.team_name,
    message: r.message,
    status: r.status,
    player_id: r.player_id,
    decided_by: r.decided_by,
    decided_at: r.decided_at?.toISOString() ?? null,
    reason: r.reason,
    created_at: r.created_at.toISOString(),
  };
}

/** A single child's fields at the top level (the API's and older pages' shape) as the list of children. */
function withChildren(input: unknown): unknown {
  if (!input || typeof input !== 'object' || 'children' in input) return input;
  const { child_name, child_date_of_birth, team_id, ...rest } = input as Record<string, unknown>;
  return { ...rest, children: [{ child_name, child_date_of_birth, team_id }] };
}

/**
 * The register page's "I am a parent or carer" (issue 23; several children and the parent's phone
 * number, issue 31): a login with no player record of its own, a request per child, the mail that
 * confirms the address and the one telling the secretary and welfare officer, in one transaction.
 */
export function parentRegistration({ db, mail, anonymousWrites }: JuniorContext) {
  return {
    /** `address` is the client's: counted with the players' registrations, so many per hour from one. */
    async registerParent(input: unknown, address?: string) {
      const { full_name, username, email, password, phone_number, relationship, message, children, notice_version: sent } = parseInput(parentRegistrationRequestSchema, withChildren(input));
      await anonymousWrites?.count('registration', address);
      const account = { full_name, username, email, password };
      const today = todayIso();
      const errors = children.flatMap((child, i) => (isJunior(child.child_date_of_birth, today) ? [] : [{ field: `children.${i}.child_date_of_birth`, message: NOT_A_JUNIOR }]));
      if (errors.length) throw invalid('This child is 18 or over: adults join the club themselves.', errors);
      const teamIds = [...new Set(children.flatMap((c) => (c.team_id ? [c.team_id] : [])))];
      const known = teamIds.every(isUuid) && teamIds.length ? await db.select({ id: teams.id }).from(teams).where(inArray(teams.id, teamIds)) : [];
      const unknown = children.flatMap((c, i) => (c.team_id && !known.some((k) => k.id === c.team_id) ? [{ field: `children.${i}.team_id`, message: NO_SUCH_TEAM }] : []));
      if (unknown.length) throw invalid(NO_SUCH_TEAM, unknown);
      const notice_version = await noticeVersionFor(db, sent);
      const taken = await db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(sql`lower(${users.username}) = ${account.username.toLowerCase()} or lower(${users.email}) = ${account.email.toLowerCase()}`);
      if (taken.some((t) => t.username.toLowerCase() === account.username.toLowerCase())) throw conflict(USERNAME_TAKEN);
      const password_hash = await hashChosenPassword(account.password);
      // An address that already has an account: nothing is made, its owner is told, and the caller
      // answers as for a new one (issue 30, finding 14).
      const owner = taken.length ? await ownerOfAddress(db, account.email) : undefined;
      if (owner) {
        await db.transaction((tx) => tellAddressOwner(tx, mail, owner, 'registration'));
        return { user_id: randomUUID(), username: account.username, created: false as const };
      }
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ username: account.username, email: account.email, full_name: account.full_name, phone: phone_number, role: 'player', password_hash })
          .returning({ id: users.id, username: users.username });
        const requests = await tx
          .insert(guardianRequests)
          .values(children.map((child) => ({ user_id: user!.id, relationship, message, ...child, notice_version })))
          .returning();
        const confirmToken = randomBytes(32).toString('base64url');
        await tx.insert(accountTokens).values({
          token_hash: createHash('sha256').update(confirmToken).digest('hex'),
          user_id: user!.id,
          purpose: 'confirm_email',
          email: account.email,
          expires_at: new Date(Date.now() + 7 * 24 * 3_600_000),
        });
        await mail.toUser(tx, user!.id, { template: welcome, data: { username: user!.username, confirmToken, parent: true }, dedupeKey: 'welcome' });
        await tellDeciders(tx, mail, { parentName: account.full_name, relationship, requests });
        return { user_id: user!.id, username: user!.username, created: true as const, request_ids: requests.map((r) => r.id) };
      });
    },
  };
}
