import { redirect } from 'react-router';
import type { Route } from './+types/player-management';

/**
 * The old Player Management tab: it is part of Players now (ADR 027). Bookmarks and links keep
 * working, a chosen player (?player=) included.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  throw redirect(`/admin/players${search}`, 301);
}
