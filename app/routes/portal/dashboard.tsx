import { useEffect, useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import { REGISTRATION_SUCCESS, WELCOME_PARAM } from '../../../shared/players';
import { AWAITING_APPROVAL_TEXT, AWAITING_APPROVAL_TITLE } from '../../../shared/members';
import { EMPTY_NEXT, EmptyState, MatchLines, NO_NOTIFICATIONS, NO_UPCOMING, PaymentBanner, PortalSection, StatTile, TrainingAttendanceTile } from '../../components/portal';
import { AvailabilityButtons } from '../../components/availability';
import { QUEUED_TEXT, useOfflineAnswer } from '../../components/offline-answer';
import { answerAvailability } from '../../lib/availability.server';
import { answerForChild, FAMILY_INTENTS, familyAction } from '../../lib/family.server';
import { FamilyHome } from '../../components/family/family-home';
import type { FamilyResult } from '../../components/family/family-extras';
import { requireUser } from '../../lib/guards.server';
import { formError } from '../../lib/errors.server';
import type { Route } from './+types/dashboard';
import { portalRead } from './portal.server';
import { formatLongDateGB, formatStamp } from '../../../shared/dates';
import { pageTitle } from '../../../shared/club';

export const UPCOMING_PREVIEW = 3;

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Dashboard | Players' Area") }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { players, notifications, availability, selection, training } = context.services;
  // The player's own teams' fixtures (issue 22); the club's, for someone in no team yet.
  const upcoming = async () => {
    const teamIds = await training.teamIdsOfUser(user);
    return players.upcomingFixtures(UPCOMING_PREVIEW, teamIds.length ? teamIds : undefined);
  };
  const [status, family, money] = await Promise.all([
    portalRead('membership', () => players.memberStatus(user), null),
    portalRead('your family', () => context.services.family.home(user), null),
    // The banner's reference and credit (issue 31): what is owed comes from the ledger, with how to pay it.
    portalRead('payment details', () => context.services.treasury.me(user), null),
  ]);
  // A parent or carer lands on their family (issue 31); a member who is also a parent sees both.
  const parent = family && (family.children.length > 0 || family.requests.length > 0) ? family : null;
  const member = status !== null || !parent;
  // The teams a parent may name when registering another child from the family home.
  const teams = parent ? (await portalRead('the teams', () => context.services.teams.list(), [])).map((t) => ({ id: t.id, name: t.name })) : [];
  const own = <T,>(what: string, read: () => Promise<T>, fallback: T) => (member ? portalRead(what, read, fallback) : Promise.resolve(fallback));
  const [stats, payments, fixtures, notes, events, selections] = await Promise.all([
    own('stats', () => players.myStats(user), null),
    own('payments', () => players.myPayments(user), []),
    own('upcoming fixtures', upcoming, []),
    portalRead('notifications', () => notifications.list(user), []),
    own('availability', () => availability.mine(user), []),
    own('selections', () => selection.mine(user), []),
  ]);
  // The "Next match" card: the player's next fixture that is not cancelled.
  const nextMatch = events.find((e) => e.kind === 'fixture' && !e.cancelled) ?? null;
  // Just registered (routes/auth/register.tsx): a welcome with the first steps.
  const welcome = new URL(request.url).searchParams.has(WELCOME_PARAM);
  const paymentDetails = money && { reference: money.reference || null, paid_by_guardian: money.paid_by_guardian, credit_pence: money.credit_pence };
  return {
    member,
    family: parent,
    teams,
    stats,
    payments,
    paymentDetails,
    fixtures,
    notifications: notes,
    nextMatch,
    selections,
    welcome,
    name: user.full_name,
    awaitingApproval: status === 'pending',
  };
}

/** Clicking a notification marks it read; the Next match card's buttons answer availability; the family home's forms (issue 31). */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  if (intent === 'availability') return form.get('player') ? answerForChild(context, user, form) : answerAvailability(context, user, form);
  if ((Object.values(FAMILY_INTENTS) as string[]).includes(intent)) return familyAction(context, user, form);
  if (intent === 'selection') {
    try {
      await context.services.selection.reply(user, String(form.get('fixture') ?? ''), { confirmed: form.get('confirmed') === 'true', reason: String(form.get('reason') ?? '').trim() || undefined });
      return { ok: true as const };
    } catch (error) {
      return formError(error);
    }
  }
  try {
    await context.services.notifications.markRead(user, String(form.get('id') ?? ''));
    return { ok: true as const };
  } catch (error) {
    return formError(error);
  }
}

function NotificationItem({ note }: { note: Route.ComponentProps['loaderData']['notifications'][number] }) {
  const fetcher = useFetcher();
  const read = note.read || fetcher.state !== 'idle' || fetcher.data?.ok;
  return (
    <li>
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={note.id} />
        <button
          type="submit"
          className={`flex w-full items-start gap-3 rounded-lg px-3 py-3 text-left transition-colors hover:bg-gray-50 ${read ? '' : 'bg-brand-50'}`}
        >
          <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${read ? 'bg-transparent ring-1 ring-line' : 'bg-brand-700'}`} />
          <span className="min-w-0 flex-1">
            <span className={`block ${read ? 'font-medium text-ink' : 'font-bold text-ink'}`}>{note.title}</span>
            {note.body && <span className="mt-0.5 block text-sm text-muted">{note.body}</span>}
            <span className="mt-1 block text-xs text-muted">
              {formatStamp(note.created_at)}
              {read ? ' · Read' : ' · Unread'}
            </span>
            {/* In the button's own words (not an aria-label), so what is seen is what is heard (WCAG 2.5.3). */}
            {!read && <span className="sr-only"> (select to mark as read)</span>}
          </span>
        </button>
      </fetcher.Form>
    </li>
  );
}

/** The first visit after registering: signed in already, and where to start. */
function Welcome({ name }: { name: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The page changed under the Register button: read the welcome first.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section role="status" aria-labelledby="welcome-heading" className="rounded-2xl border border-green-300 bg-green-50 p-4 sm:p-5">
      <h2 id="welcome-heading" ref={heading} tabIndex={-1} className="text-xl font-extrabold text-ink focus:outline-none">
        {REGISTRATION_SUCCESS}
      </h2>
      <p className="mt-1 text-ink">
        Welcome to the club, {name}. You are signed in: this is your Players' Area, with your schedule, payments, coach feedback and
        messages from the club.
      </p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-1">
        <li>
          <Link to="/players-area/profile?edit" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            Check your profile
          </Link>
        </li>
        <li>
          <Link to="/players-area/schedule" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            See your training and matches
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** A registration the club has not approved yet: what happens next, and what can be done meanwhile. */
function AwaitingApproval() {
  return (
    <section role="status" aria-labelledby="awaiting-heading" data-testid="awaiting-approval" className="rounded-2xl border border-gold-500 bg-yellow-50 p-4 sm:p-5">
      <h2 id="awaiting-heading" className="text-lg font-extrabold text-ink">
        {AWAITING_APPROVAL_TITLE}
      </h2>
      <p className="mt-1 text-ink">{AWAITING_APPROVAL_TEXT}</p>
      <Link to="/players-area/profile?edit" className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
        Check your profile
      </Link>
    </section>
  );
}

/** The two answers to a squad place, each pressed once it is the player's answer. */
const SQUAD_REPLIES = [
  { confirmed: true, label: 'Confirm', ring: 'ring-brand-800', on: 'bg-brand-800 text-white', off: 'bg-white text-brand-800' },
  { confirmed: false, label: 'Decline', ring: 'ring-danger', on: 'bg-danger text-white', off: 'bg-white text-danger' },
] as const;

/** A published selection: the player confirms or declines (one tap; a plain form POST without JavaScript). */
function SelectionCard({ selection: sel }: { selection: Route.ComponentProps['loaderData']['selections'][number] }) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>();
  // A reply tapped with no signal waits on the phone and is sent when it returns (issue 35).
  const { offline, onSubmit } = useOfflineAnswer('squad', sel.fixture_id);
  const pending = fetcher.formData?.get('confirmed');
  const offlineReply = offline && offline.state !== 'refused' ? offline.status === 'confirmed' : undefined;
  const confirmed = pending !== undefined && pending !== null ? pending === 'true' : (offlineReply ?? sel.confirmed);
  const title = `${sel.team} ${sel.is_home ? 'vs' : '@'} ${sel.away_team}`;
  return (
    <section aria-labelledby={`sel-${sel.fixture_id}`} data-testid="selection" className="rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200 sm:p-5">
      <h3 id={`sel-${sel.fixture_id}`} className="text-xs font-bold uppercase tracking-wide text-brand-800">
        You&rsquo;re in the squad
      </h3>
      <p className="mt-1 text-lg font-extrabold text-ink">{title}</p>
      <p className="text-sm text-ink">
        {sel.role === 'starter' ? 'Starting' : 'Substitute'}, shirt {sel.shirt_number} · {formatLongDateGB(sel.match_date)}, kick-off {sel.match_time} · {sel.venue}
      </p>
      <fetcher.Form method="post" className="mt-3 grid grid-cols-2 gap-2" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="selection" />
        <input type="hidden" name="fixture" value={sel.fixture_id} />
        <label className="col-span-2 text-sm">
          <span className="font-semibold text-ink">Note for the manager (optional)</span>
          <input name="reason" maxLength={280} autoComplete="off" placeholder="e.g. away that weekend" className="mt-1 block min-h-11 w-full rounded-lg border border-line bg-white px-3 text-base" />
        </label>
        {SQUAD_REPLIES.map((reply) => (
          <button
            key={reply.label}
            type="submit"
            name="confirmed"
            value={String(reply.confirmed)}
            aria-pressed={confirmed === reply.confirmed}
            className={`min-h-11 rounded-lg px-2 font-bold ring-2 ring-inset ${reply.ring} ${confirmed === reply.confirmed ? reply.on : reply.off}`}
          >
            {reply.label}
          </button>
        ))}
      </fetcher.Form>
      <Link to={`/team-sheet/${sel.fixture_id}`} className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline">
        See the team sheet
      </Link>
      <p role="status" className="mt-2 min-h-5 text-sm">
        {offline?.state === 'refused' ? (
          <span className="font-semibold text-danger">Not sent: {offline.error}</span>
        ) : offline?.state === 'queued' ? (
          <span className="text-muted">{QUEUED_TEXT}</span>
        ) : fetcher.data && !fetcher.data.ok ? (
          <span className="font-semibold text-danger">{fetcher.data.error}</span>
        ) : confirmed === true ? (
          'You confirmed. See you there!'
        ) : confirmed === false ? (
          'You declined: the manager has been told.'
        ) : sel.reconfirm ? (
          <span className="font-semibold text-amber-800">The match has changed since you confirmed: please confirm again.</span>
        ) : null}
      </p>
    </section>
  );
}

export default function PortalDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { member, family, welcome, name, awaitingApproval } = loaderData;
  return (
    <div className="space-y-10">
      {welcome && <Welcome name={name} />}
      {awaitingApproval && <AwaitingApproval />}
      {family && <FamilyHome family={family} teams={loaderData.teams} result={actionData as FamilyResult} member={member} />}
      {member && <PlayerDashboard data={loaderData} family={!!family} />}
    </div>
  );
}

/** The member's own dashboard: payments, squad places, next match, stats, fixtures and notifications. */
function PlayerDashboard({ data, family }: { data: Route.ComponentProps['loaderData']; family: boolean }) {
  const { stats, payments, paymentDetails, fixtures, notifications, nextMatch, selections } = data;
  return (
    <div className="space-y-8">
      <h2 className={family ? 'text-xl font-bold text-ink sm:text-2xl' : 'sr-only'}>{family ? 'My own football' : 'Dashboard'}</h2>
      <PaymentBanner payments={payments} details={paymentDetails} howToPayLink />

      {selections.map((sel) => (
        <SelectionCard key={sel.fixture_id} selection={sel} />
      ))}

      {nextMatch && (
        <section aria-labelledby="next-match" data-testid="next-match" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5">
          <h3 id="next-match" className="text-xs font-bold uppercase tracking-wide text-brand-800">
            Next match
          </h3>
          <p className="mt-1 text-lg font-extrabold text-ink">{nextMatch.title}</p>
          <p className="mb-3 text-sm text-muted">
            {formatLongDateGB(nextMatch.date)}, kick-off {nextMatch.time} · {nextMatch.place}
          </p>
          <AvailabilityButtons event={nextMatch} />
        </section>
      )}

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <TrainingAttendanceTile stats={stats} />
        <StatTile label="Matches Played" value={stats?.matches_played ?? 0} />
        <StatTile label="Goals Scored" value={stats?.goals ?? 0} />
        <StatTile label="Minutes Played" value={stats?.minutes_played ?? 0} />
      </dl>

      <div className="grid gap-8 lg:grid-cols-2">
        <PortalSection title="Upcoming Fixtures">
          {fixtures.length === 0 ? (
            <EmptyState next={EMPTY_NEXT.upcoming} action={{ to: '/players-area/schedule', label: 'See your training schedule' }}>
              {NO_UPCOMING}
            </EmptyState>
          ) : (
            <ul className="space-y-3">
              {fixtures.map((f) => (
                <li key={f.id} className="rounded-xl bg-white p-4 ring-1 ring-line">
                  <MatchLines fixture={f} />
                  <p className="text-sm text-muted">
                    {f.competition} · {f.is_home ? 'Home' : 'Away'}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </PortalSection>

        <PortalSection title="Notifications" description="Select a notification to mark it as read.">
          {notifications.length === 0 ? (
            <EmptyState next={EMPTY_NEXT.notifications}>{NO_NOTIFICATIONS}</EmptyState>
          ) : (
            <ul className="divide-y divide-line rounded-xl bg-white p-1 ring-1 ring-line">
              {notifications.map((n) => (
                <NotificationItem key={n.id} note={n} />
              ))}
            </ul>
          )}
        </PortalSection>
      </div>
    </div>
  );
}
