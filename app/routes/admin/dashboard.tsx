import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { AdminLoading, SectionHeader } from '../../components/admin/section';
import type { AdminDashboard as DashboardData } from '../../components/admin/types';
import { useAdminUser } from '../../components/admin/use-admin-user';
import { Button } from '../../components/ui/button';
import { FormMessage } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { api, errorDetail } from '../../lib/api-client';
import { requireAdminArea } from '../../lib/guards.server';
import { ADMIN_TABS } from './tabs';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/dashboard';

export const INITIALIZED_TOAST = 'Database initialized successfully!';
export const INITIALIZE_ERROR_TOAST = 'Error initializing database';

export const meta: Route.MetaFunction = () => adminMeta('Dashboard', 'Counts of orders, players, products, fixtures, join-us submissions and sponsors.');

export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireAdminArea(context, request) };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, dashboard] = await Promise.all([
    serverLoader(),
    api.get<DashboardData>('/api/admin/dashboard').catch((error) => {
      console.error('[admin] loading the dashboard failed:', errorDetail(error));
      return null;
    }),
  ]);
  return { dashboard };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** The six tiles, each opening its tab. */
const TILES: { key: keyof DashboardData; label: string; to: string }[] = [
  { key: 'orders', label: 'Orders', to: '/admin/orders' },
  { key: 'players', label: 'Players', to: '/admin/players' },
  { key: 'products', label: 'Products', to: '/admin/products' },
  { key: 'fixtures', label: 'Fixtures', to: '/admin/fixtures' },
  { key: 'join_us', label: 'Join-us submissions', to: '/admin/join-us' },
  { key: 'sponsors', label: 'Sponsors', to: '/admin/sponsors' },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  const user = useAdminUser();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const canOpen = (to: string) => user.role === 'admin' || ADMIN_TABS.some((tab) => tab.to === to && tab.staff);

  async function initialize() {
    setBusy(true);
    try {
      await api.post('/api/admin/initialize-database');
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
      <SectionHeader title="Dashboard" description="The club at a glance. Choose a tile to open its tab." />

      {dashboard.needs_initialization && user.role === 'admin' && (
        <div role="region" aria-labelledby="init-heading" className="mb-6 rounded-2xl border border-gold-500 bg-yellow-50 p-4 sm:p-6">
          <h3 id="init-heading" className="text-lg font-bold">The database needs initialization</h3>
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

      <ul aria-label="Club counts" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {TILES.map((tile) => {
          const body = (
            <>
              <span className="block text-3xl font-extrabold text-brand-800 sm:text-4xl">{dashboard[tile.key] as number}</span>
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
