import type { FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { PrivacyRequest } from '../../../shared/contracts/privacy';
import { todayIso } from '../../../shared/players';
import { dayInWords, extendedDueOn } from '../../../shared/privacy-dates';
import { client, read } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';
import { ErrorSummary, fieldId, summaryOf } from '../ui/error-summary';
import { SelectField, TextAreaField, TextField } from '../ui/field';
import { boundFields } from '../ui/form-fields';
import { toast } from '../ui/toast';
import { PanelForm } from './panel-form';
import { refusalErrors } from './refusal-errors';
import { useFieldValues } from './use-field-values';

/** "Due by Monday 2 March 2026 (one calendar month)", or with the extension and the first due date. */
export function dueSentence(r: Pick<PrivacyRequest, 'due_on' | 'first_due_on' | 'extended_to' | 'received_on'>) {
  if (!r.extended_to) return `Due by ${dayInWords(r.due_on)} (one calendar month)`;
  const total = r.extended_to === extendedDueOn(r.received_on, 1) ? 'two' : 'three';
  return `Due by ${dayInWords(r.extended_to)} (extended to ${total} calendar months; first due ${dayInWords(r.first_due_on)})`;
}

/** One of the request's small forms: its values, errors next to fields, a save that refreshes the page. */
function useRequestForm<V extends Record<string, unknown>>(initial: V, scope: string, fields: string[]) {
  const revalidator = useRevalidator();
  const [values, , set] = useFieldValues(initial);
  const form = useFormSubmit();
  const shown = summaryOf(fields, { fieldErrors: form.errors }).errors;
  const field = boundFields(values, shown, set, scope);
  async function send(work: () => Promise<unknown>, done: string, fallbackField: string) {
    await form.submit(
      async () => {
        await work();
        toast.success(done);
        await revalidator.revalidate();
      },
      (error) => form.setErrors(refusalErrors(error, fallbackField)),
    );
  }
  const summary = <ErrorSummary className="mb-4" errors={shown} order={fields} idFor={(f) => fieldId(f, scope)} />;
  return { values, field, send, busy: form.busy, summary };
}

export function IdentityForm({ request }: { request: PrivacyRequest }) {
  const f = useRequestForm({ checked_on: todayIso() }, 'identity', ['checked_on']);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await f.send(
      () => read(client.privacy.requests[':id'].identity.$post({ param: { id: request.id }, json: { checked_on: f.values.checked_on, version: request.version } })),
      'Identity check recorded.',
      'checked_on',
    );
  }
  return (
    <PanelForm title="Record the identity check" onSubmit={save} busy={f.busy} submitLabel="Record identity check">
      {f.summary}
      <TextField label="Identity checked on" type="date" required hint="The day you were satisfied who they are" {...f.field('checked_on')} />
    </PanelForm>
  );
}

export function ExtensionForm({ request }: { request: PrivacyRequest }) {
  const f = useRequestForm({ months: '2', reason: '', notified_on: todayIso() }, 'extension', ['months', 'reason', 'notified_on']);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const months = f.values.months === '1' ? 1 : 2;
    await f.send(
      () =>
        read(
          client.privacy.requests[':id'].extension.$post({
            param: { id: request.id },
            json: { months, reason: f.values.reason.trim(), notified_on: f.values.notified_on, version: request.version },
          }),
        ),
      'Extension recorded.',
      'reason',
    );
  }
  return (
    <PanelForm title="Extend the time limit" onSubmit={save} busy={f.busy} submitLabel="Extend">
      <p className="mb-3 text-sm text-muted">
        Only for a complex request or many at once, and only if you tell them, with the reason, by {dayInWords(request.first_due_on)}.
      </p>
      {f.summary}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="By how long" required {...f.field('months')}>
          <option value="1">One more month</option>
          <option value="2">Two more months</option>
        </SelectField>
        <TextField label="Told them on" type="date" required {...f.field('notified_on')} />
        <TextAreaField label="Why it needs longer" required className="sm:col-span-2" maxLength={1000} {...f.field('reason')} />
      </div>
    </PanelForm>
  );
}

export function CompleteForm({ request }: { request: PrivacyRequest }) {
  const f = useRequestForm({ status: 'completed', outcome: '' }, 'complete', ['status', 'outcome']);
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const status = f.values.status === 'refused' ? 'refused' : 'completed';
    await f.send(
      () => read(client.privacy.requests[':id'].complete.$post({ param: { id: request.id }, json: { status, outcome: f.values.outcome.trim(), version: request.version } })),
      status === 'refused' ? 'Request closed as refused.' : 'Request closed as completed.',
      'outcome',
    );
  }
  return (
    <PanelForm title="Close the request" onSubmit={save} busy={f.busy} submitLabel="Close request">
      {f.summary}
      <div className="grid gap-4">
        <SelectField label="Outcome" required {...f.field('status')}>
          <option value="completed">Completed: we did what they asked</option>
          <option value="refused">Refused: we told them why</option>
        </SelectField>
        <TextAreaField label="What was done" required hint="What you sent or changed, or why it was refused" maxLength={2000} {...f.field('outcome')} />
      </div>
    </PanelForm>
  );
}
