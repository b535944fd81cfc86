import { useRouteLoaderData } from 'react-router';
import type { Capabilities } from '../../../server/policy';
import type { SessionUser } from '../../../shared/roles';

function useLayoutData() {
  const data = useRouteLoaderData('routes/admin/_layout') as { user: SessionUser; can: Capabilities } | undefined;
  if (!data) throw new Error('useAdminUser is only for routes inside the admin panel');
  return data;
}

/** The signed-in admin or staff member, from the admin layout's loader. */
export function useAdminUser(): SessionUser {
  return useLayoutData().user;
}

/** What the rule book lets the signed-in person do (server/policy), from the admin layout's loader: what the screens offer. */
export function useCan(): Capabilities {
  return useLayoutData().can;
}
