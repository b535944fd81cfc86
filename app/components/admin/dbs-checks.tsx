import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { formatDate } from '../../../shared/dates';
import { DBS_STATUSES, DBS_STATUS_LABELS, type DbsStatus } from '../../../shared/juniors';
import { TEAM_STAFF_ROLE_LABELS } from '../../../shared/club-roles';
import { todayIso } from '../../../shared/players';
import type { DbsEntry, DbsOverview } from '../../../shared/contracts/safeguarding';
import { client, errorDetail, read } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';
import { ErrorSummary, fieldId, summaryOf } from '../ui/error-summary';
import { FormMessage, SelectField, TextAreaField, TextField } from '../ui/field';
import { boundFields } from '../ui/form-fields';
import { Button } from '../ui/button';
import { toast } from '../ui/toast';
import { Badge } from './section';
import { LabelledOptions } from './labelled-options';
import { PanelForm } from './panel-form';
import { PersonSelect } from './person-select';
import { refusalErrors } from './refusal-errors';
import { useFieldValues } from './use-field-values';

const TONES: Record<DbsStatus, 'success' | 'info' | 'danger' | 'neutral'> = {
  in_date: 'success',
  renewal_in_progress: 'info',
  expired: 'danger',
  not_required: 'neutral',
};

/**
 * One person's DBS record (issues 23 and 31): the check, who verified and who recorded it, their
 * junior teams' places (suspended while the check is not in order), and an admin's override.
 */
export function DbsRow({ person, mayOverride }: { person: DbsEntry; mayOverride: boolean }) {
  return (
    <li className="space-y-1 py-3 break-words" data-testid="dbs-person">
      <p>
        <span className="font-semibold">{person.full_name}</span>{' '}
        {person.status ? <Badge tone={TONES[person.status]}>{DBS_STATUS_LABELS[person.status]}</Badge> : <Badge tone="danger">No check recorded</Badge>}
      </p>
      {person.suspended && (
        <p className="text-sm font-semibold text-danger" data-testid="dbs-suspended">
          {person.suspended}
        </p>
      )}
      {person.teams.map((t) => (
        <p key={t.team_id} className="text-sm text-muted">
          {TEAM_STAFF_ROLE_LABELS[t.role]} of {t.team_name} ({t.age_group}){t.suspended ? ' · suspended' : ''}
          {t.override && ` · added despite the check by ${t.override.by}: ${t.override.reason}`}
        </p>
      ))}
      {person.status && (
        <p className="text-sm">
          {person.expires_on ? `Expires ${formatDate(person.expires_on)} · ` : ''}Checked by {person.checked_by} on {person.checked_on && formatDate(person.checked_on)}
          {person.recorded_by && ` · recorded by ${person.recorded_by}`}
        </p>
      )}
      {person.problem && <p className="text-sm font-semibold text-danger">{person.problem}</p>}
      {person.override && <OverrideNote person={person} mayWithdraw={mayOverride} />}
      {mayOverride && person.suspended && person.status && <OverrideForm person={person} />}
    </li>
  );
}

function OverrideNote({ person, mayWithdraw }: { person: DbsEntry; mayWithdraw: boolean }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const override = person.override!;
  async function withdraw() {
    setBusy(true);
    try {
      await read(client.admin.dbs[':player_id'].override.$delete({ param: { player_id: person.player_id } }));
      toast.success(`The override is withdrawn: ${person.full_name}'s junior places are suspended while the check is not in order.`);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(errorDetail(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="rounded-lg bg-amber-50 p-3 text-sm" data-testid="dbs-override">
      <p>
        <span className="font-semibold">Suspension lifted</span> by {override.by} on {formatDate(override.at)}: {override.reason}
      </p>
      {mayWithdraw && (
        <Button variant="secondary" className="mt-2" disabled={busy} onClick={withdraw}>
          Withdraw the override
        </Button>
      )}
    </div>
  );
}

/** An admin lifts a suspension, saying why (issue 31). */
function OverrideForm({ person }: { person: DbsEntry }) {
  const revalidator = useRevalidator();
  const [reason, setReason] = useState('');
  const { busy, errors, formError, submit } = useFormSubmit();
  const id = fieldId('reason', `override-${person.player_id}`);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit(async () => {
      await read(client.admin.dbs[':player_id'].override.$put({ param: { player_id: person.player_id }, json: { reason: reason.trim() } }));
      toast.success(`${person.full_name}'s suspension is lifted. It is shown on their record until a check is recorded again.`);
      setReason('');
      await revalidator.revalidate();
    });
  }

  return (
    <details className="pt-1">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-800 underline">Lift the suspension…</summary>
      <form noValidate onSubmit={save} className="mt-2 space-y-3">
        <TextAreaField
          id={id}
          label="Why may they go on working with juniors meanwhile?"
          required
          hint="Admins only. Recorded with your name and the date, and shown here."
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
        />
        {formError && !errors.reason && <FormMessage>{formError}</FormMessage>}
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Lift the suspension'}
        </Button>
      </form>
    </details>
  );
}

const FIELDS = ['player_id', 'status', 'expires_on', 'checked_on', 'checked_by'] as const;

/** Record a check: adults only (the API lists no child), verified by a named person; whoever types it is kept apart. */
export function DbsForm({ overview }: { overview: DbsOverview }) {
  const revalidator = useRevalidator();
  const [values, setValues, set] = useFieldValues({ player_id: '', status: 'in_date' as DbsStatus, expires_on: '', checked_on: todayIso(), checked_by: '' });
  const { busy, errors, setErrors, submit } = useFormSubmit();
  const shown = summaryOf(FIELDS, { fieldErrors: errors }).errors;
  const field = boundFields(values, shown, set, 'dbs');

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.player_id) return setErrors({ player_id: 'Choose a person' });
    if (!values.checked_by.trim()) return setErrors({ checked_by: 'Say who verified the certificate' });
    await submit(
      async () => {
        const { player_id, ...check } = values;
        await read(
          client.admin.dbs[':player_id'].$put({ param: { player_id }, json: { ...check, checked_by: check.checked_by.trim(), expires_on: check.expires_on || null } }),
        );
        toast.success(`${overview.members.find((m) => m.player_id === player_id)?.full_name ?? 'Their'} DBS check is recorded.`);
        setValues((v) => ({ ...v, player_id: '', expires_on: '', checked_by: '' }));
        await revalidator.revalidate();
      },
      (error) => setErrors(refusalErrors(error, 'player_id')),
    );
  }

  return (
    <PanelForm title="Record a check" onSubmit={save} busy={busy} submitLabel="Record check">
      <p className="mb-3 text-sm text-muted">
        As verified on the FA Club Portal: the status and dates only. Never write down the certificate number. Only adults (staff and volunteers) are listed.
      </p>
      <ErrorSummary className="mb-4" errors={shown} order={FIELDS} idFor={(f) => fieldId(f, 'dbs')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonSelect people={overview.members} idOf={(m) => m.player_id} {...field('player_id')} />
        <SelectField label="Status" required {...field('status')}>
          <LabelledOptions values={DBS_STATUSES} labels={DBS_STATUS_LABELS} />
        </SelectField>
        <TextField label="Expiry date" type="date" hint="Required when in date or expired" {...field('expires_on')} />
        <TextField label="Date checked" type="date" required {...field('checked_on')} />
        <TextField
          label="Checked by"
          required
          autoComplete="off"
          list="dbs-verifiers"
          hint="Who saw and verified the certificate: choose or type a name. You are recorded separately as the person who typed this in."
          {...field('checked_by')}
        />
        <datalist id="dbs-verifiers">
          {overview.verifiers.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
      {!overview.members.length && <FormMessage>No adult member to record a check for yet.</FormMessage>}
    </PanelForm>
  );
}
