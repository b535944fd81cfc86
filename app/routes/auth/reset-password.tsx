import { Form, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { PASSWORDS_DO_NOT_MATCH, PASSWORD_MIN_LENGTH, sessionCookie } from '../../../shared/auth';
import { homeFor } from '../../../shared/roles';
import { RESET_LINK_INVALID } from '../../../shared/mail';
import { Button } from '../../components/ui/button';
import { ErrorSummary, summaryOf } from '../../components/ui/error-summary';
import { ConfirmPasswordField, NewPasswordField } from '../../components/change-password-form';
import { UnusableLink } from '../../components/unusable-link';
import { pageTitle } from '../../../shared/club';
import { formError } from '../../lib/errors.server';
import type { Route } from './+types/reset-password';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Choose a new password') },
  { name: 'robots', content: 'noindex' },
];

/** A link already used or expired says so at once, instead of a form that would only fail. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  return { spent: await context.services.accounts.resetLinkSpent(token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  if (typeof form.password === 'string' && form.password !== form.confirm_password) {
    return { ok: false as const, error: PASSWORDS_DO_NOT_MATCH, fieldErrors: { confirm_password: PASSWORDS_DO_NOT_MATCH } as Record<string, string> };
  }
  try {
    const { access_token, user } = await context.services.accounts.resetPasswordWithToken({ token: form.token, password: form.password });
    return redirect(homeFor(user.role), { headers: { 'Set-Cookie': sessionCookie(access_token, { secure: context.secure }) } });
  } catch (error) {
    return formError(error);
  }
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const fieldErrors: Record<string, string> = (result && !result.ok && result.fieldErrors) || {};
  const linkBroken = !token || loaderData.spent || Boolean(fieldErrors.token);
  const summary = summaryOf(['password', 'confirm_password'], result && !result.ok ? result : null);

  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-ink">Choose a new password</h1>
      {linkBroken ? (
        <UnusableLink problem={fieldErrors.token ?? (loaderData.spent ? RESET_LINK_INVALID : 'This page needs the link from your e-mail.')} to="/forgot-password" next="Ask for a new link">
          <p className="mt-3 text-muted">Links work once, for 1 hour.</p>
        </UnusableLink>
      ) : (
        <>
          <p className="mt-2 text-muted">
            At least {PASSWORD_MIN_LENGTH} characters. Saving it signs you out everywhere else and signs you in here.
          </p>
          <Form method="post" className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line" noValidate>
            <ErrorSummary errors={summary.errors} order={['password', 'confirm_password']} message={summary.message} />
            <input type="hidden" name="token" value={token} />
            <NewPasswordField name="password" error={summary.errors.password} autoFocus={!result} />
            <ConfirmPasswordField error={summary.errors.confirm_password} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? 'Saving…' : 'Save and sign in'}
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
