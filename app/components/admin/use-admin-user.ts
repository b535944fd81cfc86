import { useRouteLoaderData } from 'react-router';
import type { SessionUser } from '../../../shared/roles';

/** The signed-in admin or staff member, from the admin layout's loader. */
export function useAdminUser(): SessionUser {
  const data = useRouteLoaderData('routes/admin/_layout') as { user: SessionUser } | undefined;
  if (!data) throw new Error('useAdminUser is only for routes inside the admin panel');
  return data.user;
}
