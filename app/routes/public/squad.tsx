import { Link } from 'react-router';
import { SQUAD_FILTERS } from '../../../shared/content-constants';
import type { PublicPlayer } from '../../../server/services/squad';
import { EmptyState, FilterLinks, PageHeader } from '../../components/public/empty-state';
import { CLUB_NAME } from '../../lib/club';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { Route } from './+types/squad';

export const SQUAD_EMPTY = 'The squad information will be updated soon.';
export const SQUAD_FILTER_EMPTY = 'No players match the selected filter.';

export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('team')?.toLowerCase() ?? null;
  const filter = SQUAD_FILTERS.find((f) => f.team === asked) ?? SQUAD_FILTERS[0];
  const players = await context.services.squad.list({ team: filter.team ?? undefined });
  // Which empty message: none at all, or none for this filter.
  const anyPlayers = players.length > 0 || (filter.team !== null && (await context.services.squad.list()).length > 0);
  return { players, team: filter.team, anyPlayers, origin: siteOrigin(request) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: 'Squad & Staff',
    description: `Meet the players and staff of ${CLUB_NAME}: the Senior team, the Vets and the volunteers who run the club.`,
    origin: data?.origin,
    path: '/squad',
  });

export function PlayerCard({ player }: { player: PublicPlayer }) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden wrap-anywhere rounded-2xl bg-white shadow-sm ring-1 ring-line hover:ring-brand-700">
      <div className="relative bg-brand-50">
        {player.photo_url ? (
          <img src={player.photo_url} alt="" width={400} height={400} loading="lazy" className="aspect-square w-full object-cover" />
        ) : (
          <div className="flex aspect-square w-full items-center justify-center text-6xl font-black text-brand-200" aria-hidden="true">
            {player.full_name.charAt(0)}
          </div>
        )}
        {player.jersey_number !== null && (
          <span className="absolute left-2 top-2 flex size-9 items-center justify-center rounded-full bg-brand-800 text-base font-black text-white shadow sm:left-3 sm:top-3 sm:size-11 sm:text-lg" aria-label={`Number ${player.jersey_number}`}>
            {player.jersey_number}
          </span>
        )}
        <span className="absolute right-2 top-2 rounded-full bg-gold-400 px-2 py-0.5 text-xs font-bold text-brand-950 sm:right-3 sm:top-3 sm:px-2.5">{player.team_type}</span>
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <h2 className="text-base font-bold leading-snug sm:text-lg">
          <Link to={`/player/${player.id}`} className="after:absolute after:inset-0 hover:text-brand-800">
            {player.full_name}
          </Link>
        </h2>
        <p className="text-sm font-semibold text-brand-800">{player.position}</p>
        {player.nationality && <p className="text-sm text-muted">{player.nationality}</p>}
        {player.bio && <p className="mt-2 line-clamp-3 text-sm text-muted">{player.bio}</p>}
      </div>
    </article>
  );
}

export default function Squad({ loaderData }: Route.ComponentProps) {
  const { players, team, anyPlayers } = loaderData;
  return (
    <>
      <PageHeader title="Squad & Staff" intro="The players who turn out for the club every week, and the people who make it happen." />
      <div className="container-page space-y-6 py-10">
        <FilterLinks
          label="Filter by team"
          items={SQUAD_FILTERS.map((f) => ({ to: f.team ? `/squad?team=${f.team}` : '/squad', label: f.label, current: f.team === team }))}
        />
        {players.length === 0 ? (
          <EmptyState title={anyPlayers ? SQUAD_FILTER_EMPTY : SQUAD_EMPTY} />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
            {players.map((p) => (
              <li key={p.id}>
                <PlayerCard player={p} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
