import { useState, type FormEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import { addDaysIso, clubDateOf, formatLongDateGB } from '../../../shared/dates';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { DialogActions } from '../../components/admin/dialog-actions';
import { ResourceTab } from '../../components/admin/resource-tab';
import { OneOffSessionForm } from '../../components/admin/one-off-session-form';
import { slotConfig, toSlotRows } from '../../components/admin/training-slots';
import { AdminLoading, Badge, SectionHeader } from '../../components/admin/section';
import type { AttendanceSheet as Sheet, TrainingSession as Session } from '../../../shared/contracts/teams';
import { FilterLinks } from '../../components/public/empty-state';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { FormMessage, TextField } from '../../components/ui/field';

const MOVE_FIELDS = ['date', 'place', 'start_time', 'end_time'] as const;
import { toast } from '../../components/ui/toast';
import { client, errorDetail, loadList, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { useFormSubmit, whileBusy } from '../../lib/use-form-submit';
import { adminMeta } from '../../components/admin/meta';
import type { Route } from './+types/training';

export const meta: Route.MetaFunction = () => adminMeta('Training', 'Tick who came to a training session.');

export const ATTENDANCE_SAVED = 'Attendance saved';
export const NO_RECENT_SESSIONS = 'No training sessions in the last 4 weeks. Sessions come from each team\'s weekly training slots.';
const RECENT_DAYS = 28;
const UPCOMING_DAYS = 14;
export const NO_UPCOMING_SESSIONS = 'No training sessions in the next 2 weeks.';

/** Admins and staff record attendance. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'runsTeams');
}

/** The sessions of the last 4 weeks that have begun (newest first), and the chosen one's sheet. */
export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const chosen = params.get('session');
  const today = clubDateOf(new Date());
  const [, recent, next, allTeams, mine] = await Promise.all([
    serverLoader(),
    loadList('recent sessions', client['training-sessions'].$get({ query: { from: addDaysIso(today, -RECENT_DAYS), to: today } })),
    loadList('upcoming sessions', client['training-sessions'].$get({ query: { from: today, to: addDaysIso(today, UPCOMING_DAYS) } })),
    loadList('teams', client.teams.$get()),
    read(client.admin['my-teams'].$get()),
  ]);
  // A manager, coach or assistant runs their own teams' training (issue 21).
  const ours = <T extends { team_id: string }>(list: T[]) => (mine.all ? list : list.filter((x) => mine.team_ids.includes(x.team_id)));
  const [all, ahead] = [ours(recent), ours(next)];
  const teams = mine.all ? allTeams : allTeams.filter((t) => mine.team_ids.includes(t.id));
  // Weekly slots of one team (?team=<id>), the first by default.
  const team = teams.find((t) => t.id === params.get('team')) ?? teams[0] ?? null;
  const slots = team ? await loadList('training slots', client.teams[':id']['training-slots'].$get({ param: { id: team.id } })) : [];
  const sessions = all.filter((s) => new Date(s.starts_at) <= new Date()).reverse();
  const upcoming = ahead.filter((s) => new Date(s.starts_at) > new Date());
  const sheet = chosen
    ? await read(client['training-sessions'][':id'].attendance.$get({ param: { id: chosen } })).catch((error) => {
        console.error('[admin] loading the attendance sheet failed:', errorDetail(error));
        return null;
      })
    : null;
  return { sessions, sheet, upcoming, teams, team, slots };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const sessionLabel = (s: Session) => `${s.one_off || s.kind !== 'training' ? s.label : s.team} · ${formatLongDateGB(s.date)} · ${s.start_time}`;

export default function AdminTraining({ loaderData }: Route.ComponentProps) {
  const { sessions, sheet, upcoming, teams, team, slots } = loaderData;
  return (
    <section>
      <SectionHeader title="Training attendance" description="Choose a session, tick who came and save. Players see their attendance in the portal." />
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <nav aria-label="Training sessions" className="self-start rounded-2xl bg-white p-2 shadow-sm ring-1 ring-line">
          {sessions.length === 0 ? (
            <p className="p-4 text-sm text-muted">{NO_RECENT_SESSIONS}</p>
          ) : (
            <ul className="max-h-80 space-y-1 overflow-y-auto lg:max-h-[calc(100dvh-2rem)]">
              {sessions.map((s) => {
                const current = sheet?.session.id === s.id;
                return (
                  <li key={s.id}>
                    <Link
                      to={`?session=${s.id}`}
                      preventScrollReset
                      aria-current={current ? 'true' : undefined}
                      className={`flex min-h-12 items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm ${current ? 'bg-brand-800 text-white' : 'text-ink hover:bg-brand-50'}`}
                    >
                      <span className="min-w-0">
                        <span className="block font-semibold">{s.team}</span>
                        <span className={`block text-xs ${current ? 'text-brand-100' : 'text-muted'}`}>
                          {formatLongDateGB(s.date)} · {s.start_time}
                        </span>
                      </span>
                      <span className="shrink-0 whitespace-nowrap">
                        {s.status === 'cancelled' ? <Badge tone="danger">Cancelled</Badge> : s.attendance_recorded ? <Badge tone="success">Recorded</Badge> : <Badge>To record</Badge>}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </nav>
        {sheet ? <AttendanceSheet key={`${sheet.session.id}-${sheet.recorded_at}`} sheet={sheet} /> : (
          <p className="rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-line">Choose a session to record who came.</p>
        )}
      </div>
      <UpcomingSessions sessions={upcoming} />
      {teams.length > 0 && (
        <div className="mt-10">
          <OneOffSessionForm teams={teams} />
        </div>
      )}
      {team && (
        <div className="mt-10 space-y-4">
          <FilterLinks label="Weekly training of" items={teams.map((t) => ({ to: `?team=${t.id}`, label: t.name, current: t.id === team.id }))} />
          <ResourceTab config={slotConfig(team)} rows={toSlotRows(slots)} />
        </div>
      )}
    </section>
  );
}

/** The next two weeks: cancel, reinstate or move one session; the weekly slot stays as it is. */
function UpcomingSessions({ sessions }: { sessions: Session[] }) {
  const revalidator = useRevalidator();
  const [moving, setMoving] = useState<Session | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const [deleting, setDeleting] = useState<Session | null>(null);

  async function remove(s: Session) {
    setDeleting(null);
    await whileBusy(
      (on) => setBusy(on ? s.id : null),
      async () => {
        await read(client['training-sessions'][':id'].$delete({ param: { id: s.id } }));
        toast.success('Deleted');
        await revalidator.revalidate();
      },
      (e) => toast.error(`Error deleting the session: ${errorDetail(e)}`),
    );
  }

  async function setStatus(s: Session, status: Session['status']) {
    await whileBusy(
      (on) => setBusy(on ? s.id : null),
      async () => {
        await read(client['training-sessions'][':id'].$patch({ param: { id: s.id }, json: { status, version: s.version } }));
        toast.success(status === 'cancelled' ? 'Session cancelled' : 'Session reinstated');
        await revalidator.revalidate();
      },
      (e) => toast.error(`Error changing the session: ${errorDetail(e)}`),
    );
  }

  return (
    <section aria-labelledby="upcoming-heading" className="mt-10 space-y-3">
      <div>
        <h3 id="upcoming-heading" className="text-lg font-bold text-ink">
          Upcoming sessions
        </h3>
        <p className="text-sm text-muted">Cancel or move one session. The team's weekly slot does not change.</p>
      </div>
      {sessions.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-center text-muted ring-1 ring-line">{NO_UPCOMING_SESSIONS}</p>
      ) : (
        <ul className="divide-y divide-line rounded-2xl bg-white shadow-sm ring-1 ring-line">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className={`font-semibold ${s.status === 'cancelled' ? 'text-muted line-through' : 'text-ink'}`}>{sessionLabel(s)}</p>
                <p className="text-sm text-muted">
                  {s.meet_time ? `Meet ${s.meet_time} · ` : ''}
                  {s.start_time} – {s.end_time} · {s.place}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {s.status === 'cancelled' ? <Badge tone="danger">Cancelled</Badge> : s.moved ? <Badge tone="warning">Moved</Badge> : null}
                <Button variant="secondary" size="sm" className="min-h-11" onClick={() => setMoving(s)} disabled={busy === s.id}>
                  Move<span className="sr-only"> {sessionLabel(s)}</span>
                </Button>
                {s.one_off && !s.attendance_recorded && (
                  <Button variant="secondary" size="sm" className="min-h-11" onClick={() => setDeleting(s)} disabled={busy === s.id}>
                    Delete<span className="sr-only"> {sessionLabel(s)}</span>
                  </Button>
                )}
                {s.status === 'cancelled' ? (
                  <Button variant="secondary" size="sm" className="min-h-11" onClick={() => void setStatus(s, 'scheduled')} disabled={busy === s.id}>
                    Reinstate<span className="sr-only"> {sessionLabel(s)}</span>
                  </Button>
                ) : (
                  <Button variant="danger" size="sm" className="min-h-11" onClick={() => void setStatus(s, 'cancelled')} disabled={busy === s.id}>
                    Cancel<span className="sr-only"> {sessionLabel(s)}</span>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${sessionLabel(deleting)}?` : 'Delete'}
        message="It goes from the schedule and the calendars. Once players have answered, cancel it instead so that they are told."
        busy={busy !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
      <MoveDialog key={moving?.id ?? 'closed'} session={moving} onClose={() => setMoving(null)} onSaved={async () => {
        setMoving(null);
        await revalidator.revalidate();
      }} />
    </section>
  );
}

function MoveDialog({ session, onClose, onSaved }: { session: Session | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const [values, setValues] = useState(() => ({
    date: session?.date ?? '',
    start_time: session?.start_time ?? '',
    end_time: session?.end_time ?? '',
    place: session?.place ?? '',
  }));
  const { busy, formError, errors, submit } = useFormSubmit();
  const set = (name: keyof typeof values, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const summary = summaryOf(MOVE_FIELDS, { error: formError, fieldErrors: errors });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!session) return;
    await submit(async () => {
      await read(client['training-sessions'][':id'].$patch({ param: { id: session.id }, json: { ...values, version: session.version } }));
      toast.success('Session moved');
      await onSaved();
    });
  }

  return (
    <Dialog open={session !== null} onClose={onClose} title={session ? `Move ${sessionLabel(session)}` : 'Move session'} description="Only this session changes.">
      <form noValidate onSubmit={save} className="space-y-4">
        <ErrorSummary errors={summary.errors} order={MOVE_FIELDS} message={summary.message} idFor={(f) => fieldId(f, 'move')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id={fieldId('date', 'move')} label="Date" type="date" required value={values.date} error={summary.errors.date} onChange={(e) => set('date', e.target.value)} />
          <TextField id={fieldId('place', 'move')} label="Place" required value={values.place} error={summary.errors.place} onChange={(e) => set('place', e.target.value)} />
          <TextField id={fieldId('start_time', 'move')} label="Start" type="time" required value={values.start_time} error={summary.errors.start_time} onChange={(e) => set('start_time', e.target.value)} />
          <TextField id={fieldId('end_time', 'move')} label="End" type="time" required value={values.end_time} error={summary.errors.end_time} onChange={(e) => set('end_time', e.target.value)} />
        </div>
        <DialogActions onClose={onClose} busy={busy} closeLabel="Close" submitLabel="Move session" />
      </form>
    </Dialog>
  );
}

function AttendanceSheet({ sheet }: { sheet: Sheet }) {
  const revalidator = useRevalidator();
  const [present, setPresent] = useState(() => new Set(sheet.players.filter((p) => p.present).map((p) => p.id)));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const { session } = sheet;
  const cancelled = session.status === 'cancelled';

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      await read(client['training-sessions'][':id'].attendance.$put({ param: { id: session.id }, json: { present: [...present] } }));
      toast.success(`${ATTENDANCE_SAVED}: ${present.size} of ${sheet.players.length} came`);
      await revalidator.revalidate();
    } catch (e) {
      setError(errorDetail(e));
      toast.error(`Error saving attendance: ${errorDetail(e)}`);
    } finally {
      setBusy(false);
    }
  }

  const toggle = (id: string, on: boolean) =>
    setPresent((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <form onSubmit={save} aria-labelledby="sheet-heading" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
      <div>
        <h3 id="sheet-heading" className="text-lg font-bold text-ink">
          {sessionLabel(session)}
        </h3>
        <p className="text-sm text-muted">
          {session.start_time} – {session.end_time} · {session.place}
          {sheet.recorded_at ? ' · Recorded' : ''}
        </p>
      </div>
      <FormMessage>{cancelled ? 'This session was cancelled: there is no attendance to record.' : error}</FormMessage>
      {sheet.players.length === 0 ? (
        <p className="text-muted">Nobody plays for this team yet. Add players to it in the Players tab.</p>
      ) : (
        <fieldset disabled={cancelled}>
          <legend className="text-sm font-semibold text-ink">
            Who came? <span className="font-normal text-muted">({present.size} of {sheet.players.length})</span>
          </legend>
          <ul className="mt-2 divide-y divide-line rounded-xl ring-1 ring-line">
            {sheet.players.map((p) => (
              <li key={p.id}>
                <label className="flex min-h-14 cursor-pointer items-center gap-4 px-4 py-2 text-base text-ink has-[:checked]:bg-brand-50">
                  <input type="checkbox" className="size-7 shrink-0 rounded accent-brand-800" checked={present.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
                  <span className="min-w-0 flex-1 font-semibold">{p.full_name}</span>
                  {p.jersey_number !== null && <span className="text-sm text-muted">#{p.jersey_number}</span>}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="sticky bottom-0 -mx-4 border-t border-line bg-white px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:p-0">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy || cancelled || sheet.players.length === 0}>
          {busy ? 'Saving…' : 'Save attendance'}
        </Button>
      </div>
    </form>
  );
}
