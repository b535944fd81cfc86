import { Outlet } from 'react-router';
import { pageTitle } from '../../lib/club';
import { requireAdminArea } from '../../lib/guards.server';
import type { Route } from './+types/_layout';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Admin') }, { name: 'robots', content: 'noindex' }];

/** The admin panel: admins, and staff for the parts they manage. */
export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireAdminArea(context, request) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Admin panel</p>
        <h1 className="mt-1 text-3xl font-extrabold">Welcome, {loaderData.user.full_name}</h1>
      </header>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
