import { data, Form, redirect, useActionData, useNavigation } from 'react-router';
import { PASSWORD_MIN_LENGTH, PASSWORDS_DO_NOT_MATCH, sessionCookie } from '../../../shared/auth';
import { EMAIL_TAKEN, REGISTRATION_FAILED, REGISTRATION_FIELDS, USERNAME_TAKEN, WELCOME_PARAM, registrationSchema, todayIso } from '../../../shared/players';
import { MedicalNotesNotice } from '../../components/medical-notes-notice';
import { Button } from '../../components/ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { TextAreaField, TextField } from '../../components/ui/field';
import { PositionSelect } from '../../components/position-select';
import { pageTitle } from '../../../shared/club';
import { asDomainError, isDomainError } from '../../../shared/errors';
import type { Route } from './+types/register';


export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Player registration') },
  { name: 'description', content: "Register as a player to use the Players' Area: your payments, coach feedback, schedule and stats." },
];

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
  const fieldErrors: Record<string, string> = {};
  const parsed = registrationSchema.safeParse({
    ...values,
    medical_notes: values.medical_notes || null,
    previous_club: values.previous_club || null,
  });
  if (!parsed.success) for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  if (String(form.get('confirm_password') ?? '') !== values.password) fieldErrors.confirm_password ??= PASSWORDS_DO_NOT_MATCH;
  const username = fieldErrors.username ? null : values.username.trim();
  const email = fieldErrors.email ? null : values.email.trim();
  for (const taken of await context.services.players.registrationConflicts(username, email)) fieldErrors[taken.field] ??= taken.message;
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return refused(fieldErrors, values, 422);
  try {
    const result = await context.services.players.register(parsed.data);
    // Signed in at once, as login does, and welcomed in the Players' Area.
    const token = await context.services.accounts.startSession(result!.user.id);
    return redirect(`/players-area?${WELCOME_PARAM}`, { headers: { 'Set-Cookie': sessionCookie(token, { secure: context.secure }) } });
  } catch (thrown) {
    const error = asDomainError(thrown);
    if (!isDomainError(error)) throw error;
    // A race: the username or e-mail was taken since the check above.
    const errors = Object.fromEntries((error.extra.errors ?? []).map((e) => [e.field, e.message]));
    if (error.detail === USERNAME_TAKEN) errors.username = USERNAME_TAKEN;
    if (error.detail === EMAIL_TAKEN) errors.email = EMAIL_TAKEN;
    return refused(errors, values, error.status, error.detail);
  }
}

function refused(fieldErrors: Record<string, string>, values: Record<string, string>, status: number, detail?: string) {
  return data({ ok: false as const, error: detail ?? REGISTRATION_FAILED, fieldErrors, values }, { status });
}

export default function Register() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/register';

  const values: Record<string, string> = result?.values ?? {};
  const summary = summaryOf(ORDER, result);
  const errors = summary.errors;

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
            <TextField id={fieldId('username')} label="Username" name="username" required autoComplete="username" defaultValue={values.username} error={errors.username} />
            <TextField id={fieldId('email')} label="Email" name="email" type="email" required autoComplete="email" defaultValue={values.email} error={errors.email} />
            <TextField
              id={fieldId('password')}
              label="Password"
              name="password"
              type="password"
              required
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              error={errors.password}
            />
            <TextField id={fieldId('confirm_password')} label="Confirm password" name="confirm_password" type="password" required autoComplete="new-password" error={errors.confirm_password} />
          </div>
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">About you</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField id={fieldId('full_name')} label="Full name" name="full_name" required autoComplete="name" defaultValue={values.full_name} error={errors.full_name} />
            <TextField id={fieldId('phone_number')} label="Phone number" name="phone_number" type="tel" required autoComplete="tel" defaultValue={values.phone_number} error={errors.phone_number} />
            <TextField id={fieldId('date_of_birth')} label="Date of birth" name="date_of_birth" type="date" required max={todayIso()} defaultValue={values.date_of_birth} error={errors.date_of_birth} />
            <PositionSelect required defaultValue={values.position_preference ?? ''} error={errors.position_preference} />
            <TextField id={fieldId('previous_club')} label="Previous club" name="previous_club" defaultValue={values.previous_club} error={errors.previous_club} className="sm:col-span-2" />
          </div>
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">Emergency contact and health</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField id={fieldId('emergency_contact_name')} label="Emergency contact name" name="emergency_contact_name" required defaultValue={values.emergency_contact_name} error={errors.emergency_contact_name} />
            <TextField
              id={fieldId('emergency_contact_phone')}
              label="Emergency contact phone"
              name="emergency_contact_phone"
              type="tel"
              required
              defaultValue={values.emergency_contact_phone}
              error={errors.emergency_contact_phone}
            />
          </div>
          <TextAreaField
            id={fieldId('medical_notes')}
            label="Medical notes"
            name="medical_notes"
            hint={
              <>
                Optional: anything the coaches should know (allergies, conditions, medication).
                <MedicalNotesNotice />
              </>
            }
            defaultValue={values.medical_notes}
            error={errors.medical_notes}
          />
        </fieldset>

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
