import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { inTeamNow } from './teams';
import type { SessionUser } from '../../shared/roles';
import {
  FIXTURE_CLOSED,
  NOT_A_PLAYER,
  NOT_IN_TEAM,
  NOT_SELECTED,
  SHEET_NOT_PUBLISHED,
  NOTHING_TO_PUBLISH,
  NO_STARTERS,
  ONE_CAPTAIN,
  STARTERS_MAX,
  TOO_MANY_STARTERS,
  selectionInputSchema,
  selectionReplySchema,
} from '../../shared/availability';
import { CLUB_NAME } from '../../shared/club';
import type { Db, DbOrTx } from '../db/client';
import { availability, fixtureSelections, fixtures, notifications, players, playerTeams, selectionPublications, teams } from '../db/schema';
import type { AvailabilityEvent, AvailabilityService, AnswerChange } from './availability';
import { ADMIN_AND_STAFF, parseInput, requireRoles } from './checks';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../../shared/errors';
import { selectionAlert, squadDropped, squadSelection } from '../mail/templates';
import type { SelectionAlertMail } from '../mail/templates/selection-alert';
import { selectionRoleWords } from '../mail/templates/squad-selection';
import type { MailService } from './mail';
import { assertRunsTeam, teamStaffAndAdmins } from './roles';
import { claimSquadVersion, squadVersion } from './squad-version';
import { squadAnswerPaths } from './squad-links';

/**
 * Squad selection (ADR 020): staff pick starters and substitutes with shirt numbers,
 * publish (each selected player is mailed once and notified), players confirm or decline, and a
 * decline or a selected player dropping out alerts staff.
 */
export function createSelectionService(db: Db, deps: { mail: MailService; availability: AvailabilityService }) {
  async function openFixture(id: string) {
    const event = await deps.availability.findEvent('fixture', id);
    return event;
  }

  async function publishedAt(executor: DbOrTx, fixtureId: string) {
    const [row] = await executor.select().from(selectionPublications).where(eq(selectionPublications.fixture_id, fixtureId));
    return row?.published_at ?? null;
  }

  async function squad(executor: DbOrTx, event: AvailabilityEvent) {
    return executor
      .select({
        player_id: fixtureSelections.player_id,
        full_name: players.full_name,
        position: players.position,
        role: fixtureSelections.role,
        shirt_number: fixtureSelections.shirt_number,
        confirmed: fixtureSelections.confirmed,
        reconfirm: fixtureSelections.reconfirm,
        captain: fixtureSelections.captain,
        availability: availability.status,
        user_id: players.user_id,
      })
      .from(fixtureSelections)
      .innerJoin(players, eq(players.id, fixtureSelections.player_id))
      .leftJoin(availability, and(eq(availability.fixture_id, event.id), eq(availability.player_id, players.id)))
      .where(eq(fixtureSelections.fixture_id, event.id))
      .orderBy(sql`${fixtureSelections.role} = 'substitute'`, asc(fixtureSelections.shirt_number));
  }

  async function view(executor: DbOrTx, event: AvailabilityEvent) {
    const rows = await squad(executor, event);
    const published = await publishedAt(executor, event.id);
    return {
      fixture_id: event.id,
      published_at: published?.toISOString() ?? null,
      ...(await squadVersion(executor, event.id)),
      players: rows.map(({ user_id: _u, ...r }) => ({ ...r, availability: r.availability ?? null })),
    };
  }

  /** A republished squad without them: one kind mail each, and the old "Selected" notification read. */
  async function tellDropped(tx: DbOrTx, event: AvailabilityEvent, dropped: string[], now: Date) {
    for (const playerId of dropped) {
      await deps.mail.toPlayer(tx, playerId, { template: squadDropped, data: { event }, dedupeKey: `squad-dropped:${event.id}:${playerId}:${now.getTime()}` });
      await tx.execute(sql`
        update ${notifications} set read_at = now()
        where read_at is null and kind = 'selection' and title = ${`Selected: ${event.title}`}
          and user_id = (select ${players.user_id} from ${players} where ${players.id} = ${playerId})`);
    }
  }

  /** A mail to the team's staff (manager, coaches, assistants) and the club's admins. */
  async function alertStaff(tx: DbOrTx, teamId: string, key: string, data: SelectionAlertMail) {
    await deps.mail.toUsersWhere(tx, teamStaffAndAdmins(teamId), { template: selectionAlert, data, dedupeKey: key });
  }

  return {
    async get(actor: SessionUser | null, fixtureId: string) {
      const staff = requireRoles(actor, ADMIN_AND_STAFF);
      const event = await openFixture(fixtureId);
      await assertRunsTeam(db, staff, event.team_id);
      return view(db, event);
    },

    /** PUT /api/fixtures/{id}/selection: replaces the squad (kept players keep their reply). */
    async set(actor: SessionUser | null, fixtureId: string, input: unknown) {
      const staff = requireRoles(actor, ADMIN_AND_STAFF);
      const { players: picked, version } = parseInput(selectionInputSchema, input);
      const event = await openFixture(fixtureId);
      await assertRunsTeam(db, staff, event.team_id);
      if (event.cancelled || event.over) throw conflict(FIXTURE_CLOSED);
      const ids = picked.map((p) => p.player_id);
      if (new Set(ids).size !== ids.length) throw invalid('A player is listed twice.', [{ field: 'players', message: 'A player is listed twice' }]);
      if (picked.filter((p) => p.captain).length > 1) throw invalid(ONE_CAPTAIN, [{ field: 'players', message: ONE_CAPTAIN }]);
      const numbers = picked.map((p) => p.shirt_number);
      const repeated = numbers.filter((n, i) => numbers.indexOf(n) !== i);
      if (repeated.length) {
        throw invalid(`Shirt number ${[...new Set(repeated)].join(', ')} is given to more than one player`, [{ field: 'players', message: 'Duplicate shirt number' }]);
      }
      if (ids.length) {
        const members = await db
          .select({ id: playerTeams.player_id })
          .from(playerTeams)
          .where(and(eq(playerTeams.team_id, event.team_id), inArray(playerTeams.player_id, ids), inTeamNow));
        const known = new Set(members.map((m) => m.id));
        const strangers = ids.filter((id) => !known.has(id));
        if (strangers.length) throw invalid(`Not in the fixture's team: ${strangers.join(', ')}`, [{ field: 'players', message: "Not in the fixture's team" }]);
      }
      return db.transaction(async (tx) => {
        await claimSquadVersion(tx, event.id, version, staff);
        const before = await tx.select().from(fixtureSelections).where(eq(fixtureSelections.fixture_id, event.id));
        const kept = new Map(before.map((r) => [r.player_id, r]));
        await tx.delete(fixtureSelections).where(eq(fixtureSelections.fixture_id, event.id));
        if (picked.length) {
          await tx.insert(fixtureSelections).values(
            picked.map((p) => ({
              fixture_id: event.id,
              player_id: p.player_id,
              role: p.role,
              shirt_number: p.shirt_number,
              confirmed: kept.get(p.player_id)?.confirmed ?? null,
              reconfirm: kept.get(p.player_id)?.reconfirm ?? false,
              captain: p.captain ?? false,
              responded_at: kept.get(p.player_id)?.responded_at ?? null,
            })),
          );
        }
        return view(tx, event);
      });
    },

    /**
     * Publishes the squad: each selected player (with a login) gets one mail (respecting their
     * preferences; a later publish mails only players new to the squad) and a portal notification.
     */
    async publish(actor: SessionUser | null, fixtureId: string) {
      const staff = requireRoles(actor, ADMIN_AND_STAFF);
      const event = await openFixture(fixtureId);
      await assertRunsTeam(db, staff, event.team_id);
      if (event.cancelled || event.over) throw conflict(FIXTURE_CLOSED);
      return db.transaction(async (tx) => {
        const rows = await squad(tx, event);
        if (rows.length === 0) throw invalid(NOTHING_TO_PUBLISH);
        const starters = rows.filter((r) => r.role === 'starter').length;
        if (starters === 0) throw invalid(NO_STARTERS);
        if (starters > STARTERS_MAX) throw invalid(TOO_MANY_STARTERS);
        const now = new Date();
        const [previous] = await tx.select().from(selectionPublications).where(eq(selectionPublications.fixture_id, event.id)).for('update');
        const ids = rows.map((r) => r.player_id);
        await tx
          .insert(selectionPublications)
          .values({ fixture_id: event.id, published_at: now, published_by: staff.id, published_player_ids: ids })
          .onConflictDoUpdate({ target: selectionPublications.fixture_id, set: { published_at: now, published_by: staff.id, published_player_ids: ids } });
        // Those the last publish named and this one does not are told, kindly; their "Selected" is put away.
        const dropped = (previous?.published_player_ids ?? []).filter((id) => !ids.includes(id));
        await tellDropped(tx, event, dropped, now);
        let mailed = 0;
        let notified = 0;
        for (const r of rows) {
          const role = selectionRoleWords(r.role);
          mailed += await deps.mail.toPlayer(tx, r.player_id, {
            template: squadSelection,
            data: { event, role: r.role, shirtNumber: r.shirt_number, answerPaths: await squadAnswerPaths(deps.mail, tx, event.id, r.player_id) },
            dedupeKey: `selection:${event.id}:${r.player_id}`,
          });
          if (r.user_id) {
            // One notification per player and publish of them (not repeated by a re-publish).
            const inserted = await tx.execute(sql`
              insert into ${notifications} (user_id, kind, title, body, link)
              select ${r.user_id}, 'selection', ${`Selected: ${event.title}`}, ${`${role[0].toUpperCase()}${role.slice(1)}, shirt ${r.shirt_number}. Please confirm or decline.`}, '/players-area'
              where not exists (select 1 from ${notifications} where user_id = ${r.user_id} and kind = 'selection' and title = ${`Selected: ${event.title}`} and link = '/players-area' and created_at > now() - interval '30 days')`);
            notified += inserted.rowCount ?? 0;
          }
        }
        return { published_at: now.toISOString(), selected: rows.length, mailed, notified };
      });
    },

    /** PUT /api/fixtures/{id}/selection/me: a selected player confirms or declines; a decline alerts staff. */
    async reply(user: SessionUser | null, fixtureId: string, input: unknown) {
      if (!user) throw unauthenticated();
      const [player] = await db.select({ id: players.id, full_name: players.full_name, user_id: players.user_id }).from(players).where(eq(players.user_id, user.id));
      if (!player) throw forbidden(NOT_A_PLAYER);
      return this.replyFor(player, fixtureId, input);
    },

    /** A selected player's reply, signed in or through the signed links of their selection mail (server/services/squad-links.ts). */
    async replyFor(player: { id: string; full_name: string; user_id: string | null }, fixtureId: string, input: unknown) {
      const { confirmed, reason } = parseInput(selectionReplySchema, input);
      const event = await openFixture(fixtureId);
      if (event.cancelled || event.over) throw conflict(FIXTURE_CLOSED);
      return db.transaction(async (tx) => {
        if (!(await publishedAt(tx, event.id))) throw notFound(NOT_SELECTED);
        const now = new Date();
        const [row] = await tx
          .update(fixtureSelections)
          .set({ confirmed, responded_at: now, reconfirm: false })
          .where(and(eq(fixtureSelections.fixture_id, event.id), eq(fixtureSelections.player_id, player.id)))
          .returning();
        if (!row) throw notFound(NOT_SELECTED);
        // Answered: the "Selected … please confirm" notification has done its job.
        if (player.user_id) {
          await tx.execute(
            sql`update ${notifications} set read_at = now() where read_at is null and user_id = ${player.user_id} and kind = 'selection' and title = ${`Selected: ${event.title}`}`,
          );
        }
        if (!confirmed) {
          await alertStaff(tx, event.team_id, `selection-declined:${event.id}:${player.id}:${now.getTime()}`, {
            change: 'declined',
            playerName: player.full_name,
            role: row.role,
            shirtNumber: row.shirt_number,
            event,
            reason: reason || null,
          });
        }
        return { fixture_id: event.id, player_id: player.id, role: row.role, shirt_number: row.shirt_number, confirmed, responded_at: now.toISOString() };
      });
    },

    /** The player's published selections for upcoming fixtures (the portal dashboard). */
    async mine(user: SessionUser) {
      return db
        .select({
          fixture_id: fixtures.id,
          team: teams.name,
          is_home: fixtures.is_home,
          away_team: fixtures.away_team,
          match_date: fixtures.match_date,
          match_time: fixtures.match_time,
          venue: fixtures.venue,
          role: fixtureSelections.role,
          shirt_number: fixtureSelections.shirt_number,
          confirmed: fixtureSelections.confirmed,
          reconfirm: fixtureSelections.reconfirm,
        })
        .from(fixtureSelections)
        .innerJoin(players, eq(players.id, fixtureSelections.player_id))
        .innerJoin(fixtures, eq(fixtures.id, fixtureSelections.fixture_id))
        .innerJoin(teams, eq(teams.id, fixtures.team_id))
        .innerJoin(selectionPublications, eq(selectionPublications.fixture_id, fixtures.id))
        .where(and(eq(players.user_id, user.id), eq(fixtures.status, 'upcoming'), sql`${fixtures.match_date} >= (now() at time zone 'Europe/London')::date`))
        .orderBy(asc(fixtures.match_date));
    },

    /** The printable team sheet (staff, admin): club, fixture and the squad with numbers and names. */
    async teamSheet(actor: SessionUser | null, fixtureId: string) {
      if (!actor) throw unauthenticated();
      const event = await openFixture(fixtureId);
      if (actor.role === 'admin' || actor.role === 'staff') await assertRunsTeam(db, actor, event.team_id);
      else {
        // Players of the team see the sheet once it is published (issue 22).
        const [player] = await db.select({ id: players.id }).from(players).where(eq(players.user_id, actor.id));
        if (!player || !(await deps.availability.inTeam(player.id, event.team_id))) throw forbidden(NOT_IN_TEAM);
        if (!(await publishedAt(db, event.id))) throw notFound(SHEET_NOT_PUBLISHED);
      }
      const [f] = await db.select().from(fixtures).where(eq(fixtures.id, fixtureId));
      const rows = await squad(db, event);
      return {
        club: CLUB_NAME,
        team: event.team,
        opponent: f.away_team,
        is_home: f.is_home,
        competition: f.competition,
        date: event.date,
        time: event.time,
        venue: event.place,
        starters: rows.filter((r) => r.role === 'starter').map((r) => ({ shirt_number: r.shirt_number, full_name: r.full_name, position: r.position, captain: r.captain })),
        substitutes: rows.filter((r) => r.role === 'substitute').map((r) => ({ shirt_number: r.shirt_number, full_name: r.full_name, position: r.position, captain: r.captain })),
      };
    },

    /** Availability's hook: a selected player changing to unavailable alerts staff (in the answer's transaction). */
    async onAnswer(tx: DbOrTx, change: AnswerChange) {
      if (change.event.kind !== 'fixture' || change.after !== 'unavailable' || change.before === 'unavailable') return;
      const [selected] = await tx
        .select({ role: fixtureSelections.role, shirt: fixtureSelections.shirt_number, name: players.full_name, confirmed: fixtureSelections.confirmed })
        .from(fixtureSelections)
        .innerJoin(players, eq(players.id, fixtureSelections.player_id))
        .where(and(eq(fixtureSelections.fixture_id, change.event.id), eq(fixtureSelections.player_id, change.playerId)));
      // One mail per player per change: a player who already declined has been reported.
      if (!selected || selected.confirmed === false) return;
      await alertStaff(tx, change.event.team_id, `selection-dropout:${change.event.id}:${change.playerId}:${Date.now()}`, {
        change: 'unavailable',
        playerName: selected.name,
        role: selected.role,
        shirtNumber: selected.shirt,
        event: change.event,
        reason: change.note ?? null,
      });
    },
  };
}

export type SelectionService = ReturnType<typeof createSelectionService>;
