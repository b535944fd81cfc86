import { and, eq, inArray, sql } from 'drizzle-orm';
import { inTeamNow } from '../teams';
import { juniorsWithoutEmergencyContact } from '../juniors/access';
import type { SessionUser } from '../../../shared/roles';
import {
  FIXTURE_CLOSED,
  NOTHING_TO_PUBLISH,
  NO_STARTERS,
  ONE_CAPTAIN,
  STARTERS_MAX,
  TOO_MANY_STARTERS,
  selectionInputSchema,
} from '../../../shared/availability';
import { fixtureSelections, notifications, playerTeams, selectionPublications } from '../../db/schema';
import { parseInput } from '../checks';
import { assertRunsTeam, matchWeekRunner } from '../../policy';
import { conflict, invalid } from '../../../shared/errors';
import { selectionRoleWords } from '../../mail/templates/squad-selection';
import { claimSquadVersion } from '../squad-version';
import { mailNewlyPicked } from './announce';
import type { SelectionContext } from './context';

/** Staff pick, save and publish the squad. */
export function squadPicking(ctx: SelectionContext) {
  const { db, deps, openFixture, squad, view, tellDropped } = ctx;
  return {
    async get(actor: SessionUser | null, fixtureId: string) {
      const staff = await matchWeekRunner(db, actor);
      const event = await openFixture(fixtureId);
      await assertRunsTeam(db, staff, event.team_id);
      return view(db, event);
    },

    /** PUT /api/fixtures/{id}/selection: replaces the squad (kept players keep their reply). */
    async set(actor: SessionUser | null, fixtureId: string, input: unknown) {
      const staff = await matchWeekRunner(db, actor);
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
        throw invalid(`Shirt number ${[...new Set(repeated)].join(', ')} is given to more than one player`, [
          { field: 'players', message: 'Duplicate shirt number' },
        ]);
      }
      if (ids.length) {
        const members = await db
          .select({ id: playerTeams.player_id })
          .from(playerTeams)
          .where(and(eq(playerTeams.team_id, event.team_id), inArray(playerTeams.player_id, ids), inTeamNow));
        const known = new Set(members.map((m) => m.id));
        const strangers = ids.filter((id) => !known.has(id));
        if (strangers.length) throw invalid(`Not in the fixture's team: ${strangers.join(', ')}`, [{ field: 'players', message: "Not in the fixture's team" }]);
        // Issue 23: a junior is picked only once an emergency contact is on record.
        const missing = await juniorsWithoutEmergencyContact(db, ids);
        if (missing.length) {
          const detail = `${missing.join(', ')} cannot be picked yet: a junior needs an emergency contact (name and phone) on record first. Their parent or carer adds it in the Players’ Area.`;
          throw invalid(detail, [{ field: 'players', message: detail }]);
        }
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
      const staff = await matchWeekRunner(db, actor);
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
          .onConflictDoUpdate({ target: [selectionPublications.club_id, selectionPublications.fixture_id], set: { published_at: now, published_by: staff.id, published_player_ids: ids } });
        // Those the last publish named and this one does not are told, kindly; their "Selected" is put away.
        const dropped = (previous?.published_player_ids ?? []).filter((id) => !ids.includes(id));
        await tellDropped(tx, event, dropped, now);
        // One mail per person (issue 31): a parent's names each of their children picked.
        const mailed = await mailNewlyPicked(tx, deps.mail, event, rows, previous?.published_player_ids ?? []);
        let notified = 0;
        for (const r of rows) {
          const role = selectionRoleWords(r.role);
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
  };
}
