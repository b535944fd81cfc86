/**
 * Changes are announced (issue 22). When a fixture or training session changes date, time, place,
 * status, meet time or kit (issue 31), the change is recorded at once (answers given for the old details are flagged, squad
 * confirmations become "please confirm again", a cancellation clears the squad) and announced a
 * few minutes later, so that edits made close together go out as one message: one mail and one
 * notification to each person affected (the squad, those who said available or maybe, the team's
 * staff), saying what changed from what to what (server/services/event-change-announce.ts).
 */
import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { sessionTitle } from '../../shared/teams-constants';
import { availability, eventChanges, fixtureSelections, fixtures, teams, trainingSessions, type EventDetails } from '../db/schema';
import type { MailService } from './mail';
import { announceChange } from './event-change-announce';
import { clubDateOf } from '../../shared/dates';

export type { EventDetails };
export type EventKind = 'fixture' | 'training';

/** How long a change waits for the next one before it is announced. */
export const CHANGE_ANNOUNCE_DELAY_MS = 3 * 60_000;

/** Only cancelling and reinstating are news: a played match's result is not a change to announce. */
const on = (d: EventDetails) => d.status !== 'cancelled';
/** Meet time and kit (issue 31): absent in changes recorded before them, empty when unset. */
const extra = (v: string | null | undefined) => v?.trim() || null;
const sameDetails = (a: EventDetails, b: EventDetails) =>
  a.date === b.date && a.time === b.time && a.place === b.place && on(a) === on(b) && extra(a.meet_time) === extra(b.meet_time) && extra(a.kit) === extra(b.kit);
const moved = (a: EventDetails, b: EventDetails) => a.date !== b.date || a.time !== b.time || a.place !== b.place;

/** What the event is called in the announcement, and where people look at it. */
export interface AnnouncedEvent {
  kind: EventKind;
  id: string;
  team_id: string;
  title: string;
}

/** The event as it is now: its team and title, or null when it is gone. */
async function describe(kind: EventKind, id: string, tx: DbOrTx): Promise<AnnouncedEvent | null> {
  if (kind === 'fixture') {
    const [row] = await tx.select({ f: fixtures, team: teams.name }).from(fixtures).innerJoin(teams, eq(teams.id, fixtures.team_id)).where(eq(fixtures.id, id));
    return row ? { kind, id, team_id: row.f.team_id, title: `${row.team} ${row.f.is_home ? 'vs' : '@'} ${row.f.away_team}` } : null;
  }
  const [row] = await tx
    .select({ team_id: trainingSessions.team_id, team: teams.name, kind: trainingSessions.kind, title: trainingSessions.title })
    .from(trainingSessions)
    .innerJoin(teams, eq(teams.id, trainingSessions.team_id))
    .where(eq(trainingSessions.id, id));
  return row ? { kind, id, team_id: row.team_id, title: sessionTitle(row.team, row.kind, row.title) } : null;
}

export function createEventChangeService(db: Db, deps: { mail: MailService; delayMs?: number }) {
  const delayMs = deps.delayMs ?? CHANGE_ANNOUNCE_DELAY_MS;
  const eventColumn = (kind: EventKind) => (kind === 'fixture' ? availability.fixture_id : availability.session_id);

  return {
    /**
     * Inside the edit's transaction: records the change (joining one still waiting for the same
     * event, whose "before" stays) and flags what the old details made stale.
     */
    async record(tx: DbOrTx, event: AnnouncedEvent, before: EventDetails, after: EventDetails, changedBy: string) {
      // Nothing people rely on changed, or it is all in the past.
      const today = clubDateOf(new Date());
      if (sameDetails(before, after) || (before.date < today && after.date < today)) return;
      const selected =
        event.kind === 'fixture'
          ? (await tx.select({ id: fixtureSelections.player_id }).from(fixtureSelections).where(eq(fixtureSelections.fixture_id, event.id))).map((r) => r.id)
          : [];
      const due = new Date(Date.now() + delayMs);
      const [open] = await tx
        .select()
        .from(eventChanges)
        .where(and(eq(eventChanges.kind, event.kind), eq(eventChanges.event_id, event.id), isNull(eventChanges.sent_at)))
        .for('update');
      if (open) {
        const everyone = [...new Set([...open.selected_player_ids, ...selected])];
        await tx
          .update(eventChanges)
          .set({ after, selected_player_ids: everyone, due_at: due, changed_by_name: changedBy })
          .where(eq(eventChanges.id, open.id));
      } else {
        await tx
          .insert(eventChanges)
          .values({ kind: event.kind, event_id: event.id, before, after, selected_player_ids: selected, changed_by_name: changedBy, due_at: due });
      }
      if (moved(before, after)) {
        // Answers given for the old details deserve a fresh look; confirmations must be given again.
        await tx
          .update(availability)
          .set({ needs_recheck: true })
          .where(and(eq(eventColumn(event.kind), event.id), inArray(availability.status, ['available', 'maybe'])));
        if (event.kind === 'fixture') {
          await tx
            .update(fixtureSelections)
            .set({ confirmed: null, responded_at: null, reconfirm: true })
            .where(and(eq(fixtureSelections.fixture_id, event.id), isNotNull(fixtureSelections.confirmed)));
        }
      }
      if (after.status === 'cancelled' && event.kind === 'fixture') await tx.delete(fixtureSelections).where(eq(fixtureSelections.fixture_id, event.id));
    },

    /**
     * The job's run: announces every change whose wait is over, each in its own transaction (the
     * row is claimed with SKIP LOCKED, so two processes never announce one change twice).
     */
    async announceDue() {
      let announced = 0;
      for (;;) {
        const done = await db.transaction(async (tx) => {
          const [change] = await tx
            .select()
            .from(eventChanges)
            .where(and(isNull(eventChanges.sent_at), lte(eventChanges.due_at, new Date())))
            .orderBy(eventChanges.due_at)
            .limit(1)
            .for('update', { skipLocked: true });
          if (!change) return false;
          await tx.update(eventChanges).set({ sent_at: new Date() }).where(eq(eventChanges.id, change.id));
          const event = await describe(change.kind, change.event_id, tx);
          // Changed back before anyone was told, or the event is gone: nothing to say.
          if (!event || sameDetails(change.before, change.after)) return true;
          await announceChange(tx, deps.mail, change, event);
          return true;
        });
        if (!done) return announced;
        announced += 1;
      }
    },
  };
}

export type EventChangeService = ReturnType<typeof createEventChangeService>;
