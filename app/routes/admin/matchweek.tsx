import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { AVAILABILITY_LABELS, AVAILABILITY_STATUSES, type AvailabilityStatus } from '../../../shared/availability';
import { formatLongDateGB } from '../../../shared/dates';
import { adminMeta } from '../../components/admin/meta';
import { AdminLoading, Badge, SectionHeader } from '../../components/admin/section';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import type { EventAnswers } from '../../../shared/contracts/availability';
import type { Fixture } from '../../../shared/contracts/fixtures';
import { client, errorDetail, loadList, read } from '../../lib/api-client';
import { choiceOf } from '../../lib/choices';
import { requireCan } from '../../lib/guards.server';
import { SquadPicker } from '../../components/admin/squad-picker';
import { useCan } from '../../components/admin/use-admin-user';
import { isJuniorAgeGroup } from '../../../shared/juniors';
import type { Route } from './+types/matchweek';

export const meta: Route.MetaFunction = () => adminMeta('Match week', 'Who can play: availability for each upcoming fixture.');

export const NO_FIXTURES = 'No upcoming fixtures. Add one in the Fixtures tab.';

type PlayerAnswer = EventAnswers['players'][number];

/** Admins and staff. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'runsTeams');
}

/** The upcoming fixtures and the chosen one's answers (the first by default). */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const chosen = new URL(request.url).searchParams.get('fixture');
  const [, upcoming, mine] = await Promise.all([
    serverLoader(),
    loadList('fixtures', client.fixtures.$get({ query: { status: 'upcoming', limit: '30' } })),
    read(client.admin['my-teams'].$get()),
  ]);
  // A manager, coach or assistant runs their own teams' match week (issue 21).
  const fixtures = mine.all ? upcoming : upcoming.filter((f) => mine.team_ids.includes(f.team_id));
  const fixture = fixtures.find((f) => f.id === chosen) ?? fixtures[0] ?? null;
  const answers = fixture
    ? await read(client.fixtures[':id'].availability.$get({ param: { id: fixture.id } })).catch((error) => {
        console.error('[admin] loading availability failed:', errorDetail(error));
        return null;
      })
    : null;
  const selection = fixture
    ? await read(client.fixtures[':id'].selection.$get({ param: { id: fixture.id } })).catch((error) => {
        console.error('[admin] loading the selection failed:', errorDetail(error));
        return null;
      })
    : null;
  return { fixtures, fixture, answers, selection };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const STATUS_TONE: Record<AvailabilityStatus, 'success' | 'warning' | 'danger'> = { available: 'success', maybe: 'warning', unavailable: 'danger' };
const fixtureLabel = (f: Fixture) => `${f.team} ${f.is_home ? 'vs' : '@'} ${f.away_team}`;

export default function AdminMatchWeek({ loaderData }: Route.ComponentProps) {
  const { fixtures, fixture, answers, selection } = loaderData;
  const revalidator = useRevalidator();
  // Answers arrive while the manager looks: fresh counts whenever the tab is shown again.
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void revalidator.revalidate();
    };
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, [revalidator]);

  return (
    <section>
      <SectionHeader title="Match week" description="Who can play in each upcoming fixture. Players answer in the portal or from their e-mail." />
      {fixtures.length === 0 || !fixture ? (
        <p className="rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-line">{NO_FIXTURES}</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
          <nav aria-label="Upcoming fixtures" className="self-start rounded-2xl bg-white p-2 shadow-sm ring-1 ring-line">
            <ul className="max-h-72 space-y-1 overflow-y-auto lg:max-h-[calc(100dvh-2rem)]">
              {fixtures.map((f) => {
                const current = f.id === fixture.id;
                return (
                  <li key={f.id}>
                    <Link
                      to={`?fixture=${f.id}`}
                      preventScrollReset
                      aria-current={current ? 'true' : undefined}
                      className={`block min-h-12 rounded-lg px-3 py-2 text-sm ${current ? 'bg-brand-800 text-white' : 'text-ink hover:bg-brand-50'}`}
                    >
                      <span className="block font-semibold">{fixtureLabel(f)}</span>
                      <span className={`block text-xs ${current ? 'text-brand-100' : 'text-muted'}`}>
                        {formatLongDateGB(f.match_date)} · {f.match_time}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="min-w-0 space-y-8">
            {answers ? <Availability key={fixture.id} fixture={fixture} answers={answers} /> : <p className="text-danger">Could not load the answers.</p>}
            {answers && selection && <SquadPicker key={`${fixture.id}-${selection.published_at}-${selection.version}`} fixture={fixture} answers={answers} selection={selection} />}
          </div>
        </div>
      )}
    </section>
  );
}

function Availability({ fixture, answers }: { fixture: Fixture; answers: EventAnswers }) {
  const revalidator = useRevalidator();
  const can = useCan();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { counts } = answers;

  async function remind() {
    setBusy(true);
    setNotice(null);
    try {
      const res = await read(client.fixtures[':id'].availability.remind.$post({ param: { id: fixture.id } }));
      toast.success(`Reminder sent to ${res.reminded} player${res.reminded === 1 ? '' : 's'}`);
    } catch (error) {
      setNotice(errorDetail(error));
    } finally {
      setBusy(false);
      await revalidator.revalidate();
    }
  }

  return (
    <div className="space-y-5">
      <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5">
        <h3 className="text-lg font-bold text-ink">{fixtureLabel(fixture)}</h3>
        <p className="text-sm text-muted">
          {formatLongDateGB(fixture.match_date)}, kick-off {fixture.match_time} · {fixture.venue} · {fixture.competition}
        </p>
        <dl data-testid="availability-counts" className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {(
            [
              ['Available', counts.available],
              ['Maybe', counts.maybe],
              ['Unavailable', counts.unavailable],
              ['No answer', counts.no_answer],
            ] as const
          ).map(([label, n]) => (
            <div key={label} className="rounded-xl bg-gray-50 p-3 ring-1 ring-line">
              <dt className="text-xs font-semibold text-muted">{label}</dt>
              <dd className="text-2xl font-extrabold tabular-nums text-ink">{n}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Button onClick={remind} disabled={busy || counts.no_answer + counts.maybe === 0 || !answers.event.open}>
            {busy ? 'Sending…' : "Remind those who haven't answered"}
          </Button>
          <Link to={`/team-sheet/${fixture.id}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            Team sheet
          </Link>
          {/* The team's own staff take the match-day card to a junior match (issue 31). */}
          {can.matchDay && isJuniorAgeGroup(fixture.age_group) && (
            <Link to={`/admin/match-day/${fixture.team_id}`} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
              Match-day card
            </Link>
          )}
        </div>
        <p role="status" className="mt-2 min-h-5 text-sm font-semibold text-danger">
          {notice}
        </p>
      </div>
      <AnswerGroups fixtureId={fixture.id} answers={answers} />
    </div>
  );
}

/** The order a manager reads answers in (issue 22): who can play first, those to chase, those who cannot (with their reasons). */
const GROUPS = [
  { key: 'available', title: 'Available' },
  { key: 'maybe', title: 'Maybe' },
  { key: null, title: 'No answer' },
  { key: 'unavailable', title: 'Unavailable' },
] as const;

function AnswerGroups({ fixtureId, answers }: { fixtureId: string; answers: EventAnswers }) {
  return (
    <div className="space-y-4">
      {GROUPS.map((group) => {
        const members = answers.players.filter((p) => p.status === group.key);
        if (members.length === 0) return null;
        const id = `answers-${group.key ?? 'none'}`;
        return (
          <section key={id} aria-labelledby={id}>
            <h4 id={id} className="mb-2 text-sm font-bold uppercase tracking-wide text-muted">
              {group.title} ({members.length})
            </h4>
            <ul className="divide-y divide-line rounded-2xl bg-white shadow-sm ring-1 ring-line">
              {members.map((p) => (
                <li key={p.player_id} data-testid="availability-player" className="flex flex-wrap items-start justify-between gap-2 px-4 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">
                      {p.jersey_number !== null && <span className="mr-2 tabular-nums text-muted">#{p.jersey_number}</span>}
                      {p.full_name}
                    </p>
                    {p.note && <p className="text-sm text-ink">“{p.note}”</p>}
                    {p.needs_recheck && <p className="text-xs font-semibold text-amber-800">Answered before the match changed</p>}
                    {p.on_behalf && <p className="text-xs text-muted">{p.by_guardian ? `Answered by ${p.answered_by}` : `Answered for them by ${p.answered_by}`}</p>}
                    {/* A parent or carer's answer stands: staff are not asked to answer over it (issue 31). */}
                    {!p.has_login && !p.by_guardian && <p className="text-xs text-muted">No login: answer for them</p>}
                  </div>
                  <div className="flex items-center gap-2">
                    {p.status ? <Badge tone={STATUS_TONE[p.status]}>{AVAILABILITY_LABELS[p.status]}</Badge> : <Badge>No answer</Badge>}
                    {!answers.event.cancelled ? <AnswerFor fixtureId={fixtureId} player={p} /> : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

/** Staff answer for a player (a phone call, no login): recorded as on their behalf. */
function AnswerFor({ fixtureId, player }: { fixtureId: string; player: PlayerAnswer }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function change(value: string) {
    const status = choiceOf(AVAILABILITY_STATUSES, value);
    if (!status) return;
    setBusy(true);
    try {
      await read(
        client.fixtures[':id'].availability[':player_id'].$put({
          param: { id: fixtureId, player_id: player.player_id },
          json: { status },
        }),
      );
      toast.success(`${player.full_name}: ${AVAILABILITY_LABELS[status]}`);
      await revalidator.revalidate();
    } catch (e) {
      toast.error(errorDetail(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <label className="text-sm">
      <span className="sr-only">Answer for {player.full_name}</span>
      <select value="" disabled={busy} onChange={(e) => change(e.target.value)} className="min-h-9 rounded-lg border border-line bg-white px-1 text-sm">
        <option value="">Set…</option>
        <option value="available">Available</option>
        <option value="maybe">Maybe</option>
        <option value="unavailable">Unavailable</option>
      </select>
    </label>
  );
}
