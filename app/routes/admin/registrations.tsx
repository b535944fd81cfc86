import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { AdminLoading, Badge, SectionHeader } from '../../components/admin/section';
import { adminMeta } from '../../components/admin/meta';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import type { MatchReason, Registration } from '../../../shared/contracts/registrations';
import { ApiError, client, errorDetail, loadList, read } from '../../lib/api-client';
import { requireCan } from '../../lib/guards.server';
import type { Route } from './+types/registrations';

export const meta: Route.MetaFunction = () => adminMeta('Registrations', 'New registrations waiting for the club to approve them.');

export const NO_REGISTRATIONS = 'No registrations are waiting.';

const REASON_LABELS: Record<MatchReason, string> = {
  name: 'same name',
  date_of_birth: 'same date of birth',
  email: 'same e-mail',
  phone: 'same phone number',
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'membership');
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, registrations, teams] = await Promise.all([
    serverLoader(),
    read(client.admin.registrations.$get({ query: { status: 'pending' } })).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 403) return null;
      throw error;
    }),
    loadList('teams', client.teams.$get()),
  ]);
  return { registrations, teams };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

type Team = Route.ComponentProps['loaderData']['teams'][number];

export default function AdminRegistrations({ loaderData }: Route.ComponentProps) {
  const { registrations, teams } = loaderData;
  const [rejecting, setRejecting] = useState<Registration | null>(null);
  return (
    <section>
      <SectionHeader
        title="Registrations"
        description="People who registered on the website. Nobody sees them, picks them or mails them until you approve them."
      />
      {registrations === null ? (
        <p className="rounded-xl bg-white p-6 text-center text-muted ring-1 ring-line">Only the secretary or an admin decides registrations.</p>
      ) : registrations.length === 0 ? (
        <div className="rounded-xl bg-white p-6 text-center ring-1 ring-line">
          <p className="text-muted">{NO_REGISTRATIONS}</p>
          <Link to="/admin" className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
            Back to Today
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {registrations.map((registration) => (
            <li key={registration.id}>
              <RegistrationCard registration={registration} teams={teams} onReject={() => setRejecting(registration)} />
            </li>
          ))}
        </ul>
      )}
      <RejectDialog key={rejecting?.id ?? 'closed'} registration={rejecting} onClose={() => setRejecting(null)} />
    </section>
  );
}

/** One registration: who they are, the club's records that look like them, and the decision. */
function RegistrationCard({ registration: r, teams, onReject }: { registration: Registration; teams: Team[]; onReject: () => void }) {
  const revalidator = useRevalidator();
  const [choice, setChoice] = useState(r.matches[0]?.player_id ?? 'new');
  const [teamId, setTeamId] = useState(teams[0]?.id ?? '');
  const [busy, setBusy] = useState(false);
  const headingId = `registration-${r.id}`;

  async function approve() {
    setBusy(true);
    try {
      const json = choice === 'new' ? { team_id: teamId || null } : { link_player_id: choice };
      await read(client.admin.registrations[':id'].approve.$post({ param: { id: r.id }, json }));
      toast.success(choice === 'new' ? `${r.full_name} is approved.` : `${r.full_name} is approved and linked to the club's record.`);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(`Could not approve ${r.full_name}: ${errorDetail(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <article aria-labelledby={headingId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5">
      <h3 id={headingId} className="text-lg font-bold">
        {r.full_name}
      </h3>
      <p className="text-sm text-muted">Registered {formatDateTime(r.registered_at)}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail term="Username">{r.username}</Detail>
        <Detail term="E-mail">
          <span className="break-all">{r.email}</span> {r.email_confirmed ? <Badge tone="success">Confirmed</Badge> : <Badge tone="warning">Not confirmed yet</Badge>}
        </Detail>
        <Detail term="Date of birth">{r.date_of_birth ? formatDate(r.date_of_birth) : 'Not given'}</Detail>
        <Detail term="Phone">{r.phone_number ?? 'Not given'}</Detail>
        <Detail term="Position">{r.position_preference ?? 'Not given'}</Detail>
        <Detail term="Previous club">{r.previous_club ?? 'None given'}</Detail>
      </dl>

      <fieldset className="mt-4">
        <legend className="font-semibold">{r.matches.length ? 'This may be someone the club has already' : 'Add them as'}</legend>
        <div className="mt-2 space-y-2">
          {r.matches.map((m) => (
            <label key={m.player_id} className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg p-2 ring-1 ring-line has-[:checked]:ring-brand-700">
              <input type="radio" name={`choice-${r.id}`} value={m.player_id} checked={choice === m.player_id} onChange={() => setChoice(m.player_id)} className="mt-1 size-5" />
              <span className="text-sm">
                <span className="block font-semibold">Link to the club&rsquo;s record of {m.full_name}</span>
                <span className="block text-muted">
                  {m.reasons.map((reason) => REASON_LABELS[reason]).join(', ')}
                  {m.date_of_birth ? ` · born ${formatDate(m.date_of_birth)}` : ''}
                  {m.teams.length ? ` · plays for ${m.teams.join(', ')}` : m.status === 'left' ? ' · left the club' : ''}
                </span>
                {m.staff_of.length > 0 && (
                  <span className="mt-1 block font-semibold text-ink">
                    On the staff of {m.staff_of.join(', ')}: linking gives that role, so only an admin can approve this link.
                  </span>
                )}
              </span>
            </label>
          ))}
          <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg p-2 ring-1 ring-line has-[:checked]:ring-brand-700">
            <input type="radio" name={`choice-${r.id}`} value="new" checked={choice === 'new'} onChange={() => setChoice('new')} className="mt-1 size-5" />
            <span className="text-sm font-semibold">A new player</span>
          </label>
        </div>
        {choice === 'new' && teams.length > 0 && (
          <SelectField label="Team" className="mt-3 max-w-xs" value={teamId} onChange={(event) => setTeamId(event.target.value)}>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </SelectField>
        )}
      </fieldset>

      <div className="mt-4 flex flex-wrap gap-2">
        <Button onClick={approve} disabled={busy}>
          {busy ? 'Approving…' : 'Approve'}
        </Button>
        <Button variant="secondary" onClick={onReject} disabled={busy} aria-label={`Reject ${r.full_name}`}>
          Reject
        </Button>
      </div>
    </article>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap gap-x-2">
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

/** Rejecting asks why: the reason goes to the registrant in the mail. */
function RejectDialog({ registration, onClose }: { registration: Registration | null; onClose: () => void }) {
  const revalidator = useRevalidator();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function reject(event: React.FormEvent) {
    event.preventDefault();
    if (!registration) return;
    if (!reason.trim()) {
      setError('Give a reason');
      return;
    }
    setBusy(true);
    try {
      await read(client.admin.registrations[':id'].reject.$post({ param: { id: registration.id }, json: { reason } }));
      toast.success(`${registration.full_name}'s registration is rejected; they have been told why.`);
      onClose();
      await revalidator.revalidate();
    } catch (caught) {
      setError(caught instanceof ApiError && caught.errors.length ? caught.errors[0].message : errorDetail(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={registration !== null}
      onClose={onClose}
      title={registration ? `Reject ${registration.full_name}` : 'Reject'}
      description="Their account is removed and they get an e-mail with your reason."
    >
      <form onSubmit={reject} noValidate>
        <TextAreaField
          label="Reason"
          required
          rows={4}
          maxLength={1000}
          data-autofocus
          value={reason}
          error={error}
          hint="Sent to them as you write it."
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? 'Rejecting…' : 'Reject registration'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
