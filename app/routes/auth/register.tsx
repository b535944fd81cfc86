import { useState, type FormEvent } from 'react';
import { data, Form, useActionData, useNavigation, useSubmit } from 'react-router';
import { PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from '../../../shared/auth';
import { POSITIONS, REGISTRATION_FAILED, registrationSchema, todayIso } from '../../../shared/players';
import { Button, ButtonLink } from '../../components/ui/button';
import { FormMessage, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { pageTitle } from '../../lib/club';
import { isDomainError } from '../../../server/services/errors';
import type { Route } from './+types/register';

export const REGISTRATION_SUCCESS = 'Registration successful!';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Player registration') },
  { name: 'description', content: "Register as a player to use the Players' Area: your payments, coach feedback, schedule and stats." },
];

const FIELDS = [
  'username',
  'email',
  'password',
  'full_name',
  'phone_number',
  'date_of_birth',
  'position_preference',
  'emergency_contact_name',
  'emergency_contact_phone',
  'medical_notes',
  'previous_club',
] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')]));
  // Without JavaScript the confirmation reaches this action; with it, the page checks it and never sends it.
  const confirmation = form.get('confirm_password');
  const fieldErrors: Record<string, string> = {};
  if (typeof confirmation === 'string' && confirmation !== values.password) fieldErrors.confirm_password = PASSWORDS_DO_NOT_MATCH;
  const parsed = registrationSchema.safeParse({
    ...values,
    medical_notes: values.medical_notes || null,
    previous_club: values.previous_club || null,
  });
  if (!parsed.success) for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  if (!parsed.success || Object.keys(fieldErrors).length > 0) {
    return data({ ok: false as const, error: Object.values(fieldErrors)[0] ?? REGISTRATION_FAILED, fieldErrors, values }, { status: 422 });
  }
  try {
    const result = await context.services.players.register(parsed.data);
    return { ok: true as const, username: result!.user.username };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const errors = Object.fromEntries((error.extra.errors ?? []).map((e) => [e.field, e.message]));
    return data({ ok: false as const, error: error.detail || REGISTRATION_FAILED, fieldErrors: errors, values }, { status: error.status });
  }
}

export default function Register() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [localMessage, setLocalMessage] = useState<string | null>(null);
  const busy = navigation.state !== 'idle' && navigation.formAction === '/register';

  if (result?.ok) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <div role="status" className="rounded-2xl bg-white p-8 shadow-sm ring-1 ring-line">
          <p aria-hidden="true" className="mx-auto flex size-14 items-center justify-center rounded-full bg-green-100 text-2xl text-success">
            ✓
          </p>
          <h1 className="mt-4 text-2xl font-extrabold text-ink">{REGISTRATION_SUCCESS}</h1>
          <p className="mt-2 text-muted">
            Welcome to the club. Sign in as <span className="font-semibold text-ink">{result.username}</span> to open the Players' Area.
          </p>
          <ButtonLink to="/login" className="mt-6 w-full">
            Sign in
          </ButtonLink>
        </div>
      </section>
    );
  }

  const serverFailure = result && !result.ok ? result : null;
  const values: Record<string, string> = serverFailure?.values ?? {};
  const errors: Record<string, string> = { ...(serverFailure?.fieldErrors ?? {}), ...localErrors };
  const message = localMessage ?? serverFailure?.error ?? null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const password = String(formData.get('password') ?? '');
    const confirmation = String(formData.get('confirm_password') ?? '');
    const found: Record<string, string> = {};
    if (password.length < PASSWORD_MIN_LENGTH) found.password = PASSWORD_TOO_SHORT;
    if (password !== confirmation) found.confirm_password = PASSWORDS_DO_NOT_MATCH;
    setLocalErrors(found);
    const first = Object.values(found)[0];
    setLocalMessage(first ?? null);
    if (first) return;
    // The confirmation is only for this page: it is never sent.
    formData.delete('confirm_password');
    submit(formData, { method: 'post', action: '/register' });
  }

  return (
    <section className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-ink">Player registration</h1>
      <p className="mt-2 text-muted">Register to use the Players' Area. Fields marked * are required.</p>

      <Form method="post" onSubmit={onSubmit} className="mt-8 space-y-8 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-8" noValidate>
        <FormMessage>{message}</FormMessage>

        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">Account</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Username" name="username" required autoComplete="username" defaultValue={values.username} error={errors.username} />
            <TextField label="Email" name="email" type="email" required autoComplete="email" defaultValue={values.email} error={errors.email} />
            <TextField
              label="Password"
              name="password"
              type="password"
              required
              autoComplete="new-password"
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              error={errors.password}
            />
            <TextField label="Confirm password" name="confirm_password" type="password" required autoComplete="new-password" error={errors.confirm_password} />
          </div>
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">About you</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Full name" name="full_name" required autoComplete="name" defaultValue={values.full_name} error={errors.full_name} />
            <TextField label="Phone number" name="phone_number" type="tel" required autoComplete="tel" defaultValue={values.phone_number} error={errors.phone_number} />
            <TextField label="Date of birth" name="date_of_birth" type="date" required max={todayIso()} defaultValue={values.date_of_birth} error={errors.date_of_birth} />
            <SelectField label="Preferred position" name="position_preference" required defaultValue={values.position_preference ?? ''} error={errors.position_preference}>
              <option value="">Select a position</option>
              {POSITIONS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </SelectField>
            <TextField label="Previous club" name="previous_club" defaultValue={values.previous_club} error={errors.previous_club} className="sm:col-span-2" />
          </div>
        </fieldset>

        <fieldset className="space-y-5">
          <legend className="text-lg font-bold text-ink">Emergency contact and health</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Emergency contact name" name="emergency_contact_name" required defaultValue={values.emergency_contact_name} error={errors.emergency_contact_name} />
            <TextField
              label="Emergency contact phone"
              name="emergency_contact_phone"
              type="tel"
              required
              defaultValue={values.emergency_contact_phone}
              error={errors.emergency_contact_phone}
            />
          </div>
          <TextAreaField
            label="Medical notes"
            name="medical_notes"
            hint="Optional: anything the coaches should know (allergies, conditions, medication)."
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
