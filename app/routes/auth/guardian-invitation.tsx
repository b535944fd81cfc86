import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { sessionCookie } from '../../../shared/auth';
import { pageTitle } from '../../../shared/club';
import { guardianAccountSchema } from '../../../shared/guardians';
import { Button } from '../../components/ui/button';
import { NewLoginFields } from '../../components/new-login-fields';
import { UnusableLink } from '../../components/unusable-link';
import { ErrorSummary, summaryOf } from '../../components/ui/error-summary';
import { FormMessage } from '../../components/ui/field';
import { formFields } from '../../components/ui/form-fields';
import { detailOf, formError, invalidFields } from '../../lib/errors.server';
import { PrivacyNoticeLink } from '../../components/privacy-notice-link';
import { noticeVersionFrom } from '../../lib/notice-version';
import type { Route } from './+types/guardian-invitation';

const FIELDS = ['full_name', 'username', 'password'] as const;

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Parent or carer invitation') }, { name: 'robots', content: 'noindex' }];

/** The invitation a parent or carer was mailed (single use, 7 days): what it is for, and whether it still works. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const noticeVersion = (await context.services.clubPages.notice()).version;
  try {
    const invitation = await context.services.juniors.preview(token);
    return { token, invitation, problem: null, signedIn: context.user ? context.user.full_name : null, noticeVersion };
  } catch (error) {
    return { token, invitation: null, problem: detailOf(error), signedIn: context.user ? context.user.full_name : null, noticeVersion };
  }
}

/** Accepting: signed in, the login is linked; otherwise a login is made with the details given, and signed in. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')]));
  if (!context.user) {
    const parsed = guardianAccountSchema.safeParse(values);
    if (!parsed.success) return invalidFields(parsed.error.issues, { values });
  }
  try {
    await context.services.juniors.accept(context.user, token, { ...values, notice_version: noticeVersionFrom(form) });
    if (context.user) return redirect('/players-area/children');
    const { access_token } = await context.services.accounts.login({ username: values.username!, password: values.password! }, context.clientAddress);
    return redirect('/players-area/children', { headers: { 'Set-Cookie': sessionCookie(access_token, { secure: context.secure }) } });
  } catch (error) {
    const response = formError(error);
    return data({ ...response.data, values: { ...values, password: '' } }, { status: response.init?.status ?? 422 });
  }
}

export default function GuardianInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const { token, invitation, problem, signedIn, noticeVersion } = loaderData;
  const navigation = useNavigation();
  const failed = actionData && !actionData.ok ? actionData : null;
  const summary = summaryOf(FIELDS, failed);
  const here = `/guardian-invitation?token=${encodeURIComponent(token)}`;
  const unusable = !invitation || invitation.state !== 'valid';
  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-ink">Parent or carer invitation</h1>
      {unusable ? (
        <UnusableLink
          problem={
            problem ??
            (invitation?.state === 'used'
              ? 'This invitation has been used already: sign in instead.'
              : 'This invitation has expired: ask the club for a new one.')
          }
          to="/login"
          next="Sign in"
        />
      ) : (
        <div className="mt-6 space-y-6">
          <p className="text-ink">
            The club has invited you ({invitation.email}) as a parent or carer of <strong>{invitation.child_first_name}</strong>. You will see their matches and
            training, answer for them and give or withdraw their consents.
          </p>
          {failed && !Object.keys(failed.fieldErrors ?? {}).length && <FormMessage>{failed.error}</FormMessage>}
          {signedIn ? (
            <Form method="post" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
              <input type="hidden" name="token" value={token} />
              <p className="mb-4 text-ink">
                You are signed in as {signedIn}. Link this login to {invitation.child_first_name}?
              </p>
              <PrivacyNoticeLink version={noticeVersion} className="mb-4" />
              <Button type="submit" disabled={navigation.state === 'submitting'}>
                Accept the invitation
              </Button>
            </Form>
          ) : (
            <>
              <Form method="post" noValidate className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
                <h2 className="text-lg font-bold text-ink">Create your login</h2>
                <ErrorSummary errors={summary.errors} order={FIELDS} message={summary.message} />
                <input type="hidden" name="token" value={token} />
                <NewLoginFields field={formFields(failed?.values, summary.errors)} />
                <PrivacyNoticeLink version={noticeVersion} />
                <Button type="submit" disabled={navigation.state === 'submitting'}>
                  Create login and accept
                </Button>
              </Form>
              <p className="text-ink">
                Already have a login?{' '}
                <Link to={`/login?redirectTo=${encodeURIComponent(here)}`} className="inline-block py-3 font-semibold text-brand-800 underline">
                  Sign in, then accept
                </Link>
              </p>
            </>
          )}
        </div>
      )}
    </section>
  );
}
