import { Link, useSearchParams } from 'react-router';
import { useEnterScore, needsScore } from '../../components/admin/enter-score';
import { resourceFor, ResourceTab } from '../../components/admin/resource-tab';
import { AdminLoading, Badge } from '../../components/admin/section';
import { FIXTURE_STATUSES } from '../../../shared/content-constants';
import type { Fixture } from '../../../shared/contracts/fixtures';
import type { Team } from '../../../shared/contracts/teams';
import { client, loadList, type JsonOf } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import { fixtureStatusLabel } from '../../../shared/content-constants';
import type { Route } from './+types/fixtures';
import { formatDate } from '../../../shared/dates';

export const meta: Route.MetaFunction = () => adminMeta('Fixtures', 'Add, edit and remove fixtures and results.');

/** Admins and staff manage fixtures. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'runsTeams');
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, fixtures, teams] = await Promise.all([serverLoader(), loadList('fixtures', client.fixtures.$get({ query: {} })), loadList('teams', client.teams.$get())]);
  return { fixtures, teams };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}


/** The fixture form's team select offers the club's teams (the first, Senior, for a new fixture). */
export const fixtureConfig = (teams: Team[], onEnterScore?: (fixture: Fixture) => void) =>
  resourceFor<Fixture, JsonOf<typeof client.fixtures.$post>>()({
  resource: 'Fixture',
  title: 'Fixtures',
  description: 'Matches and results shown on the Fixtures page.',
  calls: {
    create: (json) => client.fixtures.$post({ json }),
    update: (id, json) => client.fixtures[':id'].$put({ param: { id }, json }),
    remove: (id) => client.fixtures[':id'].$delete({ param: { id } }),
  },
  rowLabel: (f) => `${f.away_team} on ${formatDate(f.match_date)}`,
  empty: 'No fixtures yet. Add the first one.',
  // A played fixture without a score: one tap to enter it (ADR 027).
  rowActions: (f) =>
    onEnterScore && needsScore(f) ? (
      <button
        type="button"
        className="inline-flex min-h-11 items-center rounded-lg bg-brand-800 px-3 text-sm font-semibold text-white hover:bg-brand-700"
        aria-label={`Enter score: ${f.away_team} on ${formatDate(f.match_date)}`}
        onClick={() => onEnterScore(f)}
      >
        Enter score
      </button>
    ) : null,
  columns: [
    { header: 'Opponent', cell: (f) => <span className="font-semibold">{f.away_team}</span> },
    { header: 'Team', cell: (f) => f.team },
    { header: 'Date', cell: (f) => <span className="whitespace-nowrap">{formatDate(f.match_date)}</span> },
    { header: 'Time', cell: (f) => f.match_time?.slice(0, 5) },
    { header: 'Venue', cell: (f) => f.venue },
    { header: 'Score', cell: (f) => (f.home_score !== null && f.away_score !== null ? <span className="whitespace-nowrap tabular-nums">{f.home_score}–{f.away_score}</span> : '–') },
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
    { name: 'meet_time', label: 'Meet at', type: 'time', hint: 'Optional: when players should arrive' },
    { name: 'kit', label: 'Kit', type: 'text', hint: 'Optional, e.g. Away kit, shin pads' },
    { name: 'notes', label: 'Notes for the players', type: 'textarea', wide: true, hint: 'On the public fixture page, except for junior teams: their notes are for members only' },
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
  const { fixtures, teams } = loaderData;
  const [searchParams] = useSearchParams();
  const { enterScore, scoreDialog } = useEnterScore();
  // ?needs=score: only played fixtures without a score (the Today view's "Results to enter").
  const onlyNeedingScore = searchParams.get('needs') === 'score';
  const waiting = fixtures.filter((f) => needsScore(f));
  const rows = onlyNeedingScore ? waiting : fixtures;
  return (
    <>
      <ResourceTab
        config={fixtureConfig(teams, enterScore)}
        rows={rows}
        empty={onlyNeedingScore ? 'Nothing to do: every played fixture has its score.' : undefined}
        filters={
          (onlyNeedingScore || waiting.length > 0) && (
            <p className="mb-4 flex flex-wrap items-center gap-x-3 text-sm">
              {onlyNeedingScore ? (
                <>
                  <span>Showing the played fixtures without a score.</span>
                  <Link to="/admin/fixtures" preventScrollReset className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
                    Show all fixtures
                  </Link>
                </>
              ) : (
                <Link to="?needs=score" preventScrollReset className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
                  {waiting.length === 1 ? '1 result to enter' : `${waiting.length} results to enter`}
                </Link>
              )}
            </p>
          )
        }
      />
      {scoreDialog}
    </>
  );
}
