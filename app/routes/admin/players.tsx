import { LINKS_HINT, ResourceTab, type ResourceConfig } from '../../components/admin/resource-tab';
import { AdminLoading } from '../../components/admin/section';
import { POSITIONS, TEAM_TYPES, type Player, type Team } from '../../components/admin/types';
import { loadList } from '../../lib/api-client';
import { requireRole } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/players';

export const meta: Route.MetaFunction = () => adminMeta('Players', 'Add, edit and remove squad players and staff.');

export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireRole(context, request, ['admin']) };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, players, teams] = await Promise.all([serverLoader(), loadList<Player>('/api/players'), loadList<Team>('/api/teams')]);
  return { players, teams };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** The player form ticks the teams a player plays for (GET /api/teams). */
export const playerConfig = (teams: Team[]): ResourceConfig<Player> => ({
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
    { header: 'Squad group', cell: (p) => p.team_type },
    { header: 'Teams', cell: (p) => teams.filter((t) => p.team_ids.includes(t.id)).map((t) => t.name).join(', ') || '–' },
    { header: 'Nationality', cell: (p) => p.nationality },
  ],
  fields: [
    { name: 'full_name', label: 'Full name', type: 'text', required: true },
    { name: 'jersey_number', label: 'Jersey number', type: 'number', required: true, min: 0, max: 99 },
    { name: 'position', label: 'Position', type: 'select', required: true, options: POSITIONS },
    { name: 'team_type', label: 'Squad group', type: 'select', required: true, options: TEAM_TYPES, hint: 'Where the public Squad page lists them' },
    { name: 'team_ids', label: 'Teams', type: 'checkboxes', required: true, wide: true, options: teams.map((t) => ({ value: t.id, label: t.name })), hint: 'The teams they play for: fixtures, training and attendance' },
    { name: 'nationality', label: 'Nationality', type: 'text', required: true },
    { name: 'date_of_birth', label: 'Date of birth', type: 'date' },
    { name: 'height', label: 'Height', type: 'text', hint: 'e.g. 1.80 m' },
    { name: 'weight', label: 'Weight', type: 'text', hint: 'e.g. 75 kg' },
    {
      name: 'show_personal_details',
      // Checkboxes show no hint, so the label says it all.
      label: 'Show date of birth, height and weight publicly (only with the player’s agreement; otherwise the profile shows their age)',
      type: 'checkbox',
      wide: true,
    },
    { name: 'photo_url', label: 'Photo URL', type: 'text', wide: true, hint: 'A web address (https://…) or a site path (/images/…)', upload: true },
    { name: 'bio', label: 'Bio', type: 'textarea' },
    { name: 'social_media', label: 'Social links', type: 'links', hint: LINKS_HINT },
  ],
  defaults: { position: 'Midfielder', team_type: 'Senior', team_ids: teams[0]?.id ?? '' },
});

export default function AdminPlayers({ loaderData }: Route.ComponentProps) {
  return <ResourceTab config={playerConfig(loaderData.teams)} rows={loaderData.players} />;
}
