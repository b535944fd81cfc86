import { redirect } from 'react-router';
import { homeFor } from '../../../shared/roles';
import type { Route } from './+types/start';

/**
 * Where the app on the phone opens (the manifest's start_url, issue 35): a signed-in person lands
 * where signing in takes them (a member or parent their Players' Area, which is a parent's family
 * home; staff the admin panel's Today page), anyone else the home page. No page of its own.
 */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(context.user ? homeFor(context.user.role) : '/', { headers: { 'Cache-Control': 'no-store' } });
}
