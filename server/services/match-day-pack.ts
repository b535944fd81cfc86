/**
 * The match-day pack (issue 35, ADR 064-offline-match-day): what a member's phone keeps for match
 * day without signal. Their own next matches and sessions and their children's, each with its venue
 * and map link, the team's manager and phone, and a match's team sheet once the caller may see it.
 * It reads the services that own each part (availability, selection, juniors), which decide access:
 * a player's own events, a parent's children's (their guardianship is checked there).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { MatchDayPack, PackEvent } from '../../shared/contracts/match-day-pack';
import type { MyAvailabilityEvent } from '../../shared/contracts/availability';
import { isDomainError } from '../../shared/errors';
import { unauthenticated } from '../../shared/errors';
import type { SessionUser } from '../../shared/roles';
import { mapLink } from '../../shared/teams-constants';
import type { Db } from '../db/client';
import { players, teamStaff, users } from '../db/schema';
import { mayUseMembersArea, signedIn } from '../policy';
import type { AvailabilityService } from './availability';
import type { JuniorService } from './juniors';
import type { SelectionService } from './selection';

/** Kept per person: their next matches and next sessions (up to this many of each), soonest first. */
export const PACK_EVENTS = 4;
const pick = (events: MyAvailabilityEvent[]) =>
  [...events.filter((e) => e.kind === 'fixture').slice(0, PACK_EVENTS), ...events.filter((e) => e.kind !== 'fixture').slice(0, PACK_EVENTS)].sort((a, b) =>
    a.starts_at.localeCompare(b.starts_at),
  );

interface Deps {
  availability: AvailabilityService;
  juniors: JuniorService;
  selection: SelectionService;
}

export function createMatchDayPackService(db: Db, deps: Deps) {
  /** Each team's manager (the first by name when a team has several) with their phone: the player record's, else the login's. */
  async function managers(teamIds: string[]) {
    if (teamIds.length === 0) return new Map<string, { name: string; phone: string | null }>();
    const rows = await db
      .select({ team_id: teamStaff.team_id, name: players.full_name, phone: players.phone_number, login_phone: users.phone })
      .from(teamStaff)
      .innerJoin(players, eq(players.id, teamStaff.player_id))
      .leftJoin(users, eq(users.id, players.user_id))
      .where(and(inArray(teamStaff.team_id, teamIds), eq(teamStaff.role, 'manager')))
      .orderBy(players.full_name);
    const found = new Map<string, { name: string; phone: string | null }>();
    for (const r of rows) if (!found.has(r.team_id)) found.set(r.team_id, { name: r.name, phone: r.phone || r.login_phone || null });
    return found;
  }

  /** The team sheet as the caller may see it (their own team's, or their child's, once published); null otherwise. */
  async function sheet(user: SessionUser, event: MyAvailabilityEvent): Promise<PackEvent['team_sheet']> {
    if (event.kind !== 'fixture' || event.cancelled) return null;
    try {
      const s = await deps.selection.teamSheet(user, event.id);
      return { starters: s.starters, substitutes: s.substitutes };
    } catch (thrown) {
      if (isDomainError(thrown)) return null;
      throw thrown;
    }
  }

  async function packed(user: SessionUser, events: MyAvailabilityEvent[], staff: Map<string, { name: string; phone: string | null }>) {
    return Promise.all(
      events.map(async (e): Promise<PackEvent> => ({
        ...e,
        map_link: mapLink(e.address ?? e.place),
        manager: staff.get(e.team_id) ?? null,
        team_sheet: await sheet(user, e),
      })),
    );
  }

  return {
    /** Each team's manager with their phone, for the schedule page (the same the pack keeps). */
    managers,
    /** GET /api/me/match-day: the caller's pack; a login with no player record and no children gets empty lists. */
    async pack(user: SessionUser | null): Promise<MatchDayPack> {
      if (!user) throw unauthenticated();
      const actor = await signedIn(db, user);
      const member = mayUseMembersArea(actor);
      const own = member && actor.member ? pick(await deps.availability.mine(actor.user)) : [];
      const children = member ? (await deps.juniors.myChildren(actor.user)).filter((c) => c.standing === 'in_team') : [];
      const theirs = await Promise.all(children.map(async (c) => ({ child: c, events: pick(await deps.availability.forChild(actor.user, c.player_id)) })));
      const staff = await managers([...new Set([...own, ...theirs.flatMap((t) => t.events)].map((e) => e.team_id))]);
      return {
        saved_at: new Date().toISOString(),
        events: await packed(actor.user, own, staff),
        children: await Promise.all(
          theirs.map(async ({ child, events }) => ({ player_id: child.player_id, first_name: child.full_name.split(' ')[0]!, events: await packed(actor.user, events, staff) })),
        ),
      };
    },
  };
}
