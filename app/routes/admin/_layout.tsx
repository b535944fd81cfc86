import { Outlet, useLocation } from 'react-router';
import { PhoneApp } from '../../components/phone-app';
import { TabNav } from '../../components/ui/tabs';
import { pageTitle } from '../../../shared/club';
import { requireCan } from '../../lib/guards.server';
import { ROLE_LABELS } from '../../../shared/roles';
import { tabsFor } from './tabs';
import type { Route } from './+types/_layout';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Admin') },
  { name: 'description', content: 'The club control panel.' },
  { name: 'robots', content: 'noindex' },
];

/** The admin panel: admins, and staff for the parts they manage (each tab guards itself too). */
export async function loader({ context, request }: Route.LoaderArgs) {
  // The tabs follow the rule book: each opens for those it has work for (issue 30).
  const { user, can } = await requireCan(context, request);
  return { user, can };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, can } = loaderData;
  const { pathname } = useLocation();
  // The welcome shows once, on the dashboard; the other tabs get a slim heading (ADR 027).
  const onDashboard = pathname.replace(/\/$/, '') === '/admin';
  return (
    <div className="container-page py-4 sm:py-8">
      <header className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        {onDashboard ? (
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Admin panel</p>
            <h1 className="mt-1 text-2xl font-extrabold sm:text-3xl">Welcome, {user.full_name}</h1>
          </div>
        ) : (
          <h1 className="text-sm font-semibold uppercase tracking-wide text-brand-700">Admin panel</h1>
        )}
        <p className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{ROLE_LABELS[user.role]}</p>
      </header>
      <div className="mt-4 sm:mt-6 print:hidden">
        <TabNav label="Admin sections" compact items={tabsFor(can).map(({ to, label, end }) => ({ to, label, end }))} />
      </div>
      <div className="mt-6 print:mt-0">
        <Outlet />
      </div>
      <PhoneApp />
    </div>
  );
}
