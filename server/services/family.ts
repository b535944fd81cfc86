/**
 * A parent's family home (issue 31): each child's next events with their answers, what the family
 * owes and how to pay, the requests still waiting for the club, their calendar link and their own
 * phone number. It reads the services that own each part; nothing here decides access on its own.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FamilyHome } from '../../shared/contracts/family';
import { parentPhoneSchema } from '../../shared/family';
import { unauthenticated } from '../../shared/errors';
import type { SessionUser } from '../../shared/roles';
import type { Db } from '../db/client';
import { guardianRequests, teams, users } from '../db/schema';
import { mayUseMembersArea, signedIn } from '../policy';
import type { AvailabilityService } from './availability';
import { parseInput } from './checks';
import type { JuniorService } from './juniors';
import { currentConsents } from './juniors';
import { CONSENT_KINDS, seasonOf } from '../../shared/juniors';
import { todayIso } from '../../shared/players';
import type { TreasuryService } from './treasury';

/** How many of each child's next events the family home shows (the child's page has them all). */
export const FAMILY_NEXT_EVENTS = 3;

interface FamilyDeps {
  juniors: Pick<JuniorService, 'myChildren'>;
  availability: Pick<AvailabilityService, 'forChild'>;
  treasury: Pick<TreasuryService, 'me'>;
  hasCalendarLink: (user: SessionUser) => Promise<{ created_at: string } | null>;
}

export function createFamilyService(db: Db, deps: FamilyDeps) {
  /** The "I am a parent or carer" requests this login made that the club has not decided yet. */
  async function waitingRequests(userId: string) {
    const rows = await db
      .select({ id: guardianRequests.id, child_name: guardianRequests.child_name, team_name: teams.name, created_at: guardianRequests.created_at })
      .from(guardianRequests)
      .leftJoin(teams, eq(teams.id, guardianRequests.team_id))
      .where(and(eq(guardianRequests.user_id, userId), eq(guardianRequests.status, 'pending')))
      .orderBy(asc(guardianRequests.created_at));
    return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  }

  /** What this login pays (their children's charges and any of their own), from the ledger; null while waiting for approval. */
  async function money(user: SessionUser): Promise<FamilyHome['money']> {
    const me = await deps.treasury.me(user);
    return {
      owed_pence: me.owed_pence,
      credit_pence: me.credit_pence,
      reference: me.reference,
      account_name: me.account_name,
      sort_code: me.sort_code,
      account_number: me.account_number,
      bank_details_set: me.bank_details_set,
      charges: me.charges
        .filter((c) => c.outstanding_pence > 0)
        .map((c) => ({ id: c.id, member_name: c.member_name, description: c.description, due_date: c.due_date, outstanding_pence: c.outstanding_pence })),
    };
  }

  return {
    /** GET /api/guardians/me/family: the family home of the signed-in login (empty lists for a login with no children). */
    async home(user: SessionUser | null): Promise<FamilyHome> {
      const actor = await signedIn(db, user);
      const member = mayUseMembersArea(actor);
      const [children, requests, phone, calendar] = await Promise.all([
        member ? deps.juniors.myChildren(actor.user) : Promise.resolve([]),
        waitingRequests(actor.id),
        db.select({ phone: users.phone }).from(users).where(eq(users.id, actor.id)),
        member ? deps.hasCalendarLink(actor.user) : Promise.resolve(null),
      ]);
      // The consents in force this season: the family home offers each one's withdrawal in one click (issue 34).
      const given = await currentConsents(db, children.map((c) => c.player_id), seasonOf(todayIso()));
      const withEvents = await Promise.all(
        children.map(async (child) => ({
          ...child,
          consents_given: CONSENT_KINDS.filter((kind) => given.get(child.player_id)?.has(kind)),
          next_events: child.standing === 'in_team' ? (await deps.availability.forChild(actor.user, child.player_id)).slice(0, FAMILY_NEXT_EVENTS) : [],
        })),
      );
      return {
        children: withEvents,
        requests,
        money: member && children.length > 0 ? await money(actor.user) : null,
        calendar_link_since: calendar?.created_at ?? null,
        phone: phone[0]?.phone ?? null,
      };
    },

    /** PUT /api/guardians/me/phone: the login's own phone number (blank removes it). */
    async setPhone(user: SessionUser | null, input: unknown) {
      if (!user) throw unauthenticated();
      await signedIn(db, user);
      const { phone } = parseInput(parentPhoneSchema, input);
      await db.update(users).set({ phone }).where(eq(users.id, user.id));
      return { phone };
    },
  };
}

export type FamilyService = ReturnType<typeof createFamilyService>;
