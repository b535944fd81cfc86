import { redirect } from 'react-router';
import { clearedSessionCookie, readSessionCookie } from '../../../shared/auth';
import type { Route } from './+types/logout';

/** Sign Out: the session is deleted on the server, the cookie cleared, and we go home. */
export async function action({ request, context }: Route.ActionArgs) {
  await context.services.accounts.logout(readSessionCookie(request.headers.get('cookie')));
  return redirect('/', { headers: { 'Set-Cookie': clearedSessionCookie({ secure: context.secure }) } });
}

export function loader() {
  return redirect('/');
}
