import { Form, useNavigation } from 'react-router';
import { Button } from './ui/button';
import { fieldId } from './ui/error-summary';
import { FormMessage, PasswordField, TextField } from './ui/field';

export interface EmailChangeResult {
  ok: boolean;
  intent?: string;
  error?: string;
  message?: string;
  fieldErrors?: Record<string, string>;
}

/** The signed-in user's own e-mail address (portal and admin panel): a change waits for the link sent to the new address. */
export function EmailForm({ current, result }: { current: string; result: EmailChangeResult | undefined }) {
  const navigation = useNavigation();
  const mine = result?.intent === 'email' ? result : undefined;
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'email';
  const placeholder = current.toLowerCase().endsWith('.invalid');
  const failed = mine && !mine.ok ? mine : undefined;
  // A wrong or missing current password is shown at its own field; anything else at the address.
  const passwordError = failed?.fieldErrors?.current_password;
  const emailError = failed ? (failed.fieldErrors?.email ?? (passwordError ? undefined : failed.error)) : undefined;
  return (
    <Form method="post" noValidate className="max-w-xl space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-6">
      <input type="hidden" name="intent" value="email" />
      {mine?.ok ? <FormMessage tone="success">{mine.message}</FormMessage> : null}
      <p className="text-sm text-ink">
        {placeholder ? (
          'No e-mail address is set yet: add yours to get the club’s notices and to be able to use Forgot password.'
        ) : (
          <>
            Now: <strong className="break-all">{current}</strong>
          </>
        )}
      </p>
      <TextField
        id={fieldId('email')}
        label="New e-mail address"
        name="email"
        type="email"
        autoComplete="email"
        maxLength={200}
        required
        hint="We send a link there; the address changes when you follow it."
        error={emailError}
      />
      <PasswordField
        id="email-current-password"
        label="Your password"
        name="current_password"
        autoComplete="current-password"
        hint="So nobody else can move your account to their address."
        error={passwordError}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending…' : 'Send the link'}
      </Button>
    </Form>
  );
}
