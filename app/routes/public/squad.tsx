import { Link } from '../../components/ui/link';
import { SQUAD_FILTERS } from '../../../shared/content-constants';
import { POSITIONS } from '../../../shared/players';
import type { PublicPlayer } from '../../../server/services/squad';
import { EmptyState, FilterLinks, PageHeader } from '../../components/public/empty-state';
import { PlayerTile } from '../../components/public/player-tile';
import { club } from '../../../shared/club';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { PageHandle } from '../../lib/page-scripts';
import type { Route } from './+types/squad';

/** Nothing interactive: sent as HTML and CSS, without React's JavaScript (ADR 025). */
export const handle: PageHandle = { hydrate: false };

export const SQUAD_EMPTY = 'The squad information will be updated soon.';
export const SQUAD_FILTER_EMPTY = 'No players match the selected filter.';

export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('team')?.toLowerCase() ?? null;
  const filter = SQUAD_FILTERS.find((f) => f.team === asked) ?? SQUAD_FILTERS[0];
  const [players, teams] = await Promise.all([context.services.squad.list({ team: filter.team ?? undefined }), context.services.teams.list()]);
  // Which empty message: none at all, or none for this filter.
  const anyPlayers = players.length > 0 || (filter.team !== null && (await context.services.squad.list()).length > 0);
  return { players, teams: teams.map((t) => ({ id: t.id, name: t.name })), team: filter.team, anyPlayers, origin: siteOrigin(context) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta({
    title: 'Squad & Staff',
    description: `Meet the players and staff of ${club().club_name}: the Senior team, the Vets, the juniors and the volunteers who run the club.`,
    origin: data?.origin,
    path: '/squad',
  });

const STAFF_ROLE_NAMES = { manager: 'Manager', coach: 'Coach', assistant: 'Assistant' } as const;

/** "Manager, Vets · Coach, Senior": a member of staff's places, shown in the Staff section. */
export const staffRolesText = (player: Pick<PublicPlayer, 'staff_roles'>) =>
  player.staff_roles.map((r) => `${STAFF_ROLE_NAMES[r.role]}, ${r.team_name}`).join(' · ');

export function PlayerCard({ player, headingLevel = 4, asStaff = false }: { player: PublicPlayer; headingLevel?: 2 | 3 | 4; asStaff?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden wrap-anywhere rounded-2xl bg-white shadow-sm ring-1 ring-line hover:ring-brand-700">
      <div className="relative bg-brand-50">
        {player.photo_url ? (
          <img src={player.photo_url} alt="" width={400} height={400} loading="lazy" className="aspect-square w-full object-cover" />
        ) : (
          <PlayerTile player={player} className="aspect-square w-full text-[10px] sm:text-xs" />
        )}
        {player.photo_url && player.jersey_number !== null && (
          <span className="absolute left-2 top-2 flex size-9 items-center justify-center rounded-full bg-brand-800 text-base font-black text-white shadow sm:left-3 sm:top-3 sm:size-11 sm:text-lg" aria-hidden="true">
            {player.jersey_number}
          </span>
        )}
        <span className="absolute right-2 top-2 rounded-full bg-gold-400 px-2 py-0.5 text-xs font-bold text-brand-950 sm:right-3 sm:top-3 sm:px-2.5">{asStaff ? 'Staff' : (player.team_type ?? player.age_group ?? 'Junior')}</span>
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <Heading className="text-base font-bold leading-snug sm:text-lg">
          <Link to={`/player/${player.id}`} className="after:absolute after:inset-0 hover:text-brand-800">
            {player.full_name}
          </Link>
        </Heading>
        {(asStaff && player.staff_roles.length > 0) || player.position || player.jersey_number !== null ? (
          <p className="text-sm font-semibold text-brand-800">
            {asStaff && player.staff_roles.length > 0 ? staffRolesText(player) : player.position}
            {player.jersey_number !== null && <span className="sr-only">, number {player.jersey_number}</span>}
          </p>
        ) : null}
        {player.nationality && <p className="text-sm text-muted">{player.nationality}</p>}
        {player.bio && <p className="mt-2 line-clamp-3 text-sm text-muted">{player.bio}</p>}
      </div>
    </article>
  );
}

/** The Squad page's adult sections: the first team first, then the Vets; the juniors' teams follow, then the staff. */
export const SQUAD_GROUPS = [
  { team_type: 'Senior', heading: 'Senior Team' },
  { team_type: 'Vets', heading: 'Vets Team' },
] as const;

const POSITION_HEADINGS: Record<string, string> = {
  Goalkeeper: 'Goalkeepers',
  Defender: 'Defenders',
  Midfielder: 'Midfielders',
  Forward: 'Forwards',
  Staff: 'Staff',
};
/** Adults whose position is not given yet. */
const NO_POSITION_HEADING = 'Players';

export interface SquadTeam {
  id: string;
  name: string;
}
export interface SquadGroup {
  key: string;
  heading: string;
  /** The section's members by position; one entry headed like the section when it needs no position headings. */
  positions: { key: string; heading: string; players: PublicPlayer[] }[];
  staff?: boolean;
}

/**
 * Players by section, then (adults) by position in POSITIONS order; empty groups left out. A junior
 * (team_type null, issue 31) is listed under each team they play for, in team order, never under
 * Senior. The Staff section lists the Staff group and everyone on a team's staff (a player-coach is in
 * both sections).
 */
export function groupSquad(players: PublicPlayer[], team: string | null = null, teams: SquadTeam[] = []): SquadGroup[] {
  const staff = players.filter((p) => p.team_type === 'Staff' || p.staff_roles.length > 0);
  const staffGroup: SquadGroup = { key: 'staff', heading: 'Staff', staff: true, positions: staff.length ? [{ key: 'staff', heading: 'Staff', players: staff }] : [] };
  // The Staff filter shows the Staff section only (a player-coach is not listed with their team there).
  if (team === 'staff') return staffGroup.positions.length ? [staffGroup] : [];
  const adults: SquadGroup[] = SQUAD_GROUPS.map((group) => {
    const members = players.filter((p) => p.team_type === group.team_type);
    const positions: SquadGroup['positions'] = POSITIONS.map((position) => ({ key: position, heading: POSITION_HEADINGS[position], players: members.filter((p) => p.position === position) }));
    positions.push({ key: 'none', heading: NO_POSITION_HEADING, players: members.filter((p) => p.position === null) });
    return { key: group.team_type.toLowerCase(), heading: group.heading, positions: positions.filter((g) => g.players.length > 0) };
  });
  const ungrouped = players.filter((p) => p.team_type === null);
  const byTeam: SquadGroup[] = teams.map((t) => {
    const members = ungrouped.filter((p) => p.team_ids.includes(t.id));
    return { key: `team-${t.id}`, heading: t.name, positions: members.length ? [{ key: t.id, heading: t.name, players: members }] : [] };
  });
  const teamless = ungrouped.filter((p) => !p.team_ids.some((id) => teams.some((t) => t.id === id)));
  const others: SquadGroup = { key: 'others', heading: 'Other players', positions: teamless.length ? [{ key: 'others', heading: 'Other players', players: teamless }] : [] };
  return [...adults, ...byTeam, others, staffGroup].filter((g) => g.positions.length > 0);
}

function PlayerGrid({ players, headingLevel, asStaff = false }: { players: PublicPlayer[]; headingLevel: 3 | 4; asStaff?: boolean }) {
  return (
    <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
      {players.map((p) => (
        <li key={p.id}>
          <PlayerCard player={p} headingLevel={headingLevel} asStaff={asStaff} />
        </li>
      ))}
    </ul>
  );
}

export default function Squad({ loaderData }: Route.ComponentProps) {
  const { players, teams, team, anyPlayers } = loaderData;
  const groups = groupSquad(players, team, teams);
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
          groups.map((group) => {
            // A group with one kind of member (the staff) needs no position headings.
            const single = group.positions.length === 1 && group.positions[0].heading === group.heading;
            const id = `squad-${group.key}`;
            return (
              <section key={group.key} aria-labelledby={id} data-testid="squad-group" className="pt-4">
                <h2 id={id} className="border-b-4 border-gold-400 pb-2 text-2xl font-extrabold tracking-tight sm:text-3xl">
                  {group.heading}
                </h2>
                {single ? (
                  <PlayerGrid players={group.positions[0].players} headingLevel={3} asStaff={group.staff} />
                ) : (
                  group.positions.map((p) => (
                    <div key={p.key} className="mt-6">
                      <h3 className="text-lg font-bold uppercase tracking-wide text-brand-800">{p.heading}</h3>
                      <PlayerGrid players={p.players} headingLevel={4} />
                    </div>
                  ))
                )}
              </section>
            );
          })
        )}
      </div>
    </>
  );
}
