import { createHash, randomBytes } from 'node:crypto';
import { actorOf, maySeeTraining, teamsFollowedBy } from '../policy';
import { userColumns } from './accounts/context';
import { AWAITING_APPROVAL, mayUseMembersArea, must } from '../policy';
import { and, asc, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { club } from '../../shared/club';
import type { SessionUser } from '../../shared/roles';
import { clubDateOf, clubTimeOf, clubTimeToInstant } from '../../shared/dates';
import { sessionTitle } from '../../shared/teams-constants';
import { fixtureSides, fixtureTitle } from '../../shared/fixtures';
import { writeCalendar, type CalendarEvent } from '../calendar/ical';
import { feedNotes, type PersonalNote } from './calendar-family';
import type { Db } from '../db/client';
import {
  availability,
  calendarTokens,
  fixtureSelections,
  fixtures,
  players,
  selectionPublications,
  teams,
  trainingSessions,
  users,
} from '../db/schema';
import { notFound, unauthenticated } from '../../shared/errors';
import { FIXTURE_NOT_FOUND } from './fixtures';
import { isUuid } from './ids';
import { applyResultsRule } from './juniors/results';
import { PLAYED_LABEL } from '../../shared/juniors';

/** A cancelled event stays in the feeds this long (shown as cancelled), then leaves them. */
export const CANCELLED_KEPT_DAYS = 30;
/** Past training sessions stay in the feeds this long; matches stay for good (with their score). */
export const PAST_TRAINING_KEPT_DAYS = 30;
/** How often subscribed calendars should look again. */
export const FEED_REFRESH = 'PT1H';
export const TEAM_FEED_NOT_FOUND = 'There is no team with that name.';
export const PRIVATE_FEED_NOT_FOUND = 'This calendar link is not valid any more. Get a new one in the Players’ Area, Schedule tab.';
const product = () => `-//${club().club_name}//Club website//EN`;
const DAY_MS = 24 * 60 * 60 * 1000;

type FixtureRow = typeof fixtures.$inferSelect;
type SessionRow = typeof trainingSessions.$inferSelect;
type Team = Pick<typeof teams.$inferSelect, 'id' | 'name' | 'match_length_minutes' | 'age_group'>;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** A switched-off login's private link answers as an unknown one (issue 30). */
const ownerSwitchedOn = sql`not exists (select 1 from ${users} where ${users.id} = ${calendarTokens.user_id} and ${users.disabled_at} is not null)`;

/**
 * "Riverside Rovers v Oakfield Athletic (H)", and once played "Riverside Rovers 3-1 Oakfield Athletic";
 * a U7-U11 match (issue 23: its scores already blanked) "Riverside Rovers v Oakfield Athletic (H) · Played".
 */
export function fixtureSummary(f: Pick<FixtureRow, 'is_home' | 'away_team' | 'status' | 'home_score' | 'away_score'>, resultsPublished = true) {
  const { home, away } = fixtureSides(f);
  if (f.status === 'completed' && f.home_score !== null && f.away_score !== null) return `${home} ${f.home_score}-${f.away_score} ${away}`;
  if (f.status === 'completed' && !resultsPublished) return `${fixtureTitle(f, { venue: true })} · ${PLAYED_LABEL}`;
  return fixtureTitle(f, { venue: true });
}

/** The link to a fixture on the site: its own page (app/routes.ts, fixtures/:id). */
export const fixtureUrl = (origin: string, id: string) => `${origin}/fixtures/${id}`;

/**
 * Titles are the same in every feed (club, team, private, single file): a match names its team
 * first, so a club-wide calendar tells the teams apart ("Senior: Riverside Rovers v Oakfield
 * Athletic (H)"), training reads "Training: Senior", and a cancelled event starts with
 * "Cancelled: " (calendar apps rarely show STATUS:CANCELLED, so the title says it).
 */
const cancelledPrefix = (status: string) => (status === 'cancelled' ? 'Cancelled: ' : '');

export type { PersonalNote } from './calendar-family';

/** Every feed is public (a link anyone may hold): a U7-U11 match never carries its score or report (issue 23). */
function fixtureEvent(row: FixtureRow, team: Team | undefined, origin: string, personal?: PersonalNote): CalendarEvent {
  const f = applyResultsRule(row, team?.age_group);
  const start = clubTimeToInstant(f.match_date, f.match_time);
  const url = fixtureUrl(origin, f.id);
  const description = [`${team ? `${team.name} · ` : ''}${f.competition}`, f.is_home ? 'Home match' : 'Away match'];
  if (f.status === 'cancelled') description.push('This match has been cancelled.');
  description.push(...(personal?.('fixture', f.id, f.team_id) ?? []));
  description.push(...eventDetailLines(f));
  if (f.match_report) description.push('', f.match_report);
  description.push('', `Match details: ${url}`);
  return {
    // Never changes for the life of the fixture, so calendars update the event instead of adding one.
    uid: `fixture-${f.id}@${new URL(origin).hostname}`,
    sequence: f.revision,
    stamp: f.updated_at,
    start,
    end: new Date(start.getTime() + (team?.match_length_minutes ?? 105) * 60_000),
    summary: `${cancelledPrefix(f.status)}${team ? `${team.name}: ` : ''}${fixtureSummary(f, f.results_published)}`,
    location: f.venue,
    description: description.join('\n'),
    url,
    status: f.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  };
}

/** Meet time, kit and notes of a fixture or session, as description lines. */
export function eventDetailLines(e: { meet_time: string | null; kit: string | null; notes: string | null }) {
  const lines = [];
  if (e.meet_time) lines.push(`Meet at ${e.meet_time}`);
  if (e.kit) lines.push(`Kit: ${e.kit}`);
  if (e.notes) lines.push('', e.notes);
  return lines;
}

function trainingEvent(s: SessionRow, team: Team | undefined, origin: string, personal?: PersonalNote): CalendarEvent {
  const name = team?.name ?? club().short_name;
  // Plain training keeps its "Training: Senior"; one-off events say what they are ("Senior: Tournament — Spring Cup").
  const plain = s.kind === 'training' && !s.title;
  const description = [plain ? `${team?.name ?? 'Team'} training` : sessionTitle(name, s.kind, s.title)];
  if (s.status === 'cancelled') description.push('This session has been cancelled.');
  if (s.answer_by) description.push(`Please answer by ${clubDateOf(s.answer_by)} ${clubTimeOf(s.answer_by)}`);
  description.push(...eventDetailLines(s));
  description.push(...(personal?.('training', s.id, s.team_id) ?? []));
  return {
    uid: `training-${s.id}@${new URL(origin).hostname}`,
    sequence: s.revision,
    stamp: s.updated_at,
    start: s.starts_at,
    end: s.ends_at,
    summary: `${cancelledPrefix(s.status)}${plain ? `Training: ${name}` : sessionTitle(name, s.kind, s.title)}`,
    location: s.address ? `${s.place}, ${s.address}` : s.place,
    description: description.join('\n'),
    status: s.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  };
}

const ANSWER_LABELS = { available: 'Available', maybe: 'Maybe', unavailable: 'Unavailable' } as const;

/**
 * What one member's own feed adds to each event: their availability answer (and note), and for a
 * published squad their selection ("Selected: starter, No. 7"). Only this player's rows are read,
 * so no one else's answer can appear.
 */
async function personalNotes(db: Db, playerId: string): Promise<PersonalNote> {
  const [answers, selected] = await Promise.all([
    db
      .select({ fixture_id: availability.fixture_id, session_id: availability.session_id, status: availability.status, note: availability.note })
      .from(availability)
      .where(eq(availability.player_id, playerId)),
    db
      .select({
        fixture_id: fixtureSelections.fixture_id,
        role: fixtureSelections.role,
        shirt_number: fixtureSelections.shirt_number,
        confirmed: fixtureSelections.confirmed,
      })
      .from(fixtureSelections)
      .innerJoin(selectionPublications, eq(selectionPublications.fixture_id, fixtureSelections.fixture_id))
      .where(eq(fixtureSelections.player_id, playerId)),
  ]);
  const answerOf = new Map(answers.map((a) => [`${a.fixture_id ? 'fixture' : 'training'}:${a.fixture_id ?? a.session_id}`, a]));
  const selectionOf = new Map(selected.map((s) => [s.fixture_id, s]));
  return (kind, id) => {
    const lines: string[] = [];
    const answer = answerOf.get(`${kind}:${id}`);
    lines.push(answer ? `Your answer: ${ANSWER_LABELS[answer.status]}${answer.note ? ` (${answer.note})` : ''}` : 'Your answer: not given yet');
    const selection = kind === 'fixture' ? selectionOf.get(id) : undefined;
    if (selection) {
      const reply = selection.confirmed === null ? 'please confirm' : selection.confirmed ? 'confirmed' : 'declined';
      lines.push(`Selected: ${selection.role}, No. ${selection.shirt_number} (${reply})`);
    }
    return lines;
  };
}

/** One fixture as a calendar file: its name and body (a U7-U11 match without its score, issue 23). */
function fixtureFileOf(row: FixtureRow, team: Team | undefined, origin: string) {
  const shown = applyResultsRule(row, team?.age_group);
  const name = fixtureSummary(shown, shown.results_published);
  const slug =
    name
      .replace(/[^A-Za-z0-9 -]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase() || 'match';
  return { fileName: `${slug}.ics`, body: writeCalendar({ name, product: product(), method: 'PUBLISH', events: [fixtureEvent(row, team, origin)] }) };
}

/** The club's calendar feeds (RFC 5545, ADR 018), for subscribing from a phone's calendar. */
export function createCalendarService(db: Db, deps: { ensureSessions: (teamIds?: string[]) => Promise<void> }) {
  const keptSince = () => new Date(Date.now() - CANCELLED_KEPT_DAYS * DAY_MS);

  /** Fixtures of these teams (all when undefined): cancelled ones for CANCELLED_KEPT_DAYS after they were cancelled. */
  async function fixturesOf(teamIds?: string[]) {
    if (teamIds?.length === 0) return [];
    const shown = or(ne(fixtures.status, 'cancelled'), gt(fixtures.updated_at, keptSince())) as SQL;
    return db
      .select()
      .from(fixtures)
      .where(teamIds ? and(shown, inArray(fixtures.team_id, teamIds)) : shown)
      .orderBy(asc(fixtures.match_date), asc(fixtures.match_time), asc(fixtures.id));
  }

  /** Training sessions of these teams from PAST_TRAINING_KEPT_DAYS ago, as far ahead as they are generated. */
  async function sessionsOf(teamIds: string[]) {
    if (teamIds.length === 0) return [];
    await deps.ensureSessions(teamIds);
    return db
      .select()
      .from(trainingSessions)
      .where(
        and(
          inArray(trainingSessions.team_id, teamIds),
          gt(trainingSessions.starts_at, new Date(Date.now() - PAST_TRAINING_KEPT_DAYS * DAY_MS)),
          or(ne(trainingSessions.status, 'cancelled'), gt(trainingSessions.updated_at, keptSince())),
        ),
      )
      .orderBy(asc(trainingSessions.starts_at), asc(trainingSessions.id));
  }

  async function teamsById() {
    const rows = await db
      .select({ id: teams.id, name: teams.name, match_length_minutes: teams.match_length_minutes, slug: teams.slug, age_group: teams.age_group })
      .from(teams);
    return new Map(rows.map((t) => [t.id, t]));
  }

  async function feed(name: string, description: string, origin: string, teamIds: string[] | undefined, withTraining: boolean, personal?: PersonalNote) {
    const [byId, fixtureRows, sessionRows] = await Promise.all([
      teamsById(),
      fixturesOf(teamIds),
      withTraining && teamIds ? sessionsOf(teamIds) : Promise.resolve([]),
    ]);
    const events = [
      ...fixtureRows.map((f) => fixtureEvent(f, byId.get(f.team_id), origin, personal)),
      ...sessionRows.map((s) => trainingEvent(s, byId.get(s.team_id), origin, personal)),
    ].sort((x, y) => x.start.getTime() - y.start.getTime() || x.uid.localeCompare(y.uid));
    return writeCalendar({ name, description, product: product(), refresh: FEED_REFRESH, events });
  }

  return {
    /** Every fixture of every team, played and to come. */
    clubFeed(origin: string) {
      return feed(`${club().club_name} fixtures`, `Every match of ${club().club_name}, kept up to date.`, origin, undefined, false);
    },

    /** One team's fixtures and training sessions, by its slug (/calendar/teams/vets.ics). */
    async teamFeed(slug: string, origin: string) {
      const [team] = slug.length <= 60 ? await db.select().from(teams).where(eq(teams.slug, slug.toLowerCase())) : [];
      if (!team) throw notFound(TEAM_FEED_NOT_FOUND);
      // A public feed: where and when a junior team trains stays with its own people (issue 30, finding 19).
      const training = maySeeTraining(new Set(), team);
      return feed(`${club().club_name} ${team.name}`, `${team.name}: ${training ? 'matches and training' : 'matches'}, kept up to date.`, origin, [team.id], training);
    },

    /**
     * A member's own feed: their teams' fixtures and sessions with their own answer and selection
     * (staff and admins without a player record: every team). An unknown or replaced token is a 404.
     */
    async privateFeed(token: string, origin: string) {
      if (!/^[\w-]{20,100}$/.test(token)) throw notFound(PRIVATE_FEED_NOT_FOUND);
      const [owner] = await db
        .update(calendarTokens)
        .set({ last_used_at: new Date() })
        .where(and(eq(calendarTokens.token_hash, hashToken(token)), ownerSwitchedOn))
        .returning({ user_id: calendarTokens.user_id });
      if (!owner) throw notFound(PRIVATE_FEED_NOT_FOUND);
      const [player] = await db.select({ id: players.id }).from(players).where(eq(players.user_id, owner.user_id));
      // The teams the owner follows today: theirs, their children's, those they run; every team for the club's officers (issue 30).
      const [user] = await db.select(userColumns).from(users).where(eq(users.id, owner.user_id));
      const actor = await actorOf(db, user);
      const followed = await teamsFollowedBy(db, actor);
      const teamIds = followed === 'all' ? [...(await teamsById()).keys()] : [...followed];
      const personal = await feedNotes(db, actor, player?.id, personalNotes);
      const description = player ? 'Your matches and training, with your answers.' : 'Your children’s matches and training, with their answers.';
      return feed(`${club().club_name}: my calendar`, description, origin, teamIds, true, personal);
    },

    /** A new private feed link for the signed-in user; the previous one stops working at once. */
    async issueToken(actor: SessionUser | null) {
      await must(db, actor, mayUseMembersArea, AWAITING_APPROVAL);
      if (!actor) throw unauthenticated();
      const token = randomBytes(24).toString('base64url');
      await db
        .insert(calendarTokens)
        .values({ user_id: actor.id, token_hash: hashToken(token) })
        .onConflictDoUpdate({ target: [calendarTokens.club_id, calendarTokens.user_id], set: { token_hash: hashToken(token), created_at: new Date(), last_used_at: null } });
      return token;
    },

    /** Whether the signed-in user has a private feed link (its token is stored hashed, so never shown again). */
    async hasToken(actor: SessionUser) {
      const [row] = await db.select({ created_at: calendarTokens.created_at }).from(calendarTokens).where(eq(calendarTokens.user_id, actor.id));
      return row ? { created_at: row.created_at.toISOString() } : null;
    },

    /** One fixture as a file to add to a calendar. */
    async fixtureFile(id: string, origin: string) {
      if (!isUuid(id)) throw notFound(FIXTURE_NOT_FOUND);
      const [row] = await db.select().from(fixtures).where(eq(fixtures.id, id));
      if (!row) throw notFound(FIXTURE_NOT_FOUND);
      const team = (await teamsById()).get(row.team_id);
      return fixtureFileOf(row, team, origin);
    },
  };
}
