import { useState, type ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { AdminLoading, Badge, SectionHeader } from '../../components/admin/section';
import { useEnterScore } from '../../components/admin/enter-score';
import { FirstSteps } from '../../components/admin/first-steps';
import { fixtureTitle } from '../../../shared/fixtures';
import { money } from '../../components/admin/format';
import type { AdminDashboard as DashboardData } from '../../../shared/contracts/admin';
import type { Fixture } from '../../../shared/contracts/fixtures';
import { useCan } from '../../components/admin/use-admin-user';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { client, errorDetail, loadList, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { ADMIN_TABS } from './tabs';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/dashboard';
import { formatDate } from '../../../shared/dates';
import { PRIVACY_REQUEST_TYPE_LABELS } from '../../../shared/privacy';
import { daysLeftInWords } from '../../../shared/privacy-dates';

export const INITIALIZED_TOAST = 'Database initialized successfully!';
export const INITIALIZE_ERROR_TOAST = 'Error initializing database';

export const meta: Route.MetaFunction = () =>
  adminMeta('Today', 'What needs doing: new registrations, pending orders, join-us applications, results to enter and outstanding payments.');

export const NOTHING_TO_DO = 'Nothing to do';

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request);
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, dashboard] = await Promise.all([
    serverLoader(),
    read(client.admin.dashboard.$get()).catch((error) => {
      console.error('[admin] loading the dashboard failed:', errorDetail(error));
      return null;
    }),
  ]);
  // The fixtures behind "Enter score" (its form sends the whole fixture back), only when there are some.
  const fixtures = dashboard?.today.results_to_enter.length ? await loadList('fixtures', client.fixtures.$get({ query: {} })) : [];
  return { dashboard, fixtures };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** The six counts by their key in the dashboard, each opening its tab (`join_us` opens /admin/join-us). */
const TILES = {
  orders: 'Orders',
  players: 'Players',
  products: 'Products',
  fixtures: 'Fixtures',
  join_us: 'Join-us submissions',
  sponsors: 'Sponsors',
} satisfies Partial<Record<keyof DashboardData, string>>;
const tiles = (Object.keys(TILES) as (keyof typeof TILES)[]).map((key) => ({ key, label: TILES[key], to: `/admin/${key.replace('_', '-')}` }));

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, fixtures } = loaderData;
  const { enterScore, scoreDialog } = useEnterScore();
  const can = useCan();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const canOpen = (to: string) => ADMIN_TABS.some((tab) => tab.to === to && can[tab.can]);

  async function initialize() {
    setBusy(true);
    try {
      await read(client.admin['initialize-database'].$post({ json: {} }));
      toast.success(INITIALIZED_TOAST);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(INITIALIZE_ERROR_TOAST, { description: errorDetail(error) });
    } finally {
      setBusy(false);
    }
  }

  if (!dashboard) return <FormMessage>The dashboard could not be loaded. Please reload the page.</FormMessage>;

  return (
    <section>
      <SectionHeader title="Today" description="What needs doing. Each card takes you to the list to deal with it." />

      {dashboard.needs_initialization && can.admin && (
        <div role="region" aria-labelledby="init-heading" className="mb-6 rounded-2xl border border-gold-500 bg-yellow-50 p-4 sm:p-6">
          <h3 id="init-heading" className="text-lg font-bold">
            The database needs initialization
          </h3>
          <p className="mt-1 text-sm text-ink">It adds the sample products, fixtures, news, sponsors and squad players.</p>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(
              [
                ['Users', dashboard.users_count],
                ['Products', dashboard.products_count],
                ['News', dashboard.news_count],
                ['Fixtures', dashboard.fixtures_count],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl bg-white p-3 text-center ring-1 ring-line">
                <dt className="text-sm text-muted">{label}</dt>
                <dd className="text-2xl font-extrabold">{value}</dd>
              </div>
            ))}
          </dl>
          <Button className="mt-4" onClick={initialize} disabled={busy}>
            {busy ? 'Initializing…' : 'Initialize Database'}
          </Button>
        </div>
      )}

      {!dashboard.needs_initialization && <FirstSteps steps={dashboard.today.first_steps} />}
      <TodayList dashboard={dashboard} fixtures={fixtures} canOpen={canOpen} onEnterScore={enterScore} />
      {scoreDialog}

      <h3 className="mb-3 mt-8 text-lg font-bold">The club in numbers</h3>
      <ul aria-label="Club counts" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {tiles.map((tile) => {
          const body = (
            <>
              <span className="block text-2xl font-extrabold text-brand-800 sm:text-3xl">{dashboard[tile.key] as number}</span>
              <span className="mt-1 block text-sm font-semibold text-ink sm:text-base">{tile.label}</span>
            </>
          );
          return (
            <li key={tile.key}>
              {canOpen(tile.to) ? (
                <Link
                  to={tile.to}
                  className="block h-full rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line transition hover:shadow-md hover:ring-brand-700 sm:p-6"
                >
                  {body}
                </Link>
              ) : (
                <div className="h-full rounded-2xl bg-white p-4 ring-1 ring-line sm:p-6">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const CARD = 'flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6';
const GO = 'mt-auto inline-flex min-h-11 items-center self-start pt-3 font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-700';

/** One thing to do: its number, what it means, and the tap that deals with it — or "Nothing to do". */
function TodayCard({
  id,
  title,
  count,
  detail,
  children,
  go,
}: {
  id: string;
  title: string;
  count: number;
  /** What the count counts, for one and for more ("order to confirm", "orders to confirm"), or words of its own. */
  detail: string | readonly [one: string, many: string];
  children?: ReactNode;
  go?: { to: string; label: string };
}) {
  return (
    <li>
      <section aria-labelledby={id} className={CARD}>
        <h3 id={id} className="font-bold text-ink">
          {title}
        </h3>
        <p className="mt-1 flex items-baseline gap-2">
          <span className={`text-4xl font-extrabold ${count > 0 ? 'text-brand-800' : 'text-muted'}`}>{count}</span>
          <span className="text-sm text-muted">{count === 0 ? NOTHING_TO_DO : typeof detail === 'string' ? detail : detail[count === 1 ? 0 : 1]}</span>
        </p>
        {count > 0 && children}
        {count > 0 && go && (
          <Link to={go.to} className={GO}>
            {go.label}
          </Link>
        )}
      </section>
    </li>
  );
}

/** The coming week's matches of the teams you run, with live counts ("8/11 confirmed"). */
function MatchWeekCard({ matches }: { matches: DashboardData['today']['match_week'] }) {
  const match_week = matches;
  return (
    <TodayCard
      id="today-match-week"
      title="Match week"
      count={match_week.length}
      detail={['match in the next 7 days', 'matches in the next 7 days']}
      go={{ to: '/admin/matchweek', label: 'Open Match week' }}
    >
      <ul className="mt-3 divide-y divide-line">
        {match_week.map((m) => (
          <li key={m.fixture_id}>
            <Link to={`/admin/matchweek?fixture=${m.fixture_id}`} className="block min-h-11 py-2 text-sm hover:bg-brand-50">
              <span className="font-semibold text-brand-800 underline underline-offset-4">{fixtureTitle(m, { club: m.team })}</span>{' '}
              <span className="text-muted">
                {formatDate(m.match_date)}, {m.match_time}
              </span>
              <span className="block tabular-nums text-ink">
                {m.published ? `${m.confirmed}/${m.selected} confirmed · ` : m.selected ? `${m.selected} picked, not published · ` : ''}
                {m.available} available · {m.maybe} maybe · {m.no_answer} no answer
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </TodayCard>
  );
}

/** The cards that only count and link to the admin page that deals with them, for those allowed there. */
function pageCardsOf(today: DashboardData['today'], canOpen: (to: string) => boolean) {
  const { pending_orders, join_us, registrations, parent_requests, retention_due } = today;
  return [
    {
      allowed: registrations !== null,
      id: 'today-registrations',
      title: 'New registrations',
      count: registrations ?? 0,
      detail: ['registration to approve', 'registrations to approve'],
      go: { to: '/admin/registrations', label: 'Review registrations' },
    },
    {
      allowed: parent_requests !== null,
      id: 'today-parent-requests',
      title: 'Parents’ requests',
      count: parent_requests ?? 0,
      detail: ['parent or carer to link to their child', 'parents or carers to link to their children'],
      go: { to: '/admin/guardians', label: 'Review parents’ requests' },
    },
    {
      allowed: canOpen('/admin/orders'),
      id: 'today-orders',
      title: 'Pending orders',
      count: pending_orders,
      detail: ['order to confirm', 'orders to confirm'],
      go: { to: '/admin/orders?status=pending', label: 'Open pending orders' },
    },
    {
      allowed: canOpen('/admin/join-us'),
      id: 'today-join-us',
      title: 'New join-us applications',
      count: join_us,
      detail: ['application to answer', 'applications to answer'],
      go: { to: '/admin/join-us', label: 'Read the applications' },
    },
    {
      allowed: retention_due !== null,
      id: 'today-retention',
      title: 'Due for deletion',
      count: retention_due ?? 0,
      detail: ['record is past its time to keep', 'records are past their time to keep'],
      go: { to: '/admin/privacy/retention', label: 'Review in Keeping data' },
    },
  ] satisfies ({ allowed: boolean } & Omit<Parameters<typeof TodayCard>[0], 'children'>)[];
}

function TodayList({
  dashboard,
  fixtures,
  canOpen,
  onEnterScore,
}: {
  dashboard: DashboardData;
  fixtures: Fixture[];
  canOpen: (to: string) => boolean;
  onEnterScore: (fixture: Fixture) => void;
}) {
  const { results_to_enter, outstanding_payments, match_week } = dashboard.today;
  const pageCards = pageCardsOf(dashboard.today, canOpen);
  return (
    <ul aria-label="Today" className="grid gap-3 sm:grid-cols-2 sm:gap-4">
      {pageCards.map(({ allowed, ...card }) => allowed && <TodayCard key={card.id} {...card} />)}
      <TodayCard
        id="today-results"
        title="Results to enter"
        count={results_to_enter.length}
        detail={['played fixture without a score', 'played fixtures without a score']}
        go={{ to: '/admin/fixtures?needs=score', label: 'See them in Fixtures' }}
      >
        <ul className="mt-3 divide-y divide-line">
          {results_to_enter.map((result) => {
            const fixture = fixtures.find((f) => f.id === result.id);
            const title = fixtureTitle(result, { club: result.team });
            const name = `${title}, ${formatDate(result.match_date)}`;
            return (
              <li key={result.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 text-sm">
                  <span className="font-semibold">{title}</span> <span className="text-muted">{formatDate(result.match_date)}</span>
                </span>
                {fixture && (
                  <Button size="sm" className="min-h-11" aria-label={`Enter score: ${name}`} onClick={() => onEnterScore(fixture)}>
                    Enter score
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      </TodayCard>
      <MatchWeekCard matches={match_week} />
      {dashboard.today.dbs_checks && (
        <TodayCard
          id="today-dbs"
          title="DBS checks"
          count={dashboard.today.dbs_checks.length}
          detail={['check to renew or record', 'checks to renew or record']}
          go={{ to: '/admin/safeguarding', label: 'Open Safeguarding' }}
        >
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
            {dashboard.today.dbs_checks.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </TodayCard>
      )}
      {dashboard.today.privacy_requests && dashboard.today.privacy_requests.length > 0 && (
        <TodayCard
          id="today-privacy"
          title="Data requests due within 7 days"
          count={dashboard.today.privacy_requests.length}
          detail={['request to answer', 'requests to answer']}
          go={{ to: '/admin/privacy', label: 'Open Data requests' }}
        >
          <ul className="mt-3 divide-y divide-line">
            {dashboard.today.privacy_requests.map((r) => (
              <li key={r.id}>
                <Link to={`/admin/privacy/${r.id}`} className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 py-2 text-sm hover:bg-brand-50">
                  <span className="font-semibold text-brand-800 underline underline-offset-4">
                    {r.subject_name}: {PRIVACY_REQUEST_TYPE_LABELS[r.type]}
                  </span>
                  <span className="flex items-center gap-2">
                    {formatDate(r.due_on)} <Badge tone={r.overdue ? 'danger' : 'warning'}>{daysLeftInWords(r.days_left)}</Badge>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </TodayCard>
      )}
      {outstanding_payments && canOpen('/admin/players') && (
        <TodayCard
          id="today-payments"
          title="Outstanding payments"
          count={outstanding_payments.players.length}
          detail={`${outstanding_payments.players.length === 1 ? 'player owes' : 'players owe'} ${money(outstanding_payments.amount)}`}
        >
          <ul className="mt-3 divide-y divide-line">
            {outstanding_payments.players.map((owing) => (
              <li key={owing.player_id}>
                <Link
                  to={`/admin/players?player=${owing.player_id}#payments`}
                  className="flex min-h-11 flex-wrap items-center justify-between gap-x-3 py-2 text-sm hover:bg-brand-50"
                >
                  <span className="font-semibold text-brand-800 underline underline-offset-4">{owing.full_name}</span>
                  <span className="flex items-center gap-2 tabular-nums">
                    {money(owing.amount)}
                    {owing.overdue && <Badge tone="danger">Overdue</Badge>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </TodayCard>
      )}
    </ul>
  );
}
