import { useId, useState, type ComponentProps, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { ErrorSummary, fieldId } from '../../ui/error-summary';
import { SelectField, TextField } from '../../ui/field';
import { boundFields } from '../../ui/form-fields';
import { Options } from '../../ui/options';
import { toast } from '../../ui/toast';
import { errorDetail } from '../../../lib/api-client';
import { Badge, Panel } from '../section';
import { useFieldValues } from '../use-field-values';
import { treasuryApi, UnknownLayout, type ColumnMappingInput, type ImportPreview } from './api';
import { day, LAYOUT_LABELS, plural, pounds } from './format';

export const STATEMENT_LABEL = 'Bank statement (CSV file)';
export const READ_STATEMENT = 'Read statement';
export const COMMIT_IMPORT = 'Commit import';

/**
 * Upload a bank's CSV export, see what it holds (nothing is written yet), and commit it. A file whose
 * columns are not recognised opens the column mapping, which can be saved for the bank's next file.
 */
export function ImportPanel({ onCommitted }: { onCommitted: () => Promise<void> }) {
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [headers, setHeaders] = useState<string[] | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);

  async function read(mapping?: ColumnMappingInput) {
    if (!file) {
      setError('Choose the CSV file your bank gave you');
      return;
    }
    setError('');
    setBusy(true);
    try {
      const answer = await treasuryApi.preview(file, mapping);
      setPreview(answer);
      setHeaders(null);
    } catch (caught) {
      if (caught instanceof UnknownLayout) {
        setHeaders(caught.headers);
        setPreview(null);
      } else {
        setError(errorDetail(caught));
      }
    } finally {
      setBusy(false);
    }
  }

  async function commit() {
    if (!preview) return;
    setBusy(true);
    try {
      const done = await treasuryApi.commit(preview.id);
      toast.success(`Statement imported: ${plural(done.lines_added ?? preview.new_lines, 'line')} added`);
      setPreview(null);
      setFile(null);
      setFormKey((key) => key + 1);
      await onCommitted();
    } catch (caught) {
      toast.error(`Error importing the statement: ${errorDetail(caught)}`);
    } finally {
      setBusy(false);
    }
  }

  function discard() {
    setPreview(null);
    setHeaders(null);
    setFile(null);
    setFormKey((key) => key + 1);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void read();
  }

  return (
    <Panel title="Import a bank statement">
      <form key={formKey} noValidate onSubmit={submit} className="space-y-4">
        <ErrorSummary errors={{ file: error || undefined }} order={['file']} />
        <TextField
          id={fieldId('file')}
          label={STATEMENT_LABEL}
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          error={error || undefined}
          hint="Download it from your online banking. Starling, Monzo, Barclays, Lloyds, HSBC and NatWest files are recognised; any other bank once you say which column is which."
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setPreview(null);
            setHeaders(null);
          }}
        />
        <Button type="submit" disabled={busy}>
          {busy && !preview && !headers ? 'Reading…' : READ_STATEMENT}
        </Button>
      </form>
      {headers && <MappingForm headers={headers} busy={busy} onSubmit={(mapping) => void read(mapping)} />}
      {preview && <PreviewView preview={preview} busy={busy} onCommit={() => void commit()} onDiscard={discard} />}
    </Panel>
  );
}

function PreviewView({ preview, busy, onCommit, onDiscard }: { preview: ImportPreview; busy: boolean; onCommit: () => void; onDiscard: () => void }) {
  const headingId = useId();
  const fresh = preview.new_lines;
  const figures: [string, string][] = [
    ['Lines read', String(preview.lines_read)],
    ['Money in', pounds(preview.incoming_pence)],
    ['Already imported', String(preview.duplicates)],
    ['Rows that failed', String(preview.failed.length)],
    ['Will be allocated', String(preview.allocated)],
    ['Suggested', String(preview.suggested)],
    ['Unmatched', String(preview.unmatched)],
  ];
  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-line pt-6" data-testid="import-preview">
      <h4 id={headingId} className="text-base font-bold">
        Preview: nothing is saved until you commit
      </h4>
      <p className="mt-1 text-sm text-muted">Read as a {LAYOUT_LABELS[preview.layout] ?? preview.layout} statement.</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-xl bg-surface p-3 ring-1 ring-line">
            <dt className="text-xs font-semibold text-muted">{label}</dt>
            <dd className="mt-1 text-lg font-bold tabular-nums text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {preview.failed.length > 0 && (
        <div className="mt-4">
          <h5 className="text-sm font-bold">Rows that could not be read (they will be left out)</h5>
          <ul className="mt-2 space-y-1 text-sm">
            {preview.failed.map((fail) => (
              <li key={fail.row}>
                <span className="font-semibold">Row {fail.row}:</span> {fail.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.lines.length > 0 && <PreviewLines lines={preview.lines} />}
      {fresh === 0 && <p className="mt-4 font-semibold">Every line of this file has been imported before: committing adds nothing.</p>}
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={onCommit} disabled={busy}>
          {busy ? 'Committing…' : COMMIT_IMPORT}
        </Button>
        <Button variant="secondary" onClick={onDiscard} disabled={busy}>
          Discard
        </Button>
      </div>
    </section>
  );
}

const DATE_FORMATS = ['DD/MM/YYYY', 'D MMM YYYY', 'YYYY-MM-DD'] as const;
const MAPPING_FIELDS = ['date', 'amount', 'paid_in', 'paid_out', 'reference', 'counterparty'] as const;

/** Which header is the date, the amount (or paid in and paid out), the reference and the payer's name. */
function MappingForm({ headers, busy, onSubmit }: { headers: string[]; busy: boolean; onSubmit: (mapping: ColumnMappingInput) => void }) {
  const headingId = useId();
  const [values, , set] = useFieldValues<Record<string, string>>({ date_format: '' });
  const [amountKind, setAmountKind] = useState<'signed' | 'split'>('signed');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const field = boundFields(values, errors, set, 'mapping');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!values.date) found.date = 'Choose the column with the date';
    if (amountKind === 'signed' && !values.amount) found.amount = 'Choose the column with the amount';
    if (amountKind === 'split' && !values.paid_in) found.paid_in = 'Choose the column with money paid in';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const mapping: ColumnMappingInput = {
      date: values.date,
      ...(amountKind === 'signed' ? { amount: values.amount } : { paid_in: values.paid_in, ...(values.paid_out ? { paid_out: values.paid_out } : {}) }),
      ...(values.reference ? { reference: values.reference } : {}),
      ...(values.counterparty ? { counterparty: values.counterparty } : {}),
      ...(values.date_format ? { date_format: values.date_format as ColumnMappingInput['date_format'] } : {}),
    };
    onSubmit(mapping);
  }

  const columnSelect = (name: string, label: string, required: boolean, hint?: string) => (
    <ColumnSelect headers={headers} label={label} required={required} hint={hint} {...field(name)} />
  );

  return (
    <section aria-labelledby={headingId} className="mt-6 border-t border-line pt-6" data-testid="column-mapping">
      <h4 id={headingId} className="text-base font-bold">
        Which column is which?
      </h4>
      <p className="mt-1 text-sm text-muted">
        This file’s columns are not a layout the site knows. Say where each thing is: the site remembers it for this bank’s next file.
      </p>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <ErrorSummary errors={errors} order={MAPPING_FIELDS} idFor={(field) => fieldId(field, 'mapping')} />
        <div className="grid gap-4 sm:grid-cols-2">
          {columnSelect('date', 'Date', true)}
          <SelectField label="Date format" hint="Leave on “Work it out” unless dates come out wrong" {...field('date_format')}>
            <option value="">Work it out</option>
            <Options values={DATE_FORMATS} />
          </SelectField>
        </div>
        <AmountKind value={amountKind} onChange={setAmountKind} />
        <div className="grid gap-4 sm:grid-cols-2">
          {amountKind === 'signed' ? (
            columnSelect('amount', 'Amount', true)
          ) : (
            <>
              {columnSelect('paid_in', 'Paid in', true)}
              {columnSelect('paid_out', 'Paid out', false)}
            </>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {columnSelect('reference', 'Reference', false, 'Where the payer’s reference is (or the description)')}
          {columnSelect('counterparty', 'Name', false, 'Who paid, if the bank gives it a column')}
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Reading…' : 'Read with these columns'}
        </Button>
      </form>
    </section>
  );
}

/** A select of the file's columns (by header, or by position when a header is blank), for one mapping field. */
function ColumnSelect({ headers, required, ...field }: { headers: string[]; required: boolean } & ComponentProps<typeof SelectField>) {
  return (
    <SelectField required={required} {...field}>
      <option value="">{required ? 'Choose a column' : 'None'}</option>
      {headers.map((header, index) => (
        <option key={`${header}-${index}`} value={header}>
          {header || `(column ${index + 1})`}
        </option>
      ))}
    </SelectField>
  );
}

function AmountKind({ value, onChange }: { value: 'signed' | 'split'; onChange: (kind: 'signed' | 'split') => void }) {
  const options = [
    ['signed', 'One column, money out shown with a minus'],
    ['split', 'Separate paid-in and paid-out columns'],
  ] as const;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold">Amounts</legend>
      <div className="flex flex-wrap gap-x-6">
        {options.map(([kind, label]) => (
          <label key={kind} className="flex min-h-11 items-center gap-2">
            <input type="radio" name="amount_kind" className="size-5 shrink-0 accent-brand-800" checked={value === kind} onChange={() => onChange(kind)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** At most this many lines are listed in the preview (a year's statement can have thousands). */
const LISTED_LINES = 200;
const DECISIONS = { allocated: 'Allocated', suggested: 'Suggested', unmatched: 'Unmatched', outgoing: 'Money out' } as const;
const DECISION_TONES = { allocated: 'success', suggested: 'info', unmatched: 'warning', outgoing: 'neutral' } as const;

/** The statement's lines and what will happen to each, folded away until asked for. */
function PreviewLines({ lines }: { lines: ImportPreview['lines'] }) {
  const shown = lines.slice(0, LISTED_LINES);
  return (
    <details className="mt-4 rounded-xl ring-1 ring-line">
      <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold text-brand-800">See the {plural(lines.length, 'line')}</summary>
      <ul className="divide-y divide-line border-t border-line" aria-label="Statement lines">
        {shown.map((line) => (
          <li key={line.row} className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm">
            <div className="min-w-0">
              <p>
                <span className="font-semibold tabular-nums">{pounds(line.amount_pence)}</span> <span className="text-muted">{day(line.date)}</span>{' '}
                <span className="text-muted">· row {line.row}</span>
              </p>
              <p className="break-words">{[line.counterparty, line.reference].filter(Boolean).join(' · ') || line.description}</p>
            </div>
            <p className="flex flex-wrap items-center gap-2">
              {line.duplicate ? <Badge tone="neutral">Already imported</Badge> : <Badge tone={DECISION_TONES[line.decision]}>{DECISIONS[line.decision]}</Badge>}
              {!line.duplicate && line.payer_name && <span className="break-words">{line.payer_name}</span>}
            </p>
          </li>
        ))}
      </ul>
      {lines.length > shown.length && <p className="border-t border-line px-3 py-2 text-sm text-muted">The first {LISTED_LINES} are listed.</p>}
    </details>
  );
}
