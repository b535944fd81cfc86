import { data, Form, redirect, useNavigation } from 'react-router';
import { sessionCookie } from '../../../shared/auth';
import { pageTitle } from '../../../shared/club';
import { todayIso } from '../../../shared/players';
import { Button } from '../../components/ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { formError } from '../../lib/errors.server';
import type { Route } from './+types/register-parent';

const FIELDS = ['full_name', 'username', 'email', 'password', 'child_name', 'child_date_of_birth', 'relationship', 'team_id', 'message'] as const;

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
    await context.services.juniors.registerParent(values);
    const { access_token } = await context.services.accounts.login({ username: values.username!, password: values.password! }, context.clientAddress);
    return redirect('/players-area/children', { headers: { 'Set-Cookie': sessionCookie(access_token, { secure: context.secure }) } });
  } catch (error) {
    const response = formError(error);
    return data({ ...response.data, values: { ...values, password: '' } }, { status: response.init?.status ?? 422 });
  }
}

export default function RegisterParent({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const summary = summaryOf(FIELDS, actionData ?? null);
  const e = summary.errors;
  const v = (actionData?.values ?? {}) as Record<string, string>;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-ink">I am a parent or carer</h1>
      <p className="mt-2 text-muted">
        Children under 18 do not register themselves: you make a login of your own and ask the club to link you to your child. The secretary or welfare officer
        checks it first.
      </p>
      <Form method="post" noValidate className="mt-8 space-y-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-8">
        <ErrorSummary errors={e} order={FIELDS} message={summary.message} />
        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">You</legend>
          <TextField
            id={fieldId('full_name')}
            label="Your full name"
            name="full_name"
            required
            autoComplete="name"
            defaultValue={v.full_name}
            error={e.full_name}
          />
          <TextField id={fieldId('username')} label="Username" name="username" required autoComplete="username" defaultValue={v.username} error={e.username} />
          <TextField id={fieldId('email')} label="Email" name="email" type="email" required autoComplete="email" defaultValue={v.email} error={e.email} />
          <TextField
            id={fieldId('password')}
            label="Password"
            name="password"
            type="password"
            required
            autoComplete="new-password"
            hint="At least 8 characters"
            error={e.password}
          />
        </fieldset>
        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">Your child</legend>
          <TextField id={fieldId('child_name')} label="Your child’s full name" name="child_name" required defaultValue={v.child_name} error={e.child_name} />
          <TextField
            id={fieldId('child_date_of_birth')}
            label="Your child’s date of birth"
            name="child_date_of_birth"
            type="date"
            max={todayIso()}
            required
            defaultValue={v.child_date_of_birth}
            error={e.child_date_of_birth}
          />
          <TextField
            id={fieldId('relationship')}
            label="Your relationship to them"
            hint="For example mother, father, grandparent, carer"
            name="relationship"
            required
            defaultValue={v.relationship}
            error={e.relationship}
          />
          <SelectField id={fieldId('team_id')} label="Their team (if you know it)" name="team_id" defaultValue={v.team_id ?? ''} error={e.team_id}>
            <option value="">Not sure</option>
            {loaderData.teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            id={fieldId('message')}
            label="Anything the club should know (optional)"
            name="message"
            rows={3}
            defaultValue={v.message}
            error={e.message}
          />
        </fieldset>
        <Button type="submit" size="lg" className="w-full" disabled={navigation.state !== 'idle'}>
          Register and send my request
        </Button>
      </Form>
    </section>
  );
}
