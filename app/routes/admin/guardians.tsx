import { AddressWaiting } from '../../components/admin/address-waiting';
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { CHOOSE_JUNIOR_TEAM } from '../../../shared/guardians';
import { GUARDIAN_LEVELS, GUARDIAN_LEVEL_LABELS, isJunior, isJuniorAgeGroup, type GuardianLevel } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import { AdminLoading, Badge, Panel, SectionHeader } from '../../components/admin/section';
import { ReasonDialog } from '../../components/admin/reason-dialog';
import { adminMeta } from '../../components/admin/meta';
import { LabelledOptions } from '../../components/admin/labelled-options';
import { useFieldValues } from '../../components/admin/use-field-values';
import { Button } from '../../components/ui/button';
import { ErrorSummary, summaryOf } from '../../components/ui/error-summary';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { boundFields } from '../../components/ui/form-fields';
import { ItemOptions } from '../../components/ui/options';
import { toast } from '../../components/ui/toast';
import { ApiError, client, errorDetail, loadList, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import { useFormSubmit } from '../../lib/use-form-submit';
import type { Route } from './+types/guardians';

export const meta: Route.MetaFunction = () =>
  adminMeta('Parents & carers', 'Invite parents and carers, see each child’s, and decide “I am a parent” requests.');

export const NO_REQUESTS = 'No requests from parents or carers are waiting.';
export const REMOVE_LINK_EXPLAINED =
  'From now on they cannot see this child’s details, answer for them or get the club’s mail about them. Their login stays: switch it off on the Safeguarding page if needed. The reason is kept.';
const INVITE_FIELDS = ['player_id', 'email', 'level', 'relationship'] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { user, can } = await requireCan(context, request, 'guardians');
  // Removing a link is for admins and the welfare officer only (issue 30); the secretary sees no button.
  const maySafeguard = can.safeguarding;
  return { user, maySafeguard };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [{ maySafeguard }, requests, players, teams] = await Promise.all([
    serverLoader(),
    read(client['guardian-requests'].$get({ query: { status: 'pending' } })),
    loadList('players', client.players.$get({ query: {} })),
    read(client.teams.$get()),
  ]);
  // Those who may decide see every request; anyone else gets only their own (none here).
  const today = todayIso();
  const juniors = players
    .filter((p) => isJunior(p.date_of_birth ?? null, today))
    .map((p) => ({ id: p.id, full_name: p.full_name, date_of_birth: p.date_of_birth ?? null }));
  // A new child joins a junior team, chosen when the request is approved (issue 31).
  const juniorTeams = teams.filter((t) => isJuniorAgeGroup(t.age_group)).map((t) => ({ id: t.id, name: t.name }));
  return { requests, juniors, juniorTeams, maySafeguard };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

type Junior = Route.ComponentProps['loaderData']['juniors'][number];
type Request = Route.ComponentProps['loaderData']['requests'][number];
type JuniorTeam = Route.ComponentProps['loaderData']['juniorTeams'][number];

export default function AdminGuardians({ loaderData }: Route.ComponentProps) {
  const { requests, juniors, juniorTeams, maySafeguard } = loaderData;
  return (
    <section>
      <SectionHeader
        title="Parents & carers"
        description="Juniors’ parents and carers answer for them, give consents and get the club’s mail about them. Only admins, the secretary and the welfare officer manage them."
      />
      <div className="grid gap-6 xl:grid-cols-[1fr_24rem]">
        <div className="min-w-0 space-y-6">
          <div>
            <h3 className="mb-3 text-lg font-bold">“I am a parent or carer” requests</h3>
            {requests.length === 0 ? (
              <p className="rounded-xl bg-white p-6 text-center text-muted ring-1 ring-line">{NO_REQUESTS}</p>
            ) : (
              <ul className="space-y-4">
                {requests.map((r) => (
                  <li key={r.id}>
                    <RequestCard request={r} juniors={juniors} teams={juniorTeams} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <ChildGuardians juniors={juniors} maySafeguard={maySafeguard} />
        </div>
        <InviteForm juniors={juniors} />
      </div>
    </section>
  );
}

function RequestCard({ request: r, juniors, teams }: { request: Request; juniors: Junior[]; teams: JuniorTeam[] }) {
  const revalidator = useRevalidator();
  const sameBirthday = juniors.filter((j) => j.date_of_birth === r.child_date_of_birth);
  const [choice, setChoice] = useState(sameBirthday[0]?.id ?? 'new');
  const [teamId, setTeamId] = useState(teams.some((t) => t.id === r.team_id) ? r.team_id! : '');
  const [teamError, setTeamError] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [busy, setBusy] = useState(false);
  const headingId = `request-${r.id}`;

  async function decide(approve: boolean) {
    if (!approve && !reason.trim()) {
      setReasonError('Reason is required: it is e-mailed to them');
      return;
    }
    if (approve && choice === 'new' && !teamId) {
      setTeamError(CHOOSE_JUNIOR_TEAM);
      return;
    }
    setBusy(true);
    try {
      if (approve)
        await read(client['guardian-requests'][':id'].approve.$post({ param: { id: r.id }, json: choice === 'new' ? { team_id: teamId } : { player_id: choice } }));
      else await read(client['guardian-requests'][':id'].reject.$post({ param: { id: r.id }, json: { reason } }));
      toast.success(approve ? `${r.requester_name} is linked to ${r.child_name}.` : `The request is turned down; ${r.requester_name} is told why.`);
      await revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.reason) setReasonError(error.fieldErrors.reason);
      if (error instanceof ApiError && error.fieldErrors.team_id) setTeamError(error.fieldErrors.team_id);
      toast.error(errorDetail(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5">
      <h4 id={headingId} className="text-lg font-bold">
        {r.requester_name} for {r.child_name}
      </h4>
      <p className="text-sm text-muted">
        <span className="break-all">{r.requester_email}</span> · {r.relationship ?? 'Relationship not given'} · asked {formatDateTime(r.created_at)}
      </p>
      <p className="mt-1 text-sm">
        Child born {formatDate(r.child_date_of_birth)}
        {r.team_name ? ` · ${r.team_name}` : ''}
      </p>
      {r.message && <p className="mt-2 whitespace-pre-line text-sm">{r.message}</p>}
      <SelectField id={`child-${r.id}`} label="Link them to" className="mt-3" value={choice} onChange={(e) => setChoice(e.target.value)}>
        <option value="new">A new junior member: {r.child_name}</option>
        {juniors.map((j) => (
          <option key={j.id} value={j.id}>
            {j.full_name}
            {j.date_of_birth ? ` (born ${formatDate(j.date_of_birth)})` : ''}
          </option>
        ))}
      </SelectField>
      {choice === 'new' && (
        <SelectField
          id={`team-${r.id}`}
          label="Their junior team"
          required
          className="mt-3"
          hint={teams.length === 0 ? 'There is no junior team yet: add one on the Teams page first.' : 'They are listed under it on the Squad page'}
          value={teamId}
          error={teamError}
          onChange={(e) => {
            setTeamId(e.target.value);
            setTeamError('');
          }}
        >
          <ItemOptions items={teams} label={(t) => t.name} placeholder="Choose a junior team" />
        </SelectField>
      )}
      <TextAreaField
        id={`reason-${r.id}`}
        label="Reason, if you turn it down (e-mailed to them)"
        className="mt-3"
        rows={2}
        value={reason}
        error={reasonError}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="button" disabled={busy} onClick={() => decide(true)}>
          Approve<span className="sr-only"> {r.requester_name}</span>
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => decide(false)}>
          Turn down<span className="sr-only"> {r.requester_name}</span>
        </Button>
      </div>
    </article>
  );
}

type Guardians = {
  player_id: string;
  full_name: string;
  guardians: Array<{
    user_id: string;
    full_name: string;
    email: string;
    level: GuardianLevel;
    relationship: string | null;
    approved_by: string;
    address_confirmed: boolean;
    held_mails: number;
  }>;
  invitations: Array<{ email: string; level: GuardianLevel; expires_at: string }>;
};

function ChildGuardians({ juniors, maySafeguard }: { juniors: Junior[]; maySafeguard: boolean }) {
  const [childId, setChildId] = useState('');
  const [list, setList] = useState<Guardians | null>(null);
  const [removing, setRemoving] = useState<Guardians['guardians'][number] | null>(null);
  async function show(id: string) {
    setChildId(id);
    setList(null);
    if (!id) return;
    try {
      setList((await read(client.players[':id'].guardians.$get({ param: { id } }))) as Guardians);
    } catch (error) {
      toast.error(errorDetail(error));
    }
  }
  return (
    <div>
      <h3 className="mb-3 text-lg font-bold">A child’s parents and carers</h3>
      <SelectField id="guardians-child" label="Child" value={childId} onChange={(e) => show(e.target.value)}>
        <ItemOptions items={juniors} label={(j) => j.full_name} placeholder="Choose a junior" />
      </SelectField>
      {list && (
        <ul className="mt-3 space-y-2" aria-label={`${list.full_name}’s parents and carers`}>
          {list.guardians.length === 0 && list.invitations.length === 0 && <li className="text-muted">Nobody yet: invite a parent or carer.</li>}
          {list.guardians.map((g) => (
            <li key={g.user_id} className="rounded-xl bg-white p-3 ring-1 ring-line">
              <p className="font-semibold">
                {g.full_name} <Badge tone="info">{GUARDIAN_LEVEL_LABELS[g.level]}</Badge>
              </p>
              <p className="text-sm text-muted">
                {g.relationship ?? 'Relationship not given'} · <span className="break-all">{g.email}</span> · linked by {g.approved_by}
              </p>
              {!g.address_confirmed && <AddressWaiting heldMails={g.held_mails} />}
              {maySafeguard && (
                <Button variant="secondary" className="mt-2" onClick={() => setRemoving(g)} aria-label={`Remove link: ${g.full_name} to ${list.full_name}`}>
                  Remove link
                </Button>
              )}
            </li>
          ))}
          {list.invitations.map((i) => (
            <li key={i.email} className="rounded-xl bg-white p-3 text-sm ring-1 ring-line">
              Invited: <span className="break-all">{i.email}</span> ({GUARDIAN_LEVEL_LABELS[i.level]}), link works until {formatDateTime(i.expires_at)}
            </li>
          ))}
        </ul>
      )}
      {list && removing && (
        <ReasonDialog
          open
          id="remove-guardian"
          title={`Remove ${removing.full_name}’s link to ${list.full_name}?`}
          message={REMOVE_LINK_EXPLAINED}
          confirmLabel="Remove link"
          act={async (reason) => {
            await read(client.players[':id'].guardians[':user_id'].$delete({ param: { id: list.player_id, user_id: removing.user_id }, json: { reason } }));
          }}
          onDone={() => {
            toast.success(`${removing.full_name} can no longer see or answer for ${list.full_name}.`);
            setRemoving(null);
            void show(list.player_id);
          }}
          onCancel={() => setRemoving(null)}
        />
      )}
    </div>
  );
}

function InviteForm({ juniors }: { juniors: Junior[] }) {
  const [values, setValues, set] = useFieldValues({ player_id: '', email: '', level: 'primary' as GuardianLevel, relationship: '' });
  const { busy, formError, errors, submit } = useFormSubmit();
  const summary = summaryOf(INVITE_FIELDS, { error: formError, fieldErrors: errors });
  const field = boundFields(values, summary.errors, set);
  async function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit(async () => {
      await read(client['guardian-invitations'].$post({ json: { ...values, relationship: values.relationship || null } }));
      toast.success(`Invitation sent to ${values.email}.`);
      setValues({ ...values, email: '', relationship: '' });
    });
  }
  return (
    <Panel title="Invite a parent or carer" className="self-start">
      <form noValidate onSubmit={invite} className="space-y-4">
        <ErrorSummary errors={summary.errors} order={INVITE_FIELDS} message={summary.message} />
        <SelectField label="Child" required {...field('player_id')}>
          <ItemOptions items={juniors} label={(j) => j.full_name} placeholder="Choose a junior" />
        </SelectField>
        <TextField label="Their e-mail" type="email" required {...field('email')} />
        <SelectField label="Level" {...field('level')}>
          <LabelledOptions values={GUARDIAN_LEVELS} labels={GUARDIAN_LEVEL_LABELS} />
        </SelectField>
        <TextField label="Relationship (optional)" hint="Mother, grandfather, carer …" {...field('relationship')} />
        <p className="text-sm text-muted">They get a link that works once, for 7 days.</p>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
    </Panel>
  );
}
