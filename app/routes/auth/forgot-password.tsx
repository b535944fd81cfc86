import { Form, Link, useActionData, useNavigation } from 'react-router';
import { FORGOT_PASSWORD_ANSWER } from '../../../shared/mail';
import { Button } from '../../components/ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { TextField } from '../../components/ui/field';
import { pageTitle } from '../../../shared/club';
import { formError } from '../../lib/errors.server';
import type { Route } from './+types/forgot-password';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Forgot password') },
  { name: 'description', content: 'Get an e-mail with a link to choose a new password.' },
  { name: 'robots', content: 'noindex' },
];

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  try {
    await context.services.accounts.requestPasswordReset({ email: form.email }, context.clientAddress);
    return { ok: true as const };
  } catch (error) {
    return formError(error);
  }
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/forgot-password';
  const summary = summaryOf(['email'], result && !result.ok ? result : null);
  const fieldErrors = summary.errors;

  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-ink">Forgot your password?</h1>
      <p className="mt-2 text-muted">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>

      {result?.ok ? (
        <div role="status" className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
          <p className="text-ink">{FORGOT_PASSWORD_ANSWER}</p>
          <p className="mt-3 text-sm text-muted">Nothing after a few minutes? Check your spam folder, or ask the club to reset it for you.</p>
        </div>
      ) : (
        <Form method="post" className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line" noValidate>
          <ErrorSummary errors={fieldErrors} message={summary.message} />
          <TextField
            id={fieldId('email')}
            label="E-mail address"
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            maxLength={200}
            error={fieldErrors.email}
            autoFocus={!result}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? 'Sending…' : 'Send me a link'}
          </Button>
        </Form>
      )}

      <p className="mt-6 text-center text-sm text-muted">
        Remembered it?{' '}
        <Link to="/login" className="inline-block py-3 font-semibold text-brand-800 underline">
          Back to sign in
        </Link>
      </p>
    </section>
  );
}
