import { logPageError } from '../../lib/log.server';
import { data } from 'react-router';
import { isDatabaseUnavailable, isDomainError } from '../../../shared/errors';
import type { PlayerStats, PublicPlayer } from '../../../server/services/squad';
import { ButtonLink } from '../../components/ui/button';
import { PlayerTile } from '../../components/public/player-tile';
import { club } from '../../../shared/club';
import { pageMeta, siteOrigin, truncateText } from '../../lib/seo';
import type { PageHandle } from '../../lib/page-scripts';
import type { Route } from './+types/player';
import { formatCalendarDate } from '../../../shared/dates';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

export const PLAYER_NOT_FOUND = 'Player not found';
export const PLAYER_LOAD_ERROR = 'Error loading player profile';

type LoaderResult =
  | { state: 'ok'; player: PublicPlayer; stats: PlayerStats | null; teamNames: string[]; origin: string }
  | { state: 'not_found' | 'error'; origin: string };

export async function loader({ context, params }: Route.LoaderArgs) {
  const origin = siteOrigin(context);
  let player: PublicPlayer;
  try {
    player = await context.services.squad.get(params.playerId);
  } catch (error) {
    if (isDomainError(error) && error.status === 404) return data<LoaderResult>({ state: 'not_found', origin }, { status: 404 });
    if (isDatabaseUnavailable(error)) throw error; // 503: the outage page, or the cached copy
    logPageError('Player profile failed to load', error);
    return data<LoaderResult>({ state: 'error', origin }, { status: 500 });
  }
  // Stats failing to load is tolerated: the profile shows without them (docs/product.md#player-profile).
  const [stats, teams] = await Promise.all([context.services.squad.stats(player.id).catch(() => null), context.services.teams.list().catch(() => [])]);
  const teamNames = teams.filter((t) => player.team_ids.includes(t.id)).map((t) => t.name);
  // A junior's page is not for search engines (issue 31): it stays out of the sitemap too.
  const headers = player.age_group ? { 'X-Robots-Tag': 'noindex' } : undefined;
  return data<LoaderResult>({ state: 'ok', player, stats, teamNames, origin }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const robots = loaderHeaders.get('X-Robots-Tag');
  return robots ? { 'X-Robots-Tag': robots } : new Headers();
}

/** Where the player plays: their adult squad group ("Senior team"), or a junior's teams by name ("Under 9s"). */
export function teamLabel(player: Pick<PublicPlayer, 'team_type'>, teamNames: string[]) {
  if (player.team_type) return `${player.team_type} team`;
  return teamNames.join(' and ') || 'the juniors';
}

/** The share text (Open Graph and search description) when the player has no bio: never an invented position (issue 31). */
export function shareText(player: Pick<PublicPlayer, 'full_name' | 'jersey_number' | 'position' | 'team_type'>, teamNames: string[]) {
  const number = player.jersey_number !== null ? `, number ${player.jersey_number}` : '';
  if (player.team_type) {
    const role = player.position ? `${player.position} for` : 'Plays for';
    return `${player.full_name}${number}: ${role} the ${player.team_type} team at ${club().club_name}.`;
  }
  const role = player.position ? `${player.position}, plays for` : 'plays for';
  return `${player.full_name}${number} ${role} ${teamLabel(player, teamNames)} at ${club().club_name}.`;
}

export const meta: Route.MetaFunction = ({ data: d, params }) => {
  if (!d || d.state !== 'ok')
    return pageMeta({ title: d?.state === 'error' ? PLAYER_LOAD_ERROR : PLAYER_NOT_FOUND, description: `A player profile at ${club().club_name}.` });
  const p = d.player;
  const description = p.bio ? truncateText(p.bio, 160) : shareText(p, d.teamNames);
  const tags = pageMeta({ title: p.full_name, description, origin: d.origin, path: `/player/${params.playerId}`, image: p.photo_url, type: 'profile' });
  return p.age_group ? [...tags, { name: 'robots', content: 'noindex' }] : tags;
};

function BackToSquad() {
  return (
    <ButtonLink to="/squad" variant="secondary" className="mt-6">
      <span aria-hidden="true">←</span> Back to Squad
    </ButtonLink>
  );
}

const SOCIAL_LABELS: Record<string, string> = {
  instagram: 'Instagram',
  x: 'X (Twitter)',
  twitter: 'Twitter',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

/** The Details list: what the player (or, for a junior, the rule of issue 23) lets the public see. */
function detailsOf(player: PublicPlayer, teamNames: string[]): [string, string | null][] {
  return [
    ['Position', player.position],
    ['Jersey', player.jersey_number !== null ? `#${player.jersey_number}` : null],
    ['Team', player.team_type ?? (teamNames.join(', ') || null)],
    ['Nationality', player.nationality || null],
    ['Age', player.age !== null ? String(player.age) : null],
    // A junior shows their age group only (issue 23: never date of birth or age).
    ['Age group', player.age_group],
    // Present only when the player chose to show them (decision 19 in docs/architecture.md).
    ['Date of birth', player.date_of_birth ? formatCalendarDate(player.date_of_birth) : null],
    ['Height', player.height ?? null],
    ['Weight', player.weight ?? null],
  ];
}

/** The page when the player is not there (or failed to load). */
function PlayerMissing({ state }: { state: 'not_found' | 'error' }) {
  const title = state === 'not_found' ? PLAYER_NOT_FOUND : PLAYER_LOAD_ERROR;
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted">
        {state === 'not_found'
          ? "We couldn't find that player. They may have left the squad."
          : 'Something went wrong while loading this profile. Please try again in a moment.'}
      </p>
      <BackToSquad />
    </section>
  );
}

export default function PlayerProfile({ loaderData }: Route.ComponentProps) {
  if (loaderData.state !== 'ok') return <PlayerMissing state={loaderData.state} />;
  const { player, stats, teamNames } = loaderData;
  const details = detailsOf(player, teamNames);
  const standing = [player.position, player.team_type ? `${player.team_type} Team` : teamNames.join(', '), player.nationality].filter(Boolean).join(' · ');
  const social = Object.entries(player.social_media ?? {});
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-950 text-white">
        <div className="container-page flex flex-col gap-6 py-10 sm:flex-row sm:items-center sm:py-14">
          {player.photo_url ? (
            <img
              src={player.photo_url}
              alt={player.full_name}
              width={224}
              height={224}
              className="size-40 rounded-3xl bg-brand-50 object-cover shadow-lg ring-4 ring-white/20 sm:size-56"
            />
          ) : (
            <PlayerTile player={player} className="size-40 rounded-3xl text-sm shadow-lg ring-4 ring-white/20 sm:size-56 sm:text-xl" />
          )}
          <div>
            {/* Without a photo the tile already shows the number large. */}
            {player.photo_url && player.jersey_number !== null && <p className="text-5xl font-black text-gold-400">#{player.jersey_number}</p>}
            <h1 className="mt-1 text-3xl font-extrabold tracking-tight wrap-anywhere sm:text-5xl">{player.full_name}</h1>
            {standing && <p className="mt-2 text-lg text-brand-100">{standing}</p>}
          </div>
        </div>
      </section>
      <div className="container-page grid gap-8 py-10 wrap-anywhere lg:grid-cols-3">
        <div className="space-y-8 lg:col-span-2">
          <section aria-labelledby="season-stats">
            <h2 id="season-stats" className="text-2xl font-extrabold">
              Season Stats
            </h2>
            {stats ? (
              <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
                {(
                  [
                    ['Matches Played', stats.matches_played],
                    ['Goals', stats.goals],
                    ['Assists', stats.assists],
                    ['Minutes', stats.minutes_played],
                  ] as const
                )
                  // A U7-U11 junior's goals and assists are not published (issue 23): the server sent none.
                  .filter(([, value]) => value !== null)
                  .map(([label, value]) => (
                    <div key={label} className="rounded-2xl bg-white p-4 text-center shadow-sm ring-1 ring-line">
                      <dt className="text-sm font-semibold text-muted">{label}</dt>
                      <dd className="mt-1 text-3xl font-black text-brand-800 tabular-nums">{value}</dd>
                    </div>
                  ))}
              </dl>
            ) : (
              <p className="mt-3 text-muted">Stats are not available right now.</p>
            )}
          </section>
          {player.bio && (
            <section aria-labelledby="about-player">
              <h2 id="about-player" className="text-2xl font-extrabold">
                About {player.full_name.split(' ')[0]}
              </h2>
              <p className="mt-3 whitespace-pre-line text-lg leading-relaxed">{player.bio}</p>
            </section>
          )}
          <BackToSquad />
        </div>
        <aside className="space-y-6">
          <section aria-labelledby="player-details" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line">
            <h2 id="player-details" className="text-lg font-bold">
              Details
            </h2>
            <dl className="mt-3 divide-y divide-line">
              {details
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <div key={label} className="flex justify-between gap-4 py-2 text-sm">
                    <dt className="font-semibold text-muted">{label}</dt>
                    <dd className="text-right">{value}</dd>
                  </div>
                ))}
            </dl>
          </section>
          {social.length > 0 && (
            <section aria-labelledby="player-social" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line">
              <h2 id="player-social" className="text-lg font-bold">
                Follow {player.full_name.split(' ')[0]}
              </h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {social.map(([network, url]) => (
                  <li key={network}>
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-10 items-center rounded-lg bg-brand-50 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100"
                    >
                      {SOCIAL_LABELS[network.toLowerCase()] ?? network}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>
    </>
  );
}
