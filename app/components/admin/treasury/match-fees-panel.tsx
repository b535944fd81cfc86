import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { SelectField, TextField } from '../../ui/field';
import { ItemOptions } from '../../ui/options';
import { toast } from '../../ui/toast';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { Panel } from '../section';
import { treasuryApi, type ChargesCreated, type MatchFeeSources } from './api';
import { ChargeResult } from './charge-result';
import { AMOUNT_HINT, day, penceFrom, plural, todayIso } from './format';

export const CHARGE_MATCH_FEES = 'Charge match fees';

/** Match fees for a fixture's published squad, or for who came to a session: each player once, however often it is pressed. */
export function MatchFeesPanel({ sources, onCharged }: { sources: MatchFeeSources; onCharged: () => void }) {
  const [from, setFrom] = useState<'fixture' | 'session'>(sources.fixtures.length > 0 || sources.sessions.length === 0 ? 'fixture' : 'session');
  const [sourceId, setSourceId] = useState('');
  const [amount, setAmount] = useState('');
  const [due, setDue] = useState(todayIso());
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ChargesCreated | null>(null);

  const fixtures = sources.fixtures.map((f) => ({ id: f.id, text: `${f.team_name} v ${f.opponent}, ${day(f.date)} (${plural(f.players, 'player')})` }));
  const sessions = sources.sessions.map((s) => ({ id: s.id, text: `${s.team_name}: ${s.title}, ${day(s.date)} (${plural(s.players, 'player')} came)` }));
  const choices = from === 'fixture' ? fixtures : sessions;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const pence = penceFrom(amount);
    if (!sourceId) found.source = from === 'fixture' ? 'Choose the match' : 'Choose the session';
    if (pence === null) found.amount_pence = 'Enter an amount in pounds, like 5.00';
    if (!due) found.due_date = 'Choose when it is due';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await treasuryApi.matchFees({
        ...(from === 'fixture' ? { fixture_id: sourceId } : { session_id: sourceId }),
        amount_pence: pence!,
        due_date: due,
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      setResult(answer);
      toast.success(answer.created === 1 ? '1 match fee charged' : `${answer.created} match fees charged`);
      onCharged();
    } catch (caught) {
      if (caught instanceof ApiError && caught.errors.length > 0) setErrors(caught.fieldErrors);
      else toast.error(`Error charging match fees: ${errorDetail(caught)}`);
    } finally {
      setBusy(false);
    }
  }

  const none = sources.fixtures.length === 0 && sources.sessions.length === 0;
  return (
    <Panel title="Match fees">
      {none ? (
        <p className="text-muted">No match with a published squad, and no session with attendance recorded, in the last four months.</p>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Match fees">
          <fieldset>
            <legend className="mb-1 text-sm font-semibold text-ink">Charge</legend>
            <div className="flex flex-wrap gap-x-6">
              {(
                [
                  ['fixture', 'A match’s published squad'],
                  ['session', 'Who came to a session'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="fee-from"
                    className="size-5 accent-brand-800"
                    checked={from === value}
                    onChange={() => {
                      setFrom(value);
                      setSourceId('');
                    }}
                  />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <SelectField label={from === 'fixture' ? 'Match' : 'Session'} required value={sourceId} error={errors.source ?? errors.fixture_id} onChange={(e) => setSourceId(e.target.value)}>
            <ItemOptions items={choices} label={(c) => c.text} placeholder={choices.length ? 'Choose one' : 'None in the last four months'} />
          </SelectField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Fee per player (£)" required inputMode="decimal" hint={AMOUNT_HINT} value={amount} error={errors.amount_pence} onChange={(e) => setAmount(e.target.value)} />
            <TextField label="Due date" required type="date" value={due} error={errors.due_date} onChange={(e) => setDue(e.target.value)} />
          </div>
          <TextField
            label="What for"
            hint="Leave empty for “Match fee: the opponent, the date”."
            maxLength={200}
            value={description}
            error={errors.description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? 'Charging…' : CHARGE_MATCH_FEES}
            </Button>
          </div>
        </form>
      )}
      {result && <ChargeResult result={result} label="Match fees charged" />}
    </Panel>
  );
}
