import { and, asc, eq, gt, ne, or } from 'drizzle-orm';
import { CLUB_NAME, CLUB_SHORT_NAME } from '../../app/lib/club';
import { clubTimeToInstant } from '../../shared/dates';
import { writeCalendar, type CalendarEvent } from '../calendar/ical';
import type { Db } from '../db/client';
import { fixtures } from '../db/schema';
import { notFound } from './errors';
import { FIXTURE_NOT_FOUND } from './fixtures';
import { isUuid } from './ids';

/** A match lasts this long in calendars: 90 minutes, half-time, and a little stoppage time. */
export const MATCH_MINUTES = 105;
/** A cancelled fixture stays in the feeds this long (shown as cancelled), then leaves them. */
export const CANCELLED_KEPT_DAYS = 30;
/** How often subscribed calendars should look again. */
export const FEED_REFRESH = 'PT1H';
const PRODUCT = `-//${CLUB_NAME}//Club website//EN`;

type FixtureRow = typeof fixtures.$inferSelect;

/** "Riverside Rovers v Oakfield Athletic (H)", and once played "Riverside Rovers 3-1 Oakfield Athletic". */
export function fixtureSummary(f: Pick<FixtureRow, 'is_home' | 'away_team' | 'status' | 'home_score' | 'away_score'>) {
  const [home, away] = f.is_home ? [CLUB_SHORT_NAME, f.away_team] : [f.away_team, CLUB_SHORT_NAME];
  if (f.status === 'completed' && f.home_score !== null && f.away_score !== null) return `${home} ${f.home_score}-${f.away_score} ${away}`;
  return `${home} v ${away} (${f.is_home ? 'H' : 'A'})`;
}

/** The link to a fixture on the site (its card on the fixtures page). */
export const fixtureUrl = (origin: string, id: string) => `${origin}/fixtures#fixture-${id}`;

function fixtureEvent(f: FixtureRow, origin: string): CalendarEvent {
  const start = clubTimeToInstant(f.match_date, f.match_time);
  const url = fixtureUrl(origin, f.id);
  const description = [f.competition, f.is_home ? 'Home match' : 'Away match'];
  if (f.status === 'cancelled') description.push('This match has been cancelled.');
  if (f.match_report) description.push('', f.match_report);
  description.push('', `Match details: ${url}`);
  return {
    // Never changes for the life of the fixture, so calendars update the event instead of adding one.
    uid: `fixture-${f.id}@${new URL(origin).hostname}`,
    sequence: f.revision,
    stamp: f.updated_at,
    start,
    end: new Date(start.getTime() + MATCH_MINUTES * 60_000),
    summary: fixtureSummary(f),
    location: f.venue,
    description: description.join('\n'),
    url,
    status: f.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  };
}

/** The club's calendar feeds (RFC 5545), for subscribing from a phone's calendar. */
export function createCalendarService(db: Db) {
  return {
    /** Every fixture, played and to come; cancelled ones for CANCELLED_KEPT_DAYS after they were cancelled. */
    async clubFeed(origin: string) {
      const keptSince = new Date(Date.now() - CANCELLED_KEPT_DAYS * 24 * 60 * 60 * 1000);
      const rows = await db
        .select()
        .from(fixtures)
        .where(or(ne(fixtures.status, 'cancelled'), and(eq(fixtures.status, 'cancelled'), gt(fixtures.updated_at, keptSince))))
        .orderBy(asc(fixtures.match_date), asc(fixtures.match_time), asc(fixtures.id));
      return writeCalendar({
        name: `${CLUB_NAME} fixtures`,
        description: `Every match of ${CLUB_NAME}, kept up to date.`,
        product: PRODUCT,
        refresh: FEED_REFRESH,
        events: rows.map((row) => fixtureEvent(row, origin)),
      });
    },

    /** One fixture as a file to add to a calendar. */
    async fixtureFile(id: string, origin: string) {
      if (!isUuid(id)) throw notFound(FIXTURE_NOT_FOUND);
      const [row] = await db.select().from(fixtures).where(eq(fixtures.id, id));
      if (!row) throw notFound(FIXTURE_NOT_FOUND);
      return {
        fileName: `${fixtureSummary(row).replace(/[^A-Za-z0-9 -]+/g, '').trim().replace(/\s+/g, '-').toLowerCase() || 'match'}.ics`,
        body: writeCalendar({ name: fixtureSummary(row), product: PRODUCT, method: 'PUBLISH', events: [fixtureEvent(row, origin)] }),
      };
    },
  };
}
