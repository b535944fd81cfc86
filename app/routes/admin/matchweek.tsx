import { useEffect, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { AVAILABILITY_LABELS, type AvailabilityStatus } from '../../../shared/availability';
import { formatLongDateGB } from '../../../shared/players';
import { adminMeta } from '../../components/admin/meta';
import { AdminLoading, Badge, SectionHeader } from '../../components/admin/section';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { api, errorDetail, loadList } from '../../lib/api-client';
import { requireAdminArea } from '../../lib/guards.server';
import type { Route } from './+types/matchweek';

export const meta: Route.MetaFunction = () => adminMeta('Match week', 'Who can play: availability for each upcoming fixture.');

export const NO_FIXTURES = 'No upcoming fixtures. Add one in the Fixtures tab.';

interface Fixture {
  id: string;
  team: string;
  match_date: string;
  match_time: string;
  venue: string;
  is_home: boolean;
  away_team: string;
  competition: string;
}
interface PlayerAnswer {
  player_id: string;
  full_name: string;
  jersey_number: number | null;
  has_login: boolean;
  status: AvailabilityStatus | null;
  note: string | null;
  on_behalf: boolean;
  answered_by: string | null;
}
export interface EventAnswers {
  event: { id: string; title: string; date: string; time: string; place: string; open: boolean; cancelled: boolean; locks_at: string };
  counts: { available: number; maybe: number; unavailable: number; no_answer: number };
  players: PlayerAnswer[];
}

/** Admins and staff. */
export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireAdminArea(context, request) };
}

/** The upcoming fixtures and the chosen one's answers (the first by default). */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const chosen = new URL(request.url).searchParams.get('fixture');
  const [, fixtures] = await Promise.all([serverLoader(), loadList<Fixture>('/api/fixtures?status=upcoming&limit=30')]);
  const fixture = fixtures.find((f) => f.id === chosen) ?? fixtures[0] ?? null;
  const answers = fixture
    ? await api.get<EventAnswers>(`/api/fixtures/${fixture.id}/availability`).catch((error) => {
        console.error('[admin] loading availability failed:', errorDetail(error));
        return null;
      })
    : null;
  return { fixtures, fixture, answers };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const STATUS_TONE: Record<AvailabilityStatus, 'success' | 'warning' | 'danger'> = { available: 'success', maybe: 'warning', unavailable: 'danger' };
const fixtureLabel = (f: Fixture) => `${f.team} ${f.is_home ? 'vs' : '@'} ${f.away_team}`;

export default function AdminMatchWeek({ loaderData }: Route.ComponentProps) {
  const { fixtures, fixture, answers } = loaderData;
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
          {answers ? <Availability key={fixture.id} fixture={fixture} answers={answers} /> : <p className="text-danger">Could not load the answers.</p>}
        </div>
      )}
    </section>
  );
}

function Availability({ fixture, answers }: { fixture: Fixture; answers: EventAnswers }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { counts } = answers;

  async function remind() {
    setBusy(true);
    setNotice(null);
    try {
      const res = await api.post<{ reminded: number }>(`/api/fixtures/${fixture.id}/availability/remind`, {});
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
          <Button onClick={remind} disabled={busy || counts.no_answer === 0 || !answers.event.open}>
            {busy ? 'Sending…' : "Remind those who haven't answered"}
          </Button>
        </div>
        <p role="status" className="mt-2 min-h-5 text-sm font-semibold text-danger">
          {notice}
        </p>
      </div>
      <ul aria-label="Players and their answers" className="divide-y divide-line rounded-2xl bg-white shadow-sm ring-1 ring-line">
        {answers.players.map((p) => (
          <li key={p.player_id} data-testid="availability-player" className="flex flex-wrap items-start justify-between gap-2 px-4 py-3">
            <div className="min-w-0">
              <p className="font-semibold text-ink">
                {p.jersey_number !== null && <span className="mr-2 tabular-nums text-muted">#{p.jersey_number}</span>}
                {p.full_name}
              </p>
              {p.note && <p className="text-sm text-ink">“{p.note}”</p>}
              {p.on_behalf && <p className="text-xs text-muted">Answered for them by {p.answered_by}</p>}
              {!p.has_login && <p className="text-xs text-muted">No login: answer for them</p>}
            </div>
            {p.status ? <Badge tone={STATUS_TONE[p.status]}>{AVAILABILITY_LABELS[p.status]}</Badge> : <Badge>No answer</Badge>}
          </li>
        ))}
      </ul>
    </div>
  );
}
