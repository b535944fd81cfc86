import { data, Form, redirect, useNavigation } from 'react-router';
import { sessionCookie } from '../../../shared/auth';
import { pageTitle } from '../../../shared/club';
import { registrationCheckEmail } from '../../../shared/players';
import { Button } from '../../components/ui/button';
import { NewLoginFields } from '../../components/new-login-fields';
import { PARENT_REQUEST_FIELDS, ParentRequestFields } from '../../components/parent-request-fields';
import { ErrorSummary, summaryOf } from '../../components/ui/error-summary';
import { formFields } from '../../components/ui/form-fields';
import { formError } from '../../lib/errors.server';
import type { Route } from './+types/register-parent';

const FIELDS = ['full_name', 'username', 'email', 'password', ...PARENT_REQUEST_FIELDS] as const;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('I am a parent or carer') },
  { name: 'description', content: 'Register as the parent or carer of a junior player.' },
];

export async function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect('/players-area/children');
  const teams = await context.services.teams.list();
  return { teams: teams.map((t) => ({ id: t.id, name: t.name })) };
}

/** A login of the parent's own (no player record) and their request to be linked to the child; signed in at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')])) as Record<string, string>;
  try {
    const made = await context.services.juniors.registerParent(values, context.clientAddress);
    if (!made.created) return { ok: true as const, checkEmail: values.email!.trim(), values: undefined };
    const { access_token } = await context.services.accounts.login({ username: values.username!, password: values.password! }, context.clientAddress);
    return redirect('/players-area/children', { headers: { 'Set-Cookie': sessionCookie(access_token, { secure: context.secure }) } });
  } catch (error) {
    const response = formError(error);
    return data({ ...response.data, values: { ...values, password: '' } }, { status: response.init?.status ?? 422 });
  }
}

export default function RegisterParent({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const refusal = actionData && !('checkEmail' in actionData) ? actionData : null;
  const summary = summaryOf(FIELDS, refusal);
  const field = formFields(refusal?.values, summary.errors);
  if (actionData && 'checkEmail' in actionData) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-extrabold text-ink">I am a parent or carer</h1>
        <p role="status" className="mt-6 rounded-2xl bg-white p-6 text-ink shadow-sm ring-1 ring-line">
          {registrationCheckEmail(actionData.checkEmail)}
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-ink">I am a parent or carer</h1>
      <p className="mt-2 text-muted">
        Children under 18 do not register themselves: you make a login of your own and ask the club to link you to your child. The secretary or welfare officer
        checks it first.
      </p>
      <Form method="post" noValidate className="mt-8 space-y-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-8">
        <ErrorSummary errors={summary.errors} order={FIELDS} message={summary.message} />
        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">You</legend>
          <NewLoginFields field={field} withEmail />
        </fieldset>
        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">Your child</legend>
          <ParentRequestFields field={field} teams={loaderData.teams} />
        </fieldset>
        <Button type="submit" size="lg" className="w-full" disabled={navigation.state !== 'idle'}>
          Register and send my request
        </Button>
      </Form>
    </section>
  );
}
