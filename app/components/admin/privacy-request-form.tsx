import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { PrivacySubject } from '../../../shared/contracts/privacy';
import {
  PRIVACY_REQUEST_TYPES,
  PRIVACY_REQUEST_TYPE_LABELS,
  REQUESTER_RELATIONSHIPS,
  REQUESTER_RELATIONSHIP_LABELS,
  type PrivacyRequestType,
  type RequesterRelationship,
} from '../../../shared/privacy';
import { dayInWords } from '../../../shared/privacy-dates';
import { GUARDIAN_LEVEL_LABELS, type GuardianLevel } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import { client, read } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';
import { ErrorSummary, fieldId, summaryOf } from '../ui/error-summary';
import { Checkbox, SelectField, TextField } from '../ui/field';
import { boundFields } from '../ui/form-fields';
import { toast } from '../ui/toast';
import { LabelledOptions } from './labelled-options';
import { PanelForm } from './panel-form';
import { refusalErrors } from './refusal-errors';
import { useFieldValues } from './use-field-values';

const FIELDS = ['type', 'subject', 'include_children', 'requested_by_name', 'relationship', 'requested_by_user_id', 'received_on', 'identity_checked_on'];
const GROUPS: [PrivacySubject['kind'], string][] = [
  ['member', 'Members'],
  ['child', 'Children (under 18)'],
  ['login', 'Parents and carers (logins)'],
];

/** "player:<id>" or "user:<id>": one select for members, children and parents' logins. */
const keyOf = (s: PrivacySubject) => (s.player_id ? `player:${s.player_id}` : `user:${s.user_id}`);

/** The API names the subject as player_id or user_id; the form has one "subject" select. */
function formErrors(error: unknown) {
  const { player_id, user_id, ...rest } = refusalErrors(error, 'subject');
  return player_id || user_id ? { ...rest, subject: (player_id ?? user_id)! } : rest;
}

/**
 * "Record a request" (issue 34): what was asked, about whom, who asked and how they are related,
 * when it came in and when their identity was checked. Saved, it opens the request's page.
 */
export function PrivacyRequestForm({ subjects }: { subjects: PrivacySubject[] }) {
  const navigate = useNavigate();
  const [values, , set] = useFieldValues({
    type: 'access' as PrivacyRequestType,
    subject: '',
    include_children: '',
    requested_by_name: '',
    relationship: 'self' as RequesterRelationship,
    requested_by_user_id: '',
    received_on: todayIso(),
    identity_checked_on: '',
  });
  const { busy, errors, setErrors, submit } = useFormSubmit();
  const shown = summaryOf(FIELDS, { fieldErrors: errors }).errors;
  const field = boundFields(values, shown, set, 'privacy');
  const subject = subjects.find((s) => keyOf(s) === values.subject);
  const parents = subject?.guardians ?? [];

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!subject) missing.subject = 'Choose who the request is about';
    if (values.requested_by_name.trim().length < 2) missing.requested_by_name = 'Say who asked (their name)';
    if (!values.received_on) missing.received_on = 'Enter the day the request came in';
    if (Object.keys(missing).length) return setErrors(missing);
    await submit(
      async () => {
        const saved = await read(
          client.privacy.requests.$post({
            json: {
              type: values.type,
              player_id: subject!.player_id,
              user_id: subject!.user_id,
              include_children: subject!.kind === 'login' && values.include_children === 'yes',
              requested_by_name: values.requested_by_name.trim(),
              relationship: values.relationship,
              requested_by_user_id: values.relationship === 'parent' ? values.requested_by_user_id || null : null,
              received_on: values.received_on,
              identity_checked_on: values.identity_checked_on || null,
            },
          }),
        );
        toast.success(`Request recorded: due by ${dayInWords(saved.due_on)}.`);
        await navigate(`/admin/privacy/${saved.id}`);
      },
      (error) => setErrors(formErrors(error)),
    );
  }

  return (
    <PanelForm title="Record a request" onSubmit={save} busy={busy} submitLabel="Record request" spacing="mt-0">
      <ErrorSummary className="mb-4" errors={shown} order={FIELDS} idFor={(f) => fieldId(f, 'privacy')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="What they asked for" required {...field('type')}>
          <LabelledOptions values={PRIVACY_REQUEST_TYPES} labels={PRIVACY_REQUEST_TYPE_LABELS} />
        </SelectField>
        <SelectField label="Who it is about" required hint="A member, a child, or a parent’s own login" {...field('subject')}>
          <option value="">Choose a person</option>
          {GROUPS.map(([kind, label]) => (
            <optgroup key={kind} label={label}>
              {subjects
                .filter((s) => s.kind === kind)
                .map((s) => (
                  <option key={keyOf(s)} value={keyOf(s)}>
                    {s.full_name}
                  </option>
                ))}
            </optgroup>
          ))}
        </SelectField>
        {subject?.kind === 'login' && (
          <div className="sm:col-span-2">
            <Checkbox
              label="Include the children they have parental responsibility for"
              checked={values.include_children === 'yes'}
              onChange={(e) => set('include_children')({ target: { value: e.target.checked ? 'yes' : '' } })}
            />
            {shown.include_children && <p className="mt-1 text-sm font-medium text-danger">{shown.include_children}</p>}
          </div>
        )}
        <TextField label="Who asked" required autoComplete="off" hint="Their name, as they gave it" {...field('requested_by_name')} />
        <SelectField label="How they are related" required {...field('relationship')}>
          <LabelledOptions values={REQUESTER_RELATIONSHIPS} labels={REQUESTER_RELATIONSHIP_LABELS} />
        </SelectField>
        {values.relationship === 'parent' && parents.length > 0 && (
          <SelectField label="Which parent or carer" hint="Only one with parental responsibility may ask; a view-only one may not" {...field('requested_by_user_id')}>
            <option value="">Not listed here</option>
            {parents.map((p) => (
              <option key={p.user_id} value={p.user_id}>
                {p.full_name} ({GUARDIAN_LEVEL_LABELS[p.level as GuardianLevel] ?? p.level})
              </option>
            ))}
          </SelectField>
        )}
        <TextField label="Received on" type="date" required hint="The day it reached the club (any day of the week)" {...field('received_on')} />
        <TextField label="Identity checked on" type="date" hint="Leave empty until you have checked who they are" {...field('identity_checked_on')} />
      </div>
    </PanelForm>
  );
}
