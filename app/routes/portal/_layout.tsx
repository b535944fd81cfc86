import { useEffect, useRef } from 'react';
import { Outlet, redirect, useLocation } from 'react-router';
import { OfflineBanner } from '../../components/offline-banner';
import { DEFAULT_POSITION_LABEL } from '../../components/portal';
import { PhoneApp } from '../../components/phone-app';
import { ButtonLink } from '../../components/ui/button';
import { TabNav } from '../../components/ui/tabs';
import { pageTitle } from '../../../shared/club';
import { requireUser } from '../../lib/guards.server';
import type { Route } from './+types/_layout';
import { portalRead } from './portal.server';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Players' Area") },
  { name: 'description', content: 'Your dashboard, profile, payments, coach feedback, schedule, documents, messages and stats.' },
  { name: 'robots', content: 'noindex' },
];

/** A portal tab: its page below /players-area, and its label. */
const portalTab = (page: string, label: string) => ({ to: `/players-area/${page}`, label });

export const PORTAL_TABS = [
  { to: '/players-area', label: 'Dashboard', end: true },
  portalTab('profile', 'My Profile'),
  portalTab('payments', 'Payments'),
  portalTab('feedback', 'Coach Feedback'),
  portalTab('schedule', 'Schedule'),
  portalTab('documents', 'Documents'),
  portalTab('messages', 'Messages'),
  portalTab('stats', 'My Stats'),
  portalTab('account', 'Account'),
];

/** What a registration still waiting for approval may open: the dashboard (its status), the profile, the account. */
const PENDING_PAGES = ['/players-area', '/players-area/profile', '/players-area/account'];

/** A parent or carer's tabs (issues 23 and 31): their family home, their children, what they pay for them, and their own account. */
export const GUARDIAN_TABS = [
  { to: '/players-area', label: 'My family', end: true },
  portalTab('children', 'My children'),
  portalTab('payments', 'Payments'),
  portalTab('account', 'Account'),
];

/**
 * The players' portal: any signed-in user; its tabs need a linked player record. A parent or carer
 * without one of their own gets their children's tabs; a player who is also a parent gets both.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const [player, children, requests, status, can, suspended] = await Promise.all([
    portalRead('the player profile', () => context.services.players.findOwn(user), null),
    portalRead('your children', () => context.services.juniors.myChildren(user), []),
    portalRead('your requests', () => context.services.juniors.list(user, { status: 'pending' }), []),
    portalRead('your membership', () => context.services.players.memberStatus(user), null),
    portalRead('what you may do', () => context.services.access.capabilities(user), null),
    portalRead('your staff places', () => context.services.dbs.mySuspendedPlaces(user), []),
  ]);
  // A registration still waiting sees its status and its own profile only (issue 30).
  if (status === 'pending' && !PENDING_PAGES.includes(new URL(request.url).pathname.replace(/\/$/, ''))) throw redirect('/players-area');
  return {
    user,
    header: player ? { full_name: player.full_name, position: player.position, jersey_number: player.jersey_number } : null,
    guardian: children.length > 0,
    // Asked the club to register a child, not linked yet: their family home shows the request (issue 31).
    waiting: requests.some((r) => r.requester_email === user.email),
    childNames: children.map((c) => c.full_name.split(' ')[0]!),
    // Work in the admin panel (a club role or a staff place), from the rule book (issue 30).
    admin: !!can?.enterAdmin,
    // Staff places suspended by the DBS rule (issue 31, ADR 048): said here, where the admin panel sends them.
    suspended,
  };
}

/**
 * The children's pages are open to any signed-in user (the "I am a parent or carer" request is there),
 * and so is Payments: whoever pays (a parent whose child has turned 18 too) follows a payment mail there.
 */
const isGuardianPage = (pathname: string) =>
  pathname.startsWith('/players-area/children') || pathname === '/players-area/account' || pathname === '/players-area/payments';

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  const { user, header, guardian, waiting, childNames, admin, suspended } = loaderData;
  const tabs_ = header ? (guardian ? [...PORTAL_TABS.slice(0, -1), GUARDIAN_TABS[1]!, PORTAL_TABS.at(-1)!] : PORTAL_TABS) : GUARDIAN_TABS;
  const tabs = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // On a phone the tab row scrolls sideways: keep the current tab in view.
  useEffect(() => {
    const nav = tabs.current?.querySelector('nav');
    const current = tabs.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && current) nav.scrollLeft = current.offsetLeft - nav.clientWidth / 2 + current.clientWidth / 2;
  }, [pathname]);
  return (
    <div className="container-page py-6 sm:py-8">
      <OfflineBanner />
      <header className="rounded-2xl bg-brand-800 p-5 text-white sm:p-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-gold-400">{header || !guardian ? "Players' Area" : 'Family'}</p>
        <h1 className="mt-1 text-2xl font-extrabold sm:text-3xl">{header?.full_name ?? user.full_name}</h1>
        {!header && childNames.length > 0 && (
          <p className="mt-2 text-brand-100">Parent or carer of {childNames.length > 1 ? `${childNames.slice(0, -1).join(', ')} and ${childNames.at(-1)}` : childNames[0]}</p>
        )}
        {header && (
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-brand-100">
            <span>
              <span className="sr-only">Position: </span>
              {header.position || DEFAULT_POSITION_LABEL}
            </span>
            {header.jersey_number !== null && (
              <span className="inline-flex items-center gap-1.5">
                <span className="rounded-md bg-gold-400 px-2 py-0.5 text-sm font-bold text-brand-950">#{header.jersey_number}</span>
                <span className="sr-only">jersey number</span>
              </span>
            )}
          </p>
        )}
      </header>
      {suspended.length > 0 && <SuspendedPlaces places={suspended} admin={admin} />}
      {header || guardian || waiting || isGuardianPage(pathname) ? (
        <>
          <div className="mt-6" ref={tabs}>
            <TabNav items={tabs_} label="Players' Area sections" compact />
          </div>
          <div className="mt-6">
            <Outlet />
          </div>
        </>
      ) : (
        <section className="mt-6 rounded-2xl bg-white p-6 ring-1 ring-line">
          <h2 className="text-xl font-bold text-ink">No player profile on this account</h2>
          <p className="mt-2 text-muted">
            The Players' Area shows a player's own payments, feedback, stats and messages. Your account ({user.username}) is not linked to a player in the
            squad, so there is nothing to show here.
          </p>
          <p className="mt-2 text-muted">A parent or carer of a junior player? Ask the club to link you to your child.</p>
          <ButtonLink to="/players-area/children" className="mt-4 mr-3">
            I am a parent or carer
          </ButtonLink>
          {admin && (
            <ButtonLink to="/admin" className="mt-4">
              Go to the admin panel
            </ButtonLink>
          )}
        </section>
      )}
      <PhoneApp />
    </div>
  );
}

/** A coach whose junior-team places are suspended (an expired DBS check) is told which, why, and what lifts it. */
function SuspendedPlaces({ places, admin }: { places: { team_name: string; text: string }[]; admin: boolean }) {
  return (
    <section className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-line" aria-labelledby="suspended-places" data-testid="suspended-places">
      <h2 id="suspended-places" className="text-lg font-bold text-ink">
        {places.length > 1 ? 'Your staff places are suspended' : `Your place with ${places[0]!.team_name} is suspended`}
      </h2>
      <ul className="mt-2 space-y-1 text-ink">
        {places.map((p) => (
          <li key={p.team_name}>
            <span className="font-semibold">{p.team_name}</span>: {p.text.replace(/^Suspended: /, '')}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-muted">
        {admin
          ? 'Until it is sorted, these teams’ match week, training and children’s details are closed to you.'
          : 'Until it is sorted, the admin panel and these teams’ match week, training and children’s details are closed to you.'}{' '}
        Send your new DBS certificate to the club’s welfare officer: once they record it, your place counts again.
      </p>
    </section>
  );
}
