import { data, Form, redirect, useNavigation } from 'react-router';
import { PASSWORDS_DO_NOT_MATCH, sessionCookie } from '../../../shared/auth';
import { pageTitle } from '../../../shared/club';
import { MAX_CHILDREN_PER_REQUEST, parentRegistrationRequestSchema } from '../../../shared/guardians';
import { isJuniorAgeGroup } from '../../../shared/juniors';
import { registrationCheckEmail } from '../../../shared/players';
import { Button } from '../../components/ui/button';
import { NewLoginFields } from '../../components/new-login-fields';
import { ChildRow, CHILD_ROW_FIELDS } from '../../components/parent-request-fields';
import { ErrorSummary, summaryOf } from '../../components/ui/error-summary';
import { TextAreaField, TextField } from '../../components/ui/field';
import { formFields } from '../../components/ui/form-fields';
import { formError } from '../../lib/errors.server';
import { PrivacyNoticeLink } from '../../components/privacy-notice-link';
import { noticeVersionFrom } from '../../lib/notice-version';
import type { Route } from './+types/register-parent';

const ACCOUNT_FIELDS = ['full_name', 'phone_number', 'username', 'email', 'password', 'confirm_password'] as const;
const SHARED_FIELDS = ['relationship', 'message'] as const;
export const ADD_CHILD = 'add_child';

/** The page's fields in order: "child_name_0", "child_date_of_birth_0", "team_id_0", then the next child's. */
const fieldsFor = (count: number) => [
  ...ACCOUNT_FIELDS,
  ...Array.from({ length: count }, (_, i) => CHILD_ROW_FIELDS.map((f) => `${f}_${i}`)).flat(),
  ...SHARED_FIELDS,
];

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('I am a parent or carer') },
  { name: 'description', content: 'Register as the parent or carer of one or more junior players.' },
];

export async function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect('/players-area/children');
  const [teams, notice] = await Promise.all([context.services.teams.list(), context.services.clubPages.notice()]);
  // Children play in the junior teams (U7 to U18): the adult teams are not offered.
  return { teams: teams.filter((t) => isJuniorAgeGroup(t.age_group)).map((t) => ({ id: t.id, name: t.name })), noticeVersion: notice.version };
}

/** The service's "children.1.team_id" is the page's "team_id_1"; "children" (none given) is the first child's name. */
const pageField = (field: string) => {
  const row = /^children\.(\d+)\.(\w+)$/.exec(field);
  if (row) return `${row[2]}_${row[1]}`;
  return field === 'children' ? 'child_name_0' : field;
};
/** Each page field's first problem, from the service's or the schema's errors (a child's row by its path). */
function onPage(errors: ReadonlyArray<{ field: string; message: string }>) {
  const out: Record<string, string> = {};
  for (const e of errors) out[pageField(e.field)] ??= e.message;
  return out;
}

/** A login of the parent's own (no player record) and a request per child; signed in at once. "Add another child" only adds a row. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const count = Math.min(Math.max(Number(form.get('child_count')) || 1, 1), MAX_CHILDREN_PER_REQUEST);
  const values = Object.fromEntries(fieldsFor(count).map((f) => [f, String(form.get(f) ?? '')])) as Record<string, string>;
  const echo = { ...values, password: '', confirm_password: '' };
  if (form.get('intent') === ADD_CHILD) return { ok: false as const, adding: true as const, childCount: Math.min(count + 1, MAX_CHILDREN_PER_REQUEST), values: echo };
  // A row left wholly blank (added, then not needed) is no child; the first always counts.
  const rows = Array.from({ length: count }, (_, i) => ({
    child_name: values[`child_name_${i}`]!,
    child_date_of_birth: values[`child_date_of_birth_${i}`]!,
    team_id: values[`team_id_${i}`] || null,
  })).filter((row, i) => i === 0 || row.child_name || row.child_date_of_birth || row.team_id);
  const { confirm_password, ...account } = Object.fromEntries(ACCOUNT_FIELDS.map((f) => [f, values[f]!]));
  const body = { ...account, relationship: values.relationship, message: values.message || null, children: rows, notice_version: noticeVersionFrom(form) };
  // Every problem at once (ADR 026), the confirmation's with the schema's; the confirmation never reaches the service.
  const parsed = parentRegistrationRequestSchema.safeParse(body);
  const fieldErrors = parsed.success ? {} : onPage(parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })));
  if (confirm_password !== account.password) fieldErrors.confirm_password ??= PASSWORDS_DO_NOT_MATCH;
  if (Object.keys(fieldErrors).length > 0) return data({ ok: false as const, error: 'Please correct the errors below.', fieldErrors, childCount: rows.length, values: echo }, { status: 422 });
  try {
    const made = await context.services.juniors.registerParent(body, context.clientAddress);
    if (!made.created) return { ok: true as const, checkEmail: values.email!.trim() };
    const { access_token } = await context.services.accounts.login({ username: values.username!, password: values.password! }, context.clientAddress);
    return redirect('/players-area/children', { headers: { 'Set-Cookie': sessionCookie(access_token, { secure: context.secure }) } });
  } catch (error) {
    const response = formError(error);
    const errors = Object.entries(response.data.fieldErrors).map(([field, message]) => ({ field, message }));
    return data({ ...response.data, fieldErrors: onPage(errors), childCount: rows.length, values: echo }, { status: response.init?.status ?? 422 });
  }
}

export default function RegisterParent({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.ok && 'checkEmail' in actionData) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-extrabold text-ink">I am a parent or carer</h1>
        <p role="status" className="mt-6 rounded-2xl bg-white p-6 text-ink shadow-sm ring-1 ring-line">
          {registrationCheckEmail(actionData.checkEmail)}
        </p>
      </section>
    );
  }
  const refusal = actionData && !actionData.ok && !('adding' in actionData) ? actionData : null;
  const childCount = actionData && !actionData.ok ? actionData.childCount : 1;
  const summary = summaryOf(fieldsFor(childCount), refusal);
  const field = formFields(actionData && !actionData.ok ? actionData.values : undefined, summary.errors);
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-ink">I am a parent or carer</h1>
      <p className="mt-2 text-muted">
        Children under 18 do not register themselves: you make a login of your own and ask the club to link you to your children. The secretary or welfare
        officer checks it first.
      </p>
      <Form method="post" noValidate className="mt-8 space-y-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-8">
        <ErrorSummary errors={summary.errors} order={fieldsFor(childCount)} message={summary.message} />
        <input type="hidden" name="child_count" value={childCount} />
        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">You</legend>
          <NewLoginFields field={field} withEmail withPhone confirmPassword />
        </fieldset>
        {Array.from({ length: childCount }, (_, i) => (
          <fieldset key={i} className="space-y-5">
            <legend className="text-lg font-bold text-ink">{childCount === 1 ? 'Your child' : `Child ${i + 1}`}</legend>
            <ChildRow index={i} field={field} teams={loaderData.teams} />
          </fieldset>
        ))}
        {childCount < MAX_CHILDREN_PER_REQUEST && (
          <Button type="submit" name="intent" value={ADD_CHILD} variant="secondary" formNoValidate disabled={navigation.state !== 'idle'}>
            Add another child
          </Button>
        )}
        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">About your request</legend>
          <TextField label="Your relationship to them" hint="For example mother, father, grandparent, carer" required {...field('relationship')} />
          <TextAreaField label="Anything the club should know (optional)" rows={3} {...field('message')} />
        </fieldset>
        <PrivacyNoticeLink version={loaderData.noticeVersion} />
        <Button type="submit" size="lg" className="w-full" disabled={navigation.state !== 'idle'}>
          Register and send my request
        </Button>
      </Form>
    </section>
  );
}
