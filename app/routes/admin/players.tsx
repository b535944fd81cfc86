import { LINKS_HINT, ResourceTab, type ResourceConfig } from '../../components/admin/resource-tab';
import { AdminLoading } from '../../components/admin/section';
import { POSITIONS, TEAM_TYPES, type Player } from '../../components/admin/types';
import { loadList } from '../../lib/api-client';
import { requireRole } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/players';

export const meta: Route.MetaFunction = () => adminMeta('Players', 'Add, edit and remove squad players and staff.');

export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireRole(context, request, ['admin']) };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, players] = await Promise.all([serverLoader(), loadList<Player>('/api/players')]);
  return { players };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export const playerConfig: ResourceConfig<Player> = {
  resource: 'Player',
  title: 'Players',
  description: 'The squad and staff shown on the public Squad page. A login account is created in Player Management.',
  endpoint: '/api/players',
  rowLabel: (p) => p.full_name,
  empty: 'No players yet. Add the first one.',
  columns: [
    { header: 'Name', cell: (p) => <span className="font-semibold">{p.full_name}</span> },
    { header: 'Number', numeric: true, cell: (p) => p.jersey_number ?? '–' },
    { header: 'Position', cell: (p) => p.position },
    { header: 'Team', cell: (p) => p.team_type },
    { header: 'Nationality', cell: (p) => p.nationality },
  ],
  fields: [
    { name: 'full_name', label: 'Full name', type: 'text', required: true },
    { name: 'jersey_number', label: 'Jersey number', type: 'number', required: true, min: 0, max: 99 },
    { name: 'position', label: 'Position', type: 'select', required: true, options: POSITIONS },
    { name: 'team_type', label: 'Team', type: 'select', required: true, options: TEAM_TYPES },
    { name: 'nationality', label: 'Nationality', type: 'text', required: true },
    { name: 'date_of_birth', label: 'Date of birth', type: 'date' },
    { name: 'height', label: 'Height', type: 'text', hint: 'e.g. 1.80 m' },
    { name: 'weight', label: 'Weight', type: 'text', hint: 'e.g. 75 kg' },
    { name: 'photo_url', label: 'Photo URL', type: 'text', wide: true, hint: 'A web address (https://…) or a site path (/images/…)', upload: true },
    { name: 'bio', label: 'Bio', type: 'textarea' },
    { name: 'social_media', label: 'Social links', type: 'links', hint: LINKS_HINT },
  ],
  defaults: { position: 'Midfielder', team_type: 'Senior' },
};

export default function AdminPlayers({ loaderData }: Route.ComponentProps) {
  return <ResourceTab config={playerConfig} rows={loaderData.players} />;
}
