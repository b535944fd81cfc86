import { Outlet } from 'react-router';
import { pageTitle } from '../../lib/club';
import { requireUser } from '../../lib/guards.server';
import type { Route } from './+types/_layout';

export const meta: Route.MetaFunction = () => [{ title: pageTitle("Players' Area") }, { name: 'robots', content: 'noindex' }];

/** The players' portal: any signed-in user. */
export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireUser(context, request) };
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <header className="rounded-2xl bg-brand-800 p-6 text-white">
        <p className="text-sm font-semibold uppercase tracking-wide text-gold-400">Players' Area</p>
        <h1 className="mt-1 text-3xl font-extrabold">{loaderData.user.full_name}</h1>
      </header>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}
