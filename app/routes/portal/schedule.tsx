import { Form, useActionData, useNavigation } from 'react-router';
import { EMPTY_NEXT, EmptyState, PortalSection } from '../../components/portal';
import { AvailabilityButtons, type AnswerableEvent } from '../../components/availability';
import { ByDay } from '../../components/by-day';
import { CalendarSubscribe } from '../../components/public/calendar-subscribe';
import { Button } from '../../components/ui/button';
import { answerAvailability } from '../../lib/availability.server';
import { requireUser } from '../../lib/guards.server';
import { telHref } from '../../lib/tel';
import { siteOrigin } from '../../lib/seo';
import type { Route } from './+types/schedule';
import { portalRead } from './portal.server';
import { formatLongDateGB } from '../../../shared/dates';
import { SESSION_KIND_LABELS, mapLink } from '../../../shared/teams-constants';
import { pageTitle } from '../../../shared/club';

export const SCHEDULE_FIXTURES = 20;
export const SCHEDULE_EMPTY =
  "Nothing scheduled yet. Your teams' training sessions for the next 8 weeks and their upcoming matches will appear here.";

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Schedule | Players' Area") }, { name: 'robots', content: 'noindex' }];

/** Meet time, kit, notes and (sessions) an address with a map link (issue 22). */
interface Details {
  meet_time: string | null;
  kit: string | null;
  notes: string | null;
  address: string | null;
  /** The team's manager and their phone (issue 35: on the phone for match day, kept offline with the page). */
  manager?: { name: string; phone: string | null } | null;
}
type ScheduleItem =
  | ({ kind: 'training'; id: string; date: string; time: string; end: string; team: string; team_id: string; label: string; event: string | null; place: string; cancelled: boolean; moved: boolean; sort: string } & Details)
  | ({ kind: 'match'; id: string; date: string; time: string; team: string; team_id: string; place: string; title: string; competition: string; sort: string } & Details);

/** The player's own teams: training sessions (from the weekly slots) and matches, merged by date. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { training, players } = context.services;
  // Whether the player is in a team at all: an empty schedule then says why (docs/product.md#players-area).
  let inTeam = true;
  const items = await portalRead(
    'schedule',
    async (): Promise<ScheduleItem[]> => {
      const teamIds = await training.teamIdsOfUser(user);
      inTeam = teamIds.length > 0;
      const [sessions, fixtures] = await Promise.all([training.upcomingForUser(user), players.upcomingFixtures(SCHEDULE_FIXTURES, teamIds)]);
      const merged: ScheduleItem[] = [
        ...sessions.map((s) => ({
          kind: 'training' as const,
          id: s.id,
          date: s.date,
          time: s.start_time,
          end: s.end_time,
          team: s.team,
          team_id: s.team_id,
          label: s.label,
          // "Tournament", "Social", "Meeting" (or "Extra session" for one-off training) instead of "Training".
          event: s.kind !== 'training' ? SESSION_KIND_LABELS[s.kind] : s.one_off ? 'Extra session' : null,
          place: s.place,
          meet_time: s.meet_time,
          kit: s.kit,
          notes: s.notes,
          address: s.address,
          cancelled: s.status === 'cancelled',
          moved: s.moved,
          sort: `${s.date} ${s.start_time}`,
        })),
        ...fixtures.map((f) => ({
          kind: 'match' as const,
          id: f.id,
          date: f.match_date,
          time: f.match_time,
          team: f.team,
          team_id: f.team_id,
          place: f.venue,
          title: f.is_home ? `vs ${f.away_team}` : `@ ${f.away_team}`,
          competition: `${f.competition} · ${f.is_home ? 'Home' : 'Away'}`,
          meet_time: f.meet_time,
          kit: f.kit,
          notes: f.notes,
          address: null,
          sort: `${f.match_date} ${f.match_time}`,
        })),
      ];
      const managers = await context.services.matchDayPack.managers([...new Set([...sessions, ...fixtures].map((e) => e.team_id))]);
      return merged.sort((a, b) => a.sort.localeCompare(b.sort)).map((item) => ({ ...item, manager: managers.get(item.team_id) ?? null }));
    },
    [],
  );
  // Each event's answer (Available / Maybe / Unavailable) and whether it is still open.
  const events = await portalRead('availability', () => context.services.availability.mine(user), []);
  const answerable: Record<string, AnswerableEvent> = Object.fromEntries(events.map((e) => [`${e.kind === 'fixture' ? 'match' : 'training'}:${e.id}`, e]));
  const calendarLink = await context.services.calendar.hasToken(user);
  return { items, answerable, calendarLink, inTeam };
}

const CALENDAR_LINK_INTENT = 'calendar-link';

/**
 * The availability buttons of each item post here (also without JavaScript), and so does "Get my
 * calendar link" / "Reset link": a new private feed link, shown once (it is stored hashed).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  if (form.get('intent') === CALENDAR_LINK_INTENT) {
    const token = await context.services.calendar.issueToken(user);
    return { calendarUrl: `${siteOrigin(context)}/calendar/me/${token}.ics` };
  }
  return answerAvailability(context, user, form);
}

const pill = 'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';

export default function PortalSchedule({ loaderData }: Route.ComponentProps) {
  const { items, answerable, calendarLink, inTeam } = loaderData;
  const result = useActionData<typeof action>();
  const calendarUrl = result && 'calendarUrl' in result ? result.calendarUrl : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === CALENDAR_LINK_INTENT;
  return (
    <div className="space-y-8">
      <PortalSection
        title="Subscribe to my calendar"
        description="Your teams' matches and training in your phone's calendar, kept up to date. The link is private: anyone who has it can see your schedule."
      >
        {calendarUrl ? (
          <CalendarSubscribe
            feedUrl={calendarUrl}
            headingLevel={3}
            title="Your private calendar link"
            intro="Add it to your calendar now. For your privacy the link is shown only this once; you can always get a new one here."
          />
        ) : (
          <div className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-line">
            <p className="text-sm text-ink">
              {calendarLink
                ? `You made a calendar link on ${formatLongDateGB(calendarLink.created_at.slice(0, 10))}. Lost it, or shared it by mistake? Get a new one: the old link stops working at once. Changing your password ends it too.`
                : 'Get your own link, then add it to your calendar app once. Changing your password ends the link: come back here for a new one.'}
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value={CALENDAR_LINK_INTENT} />
              <Button type="submit" disabled={busy}>
                {calendarLink ? 'Reset link' : 'Get my calendar link'}
              </Button>
            </Form>
          </div>
        )}
      </PortalSection>

      <PortalSection title="Schedule" description="Training sessions and matches of your teams, soonest first.">
        {items.length === 0 ? (
          <EmptyState next={inTeam ? EMPTY_NEXT.schedule : EMPTY_NEXT.noTeam} action={{ to: '/fixtures', label: 'See all club fixtures' }}>
            {SCHEDULE_EMPTY}
          </EmptyState>
        ) : (
          // One heading per day; the items of a day in time order.
          <ByDay items={items} entry={(item) => <ScheduleEntry key={`${item.kind}-${item.id}`} item={item} answerable={answerable[`${item.kind}:${item.id}`]} />} />
        )}
      </PortalSection>
    </div>
  );
}

function EventDetails({ details }: { details: Details }) {
  const { meet_time, kit, notes, address, manager } = details;
  if (!meet_time && !kit && !notes && !address && !manager) return null;
  return (
    <dl className="mt-1 space-y-0.5 text-sm text-ink">
      {meet_time && (
        <div>
          <dt className="inline font-semibold">Meet at </dt>
          <dd className="inline">{meet_time}</dd>
        </div>
      )}
      {kit && (
        <div>
          <dt className="inline font-semibold">Kit: </dt>
          <dd className="inline">{kit}</dd>
        </div>
      )}
      {address && (
        <div>
          <dt className="inline font-semibold">Address: </dt>
          <dd className="inline">
            {address} ·{' '}
            <a className="font-semibold text-brand-800 underline" href={mapLink(address)} target="_blank" rel="noreferrer">
              Map<span className="sr-only"> of {address} (opens in a new tab)</span>
            </a>
          </dd>
        </div>
      )}
      {manager && (
        <div>
          <dt className="inline font-semibold">Manager: </dt>
          <dd className="inline">
            {manager.name}
            {manager.phone && (
              <>
                {' · '}
                <a className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline" href={telHref(manager.phone)}>
                  {manager.phone}
                  <span className="sr-only"> (call {manager.name})</span>
                </a>
              </>
            )}
          </dd>
        </div>
      )}
      {notes && (
        <div>
          <dt className="sr-only">Notes</dt>
          <dd className="whitespace-pre-line text-muted">{notes}</dd>
        </div>
      )}
    </dl>
  );
}

function ScheduleEntry({ item, answerable }: { item: ScheduleItem; answerable: AnswerableEvent | undefined }) {
  return (
    <li
      data-testid={`schedule-${item.kind}`}
      className="flex flex-wrap items-start justify-between gap-3 rounded-xl bg-white p-4 ring-1 ring-line"
    >
      {item.kind === 'training' ? (
        <div className={item.cancelled ? 'text-muted' : ''}>
          <p className="font-bold text-ink">{item.cancelled ? <s>{item.label}</s> : item.label}</p>
          <p className="text-sm text-muted">
            {item.time} – {item.end} · {item.place}
          </p>
          <EventDetails details={item} />
        </div>
      ) : (
        <div>
          <p className="font-bold text-ink">
            {item.team} {item.title}
          </p>
          <p className="text-sm text-muted">
            Kick-off {item.time} · {item.place} ·{' '}
            <a className="font-semibold text-brand-800 underline" href={mapLink(item.place)} target="_blank" rel="noreferrer">
              Map<span className="sr-only"> of {item.place} (opens in a new tab)</span>
            </a>
          </p>
          <EventDetails details={item} />
        </div>
      )}
      {item.kind === 'training' ? (
        <span
          className={`${pill} ${item.cancelled ? 'bg-red-50 text-danger ring-red-200' : item.moved ? 'bg-amber-50 text-ink ring-amber-300' : 'bg-brand-50 text-brand-800 ring-brand-200'}`}
        >
          {item.cancelled ? 'Cancelled' : item.moved ? 'Moved' : (item.event ?? 'Training')}
        </span>
      ) : (
        <span className={`${pill} bg-gray-100 text-ink ring-line`}>Match · {item.competition}</span>
      )}
      {answerable && (
        <div className="w-full">
          <AvailabilityButtons event={answerable} compact />
        </div>
      )}
    </li>
  );
}
