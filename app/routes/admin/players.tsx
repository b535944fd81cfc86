import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { LINKS_HINT, resourceFor, ResourceTab } from '../../components/admin/resource-tab';
import { AccountSection, FeedbackSection, hasLogin, PaymentsSection, StatsSection } from '../../components/admin/player-sections';
import { AdminLoading, Badge } from '../../components/admin/section';
import { MembershipSection, playerDeleteConfirmation } from '../../components/admin/player-membership';
import { Button } from '../../components/ui/button';
import { NO_POSITION, NO_SQUAD_GROUP, TEAM_TYPES, squadPlace } from '../../../shared/content-constants';
import { POSITIONS } from '../../../shared/players';
import type { AdminPlayer as Player, Feedback, Payment, PlayerStats } from '../../../shared/contracts/players';
import type { Team } from '../../../shared/contracts/teams';
import { useCan } from '../../components/admin/use-admin-user';
import { TextField } from '../../components/ui/field';
import { client, errorDetail, loadList, read, type JsonOf } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/players';

export const meta: Route.MetaFunction = () => adminMeta('Players', "The squad: each player's details, login, stats, payments, feedback and membership.");

/**
 * One Players area (ADR 027; it was two tabs, Players and Player Management): admins add, edit
 * and remove players and manage logins and payments; staff see the squad and update stats and
 * feedback. ?player={id} opens one player's sections.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request);
}

export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const playerId = new URL(request.url).searchParams.get('player');
  const [{ can }, players, left, teams] = await Promise.all([
    serverLoader(),
    loadList('players', client.players.$get({ query: {} })),
    loadList('players who left', client.players.$get({ query: { status: 'left' } })),
    loadList('teams', client.teams.$get()),
  ]);
  const leftOne = left.find((p) => p.id === playerId);
  const selected = players.find((p) => p.id === playerId) ?? leftOne ?? null;
  const hasLeft = leftOne !== undefined;
  if (!selected) return { players, left, teams, selected: null, hasLeft, stats: null, payments: [] as Payment[], feedback: [] as Feedback[] };
  const id = selected.id;
  const [stats, payments, feedback] = await Promise.all([
    read(client.players[':id'].stats.$get({ param: { id } })).catch((error) => {
      console.error('[admin] loading stats failed:', errorDetail(error));
      return null;
    }),
    can.memberRecords ? loadList('payments', client.players[':id'].payments.$get({ param: { id } })) : Promise.resolve([] as Payment[]),
    loadList('feedback', client.players[':id'].feedback.$get({ param: { id } })),
  ]);
  return { players, left, teams, selected, hasLeft, stats, payments, feedback };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

/** Search by name, jersey number ("7" or "#7") or position. */
export function matchesSearch(player: Pick<Player, 'full_name' | 'jersey_number' | 'position'>, query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const number = q.replace(/^#/, '');
  if (/^\d+$/.test(number)) return player.jersey_number === Number(number);
  return player.full_name.toLowerCase().includes(q) || (player.position ?? '').toLowerCase().includes(q);
}

const SECTION_LINK = 'inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-800 underline underline-offset-4 hover:bg-brand-50';

/** The player form ticks the teams a player plays for (GET /api/teams). */
export const playerConfig = (teams: Team[], isAdmin = true, coaches = true) =>
  resourceFor<Player, JsonOf<typeof client.players.$post>>()({
  resource: 'Player',
  title: 'Players',
  description: isAdmin
    ? 'The squad and staff shown on the public Squad page. Open a player for their login, stats, payments and feedback.'
    : 'The squad. Open a player to update their stats and add feedback.',
  calls: {
    create: (json) => client.players.$post({ json }),
    update: (id, json) => client.players[':id'].$put({ param: { id }, json }),
    remove: (id) => client.players[':id'].$delete({ param: { id } }),
  },
  rowLabel: (p) => p.full_name,
  empty: 'No players yet. Add the first one.',
  canAdd: isAdmin,
  canEdit: isAdmin,
  canDelete: isAdmin,
  deleteConfirmation: playerDeleteConfirmation,
  rowActions: (p) => (
    <>
      {(isAdmin ? (['stats', 'payments', 'feedback', 'login'] as const) : coaches ? (['stats', 'feedback'] as const) : []).map((section) => (
        <Link key={section} to={`?player=${p.id}#${section}`} className={SECTION_LINK} aria-label={`${SECTION_NAMES[section]} of ${p.full_name}`}>
          {SECTION_NAMES[section]}
        </Link>
      ))}
    </>
  ),
  columns: [
    {
      header: 'Name',
      cell: (p) => (
        <Link to={`?player=${p.id}`} className="font-semibold text-brand-800 underline underline-offset-4">
          {p.full_name}
        </Link>
      ),
    },
    { header: 'Number', numeric: true, cell: (p) => p.jersey_number ?? '–' },
    { header: 'Position', cell: (p) => p.position ?? '–' },
    // Issue 23: a junior's age group this season, from their date of birth (31 August rule).
    { header: 'Age group', cell: (p) => (p.age_group ? <Badge tone="info">Junior · {p.age_group}</Badge> : '–') },
    { header: 'Squad group', cell: (p) => p.team_type ?? '–' },
    {
      header: 'Teams',
      cell: (p) =>
        teams
          .filter((t) => p.team_ids.includes(t.id))
          .map((t) => t.name)
          .join(', ') || '–',
    },
    { header: 'Nationality', cell: (p) => p.nationality },
    { header: 'Login', cell: (p) => (hasLogin(p) ? <Badge tone="success">Has login</Badge> : <Badge>No login</Badge>) },
  ],
  fields: [
    { name: 'full_name', label: 'Full name', type: 'text', required: true },
    { name: 'jersey_number', label: 'Jersey number', type: 'number', min: 0, max: 99 },
    { name: 'position', label: 'Position', type: 'select', options: [{ value: '', label: NO_POSITION }, ...POSITIONS.map((p) => ({ value: p, label: p }))] },
    {
      name: 'team_type',
      label: 'Squad group',
      type: 'select',
      options: [{ value: '', label: NO_SQUAD_GROUP }, ...TEAM_TYPES.map((t) => ({ value: t, label: t }))],
      hint: 'Where the public Squad page lists them (a junior is listed under their junior team)',
    },
    {
      name: 'team_ids',
      label: 'Teams',
      type: 'checkboxes',
      required: true,
      wide: true,
      options: teams.map((t) => ({ value: t.id, label: t.name })),
      hint: 'The teams they play for: fixtures, training and attendance',
    },
    { name: 'nationality', label: 'Nationality', type: 'text' },
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

export const COACHES_KEEP_STATS = 'Season stats and feedback are kept by the player’s coaches and the club secretary.';

const SECTION_NAMES = { login: 'Login', stats: 'Stats', payments: 'Payments', feedback: 'Feedback' } as const;

export default function AdminPlayers({ loaderData }: Route.ComponentProps) {
  const { players, left, teams, selected, hasLeft, stats, payments, feedback } = loaderData;
  // What the screen offers follows the rule book: members' records themselves are the admin's (issue 30).
  const can = useCan();
  const isAdmin = can.memberRecords;
  // Stats and coach feedback are written by those who run teams (the treasurer never does, issue 31).
  const coaches = can.runsTeams;
  const [query, setQuery] = useState('');

  if (selected)
    return <PlayerPage player={selected} hasLeft={hasLeft} isAdmin={isAdmin} coaches={coaches} stats={stats} payments={payments} feedback={feedback} />;

  const shown = players.filter((p) => matchesSearch(p, query));
  return (
    <>
      <ResourceTab
        config={playerConfig(teams, isAdmin, coaches)}
        rows={shown}
        empty={query.trim() && players.length > 0 ? `No player matches “${query.trim()}”.` : undefined}
        filters={
          <search className="mb-4 block max-w-md">
            <TextField
              label="Search players"
              name="q"
              type="search"
              hint="By name, shirt number or position"
              autoComplete="off"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </search>
        }
      />
      <PlayersWhoLeft players={left} />
    </>
  );
}

/** Those who left the club (GET /api/players?status=left), behind a toggle: each opens their page, where they can be brought back. */
function PlayersWhoLeft({ players }: { players: Player[] }) {
  const [open, setOpen] = useState(false);
  if (players.length === 0) return null;
  return (
    <section aria-labelledby="players-who-left" className="mt-8">
      <h2 id="players-who-left" className="sr-only">
        Left the club
      </h2>
      <Button variant="secondary" aria-expanded={open} aria-controls="players-who-left-list" onClick={() => setOpen(!open)}>
        {open ? 'Hide players who left' : `Show players who left (${players.length})`}
      </Button>
      {open && (
        <div id="players-who-left-list" className="mt-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
          <p className="mb-3 text-sm text-muted">Their history is kept. Open one to bring them back (“Back in the club”) or to delete them for good.</p>
          <ul className="space-y-1">
            {players.map((p) => (
              <li key={p.id}>
                <Link
                  to={`?player=${p.id}`}
                  className="inline-flex min-h-11 items-center font-semibold break-words text-brand-800 underline underline-offset-4"
                >
                  {p.full_name}
                </Link>{' '}
                <span className="text-sm text-muted">
                  {squadPlace(p)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** One player: login (admin), stats, payments (admin) and feedback, each with an anchor the list links to. */
function PlayerPage({
  player,
  hasLeft,
  isAdmin,
  coaches,
  stats,
  payments,
  feedback,
}: {
  player: Player;
  hasLeft: boolean;
  isAdmin: boolean;
  coaches: boolean;
  stats: PlayerStats | null;
  payments: Payment[];
  feedback: Feedback[];
}) {
  const { hash } = useLocation();
  // The sections load in the browser, after the browser looked for the #anchor: scroll to it now.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash, player.id]);
  return (
    <section className="min-w-0 space-y-6">
      <Link to="/admin/players" className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-4">
        ← All players
      </Link>
      <h2 className="text-2xl font-bold">
        {player.full_name}
        {player.jersey_number != null && <span className="ml-2 text-brand-700">#{player.jersey_number}</span>}
      </h2>
      <p className="-mt-4 text-sm text-muted">
        {squadPlace(player)} · {hasLogin(player) ? 'Has login' : 'No login'}
        {hasLeft && (
          <>
            {' · '}
            <Badge tone="warning">Left the club</Badge>
          </>
        )}
      </p>
      {isAdmin && (
        <div id="login" className="scroll-mt-20">
          <AccountSection key={`account-${player.id}-${player.user_id}`} player={player} />
        </div>
      )}
      {coaches ? (
        <div id="stats" className="scroll-mt-20">
          <StatsSection key={`stats-${player.id}-${JSON.stringify(stats)}`} player={player} stats={stats} />
        </div>
      ) : (
        <p className="text-sm text-muted">{COACHES_KEEP_STATS}</p>
      )}
      {isAdmin && (
        <div id="payments" className="scroll-mt-20">
          <PaymentsSection key={`payments-${player.id}`} player={player} payments={payments} />
        </div>
      )}
      {coaches && (
        <div id="feedback" className="scroll-mt-20">
          <FeedbackSection key={`feedback-${player.id}`} player={player} feedback={feedback} />
        </div>
      )}
      {isAdmin && (
        <div id="membership" className="scroll-mt-20">
          <MembershipSection key={`membership-${player.id}`} player={player} hasLeft={hasLeft} />
        </div>
      )}
    </section>
  );
}
