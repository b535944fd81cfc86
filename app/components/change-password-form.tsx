import { Form, useNavigation } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../shared/auth';
import { Button } from './ui/button';
import { ErrorSummary, fieldId, summaryOf } from './ui/error-summary';
import { FormMessage, PasswordField } from './ui/field';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;

export interface ChangePasswordResult {
  ok: boolean;
  intent?: string;
  error?: string;
  message?: string;
  fieldErrors?: Record<string, string>;
}

/** A new password, at least PASSWORD_MIN_LENGTH characters long. */
export function NewPasswordField({ name, hint, error, autoFocus }: { name: string; hint?: string; error: string | undefined; autoFocus?: boolean }) {
  return <PasswordField id={fieldId(name)} label="New password" name={name} autoComplete="new-password" minLength={PASSWORD_MIN_LENGTH} hint={hint} error={error} autoFocus={autoFocus} />;
}

/** The second entry of a new password, which must match the first. */
export function ConfirmPasswordField({ error }: { error: string | undefined }) {
  return <PasswordField id={fieldId('confirm_password')} label="Confirm new password" name="confirm_password" autoComplete="new-password" error={error} />;
}

/** The signed-in user's own password change (portal and admin panel); the page's action saves it. */
export function ChangePasswordForm({ result }: { result: ChangePasswordResult | undefined }) {
  const navigation = useNavigation();
  const mine = result?.intent === 'password' ? result : undefined;
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'password';
  const summary = summaryOf(FIELDS, mine && !mine.ok ? mine : null);
  const fieldErrors = summary.errors;
  return (
    // The key resets the fields after a successful change.
    <Form key={mine?.ok ? 'saved' : 'form'} method="post" noValidate className="max-w-xl space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
      <input type="hidden" name="intent" value="password" />
      {mine?.ok ? <FormMessage tone="success">{mine.message}</FormMessage> : null}
      <ErrorSummary errors={fieldErrors} order={FIELDS} message={summary.message} />
      <PasswordField id={fieldId('current_password')} label="Current password" name="current_password" autoComplete="current-password" error={fieldErrors.current_password} />
      <NewPasswordField name="new_password" hint={`At least ${PASSWORD_MIN_LENGTH} characters`} error={fieldErrors.new_password} />
      <ConfirmPasswordField error={fieldErrors.confirm_password} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </Button>
    </Form>
  );
}
