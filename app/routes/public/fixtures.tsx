import { EmptyState, FilterLinks, PageHeader } from '../../components/public/empty-state';
import { CalendarSubscribe } from '../../components/public/calendar-subscribe';
import { FixtureCard } from '../../components/public/fixture-card';
import { club } from '../../../shared/club';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { PageHandle } from '../../lib/page-scripts';
import type { Route } from './+types/fixtures';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

export const FIXTURES_EMPTY = 'The fixture list will be updated soon.';
export const FIXTURES_FILTER_EMPTY = 'No fixtures match the selected filter.';

export const FIXTURE_FILTERS = [
  { id: 'all', label: 'All Matches', status: undefined },
  { id: 'upcoming', label: 'Upcoming', status: 'upcoming' },
  { id: 'results', label: 'Results', status: 'completed' },
] as const;

export const ALL_TEAMS = 'All teams';

/** `?filter=upcoming|results` and `?team=<slug>` (links, so they work without JavaScript: ADR 007); unknown values show everything. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const asked = params.get('filter');
  const filter = FIXTURE_FILTERS.find((f) => f.id === asked) ?? FIXTURE_FILTERS[0];
  const teams = await context.services.teams.list();
  const team = teams.find((t) => t.slug === params.get('team')?.toLowerCase());
  const fixtures = await context.services.fixtures.list({ status: filter.status, team_id: team?.id });
  const filtered = filter.status !== undefined || team !== undefined;
  const anyFixtures = fixtures.length > 0 || (filtered && (await context.services.fixtures.list({ limit: 1 })).length > 0);
  return {
    fixtures,
    filter: filter.id,
    team: team?.slug ?? null,
    teams: teams.map((t) => ({ slug: t.slug, name: t.name })),
    anyFixtures,
    origin: siteOrigin(context),
  };
}

/** A filter link keeps the other filter: `/fixtures?filter=upcoming&team=vets`. */
export function fixturesHref(filter: string, team: string | null) {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('filter', filter);
  if (team) query.set('team', team);
  const text = query.toString();
  return text ? `/fixtures?${text}` : '/fixtures';
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: 'Fixtures & Results',
    description: `Where and when ${club().club_name} play next, with final scores and match reports from every game.`,
    origin: data?.origin,
    path: '/fixtures',
  });

export default function Fixtures({ loaderData }: Route.ComponentProps) {
  const { fixtures, filter, team, teams, anyFixtures, origin } = loaderData;
  const teamName = teams.find((t) => t.slug === team)?.name;
  return (
    <>
      <PageHeader title="Fixtures & Results" intro="Kick-off times, venues and how we got on. Open a match for the details and the match report." />
      <div className="container-page space-y-6 py-10">
        <div className="space-y-3">
          <FilterLinks
            label="Show matches"
            items={FIXTURE_FILTERS.map((f) => ({ to: fixturesHref(f.id, team), label: f.label, current: f.id === filter }))}
          />
          {teams.length > 1 && (
            <FilterLinks
              label="Show team"
              items={[
                { to: fixturesHref(filter, null), label: ALL_TEAMS, current: team === null },
                ...teams.map((t) => ({ to: fixturesHref(filter, t.slug), label: t.name, current: t.slug === team })),
              ]}
            />
          )}
        </div>
        {fixtures.length === 0 ? (
          <EmptyState title={anyFixtures ? FIXTURES_FILTER_EMPTY : FIXTURES_EMPTY} />
        ) : (
          <ul className="space-y-3">
            {fixtures.map((f) => (
              <li key={f.id}>
                <FixtureCard fixture={f} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
        {teamName ? (
          <CalendarSubscribe
            feedUrl={`${origin}/calendar/teams/${team}.ics`}
            title={`Add ${teamName} to your calendar`}
            intro={`${teamName}'s matches and training sessions. Subscribe once: new matches, changed kick-offs and results reach your calendar by themselves.`}
          />
        ) : (
          <CalendarSubscribe
            feedUrl={`${origin}/calendar/club.ics`}
            title="Add the fixtures to your calendar"
            intro="Every match of every team. Subscribe once: new matches, changed kick-offs and results reach your calendar by themselves. Choose a team above for its matches and training only."
          />
        )}
      </div>
    </>
  );
}
