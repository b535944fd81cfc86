import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { availability, fixtureSelections, notifications, players, selectionPublications } from '../../db/schema';
import type { AvailabilityEvent, AvailabilityService } from '../availability';
import { selectionAlert, squadDropped } from '../../mail/templates';
import type { SelectionAlertMail } from '../../mail/templates/selection-alert';
import type { MailService } from '../mail';
import { teamStaffAndAdmins } from '../roles';
import { squadVersion } from '../squad-version';

export interface SelectionDeps {
  mail: MailService;
  availability: AvailabilityService;
}

export type SelectionContext = { db: Db; deps: SelectionDeps } & ReturnType<typeof selectionSteps>;

export function selectionContext(db: Db, deps: SelectionDeps): SelectionContext {
  return { db, deps, ...selectionSteps(db, deps) };
}

/** The steps several use cases share: the fixture, the squad and its view, telling the dropped and the staff. */
function selectionSteps(db: Db, deps: SelectionDeps) {
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

  return { openFixture, publishedAt, squad, view, tellDropped, alertStaff };
}
