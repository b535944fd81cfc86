/** The match week's squad picker (issue 22: versioned saves, starters checked before publishing). */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { AVAILABILITY_LABELS, NO_STARTERS, STARTERS_MAX, TOO_MANY_STARTERS, type SelectionRole } from '../../../shared/availability';
import { formatStamp } from '../../../shared/dates';
import type { EventAnswers, Selection } from '../../../shared/contracts/availability';
import type { Fixture } from '../../../shared/contracts/fixtures';
import { ApiError, client, errorDetail, read } from '../../lib/api-client';
import { whileBusy } from '../../lib/use-form-submit';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';

type Pick = { role: '' | SelectionRole; shirt: string };
const REPLY: Record<string, string> = { true: 'Confirmed', false: 'Declined', null: 'Waiting for reply' };

/**
 * The squad: a role and a shirt number per player. Picking someone who said they are unavailable
 * asks for a second confirmation before saving; publishing mails the selected players.
 */
export function SquadPicker({ fixture, answers, selection }: { fixture: Fixture; answers: EventAnswers; selection: Selection }) {
  const revalidator = useRevalidator();
  const chosen = new Map(selection.players.map((p) => [p.player_id, p]));
  const [picks, setPicks] = useState<Record<string, Pick>>(() =>
    Object.fromEntries(
      answers.players.map((p) => {
        const s = chosen.get(p.player_id);
        return [p.player_id, { role: s?.role ?? '', shirt: String(s?.shirt_number ?? p.jersey_number ?? '') }];
      }),
    ),
  );
  const [warning, setWarning] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Someone else saved since this squad was loaded: their squad can be loaded (this one is kept in the form until then).
  const [stale, setStale] = useState<string | null>(null);
  const [captain, setCaptain] = useState(selection.players.find((p) => p.captain)?.player_id ?? '');
  const starters = Object.values(picks).filter((p) => p.role === 'starter').length;
  const startersProblem = starters === 0 ? NO_STARTERS : starters > STARTERS_MAX ? TOO_MANY_STARTERS : null;
  const [busy, setBusy] = useState(false);
  const picked = answers.players.filter((p) => picks[p.player_id]?.role);
  const set = (id: string, change: Partial<Pick>) => {
    setWarning(null);
    setPicks((all) => ({ ...all, [id]: { ...all[id], ...change } }));
  };

  async function save(confirmed: boolean) {
    setError(null);
    const unavailable = picked.filter((p) => p.status === 'unavailable').map((p) => p.full_name);
    if (unavailable.length && !confirmed) {
      setWarning(unavailable);
      return;
    }
    setBusy(true);
    try {
      await read(
        client.fixtures[':id'].selection.$put({
          param: { id: fixture.id },
          json: {
            players: picked.flatMap(({ player_id }) => {
              const { role, shirt } = picks[player_id];
              return role ? [{ player_id, role, shirt_number: Number(shirt), ...(player_id === captain ? { captain: true } : {}) }] : [];
            }),
            version: selection.version,
          },
        }),
      );
      setWarning(null);
      toast.success(`Squad saved: ${picked.length} player${picked.length === 1 ? '' : 's'}`);
      await revalidator.revalidate();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409 && selection.version !== undefined) setStale(errorDetail(e));
      else setError(errorDetail(e));
    } finally {
      setBusy(false);
    }
  }

  async function publish() {
    if (startersProblem) return setError(startersProblem);
    setError(null);
    await whileBusy(
      setBusy,
      async () => {
        const res = await read(client.fixtures[':id'].selection.publish.$post({ param: { id: fixture.id } }));
        toast.success(`Squad published: ${res.mailed} e-mail${res.mailed === 1 ? '' : 's'} on ${res.mailed === 1 ? 'its' : 'their'} way`);
        await revalidator.revalidate();
      },
      (e) => setError(errorDetail(e)),
    );
  }

  return (
    <section aria-labelledby="squad-heading" className="space-y-3">
      <div>
        <h3 id="squad-heading" className="text-lg font-bold text-ink">
          Squad
        </h3>
        <p className="text-sm text-muted">
          {selection.published_at
            ? `Published ${formatStamp(selection.published_at)}. Changes need another publish; only players new to the squad get an e-mail.`
            : 'Pick starters and substitutes with shirt numbers, save, then publish to tell the players.'}
        </p>
      </div>
      <SquadRows answers={answers} selection={selection} chosen={chosen} picks={picks} onPick={set} />
      {warning && (
        <div role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-ink ring-1 ring-amber-300">
          <p className="font-semibold">
            {warning.join(', ')} {warning.length === 1 ? 'has' : 'have'} said they are unavailable. Pick {warning.length === 1 ? 'them' : 'them all'} anyway?
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={() => save(true)} disabled={busy}>
              Save anyway
            </Button>
            <Button variant="secondary" onClick={() => setWarning(null)}>
              Change the squad
            </Button>
          </div>
        </div>
      )}
      <CaptainSelect picked={picked} captain={captain} onChange={setCaptain} />
      {stale && <StaleNotice detail={stale} onLoad={() => revalidator.revalidate()} />}
      {selection.saved_by && selection.saved_at && !stale && <p className="text-xs text-muted">Last saved by {selection.saved_by}, {formatStamp(selection.saved_at)}.</p>}
      {startersProblem && selection.players.length > 0 && <p className="text-sm font-semibold text-amber-800">{startersProblem}</p>}
      <p role="status" className="min-h-5 text-sm font-semibold text-danger">
        {error}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => save(false)} disabled={busy}>
          Save squad
        </Button>
        <Button variant="secondary" onClick={publish} disabled={busy || selection.players.length === 0}>
          Publish squad
        </Button>
      </div>
    </section>
  );
}

/** One row a player: their answer (and, once published, their reply), the role and the shirt number picked. */
function SquadRows({
  answers,
  selection,
  chosen,
  picks,
  onPick,
}: {
  answers: EventAnswers;
  selection: Selection;
  chosen: Map<string, Selection['players'][number]>;
  picks: Record<string, Pick>;
  onPick: (id: string, change: Partial<Pick>) => void;
}) {
  return (
    <ul className="divide-y divide-line rounded-2xl bg-white shadow-sm ring-1 ring-line">
      {answers.players.map((p) => {
        const pick = picks[p.player_id];
        const saved = chosen.get(p.player_id);
        return (
          <li key={p.player_id} data-testid="squad-row" className="flex flex-wrap items-center gap-3 px-4 py-3">
            <div className="min-w-40 flex-1">
              <p className="font-semibold text-ink">{p.full_name}</p>
              <p className="text-xs text-muted">
                {p.status ? AVAILABILITY_LABELS[p.status] : 'No answer'}
                {saved && selection.published_at ? ` · ${saved.reconfirm && saved.confirmed === null ? 'Asked to confirm again (the match changed)' : REPLY[String(saved.confirmed)]}` : ''}
              </p>
            </div>
            <label className="text-sm">
              <span className="sr-only">Role for {p.full_name}</span>
              <select
                value={pick.role}
                onChange={(e) => onPick(p.player_id, { role: e.target.value as Pick['role'] })}
                className="min-h-11 rounded-lg border border-line bg-white px-2 text-base"
              >
                <option value="">Not picked</option>
                <option value="starter">Starter</option>
                <option value="substitute">Substitute</option>
              </select>
            </label>
            <label className="text-sm">
              <span className="sr-only">Shirt number for {p.full_name}</span>
              <input
                type="number"
                min={1}
                max={99}
                inputMode="numeric"
                value={pick.shirt}
                disabled={!pick.role}
                onChange={(e) => onPick(p.player_id, { shirt: e.target.value })}
                className="min-h-11 w-20 rounded-lg border border-line px-2 text-base disabled:bg-gray-100"
              />
            </label>
          </li>
        );
      })}
    </ul>
  );
}

/** Who captains the side: one of the players picked, or nobody named. */
function CaptainSelect({ picked, captain, onChange }: { picked: Array<{ player_id: string; full_name: string }>; captain: string; onChange: (id: string) => void }) {
  if (picked.length === 0) return null;
  return (
    <label className="block max-w-xs text-sm font-semibold text-ink">
      Captain
      <select
        value={picked.some((p) => p.player_id === captain) ? captain : ''}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block min-h-11 w-full rounded-lg border border-line bg-white px-2 text-base font-normal"
      >
        <option value="">No captain named</option>
        {picked.map((p) => (
          <option key={p.player_id} value={p.player_id}>
            {p.full_name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Someone else saved since this squad was loaded: who and when, and their squad to load. */
function StaleNotice({ detail, onLoad }: { detail: string; onLoad: () => void }) {
  return (
    <div role="alert" className="rounded-xl bg-amber-50 p-4 text-sm text-ink ring-1 ring-amber-300">
      <p className="font-semibold">{detail}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={onLoad}>Load their squad</Button>
      </div>
    </div>
  );
}
