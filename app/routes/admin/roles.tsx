import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { formatDate, formatDateTime } from '../../../shared/dates';
import { CLUB_ROLES, CLUB_ROLE_LABELS, TEAM_STAFF_ROLES, TEAM_STAFF_ROLE_LABELS, type ClubRole } from '../../../shared/club-roles';
import type { RolesOverview } from '../../../shared/contracts/roles';
import { AdminLoading, Badge, Panel, SectionHeader } from '../../components/admin/section';
import { adminMeta } from '../../components/admin/meta';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { LabelledOptions } from '../../components/admin/labelled-options';
import { PanelForm } from '../../components/admin/panel-form';
import { PersonSelect } from '../../components/admin/person-select';
import { refusalErrors } from '../../components/admin/refusal-errors';
import { useFieldValues } from '../../components/admin/use-field-values';
import { Button } from '../../components/ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { SelectField, TextField } from '../../components/ui/field';
import { boundFields } from '../../components/ui/form-fields';
import { ItemOptions } from '../../components/ui/options';
import { toast } from '../../components/ui/toast';
import { client, errorDetail, loadList, read } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';
import { requireCan } from '../../lib/guards.server';
import type { Route } from './+types/roles';

export const meta: Route.MetaFunction = () => adminMeta('People & roles', 'Club roles, team staff and who changed them.');

export const NO_CHANGES = 'No roles have been granted or removed yet.';

export async function loader({ context, request }: Route.LoaderArgs) {
  return requireCan(context, request, 'admin');
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
                      {member.suspended && (
                        <span className="block text-sm font-semibold text-danger" data-testid="staff-suspended">
                          {member.suspended}
                        </span>
                      )}
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
  const [values, setValues, set] = useFieldValues<{ user_id: string; role: ClubRole }>({ user_id: '', role: 'secretary' });
  const { busy, errors, setErrors, submit } = useFormSubmit();
  const shown = summaryOf(CLUB_FIELDS, { fieldErrors: errors }).errors;
  const field = boundFields(values, shown, set, 'club-role');

  async function grant(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values.user_id) return setErrors({ user_id: 'Choose a person' });
    await submit(
      async () => {
        await read(client.admin['club-roles'].$post({ json: values }));
        const person = overview.logins.find((l) => l.user_id === values.user_id)?.full_name ?? 'They';
        toast.success(`${person} is now ${CLUB_ROLE_LABELS[values.role].toLowerCase()}.`);
        setValues((v) => ({ ...v, user_id: '' }));
        await revalidator.revalidate();
      },
      (error) => setErrors(refusalErrors(error, 'user_id')),
    );
  }

  return (
    <PanelForm title="Give a club role" onSubmit={grant} busy={busy} submitLabel="Give role">
      <ErrorSummary className="mb-4" errors={shown} order={CLUB_FIELDS} idFor={(f) => fieldId(f, 'club-role')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonSelect
          hint="Anyone with a login"
          people={overview.logins}
          idOf={(login) => login.user_id}
          describe={(login) => `${login.full_name} (${login.username})`}
          {...field('user_id')}
        />
        <SelectField label="Role" required {...field('role')}>
          <LabelledOptions values={CLUB_ROLES} labels={CLUB_ROLE_LABELS} />
        </SelectField>
      </div>
    </PanelForm>
  );
}

const STAFF_FIELDS = ['player_id', 'team_id', 'role', 'override_reason'] as const;

function TeamStaffForm({ overview, teams }: { overview: RolesOverview; teams: Team[] }) {
  const revalidator = useRevalidator();
  const [values, setValues, set] = useFieldValues({
    player_id: '',
    team_id: teams[0]?.id ?? '',
    role: 'coach' as (typeof TEAM_STAFF_ROLES)[number],
    override_reason: '',
  });
  const { busy, errors, setErrors, submit } = useFormSubmit();
  const shown = summaryOf(STAFF_FIELDS, { fieldErrors: errors }).errors;
  const field = boundFields(values, shown, set, 'team-staff');

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!values.player_id) found.player_id = 'Choose a person';
    if (!values.team_id) found.team_id = 'Choose a team';
    setErrors(found);
    if (Object.keys(found).length) return;
    await submit(
      async () => {
        const { override_reason, ...chosen } = values;
        await read(client.admin['team-staff'].$put({ json: override_reason.trim() ? { ...chosen, override_reason: override_reason.trim() } : chosen }));
        const person = overview.members.find((m) => m.player_id === values.player_id)?.full_name ?? 'They';
        const team = teams.find((t) => t.id === values.team_id)?.name ?? 'the team';
        toast.success(`${person} is now ${TEAM_STAFF_ROLE_LABELS[values.role].toLowerCase()} of ${team}.`);
        setValues((v) => ({ ...v, player_id: '', override_reason: '' }));
        await revalidator.revalidate();
      },
      (error) => setErrors(refusalErrors(error, 'player_id')),
    );
  }

  return (
    <PanelForm title="Add to a team’s staff" onSubmit={save} busy={busy} submitLabel="Add to staff">
      <ErrorSummary className="mb-4" errors={shown} order={STAFF_FIELDS} idFor={(f) => fieldId(f, 'team-staff')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <PersonSelect hint="A member of the club" people={overview.members} idOf={(member) => member.player_id} {...field('player_id')} />
        <SelectField label="Team" required {...field('team_id')}>
          <ItemOptions items={teams} label={(team) => team.name} />
        </SelectField>
        <SelectField label="Role" required {...field('role')}>
          <LabelledOptions values={TEAM_STAFF_ROLES} labels={TEAM_STAFF_ROLE_LABELS} />
        </SelectField>
      </div>
      <TextField
        className="mt-4"
        label="DBS override reason (admins only)"
        hint="Only if a junior team's staff member has no in-date DBS check and must be added anyway: say why. It is recorded."
        {...field('override_reason')}
      />
    </PanelForm>
  );
}
