import type { FormEvent } from 'react';
import { Link, useRevalidator } from 'react-router';
import { formatDate } from '../../../shared/dates';
import { DBS_STATUSES, DBS_STATUS_LABELS, type DbsStatus } from '../../../shared/juniors';
import { TEAM_STAFF_ROLE_LABELS } from '../../../shared/club-roles';
import type { DbsEntry, DbsOverview } from '../../../shared/contracts/safeguarding';
import { AdminLoading, Badge, Panel, SectionHeader } from '../../components/admin/section';
import { LoginsPanel } from '../../components/admin/logins-panel';
import { MedicalNoteReadsPanel } from '../../components/admin/medical-note-reads-panel';
import { adminMeta } from '../../components/admin/meta';
import { LabelledOptions } from '../../components/admin/labelled-options';
import { PanelForm } from '../../components/admin/panel-form';
import { PersonSelect } from '../../components/admin/person-select';
import { refusalErrors } from '../../components/admin/refusal-errors';
import { useFieldValues } from '../../components/admin/use-field-values';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { FormMessage, SelectField, TextField } from '../../components/ui/field';
import { boundFields } from '../../components/ui/form-fields';
import { toast } from '../../components/ui/toast';
import { client, errorDetail, read } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';
import { requireCan } from '../../lib/guards.server';
import { todayIso } from '../../../shared/players';
import type { Route } from './+types/safeguarding';

export const meta: Route.MetaFunction = () => adminMeta('Safeguarding', 'The welfare officer and the DBS checks of junior teams’ staff.');

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, can } = await requireCan(context, request, 'dbsChecks');
  // Switching logins off and on is for admins and the welfare officer only (issue 30).
  const maySafeguard = can.safeguarding;
  return { user, maySafeguard };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const { user, maySafeguard } = await serverLoader();
  // The log of who read children's medical notes (issue 31): the welfare officer's, and admins'.
  const [logins, reads] = maySafeguard
    ? await Promise.all([read(client.admin.logins.$get()).catch(() => null), read(client.admin['medical-note-reads'].$get()).catch(() => null)])
    : [null, null];
  try {
    return { overview: await read(client.admin.dbs.$get()), refused: null, logins, reads, me: user.id };
  } catch (error) {
    return { overview: null, refused: errorDetail(error), logins, reads, me: user.id };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

const TONES: Record<DbsStatus, 'success' | 'info' | 'danger' | 'neutral'> = {
  in_date: 'success',
  renewal_in_progress: 'info',
  expired: 'danger',
  not_required: 'neutral',
};

/**
 * Safeguarding (issue 23): who the welfare officer is and how parents reach them, and the DBS
 * check status of everyone on a junior team's staff — recorded by admins, the secretary or the
 * welfare officer, never anything from the certificate itself.
 */
export default function AdminSafeguarding({ loaderData }: Route.ComponentProps) {
  const { overview, refused, logins, reads, me } = loaderData;
  return (
    <section className="min-w-0 space-y-6">
      <SectionHeader
        title="Safeguarding"
        description="The welfare officer parents can contact, and the DBS checks of junior teams’ staff. Only the status is kept, never the certificate."
      />
      {!overview ? (
        <FormMessage>{refused}</FormMessage>
      ) : (
        <>
          <WelfarePanel overview={overview} />
          <Panel title="DBS checks">
            {overview.people.length === 0 ? (
              <p className="text-sm text-muted">No junior team has staff yet, and no check is recorded.</p>
            ) : (
              <ul className="divide-y divide-line" aria-label="DBS checks">
                {overview.people.map((person) => (
                  <DbsRow key={person.player_id} person={person} />
                ))}
              </ul>
            )}
            <DbsForm overview={overview} />
          </Panel>
        </>
      )}
      {reads && <MedicalNoteReadsPanel log={reads} />}
      {logins && <LoginsPanel overview={logins} me={me} />}
    </section>
  );
}

function WelfarePanel({ overview }: { overview: DbsOverview }) {
  return (
    <Panel title="Welfare officer">
      <p data-testid="welfare-officer">
        {overview.welfare_officer ?? 'Nobody yet.'} {overview.welfare_email && <span className="break-all">({overview.welfare_email})</span>}
      </p>
      {(!overview.welfare_officer || !overview.welfare_email) && (
        <p className="mt-2 text-sm text-muted">
          A club with junior teams must have one parents can contact: give someone the role in{' '}
          <Link to="/admin/roles" className="font-semibold text-brand-800 underline">
            People &amp; roles
          </Link>{' '}
          and enter their e-mail in{' '}
          <Link to="/admin/settings" className="font-semibold text-brand-800 underline">
            Settings
          </Link>
          .
        </p>
      )}
    </Panel>
  );
}

function DbsRow({ person }: { person: DbsEntry }) {
  return (
    <li className="space-y-1 py-3 break-words" data-testid="dbs-person">
      <p>
        <span className="font-semibold">{person.full_name}</span>{' '}
        {person.status ? <Badge tone={TONES[person.status]}>{DBS_STATUS_LABELS[person.status]}</Badge> : <Badge tone="danger">No check recorded</Badge>}
      </p>
      {person.teams.map((t) => (
        <p key={t.team_id} className="text-sm text-muted">
          {TEAM_STAFF_ROLE_LABELS[t.role]} of {t.team_name} ({t.age_group})
          {t.override && ` · added despite the check by ${t.override.by}: ${t.override.reason}`}
        </p>
      ))}
      {person.status && (
        <p className="text-sm">
          {person.expires_on ? `Expires ${formatDate(person.expires_on)} · ` : ''}Checked by {person.checked_by} on{' '}
          {person.checked_on && formatDate(person.checked_on)}
        </p>
      )}
      {person.problem && <p className="text-sm font-semibold text-danger">{person.problem}</p>}
    </li>
  );
}

const FIELDS = ['player_id', 'status', 'expires_on', 'checked_on'] as const;

function DbsForm({ overview }: { overview: DbsOverview }) {
  const revalidator = useRevalidator();
  const [values, setValues, set] = useFieldValues({ player_id: '', status: 'in_date' as DbsStatus, expires_on: '', checked_on: todayIso() });
  const { busy, errors, setErrors, submit } = useFormSubmit();
  const shown = summaryOf(FIELDS, { fieldErrors: errors }).errors;
  const field = boundFields(values, shown, set, 'dbs');

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.player_id) return setErrors({ player_id: 'Choose a person' });
    await submit(
      async () => {
        const { player_id, ...check } = values;
        await read(client.admin.dbs[':player_id'].$put({ param: { player_id }, json: { ...check, expires_on: check.expires_on || null } }));
        toast.success(`${overview.members.find((m) => m.player_id === player_id)?.full_name ?? 'Their'} DBS check is recorded.`);
        setValues((v) => ({ ...v, player_id: '', expires_on: '' }));
        await revalidator.revalidate();
      },
      (error) => setErrors(refusalErrors(error, 'player_id')),
    );
  }

  return (
    <PanelForm title="Record a check" onSubmit={save} busy={busy} submitLabel="Record check">
      <p className="mb-3 text-sm text-muted">As verified on the FA Club Portal: the status and dates only. Never write down the certificate number.</p>
      <ErrorSummary className="mb-4" errors={shown} order={FIELDS} idFor={(f) => fieldId(f, 'dbs')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonSelect people={overview.members} idOf={(m) => m.player_id} {...field('player_id')} />
        <SelectField label="Status" required {...field('status')}>
          <LabelledOptions values={DBS_STATUSES} labels={DBS_STATUS_LABELS} />
        </SelectField>
        <TextField label="Expiry date" type="date" hint="Required when in date or expired" {...field('expires_on')} />
        <TextField label="Date checked" type="date" required {...field('checked_on')} />
      </div>
    </PanelForm>
  );
}
