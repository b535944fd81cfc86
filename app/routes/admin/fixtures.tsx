import { formatDate } from '../../components/admin/format';
import { ResourceTab, type ResourceConfig } from '../../components/admin/resource-tab';
import { AdminLoading, Badge } from '../../components/admin/section';
import { FIXTURE_STATUSES, type Fixture, type Team } from '../../components/admin/types';
import { loadList } from '../../lib/api-client';
import { requireAdminArea } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import { fixtureStatusLabel } from '../../../shared/content-constants';
import type { Route } from './+types/fixtures';

export const meta: Route.MetaFunction = () => adminMeta('Fixtures', 'Add, edit and remove fixtures and results.');

/** Admins and staff manage fixtures. */
export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireAdminArea(context, request) };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, fixtures, teams] = await Promise.all([serverLoader(), loadList<Fixture>('/api/fixtures'), loadList<Team>('/api/teams')]);
  return { fixtures, teams };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}


/** The fixture form's team select offers the club's teams (the first, Senior, for a new fixture). */
export const fixtureConfig = (teams: Team[]): ResourceConfig<Fixture> => ({
  resource: 'Fixture',
  title: 'Fixtures',
  description: 'Matches and results shown on the Fixtures page.',
  endpoint: '/api/fixtures',
  rowLabel: (f) => `${f.away_team} on ${formatDate(f.match_date)}`,
  empty: 'No fixtures yet. Add the first one.',
  columns: [
    { header: 'Opponent', cell: (f) => <span className="font-semibold">{f.away_team}</span> },
    { header: 'Team', cell: (f) => f.team },
    { header: 'Date', cell: (f) => <span className="whitespace-nowrap">{formatDate(f.match_date)}</span> },
    { header: 'Time', cell: (f) => f.match_time?.slice(0, 5) },
    { header: 'Venue', cell: (f) => f.venue },
    {
      header: 'Status',
      cell: (f) => (
        <Badge tone={f.status === 'upcoming' ? 'info' : f.status === 'completed' ? 'success' : 'danger'}>
          {fixtureStatusLabel(f.status)}
        </Badge>
      ),
    },
  ],
  fields: [
    { name: 'team_id', label: 'Team', type: 'select', required: true, options: teams.map((t) => ({ value: t.id, label: t.name })) },
    { name: 'away_team', label: 'Opponent', type: 'text', required: true },
    { name: 'competition', label: 'Competition', type: 'text', required: true },
    { name: 'match_date', label: 'Date', type: 'date', required: true },
    { name: 'match_time', label: 'Kick-off time', type: 'time', required: true },
    { name: 'venue', label: 'Venue', type: 'text', required: true },
    {
      name: 'status',
      label: 'Status',
      type: 'select',
      required: true,
      options: FIXTURE_STATUSES.map((value) => ({ value, label: fixtureStatusLabel(value) })),
    },
    { name: 'is_home', label: 'Home match (we are the home team)', type: 'checkbox', wide: true },
    { name: 'home_score', label: 'Home team score', type: 'number', min: 0, hint: 'Blank until played' },
    { name: 'away_score', label: 'Away team score', type: 'number', min: 0, hint: 'Blank until played' },
    { name: 'match_report', label: 'Match report', type: 'textarea' },
  ],
  defaults: { status: 'upcoming', is_home: true, team_id: teams[0]?.id ?? '' },
});

export default function AdminFixtures({ loaderData }: Route.ComponentProps) {
  return <ResourceTab config={fixtureConfig(loaderData.teams)} rows={loaderData.fixtures} />;
}
