import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError, client, errorDetail, read } from '../../lib/api-client';
import { formatPeriod, periodOutOfBounds, retentionCount } from '../../../shared/retention';
import type { RetentionRule } from '../../../shared/contracts/retention';
import { Button } from '../ui/button';
import { Checkbox, FormMessage, TextField } from '../ui/field';
import { toast } from '../ui/toast';
import { Badge } from './section';
import { ConfirmDialog } from './confirm-dialog';

export const RULE_SAVED = 'Saved: the new period counts from tonight’s check.';
/** How many due lines a rule shows before "and N more". */
export const DUE_SHOWN = 20;

const countOf = (rule: RetentionRule, rows: number) => retentionCount(rule.key, rows);

/** One retention rule: its reason, the period and automatic switch the club may change, what is due now and "Delete now". */
export function RetentionRuleCard({ rule }: { rule: RetentionRule }) {
  const headingId = `rule-${rule.key}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold">
          {rule.title}
        </h3>
        <Badge tone={rule.automatic ? 'info' : 'neutral'}>{rule.automatic ? 'Deleted automatically' : 'Deleted when you approve'}</Badge>
      </div>
      <p className="text-sm">
        Kept for <strong>{formatPeriod(rule.period, rule.unit)}</strong> {rule.counted_from}.
      </p>
      <p className="text-sm text-muted">
        <span className="font-semibold text-ink">Why: </span>
        {rule.reason}
      </p>
      <RuleForm key={rule.version} rule={rule} />
      <DueList rule={rule} />
    </section>
  );
}

/** The period and the automatic switch, saved with the version they were loaded at (a stale save names who saved since). */
function RuleForm({ rule }: { rule: RetentionRule }) {
  const revalidator = useRevalidator();
  const [period, setPeriod] = useState(String(rule.period));
  const [automatic, setAutomatic] = useState(rule.automatic);
  const [error, setError] = useState('');
  const [periodError, setPeriodError] = useState('');
  const [busy, setBusy] = useState(false);
  const unit = rule.unit === 'days' ? 'days' : 'months';

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(period);
    if (!Number.isInteger(value) || value < rule.min || value > rule.max) {
      setPeriodError(periodOutOfBounds(rule.key));
      return;
    }
    setBusy(true);
    setError('');
    setPeriodError('');
    try {
      await read(client.privacy.retention[':key'].$put({ param: { key: rule.key }, json: { period: value, automatic, version: rule.version } }));
      toast.success(RULE_SAVED);
      await revalidator.revalidate();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fieldErrors.period) setPeriodError(failure.fieldErrors.period);
      else setError(errorDetail(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={save} className="space-y-3 rounded-xl bg-surface p-3">
      <FormMessage>{error}</FormMessage>
      <TextField
        label={`Keep for (${unit})`}
        name="period"
        type="number"
        inputMode="numeric"
        min={rule.min}
        max={rule.max}
        value={period}
        onChange={(e) => setPeriod(e.target.value)}
        error={periodError}
        hint={`From ${formatPeriod(rule.min, rule.unit)} to ${formatPeriod(rule.max, rule.unit)}. The default is ${formatPeriod(rule.default_period, rule.unit)}.`}
        className="max-w-56"
      />
      <Checkbox
        label="Delete automatically every night, without asking"
        name="automatic"
        checked={automatic}
        onChange={(e) => setAutomatic(e.target.checked)}
        className="min-h-11"
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </Button>
      {rule.updated_by && rule.updated_at && (
        <p className="text-xs text-muted">
          Last changed by {rule.updated_by} on {new Date(rule.updated_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}.
        </p>
      )}
    </form>
  );
}

/** What is due under the rule now, and "Delete now" with a confirmation naming how many. */
function DueList({ rule }: { rule: RetentionRule }) {
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const count = countOf(rule, rule.due_rows);

  async function purge() {
    setBusy(true);
    setError('');
    try {
      const done = await read(client.privacy.retention[':key'].purge.$post({ param: { key: rule.key }, json: { rows: rule.due_rows } }));
      toast.success(`Done: ${done.summary}.`);
      setConfirming(false);
      await revalidator.revalidate();
    } catch (failure) {
      setConfirming(false);
      setError(errorDetail(failure));
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }

  if (!rule.due.length) return <p className="text-sm text-muted">Nothing is due for deletion now.</p>;
  return (
    <div className="space-y-3">
      <h4 className="font-semibold">Due for deletion now: {count}</h4>
      <FormMessage>{error}</FormMessage>
      <ul className="space-y-1 text-sm">
        {rule.due.slice(0, DUE_SHOWN).map((item, index) => (
          <li key={index} className="wrap-anywhere">
            {item.label}
            {item.rows > 1 && <span className="text-muted"> ({countOf(rule, item.rows)})</span>}
          </li>
        ))}
        {rule.due.length > DUE_SHOWN && <li className="text-muted">and {rule.due.length - DUE_SHOWN} more</li>}
      </ul>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete now
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${count}?`}
        message={`${rule.title}: ${count} will be deleted now. This cannot be undone, and it is recorded in the log with your name.`}
        confirmLabel={`Delete ${count}`}
        busy={busy}
        onConfirm={() => void purge()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
