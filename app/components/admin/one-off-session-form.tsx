/** The admin Training page's "Add a one-off session or event" form (issue 22): phone-first, checked by the API. */
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { addDaysIso, clubDateOf } from '../../../shared/dates';
import { SESSION_KIND_LABELS, TRAINING_SESSION_KINDS } from '../../../shared/teams-constants';
import type { Team } from '../../../shared/contracts/teams';
import { Button } from '../ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../ui/error-summary';
import { SelectField, TextAreaField, TextField } from '../ui/field';
import { toast } from '../ui/toast';
import { client, read } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';
import { choiceOf } from '../../lib/choices';
import { Panel } from './section';

const FIELDS = ['team_id', 'kind', 'title', 'date', 'start_time', 'end_time', 'meet_time', 'place', 'address', 'kit', 'notes', 'answer_by'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const SCOPE = 'oneoff';

const blank = (teams: Team[]): Values => ({
  team_id: teams[0]?.id ?? '',
  kind: 'training',
  title: '',
  date: addDaysIso(clubDateOf(new Date()), 1),
  start_time: '19:00',
  end_time: '20:30',
  meet_time: '',
  place: 'Main training ground',
  address: '',
  kit: '',
  notes: '',
  answer_by: '',
});

/** A "datetime-local" value (the browser's clock) as an ISO instant; blank stays null. */
const instantOf = (local: string) => (local ? new Date(local).toISOString() : null);

/** Warnings the API answered (a fixture that day), shown until the next save. */
export function Warnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div role="status" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-300">
      <p className="font-semibold">Check the match day</p>
      <ul className="mt-1 list-disc pl-5">
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </div>
  );
}

export function OneOffSessionForm({ teams }: { teams: Team[] }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState<Values>(() => blank(teams));
  const [warnings, setWarnings] = useState<string[]>([]);
  const { busy, formError, errors, submit } = useFormSubmit();
  const summary = summaryOf(FIELDS, { error: formError, fieldErrors: errors });
  const set = (name: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const field = (name: keyof Values) => ({ id: fieldId(name, SCOPE), name, value: values[name], error: summary.errors[name], onChange: set(name) });

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit(async () => {
      const created = await read(
        client['training-sessions'].$post({
          json: {
            ...values,
            kind: choiceOf(TRAINING_SESSION_KINDS, values.kind) ?? 'training',
            answer_by: instantOf(values.answer_by),
          },
        }),
      );
      setWarnings(created.warnings);
      toast.success(`Added: ${created.label}`);
      setValues((v) => ({ ...blank(teams), team_id: v.team_id }));
      await revalidator.revalidate();
    });
  }

  return (
    <Panel title="Add a one-off session or event">
      <form noValidate onSubmit={add} aria-label="Add a one-off session or event" className="space-y-4">
        <p className="text-sm text-muted">An extra training session, a tournament, a social or a meeting. It is not repeated; players see it in their schedule and calendar.</p>
        <ErrorSummary errors={summary.errors} order={FIELDS} message={summary.message} idFor={(f) => fieldId(f, SCOPE)} />
        <Warnings warnings={warnings} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Team" required {...field('team_id')}>
            {teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="What" required {...field('kind')}>
            {TRAINING_SESSION_KINDS.map((k) => (
              <option key={k} value={k}>
                {SESSION_KIND_LABELS[k]}
              </option>
            ))}
          </SelectField>
          <TextField label="Name" hint="e.g. Spring Cup (optional for training)" {...field('title')} />
          <TextField label="Date" type="date" required {...field('date')} />
          <TextField label="Start" type="time" required {...field('start_time')} />
          <TextField label="End" type="time" required {...field('end_time')} />
          <TextField label="Meet at" type="time" hint="Optional: when players should arrive" {...field('meet_time')} />
          <TextField label="Place" required {...field('place')} />
          <TextField label="Address" hint="Optional: players get a map link" autoComplete="street-address" {...field('address')} />
          <TextField label="Kit" hint="e.g. Away kit, shin pads" {...field('kit')} />
          <TextField label="Answer by" type="datetime-local" hint="Optional: when you need players' answers" {...field('answer_by')} />
          <TextAreaField label="Notes" className="sm:col-span-2" {...field('notes')} />
        </div>
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
          {busy ? 'Adding…' : 'Add to the schedule'}
        </Button>
      </form>
    </Panel>
  );
}
