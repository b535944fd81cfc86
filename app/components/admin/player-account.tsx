/** A player's login in the admin's Players area: create one, or reset its password. */
import { AddressWaiting } from './address-waiting';
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { Badge, Panel } from './section';
import type { AdminPlayer as Player } from '../../../shared/contracts/players';
import { Button } from '../ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../ui/error-summary';
import { TextField } from '../ui/field';
import { boundFields } from '../ui/form-fields';
import { toast } from '../ui/toast';
import { client, errorDetail, read } from '../../lib/api-client';
import { useFormSubmit } from '../../lib/use-form-submit';
import { PASSWORD_TOO_SHORT } from '../../../shared/auth';
import { LOGIN_NEEDS_AGREEMENT, UNDER_13_NO_LOGIN } from '../../../shared/guardians';
import { JUNIOR_LOGIN_MIN_AGE, ageOn } from '../../../shared/juniors';
import { todayIso } from '../../../shared/players';
import { hasLogin, PASSWORD_MIN, TOASTS } from './player-sections-shared';
import { useFieldValues } from './use-field-values';

const LOGIN_FIELDS = ['username', 'email', 'password'] as const;

export function AccountSection({ player }: { player: Player }) {
  return <Panel title="Login account">{hasLogin(player) ? <ResetPasswordForm player={player} /> : <NewLogin player={player} />}</Panel>;
}

/** "Create login" only from the age the club's rules allow a junior a login of their own (13, once a parent agreed; issue 31). */
export function NewLogin({ player }: { player: Pick<Player, 'full_name' | 'date_of_birth' | 'team_type' | 'id'> }) {
  const age = player.date_of_birth ? ageOn(player.date_of_birth, todayIso()) : null;
  if (age !== null && age < JUNIOR_LOGIN_MIN_AGE) {
    return (
      <p className="text-sm text-muted" data-testid="no-junior-login">
        {player.full_name} has no login: {UNDER_13_NO_LOGIN}
      </p>
    );
  }
  return (
    <>
      {age !== null && age < 18 && <p className="mb-3 text-sm text-muted">{LOGIN_NEEDS_AGREEMENT}</p>}
      <CreateLoginForm player={player as Player} />
    </>
  );
}

function CreateLoginForm({ player }: { player: Player }) {
  const revalidator = useRevalidator();
  const [values, , set] = useFieldValues({ username: '', email: '', password: '' });
  const { busy, formError, errors, setErrors, submit } = useFormSubmit();
  const summary = summaryOf(LOGIN_FIELDS, { error: formError, fieldErrors: errors });
  const field = boundFields(values, summary.errors, set, 'login');

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!values.username.trim()) found.username = 'Username is required';
    if (!values.email.trim()) found.email = 'Email is required';
    // No password: the person is e-mailed a link to choose their own (issue 21).
    if (values.password && values.password.length < PASSWORD_MIN) found.password = PASSWORD_TOO_SHORT;
    setErrors(found);
    if (Object.keys(found).length > 0) return; // nothing is sent
    await submit(
      async () => {
        const created = await read(
          client.admin['create-player-account'].$post({
            json: { player_id: player.id, username: values.username.trim(), email: values.email.trim(), password: values.password || undefined },
          }),
        );
        toast.success(created.invited ? created.detail : TOASTS.accountCreated);
        await revalidator.revalidate();
      },
      (error) => toast.error(TOASTS.accountError, { description: errorDetail(error) }),
    );
  }

  return (
    <form noValidate onSubmit={create} className="space-y-4">
      <p className="text-sm text-muted">
        {player.full_name} has no login yet.{' '}
        {player.team_type === 'Staff' ? 'Members of the Staff team get a staff account.' : 'Create one so they can use the Players’ Area.'}
      </p>
      <ErrorSummary errors={summary.errors} order={LOGIN_FIELDS} message={summary.message} idFor={(f) => fieldId(f, 'login')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label="Username" autoComplete="off" required {...field('username')} />
        <TextField label="Email" type="email" autoComplete="off" required {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="Leave empty to e-mail them a link to choose their own (valid 7 days)."
          {...field('password')}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Creating…' : 'Create login'}
      </Button>
    </form>
  );
}

function ResetPasswordForm({ player }: { player: Player }) {
  const [values, setValues, set] = useFieldValues({ new_password: '' });
  const [missing, setMissing] = useState('');
  const { busy, formError, submit } = useFormSubmit();
  const error = missing || formError;
  const field = boundFields(values, { new_password: error }, set, 'reset');

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = values.new_password;
    if (password.length < PASSWORD_MIN) {
      setMissing(password ? PASSWORD_TOO_SHORT : 'New password is required');
      return;
    }
    setMissing('');
    await submit(
      async () => {
        await read(client.auth['reset-password'][':userId'].$put({ param: { userId: player.user_id! }, json: { password } }));
        toast.success(TOASTS.passwordReset);
        setValues({ new_password: '' });
      },
      (e) => toast.error(TOASTS.passwordError, { description: errorDetail(e) }),
    );
  }

  return (
    <form noValidate onSubmit={reset} className="space-y-4">
      <p className="text-sm text-muted">
        <Badge tone="success">Has login</Badge>{' '}
        {player.login && (
          <>
            <strong className="text-ink">{player.login.username}</strong> · <span className="break-all">{player.login.email}</span> ·{' '}
            {player.login.activated ? 'in use' : 'not activated yet (the password link has not been used)'}.{' '}
          </>
        )}
        Resetting the password signs {player.full_name} out everywhere.
      </p>
      {player.login && !player.login.address_confirmed && <AddressWaiting heldMails={player.login.held_mails} />}
      <ErrorSummary errors={{ new_password: error }} idFor={(f) => fieldId(f, 'reset')} />
      <div className="flex flex-wrap items-start gap-3">
        <TextField label="New password" type="password" autoComplete="new-password" required className="w-full sm:w-72" {...field('new_password')} />
        <Button type="submit" className="sm:mt-7" disabled={busy}>
          {busy ? 'Resetting…' : 'Reset password'}
        </Button>
      </div>
    </form>
  );
}

