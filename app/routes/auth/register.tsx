import { data, Form, redirect, useActionData, useNavigation } from 'react-router';
import { PASSWORD_MIN_LENGTH, PASSWORDS_DO_NOT_MATCH, sessionCookie } from '../../../shared/auth';
import { REGISTRATION_FAILED, registrationCheckEmail, REGISTRATION_FIELDS, USERNAME_TAKEN, WELCOME_PARAM, todayIso } from '../../../shared/players';
import { registrationSchema } from '../../lib/player-inputs.server';
import { MedicalNotesNotice } from '../../components/medical-notes-notice';
import { withoutValue } from '../../components/new-login-fields';
import { Button } from '../../components/ui/button';
import { ErrorSummary, summaryOf } from '../../components/ui/error-summary';
import { formFields } from '../../components/ui/form-fields';
import { TextAreaField, TextField } from '../../components/ui/field';
import { PositionSelect } from '../../components/position-select';
import { PrivacyNoticeLink } from '../../components/privacy-notice-link';
import { noticeVersionFrom } from '../../lib/notice-version';
import { pageTitle } from '../../../shared/club';
import { asDomainError, isDomainError } from '../../../shared/errors';
import { issueErrors } from '../../lib/errors.server';
import type { Route } from './+types/register';


export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Player registration') },
  { name: 'description', content: "Register as a player to use the Players' Area: your payments, coach feedback, schedule and stats." },
];

/** The privacy notice's version, sent back with the form and kept on the player record (issue 34). */
export async function loader({ context }: Route.LoaderArgs) {
  return { noticeVersion: (await context.services.clubPages.notice()).version };
}

/** The fields in page order, for the error summary. */
const ORDER = [
  'username',
  'email',
  'password',
  'confirm_password',
  'full_name',
  'phone_number',
  'date_of_birth',
  'position_preference',
  'previous_club',
  'emergency_contact_name',
  'emergency_contact_phone',
  'medical_notes',
] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(REGISTRATION_FIELDS.map((f) => [f, String(form.get(f) ?? '')]));
  // Every problem at once (ADR 026): the schema's, the confirmation's and a taken username or
  // e-mail, in one answer. The confirmation only reaches this page's action, never the API.
  const parsed = registrationSchema.safeParse({
    ...values,
    medical_notes: values.medical_notes || null,
    previous_club: values.previous_club || null,
    notice_version: noticeVersionFrom(form),
  });
  const fieldErrors: Record<string, string> = parsed.success ? {} : issueErrors(parsed.error.issues);
  if (String(form.get('confirm_password') ?? '') !== values.password) fieldErrors.confirm_password ??= PASSWORDS_DO_NOT_MATCH;
  const username = fieldErrors.username ? null : values.username.trim();
  for (const taken of await context.services.players.registrationConflicts(username)) fieldErrors[taken.field] ??= taken.message;
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return refused(fieldErrors, values, 422);
  try {
    const result = await context.services.players.register(parsed.data, context.clientAddress);
    // An address that already has an account: nothing was created and its owner was mailed (issue 30, finding 14).
    if (!result.created) return { ok: true as const, checkEmail: result.user.email };
    // Signed in at once, as login does, and welcomed in the Players' Area.
    const token = await context.services.accounts.startSession(result!.user.id);
    return redirect(`/players-area?${WELCOME_PARAM}`, { headers: { 'Set-Cookie': sessionCookie(token, { secure: context.secure }) } });
  } catch (thrown) {
    const error = asDomainError(thrown);
    if (!isDomainError(error)) throw error;
    // A race: the username or e-mail was taken since the check above.
    const errors = Object.fromEntries((error.extra.errors ?? []).map((e) => [e.field, e.message]));
    if (error.detail === USERNAME_TAKEN) errors.username = USERNAME_TAKEN;
    return refused(errors, values, error.status, error.detail);
  }
}

function refused(fieldErrors: Record<string, string>, values: Record<string, string>, status: number, detail?: string) {
  return data({ ok: false as const, error: detail ?? REGISTRATION_FAILED, fieldErrors, values }, { status });
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/register';

  const refusal = result && !result.ok ? result : null;
  const values: Record<string, string> = refusal?.values ?? {};
  const summary = summaryOf(ORDER, refusal);
  const errors = summary.errors;
  const field = formFields(values, errors);

  if (result?.ok) {
    return (
      <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-extrabold text-ink">Player registration</h1>
        <p role="status" className="mt-6 rounded-2xl bg-white p-6 text-ink shadow-sm ring-1 ring-line">
          {registrationCheckEmail(result.checkEmail)}
        </p>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-ink">Player registration</h1>
      <p className="mt-2 text-muted">Register to use the Players' Area. Fields marked * are required.</p>
      <p className="mt-2 text-ink">
        Registering a child under 18?{' '}
        <a href="/register/parent" className="inline-block py-2 font-semibold text-brand-800 underline">
          I am a parent or carer
        </a>
      </p>

      <Form method="post" className="mt-8 space-y-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-8" noValidate>
        <ErrorSummary errors={errors} order={ORDER} message={summary.message} />

        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">Account</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Username" required autoComplete="username" {...field('username')} />
            <TextField label="Email" type="email" required autoComplete="email" {...field('email')} />
            <TextField label="Password" type="password" required autoComplete="new-password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} {...withoutValue(field('password'))} />
            <TextField label="Confirm password" type="password" required autoComplete="new-password" {...withoutValue(field('confirm_password'))} />
          </div>
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">About you</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Full name" required autoComplete="name" {...field('full_name')} />
            <TextField label="Phone number" type="tel" required autoComplete="tel" {...field('phone_number')} />
            <TextField label="Date of birth" type="date" required max={todayIso()} {...field('date_of_birth')} />
            <PositionSelect required defaultValue={values.position_preference ?? ''} error={errors.position_preference} />
            <TextField label="Previous club" className="sm:col-span-2" {...field('previous_club')} />
          </div>
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">Emergency contact and health</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Emergency contact name" required {...field('emergency_contact_name')} />
            <TextField label="Emergency contact phone" type="tel" required {...field('emergency_contact_phone')} />
          </div>
          <TextAreaField
            label="Medical notes"
            hint={
              <>
                Optional: anything the coaches should know (allergies, conditions, medication).
                <MedicalNotesNotice />
              </>
            }
            {...field('medical_notes')}
          />
        </fieldset>

        <PrivacyNoticeLink version={loaderData.noticeVersion} />
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Registering…' : 'Register'}
        </Button>
        <p className="text-center text-sm text-muted">
          Already registered?{' '}
          <a href="/login" className="font-semibold text-brand-800 underline">
            Sign in
          </a>
        </p>
      </Form>
    </section>
  );
}
