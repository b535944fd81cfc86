import { resourceFor, ResourceTab } from '../../components/admin/resource-tab';
import { AdminLoading } from '../../components/admin/section';
import type { Team } from '../../../shared/contracts/teams';
import { useCan } from '../../components/admin/use-admin-user';
import { client, loadList, type JsonOf } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/teams';
import { AGE_GROUPS, TEAM_FORMATS } from '../../../shared/juniors';

export const meta: Route.MetaFunction = () => adminMeta('Teams', "The club's teams: names, match length and when availability closes.");

/** Staff edit teams; only admins add and delete them (the API says the same). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'teams');
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, teams] = await Promise.all([serverLoader(), loadList('teams', client.teams.$get())]);
  return { teams };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export const teamConfig = (isAdmin: boolean) =>
  resourceFor<Team, JsonOf<typeof client.teams.$post>>()({
  resource: 'Team',
  title: 'Teams',
  description: isAdmin
    ? 'Every fixture, training slot and player belongs to a team. A team with fixtures cannot be deleted.'
    : 'Every fixture, training slot and player belongs to a team. Admins add and delete teams.',
  calls: {
    create: (json) => client.teams.$post({ json }),
    update: (id, json) => client.teams[':id'].$put({ param: { id }, json }),
    remove: (id) => client.teams[':id'].$delete({ param: { id } }),
  },
  rowLabel: (t) => t.name,
  empty: 'No teams yet. Add the first one.',
  canAdd: isAdmin,
  canDelete: isAdmin,
  columns: [
    { header: 'Name', cell: (t) => <span className="font-semibold">{t.name}</span> },
    { header: 'Age group', cell: (t) => `${t.age_group} · ${t.format}` },
    { header: 'Order', numeric: true, cell: (t) => t.sort_order },
    { header: 'Match length', cell: (t) => `${t.match_length_minutes} min` },
    { header: 'Availability closes', cell: (t) => `${t.availability_lock_hours} h before kick-off` },
  ],
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, hint: 'e.g. U14 or Ladies' },
    {
      name: 'age_group',
      label: 'Age group',
      type: 'select',
      required: true,
      options: [...AGE_GROUPS],
      hint: 'U7 to U18 are junior teams (the club needs a welfare officer first); U7 to U11 publish no scores or results.',
    },
    { name: 'format', label: 'Format', type: 'select', required: true, options: [...TEAM_FORMATS], hint: 'How many a side this season' },
    { name: 'sort_order', label: 'Order', type: 'number', min: 0, max: 1000, hint: 'Lists show lower numbers first; blank puts a new team last' },
    { name: 'match_length_minutes', label: 'Match length (minutes)', type: 'number', required: true, min: 10, max: 300 },
    { name: 'availability_lock_hours', label: 'Availability closes (hours before kick-off)', type: 'number', required: true, min: 0, max: 168 },
  ],
  defaults: { match_length_minutes: '105', availability_lock_hours: '2', age_group: 'Open', format: '11v11' },
});

export default function AdminTeams({ loaderData }: Route.ComponentProps) {
  // Adding and removing teams is the admin's (rule book, issue 30).
  return <ResourceTab config={teamConfig(useCan().admin)} rows={loaderData.teams} />;
}
