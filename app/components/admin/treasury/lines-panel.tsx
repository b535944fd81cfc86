import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { TextField } from '../../ui/field';
import { toast } from '../../ui/toast';
import { errorDetail } from '../../../lib/api-client';
import { ReasonDialog } from '../reason-dialog';
import { Panel } from '../section';
import { treasuryApi, type BankLine, type PayerSummary } from './api';
import { day, pounds } from './format';

export const ALLOCATE_TO = 'Allocate to…';
export const CONFIRM_SUGGESTION = 'Confirm suggestion';
export const SET_ASIDE = 'Set aside…';

/** Money in that is not a member's payment: set aside with why (a grant, bar takings, a transfer between the club's accounts). */
function SetAsideButton({ line, onSetAside }: { line: BankLine; onSetAside: (line: BankLine) => void }) {
  return (
    <Button variant="ghost" onClick={() => onSetAside(line)}>
      {SET_ASIDE}
      <Which line={line} />
    </Button>
  );
}

/** Which line a button acts on, for screen readers (the visible label stays first in the button's name). */
function Which({ line }: { line: BankLine }) {
  return <span className="sr-only">{` (${pounds(line.amount_pence)} on ${day(line.date)}${line.counterparty ? ` from ${line.counterparty}` : ''})`}</span>;
}

/** A bank line as the treasurer reads it: when, how much, who and what the bank says. */
function LineSummary({ line }: { line: BankLine }) {
  return (
    <div className="min-w-0">
      <p className="flex flex-wrap items-baseline gap-x-3">
        <span className="text-lg font-bold tabular-nums text-ink">{pounds(line.amount_pence)}</span>
        <span className="text-sm text-muted">{day(line.date)}</span>
      </p>
      {line.counterparty && <p className="break-words font-semibold text-ink">{line.counterparty}</p>}
      <p className="break-words text-sm text-ink">{line.reference || line.description || 'No reference'}</p>
    </div>
  );
}

/**
 * The lines the matching left for the treasurer: suggestions to confirm (or allocate elsewhere), and
 * unmatched money to allocate by hand, searching payers by name.
 */
export function LinesPanel({ suggested, unmatched, onChanged }: { suggested: BankLine[]; unmatched: BankLine[]; onChanged: () => Promise<void> }) {
  const [allocating, setAllocating] = useState<BankLine | null>(null);
  const [busyLine, setBusyLine] = useState<string | null>(null);
  const [settingAside, setSettingAside] = useState<BankLine | null>(null);

  async function allocate(line: BankLine, payer: { id: string; name: string }) {
    setBusyLine(line.id);
    try {
      await treasuryApi.allocate(line.id, payer.id);
      toast.success(`${pounds(line.amount_pence)} allocated to ${payer.name}`);
      setAllocating(null);
      await onChanged();
    } catch (caught) {
      toast.error(`Error allocating the payment: ${errorDetail(caught)}`);
    } finally {
      setBusyLine(null);
    }
  }

  return (
    <div className="grid min-w-0 gap-6">
      <Panel title={`Suggested matches (${suggested.length})`}>
        {suggested.length === 0 ? (
          <p className="text-muted">No suggestions waiting.</p>
        ) : (
          <ul className="divide-y divide-line" aria-label="Suggested matches">
            {suggested.map((line) => (
              <li key={line.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <LineSummary line={line} />
                <div className="flex min-w-0 flex-col items-start gap-2 sm:items-end">
                  {line.payer_name && (
                    <div className="text-sm sm:text-right">
                      <p>
                        Looks like <span className="font-semibold">{line.payer_name}</span>
                      </p>
                      {line.reason && <p className="text-muted">{line.reason}</p>}
                    </div>
                  )}
                  <div className="flex flex-wrap gap-2">
                    {line.payer_id && (
                      <Button
                        size="sm"
                        disabled={busyLine === line.id}
                        onClick={() => void allocate(line, { id: line.payer_id!, name: line.payer_name ?? 'the payer' })}
                      >
                        {CONFIRM_SUGGESTION}
                        <Which line={line} />
                      </Button>
                    )}
                    <Button size="sm" variant="secondary" onClick={() => setAllocating(line)}>
                      {ALLOCATE_TO}
                      <Which line={line} />
                    </Button>
                    <SetAsideButton line={line} onSetAside={setSettingAside} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title={`Unmatched payments (${unmatched.length})`}>
        {unmatched.length === 0 ? (
          <p className="text-muted">Every payment in is matched.</p>
        ) : (
          <ul className="divide-y divide-line" aria-label="Unmatched payments">
            {unmatched.map((line) => (
              <li key={line.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
                <LineSummary line={line} />
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" onClick={() => setAllocating(line)}>
                    {ALLOCATE_TO}
                    <Which line={line} />
                  </Button>
                  <SetAsideButton line={line} onSetAside={setSettingAside} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <AllocateDialog
        key={allocating?.id ?? 'none'}
        line={allocating}
        busy={allocating !== null && busyLine === allocating.id}
        onClose={() => setAllocating(null)}
        onAllocate={allocate}
      />
      <ReasonDialog
        open={settingAside !== null}
        id="set-aside"
        title="Set this money aside?"
        message={
          settingAside
            ? `${pounds(settingAside.amount_pence)} on ${day(settingAside.date)}${settingAside.counterparty ? ` from ${settingAside.counterparty}` : ''} is not a member’s payment: it leaves this list and pays no charge.`
            : ''
        }
        hint="Say what it is, like “Grant from the county FA” or “Bar takings”: kept with the line."
        tone="primary"
        confirmLabel="Set aside"
        act={async (reason) => {
          await treasuryApi.ignoreLine(settingAside!.id, reason);
        }}
        onDone={() => {
          toast.success('Payment set aside');
          setSettingAside(null);
          void onChanged();
        }}
        onCancel={() => setSettingAside(null)}
      />
    </div>
  );
}

/** "pays for Sam, Alex": the members a payer pays for besides themself. */
function payingFor(payer: PayerSummary): string[] {
  const others = payer.members.filter((name) => name !== payer.full_name);
  return others.length > 0 ? [`pays for ${others.join(', ')}`] : [];
}

/** Search payers by name (or reference) and pick the one this money is from. */
function AllocateDialog({
  line,
  busy,
  onClose,
  onAllocate,
}: {
  line: BankLine | null;
  busy: boolean;
  onClose: () => void;
  onAllocate: (line: BankLine, payer: { id: string; name: string }) => Promise<void>;
}) {
  const [query, setQuery] = useState(line?.counterparty ?? '');
  const [results, setResults] = useState<PayerSummary[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState('');
  const [searching, setSearching] = useState(false);
  const resultsId = useId();

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (query.trim().length < 2) {
      setError('Type at least 2 letters of a name');
      return;
    }
    setError('');
    setSearching(true);
    try {
      const found = await treasuryApi.payers(query.trim());
      setResults(found);
      setChosen(found.length === 1 ? found[0].payer_id : '');
    } catch (caught) {
      setError(errorDetail(caught));
    } finally {
      setSearching(false);
    }
  }

  const payer = results?.find((result) => result.payer_id === chosen);
  return (
    <Dialog
      open={line !== null}
      onClose={onClose}
      title="Allocate a payment"
      description={line ? `${pounds(line.amount_pence)} on ${day(line.date)}: ${[line.counterparty, line.reference].filter(Boolean).join(' · ')}` : undefined}
    >
      <form noValidate onSubmit={search} className="flex flex-wrap items-end gap-3">
        <TextField
          className="min-w-0 flex-1"
          label="Search payers by name"
          type="search"
          value={query}
          error={error || undefined}
          data-autofocus
          onChange={(event) => setQuery(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={searching}>
          {searching ? 'Searching…' : 'Search'}
        </Button>
      </form>
      {results && (
        <fieldset className="mt-4" aria-describedby={resultsId}>
          <legend className="text-sm font-semibold">Payer</legend>
          <p id={resultsId} role="status" className="text-sm text-muted">
            {results.length === 0 ? 'No payer has that name.' : `${results.length} found`}
          </p>
          <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto">
            {results.map((result) => (
              <li key={result.payer_id}>
                <label className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-surface">
                  <input
                    type="radio"
                    name="payer"
                    className="size-5 shrink-0 accent-brand-800"
                    checked={chosen === result.payer_id}
                    onChange={() => setChosen(result.payer_id)}
                  />
                  <span className="min-w-0">
                    <span className="block font-semibold">{result.full_name}</span>
                    <span className="block break-words text-sm text-muted">
                      {[result.reference, result.owed_pence > 0 ? `owes ${pounds(result.owed_pence)}` : 'owes nothing', ...payingFor(result)]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-3 border-t border-line pt-4">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button disabled={busy || !payer} onClick={() => line && payer && void onAllocate(line, { id: payer.payer_id, name: payer.full_name })}>
          {busy ? 'Allocating…' : payer ? `Allocate to ${payer.full_name}` : 'Allocate'}
        </Button>
      </div>
    </Dialog>
  );
}
