import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { CLUB_ROLES, CLUB_ROLE_LABELS, TEAM_STAFF_ROLES, TEAM_STAFF_ROLE_LABELS, type ClubRole } from '../../../shared/club-roles';
import type { RolesOverview } from '../../../shared/contracts/roles';
import { AdminLoading, Badge, Panel, SectionHeader } from '../../components/admin/section';
import { adminMeta } from '../../components/admin/meta';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { Button } from '../../components/ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { SelectField, TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { ApiError, client, errorDetail, loadList, read } from '../../lib/api-client';
import { requireAdminArea } from '../../lib/guards.server';
import type { Route } from './+types/roles';

export const meta: Route.MetaFunction = () => adminMeta('People & roles', 'Club roles, team staff and who changed them.');

export const NO_CHANGES = 'No roles have been granted or removed yet.';

export function loader({ context, request }: Route.LoaderArgs) {
  return { user: requireAdminArea(context, request) };
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [, overview, teams] = await Promise.all([serverLoader(), read(client.admin.roles.$get()), loadList('teams', client.teams.$get())]);
  return { overview, teams };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

type Team = Route.ComponentProps['loaderData']['teams'][number];

/** What a removal takes away, for its confirmation. */
type Removal = { label: string; run: () => Promise<unknown>; done: string };

/**
 * People & roles (issue 21): who holds a club role (secretary, treasurer, welfare officer, admin)
 * and who is on each team's staff, with forms to grant and buttons to remove, and the record of
 * every change with who made it and when.
 */
export default function AdminRoles({ loaderData }: Route.ComponentProps) {
  const { overview, teams } = loaderData;
  const revalidator = useRevalidator();
  const [removing, setRemoving] = useState<Removal | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmRemoval() {
    if (!removing) return;
    setBusy(true);
    try {
      await removing.run();
      toast.success(removing.done);
      setRemoving(null);
      await revalidator.revalidate();
    } catch (error) {
      toast.error('Could not remove the role', {
        description: errorDetail(error),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="min-w-0 space-y-6">
      <SectionHeader
        title="People & roles"
        description="Club roles run parts of the club; team staff run their own team's match week and training and are never counted as players."
      />
      <ClubRolesPanel overview={overview} onRemove={setRemoving} />
      <TeamStaffPanel overview={overview} teams={teams} onRemove={setRemoving} />

      <Panel title="Changes">
        {overview.changes.length === 0 ? (
          <p className="text-sm text-muted">{NO_CHANGES}</p>
        ) : (
          <ol className="space-y-3 text-sm">
            {overview.changes.map((change) => (
              <li key={change.id}>
                <time dateTime={change.at} className="block text-muted">
                  {formatDateTime(change.at)}
                </time>
                {change.by_name} {change.action === 'granted' ? 'made' : 'removed'} {change.subject_name} {change.action === 'granted' ? '' : 'as '}
                {change.role}
              </li>
            ))}
          </ol>
        )}
      </Panel>

      <ConfirmDialog
        open={removing !== null}
        busy={busy}
        title="Remove role"
        message={removing?.label ?? ''}
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemoval}
      />
    </section>
  );
}

/** The club roles held, each with Remove, and the form that gives one. */
function ClubRolesPanel({ overview, onRemove }: { overview: RolesOverview; onRemove: (removal: Removal) => void }) {
  return (
    <Panel title="Club roles">
      {overview.club_roles.length === 0 ? (
        <p className="text-sm text-muted">Nobody holds a club role.</p>
      ) : (
        <ul className="divide-y divide-line">
          {overview.club_roles.map((holder) => (
            <li key={`${holder.user_id}-${holder.role}`} className="flex items-start justify-between gap-3 py-3">
              <span className="min-w-0 flex-1 break-words">
                <span className="font-semibold">{holder.full_name}</span> <Badge>{CLUB_ROLE_LABELS[holder.role]}</Badge>
                <span className="block text-sm text-muted">
                  Since {formatDate(holder.granted_at.slice(0, 10))}
                  {holder.granted_by ? `, granted by ${holder.granted_by}` : ''}
                </span>
              </span>
              <Button
                variant="secondary"
                className="shrink-0"
                aria-label={`Remove ${CLUB_ROLE_LABELS[holder.role]} from ${holder.full_name}`}
                onClick={() =>
                  onRemove({
                    label: `${holder.full_name} will no longer be ${CLUB_ROLE_LABELS[holder.role].toLowerCase()}.`,
                    run: () =>
                      read(
                        client.admin['club-roles'][':user_id'][':role'].$delete({
                          param: {
                            user_id: holder.user_id,
                            role: holder.role,
                          },
                        }),
                      ),
                    done: `${holder.full_name} is no longer ${CLUB_ROLE_LABELS[holder.role].toLowerCase()}.`,
                  })
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <GrantClubRoleForm overview={overview} />
    </Panel>
  );
}

/** Each team's staff, each with Remove, and the form that adds someone. */
function TeamStaffPanel({ overview, teams, onRemove }: { overview: RolesOverview; teams: Team[]; onRemove: (removal: Removal) => void }) {
  return (
    <Panel title="Team staff">
      {teams.map((team) => {
        const staff = overview.team_staff.filter((s) => s.team_id === team.id);
        return (
          <div key={team.id} className="mb-4">
            <h4 className="font-semibold">{team.name}</h4>
            {staff.length === 0 ? (
              <p className="text-sm text-muted">No staff yet.</p>
            ) : (
              <ul className="divide-y divide-line">
                {staff.map((member) => (
                  <li key={member.player_id} className="flex items-start justify-between gap-3 py-3">
                    <span className="min-w-0 flex-1 break-words">
                      <span className="font-semibold">{member.full_name}</span> <Badge>{TEAM_STAFF_ROLE_LABELS[member.role]}</Badge>
                      {!member.has_login && <span className="block text-sm text-muted">No login yet: give them one in Players to let them run the team.</span>}
                    </span>
                    <Button
                      variant="secondary"
                      className="shrink-0"
                      aria-label={`Remove ${member.full_name} from ${team.name} staff`}
                      onClick={() =>
                        onRemove({
                          label: `${member.full_name} will no longer be ${TEAM_STAFF_ROLE_LABELS[member.role].toLowerCase()} of ${team.name}.`,
                          run: () =>
                            read(
                              client.admin['team-staff'][':team_id'][':player_id'].$delete({
                                param: {
                                  team_id: team.id,
                                  player_id: member.player_id,
                                },
                              }),
                            ),
                          done: `${member.full_name} is off the ${team.name} staff.`,
                        })
                      }
                    >
                      Remove
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
      <TeamStaffForm overview={overview} teams={teams} />
    </Panel>
  );
}

const CLUB_FIELDS = ['user_id', 'role'] as const;

function GrantClubRoleForm({ overview }: { overview: RolesOverview }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState({
    user_id: '',
    role: 'secretary' as ClubRole,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const shown = summaryOf(CLUB_FIELDS, { fieldErrors: errors }).errors;

  async function grant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.user_id) return setErrors({ user_id: 'Choose a person' });
    setErrors({});
    setBusy(true);
    try {
      await read(client.admin['club-roles'].$post({ json: values }));
      const person = overview.logins.find((l) => l.user_id === values.user_id)?.full_name ?? 'They';
      toast.success(`${person} is now ${CLUB_ROLE_LABELS[values.role].toLowerCase()}.`);
      setValues((v) => ({ ...v, user_id: '' }));
      await revalidator.revalidate();
    } catch (error) {
      setErrors(error instanceof ApiError && Object.keys(error.fieldErrors).length ? error.fieldErrors : { user_id: errorDetail(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={grant} className="mt-4 border-t border-line pt-4">
      <h4 className="mb-3 font-semibold">Give a club role</h4>
      <ErrorSummary className="mb-4" errors={shown} order={CLUB_FIELDS} idFor={(f) => fieldId(f, 'club-role')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={fieldId('user_id', 'club-role')}
          label="Person"
          hint="Anyone with a login"
          required
          value={values.user_id}
          error={shown.user_id}
          onChange={(e) => setValues((v) => ({ ...v, user_id: e.target.value }))}
        >
          <option value="">Choose a person</option>
          {overview.logins.map((login) => (
            <option key={login.user_id} value={login.user_id}>
              {login.full_name} ({login.username})
            </option>
          ))}
        </SelectField>
        <SelectField
          id={fieldId('role', 'club-role')}
          label="Role"
          required
          value={values.role}
          error={shown.role}
          onChange={(e) => setValues((v) => ({ ...v, role: e.target.value as ClubRole }))}
        >
          {CLUB_ROLES.map((role) => (
            <option key={role} value={role}>
              {CLUB_ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
      </div>
      <Button type="submit" className="mt-4" disabled={busy}>
        {busy ? 'Saving…' : 'Give role'}
      </Button>
    </form>
  );
}

const STAFF_FIELDS = ['player_id', 'team_id', 'role', 'override_reason'] as const;

function TeamStaffForm({ overview, teams }: { overview: RolesOverview; teams: Team[] }) {
  const revalidator = useRevalidator();
  const [values, setValues] = useState({
    player_id: '',
    team_id: teams[0]?.id ?? '',
    role: 'coach' as (typeof TEAM_STAFF_ROLES)[number],
    override_reason: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const shown = summaryOf(STAFF_FIELDS, { fieldErrors: errors }).errors;
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!values.player_id) found.player_id = 'Choose a person';
    if (!values.team_id) found.team_id = 'Choose a team';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { override_reason, ...chosen } = values;
      await read(client.admin['team-staff'].$put({ json: override_reason.trim() ? { ...chosen, override_reason: override_reason.trim() } : chosen }));
      const person = overview.members.find((m) => m.player_id === values.player_id)?.full_name ?? 'They';
      const team = teams.find((t) => t.id === values.team_id)?.name ?? 'the team';
      toast.success(`${person} is now ${TEAM_STAFF_ROLE_LABELS[values.role].toLowerCase()} of ${team}.`);
      setValues((v) => ({ ...v, player_id: '', override_reason: '' }));
      await revalidator.revalidate();
    } catch (error) {
      setErrors(error instanceof ApiError && Object.keys(error.fieldErrors).length ? error.fieldErrors : { player_id: errorDetail(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={save} className="mt-4 border-t border-line pt-4">
      <h4 className="mb-3 font-semibold">Add to a team&rsquo;s staff</h4>
      <ErrorSummary className="mb-4" errors={shown} order={STAFF_FIELDS} idFor={(f) => fieldId(f, 'team-staff')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          id={fieldId('player_id', 'team-staff')}
          label="Person"
          hint="A member of the club"
          required
          value={values.player_id}
          error={shown.player_id}
          onChange={set('player_id')}
        >
          <option value="">Choose a person</option>
          {overview.members.map((member) => (
            <option key={member.player_id} value={member.player_id}>
              {member.full_name}
            </option>
          ))}
        </SelectField>
        <SelectField id={fieldId('team_id', 'team-staff')} label="Team" required value={values.team_id} error={shown.team_id} onChange={set('team_id')}>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
        <SelectField id={fieldId('role', 'team-staff')} label="Role" required value={values.role} error={shown.role} onChange={set('role')}>
          {TEAM_STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {TEAM_STAFF_ROLE_LABELS[role]}
            </option>
          ))}
        </SelectField>
      </div>
      <TextField
        id={fieldId('override_reason', 'team-staff')}
        className="mt-4"
        label="DBS override reason (admins only)"
        hint="Only if a junior team's staff member has no in-date DBS check and must be added anyway: say why. It is recorded."
        value={values.override_reason}
        error={shown.override_reason}
        onChange={set('override_reason')}
      />
      <Button type="submit" className="mt-4" disabled={busy}>
        {busy ? 'Saving…' : 'Add to staff'}
      </Button>
    </form>
  );
}
