import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../shared/roles';
import { NOBODY_TO_REMIND, REMIND_INTERVAL_MINUTES } from '../../../shared/availability';
import { addDaysIso, clubDateOf, clubTimeOf } from '../../../shared/dates';
import { conflict, rateLimited } from '../../../shared/errors';
import { availabilityReminders, fixtures, teams } from '../../db/schema';
import type { AvailabilityRequestMail } from '../../mail/templates/availability-request';
import { assertRunsTeam, matchWeekRunner } from '../../policy';
import type { AvailabilityContext } from './context';
import { fixtureEvent, type AvailabilityEvent } from './events';

/** Asking players who have not answered: the manager's button and the automatic reminders. */
export function reminders(ctx: AvailabilityContext) {
  const { db, clock, findEvent, checkOpen, unanswered, askPlayers } = ctx;
  return {
    /**
     * "Remind those who haven't answered" (staff, admin), and those who said maybe: at most once an hour per fixture. The
     * hour is claimed by one conditional upsert, so two presses at once send once; the second gets
     * 429 with the time it can be pressed again, and nothing is sent.
     */
    async remindNow(actor: SessionUser | null, fixtureId: string) {
      const staff = await matchWeekRunner(db, actor);
      const event = await findEvent('fixture', fixtureId);
      await assertRunsTeam(db, staff, event.team_id);
      checkOpen(event, false);
      return db.transaction(async (tx) => {
        // Nobody to ask: the hour is not spent on nobody (issue 22).
        const audience = await unanswered(tx, event, true);
        if (audience.length === 0) throw conflict(NOBODY_TO_REMIND);
        const claimed = await tx.execute<{ last_sent_at: Date }>(sql`
          insert into ${availabilityReminders} (fixture_id, last_sent_at, sent_by) values (${event.id}, now(), ${staff.id})
          on conflict (club_id, fixture_id) do update set last_sent_at = now(), sent_by = excluded.sent_by
            where ${availabilityReminders.last_sent_at} <= now() - ${`${REMIND_INTERVAL_MINUTES} minutes`}::interval
          returning last_sent_at`);
        if (claimed.rows.length === 0) {
          const [last] = await tx.select().from(availabilityReminders).where(eq(availabilityReminders.fixture_id, event.id));
          const next = new Date(last.last_sent_at.getTime() + REMIND_INTERVAL_MINUTES * 60_000);
          const wait = Math.max(1, Math.ceil((next.getTime() - Date.now()) / 1000));
          throw rateLimited(
            `Reminders for this fixture were sent at ${clubTimeOf(last.last_sent_at)}; you can send them again from ${clubTimeOf(next)} (at most once an hour).`,
            wait,
          );
        }
        const stamp = new Date(claimed.rows[0].last_sent_at).getTime();
        // One mail per person: a parent asked about two children gets one (issue 31).
        const queued = await askPlayers(tx, event, audience, (playerId) => `availability-remind:${event.id}:${playerId}:${stamp}`, 'manager');
        return { reminded: queued, sent_at: new Date(stamp).toISOString() };
      });
    },

    /** Upcoming fixtures from today to `days` days ahead (club dates), still taking answers at `now`: the automatic reminders' list. */
    async fixturesOpenWithin(days: number, now = clock()) {
      const rows = await db
        .select({ f: fixtures, team: teams.name, lock: teams.availability_lock_hours })
        .from(fixtures)
        .innerJoin(teams, eq(teams.id, fixtures.team_id))
        .where(and(eq(fixtures.status, 'upcoming'), gte(fixtures.match_date, clubDateOf(now)), lte(fixtures.match_date, addDaysIso(clubDateOf(now), days))));
      return rows.map((row) => fixtureEvent(row.f, row.team, row.lock)).filter((event) => now < event.locks_at);
    },

    /**
     * Asks every player of the event's team who has a login and no answer yet (one transaction):
     * `keyOf` makes each mail once per player and occasion. Returns how many mails were new.
     */
    async askUnanswered(event: AvailabilityEvent, keyOf: (playerId: string) => string, askedBy: AvailabilityRequestMail['askedBy']) {
      return db.transaction(async (tx) => {
        return askPlayers(tx, event, await unanswered(tx, event), keyOf, askedBy);
      });
    },
  };
}
