import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { WEEKDAYS, todayIso } from '../../../shared/players';
import { profileUpdateSchema } from '../../lib/player-inputs.server';
import { MedicalNotesNotice } from '../../components/medical-notes-notice';
import { NOT_SET, PortalSection } from '../../components/portal';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { Checkbox, FormMessage, TextAreaField, TextField } from '../../components/ui/field';
import { PositionSelect } from '../../components/position-select';
import { formError } from '../../lib/errors.server';
import { requireUser } from '../../lib/guards.server';
import { PrivacyNoticeLink } from '../../components/privacy-notice-link';
import type { Route } from './+types/profile';
import { portalRead } from './portal.server';
import { formatDateGB } from '../../../shared/dates';
import { pageTitle } from '../../../shared/club';

export const PROFILE_SAVED = 'Profile saved';
export const EMAIL_LINK_SENT =
  'Profile saved. Your e-mail address changes when you follow the link we sent to the new address (your old address has been told).';
export const CURRENT_PASSWORD_HINT = 'Needed only if you change your e-mail address.';
export const PERSONAL_DETAILS_LABEL = 'Show my date of birth, height and weight on my public squad profile';
export const PERSONAL_DETAILS_HINT =
  'Unticked, visitors see only your age. Your contact details and medical notes are never shown publicly.';

/** The Edit Profile fields in page order, for the error summary. */
const FIELDS = [
  'full_name',
  'email',
  'current_password',
  'phone_number',
  'date_of_birth',
  'emergency_contact_name',
  'emergency_contact_phone',
  'position_preference',
  'address',
  'medical_notes',
  'availability',
] as const;

export const meta: Route.MetaFunction = () => [{ title: pageTitle("My Profile | Players' Area") }, { name: 'robots', content: 'noindex' }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const url = new URL(request.url);
  return {
    profile: await portalRead('the profile', () => context.services.players.me(user), null),
    editing: url.searchParams.has('edit'),
    saved: url.searchParams.has('saved'),
    emailLinkSent: url.searchParams.has('email-link'),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData();
  const values = {
    full_name: String(form.get('full_name') ?? ''),
    email: String(form.get('email') ?? ''),
    phone_number: String(form.get('phone_number') ?? ''),
    date_of_birth: String(form.get('date_of_birth') ?? ''),
    emergency_contact_name: String(form.get('emergency_contact_name') ?? ''),
    emergency_contact_phone: String(form.get('emergency_contact_phone') ?? ''),
    position_preference: String(form.get('position_preference') ?? ''),
    address: String(form.get('address') ?? ''),
    medical_notes: String(form.get('medical_notes') ?? ''),
    availability: form.getAll('availability').map(String),
    // The form always shows this box: unticked (sent as nothing) means "keep them private".
    show_personal_details: form.get('show_personal_details') === 'on',
    // Asked only to change the login's address (issue 30); never sent back to the page.
    current_password: String(form.get('current_password') ?? '') || undefined,
  };
  const parsed = profileUpdateSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return { ok: false as const, error: 'Please correct the highlighted fields.', fieldErrors, values: { ...values, current_password: undefined } };
  }
  try {
    await context.services.players.updateMe(user, parsed.data, context.clientAddress);
  } catch (error) {
    const response = formError(error);
    return data({ ...response.data, values: { ...values, current_password: undefined } }, { status: response.init?.status ?? 422 });
  }
  const newAddress = parsed.data.email.toLowerCase() !== user.email.toLowerCase();
  throw redirect(`/players-area/profile?saved=1${newAddress ? '&email-link=1' : ''}`);
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className={`mt-1 sm:col-span-2 sm:mt-0 ${value ? 'text-ink' : 'italic text-muted'}`}>{value || NOT_SET}</dd>
    </div>
  );
}

/** Asked only when the e-mail address changes: it is the login's, and moves only through a link (issue 30). */
function CurrentPasswordField({ error }: { error: string | undefined }) {
  return (
    <TextField
      id={fieldId('current_password')}
      label="Current password"
      name="current_password"
      type="password"
      maxLength={200}
      autoComplete="current-password"
      hint={CURRENT_PASSWORD_HINT}
      error={error}
    />
  );
}

export default function PortalProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, editing, saved, emailLinkSent } = loaderData;
  const navigation = useNavigation();
  if (!profile) return <p className="text-muted">Your profile could not be loaded just now. Please try again later.</p>;

  const failed = actionData && !actionData.ok ? actionData : null;
  if (editing || failed) {
    const v = failed?.values ?? { ...profile, availability: profile.availability };
    const summary = summaryOf(FIELDS, failed);
    const errors = summary.errors;
    const busy = navigation.state === 'submitting';
    return (
      <PortalSection title="Edit Profile">
        <Form method="post" action="/players-area/profile" className="space-y-5 rounded-2xl bg-white p-5 ring-1 ring-line sm:p-6" noValidate>
          <ErrorSummary errors={errors} order={FIELDS} message={summary.message} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField id={fieldId('full_name')} label="Full name" name="full_name" defaultValue={v.full_name ?? ''} required autoComplete="name" error={errors.full_name} />
            <TextField id={fieldId('email')} label="Email" name="email" type="email" defaultValue={v.email ?? ''} required autoComplete="email" error={errors.email} />
            <CurrentPasswordField error={errors.current_password} />
            <TextField id={fieldId('phone_number')} label="Phone number" name="phone_number" type="tel" defaultValue={v.phone_number ?? ''} autoComplete="tel" error={errors.phone_number} />
            <TextField id={fieldId('date_of_birth')} label="Date of birth" name="date_of_birth" type="date" max={todayIso()} defaultValue={v.date_of_birth ?? ''} error={errors.date_of_birth} />
            <TextField id={fieldId('emergency_contact_name')} label="Emergency contact name" name="emergency_contact_name" defaultValue={v.emergency_contact_name ?? ''} error={errors.emergency_contact_name} />
            <TextField id={fieldId('emergency_contact_phone')} label="Emergency contact phone" name="emergency_contact_phone" type="tel" defaultValue={v.emergency_contact_phone ?? ''} error={errors.emergency_contact_phone} />
            <PositionSelect defaultValue={v.position_preference ?? ''} error={errors.position_preference} />
            <TextField id={fieldId('address')} label="Address" name="address" defaultValue={v.address ?? ''} autoComplete="street-address" error={errors.address} />
          </div>
          <TextAreaField id={fieldId('medical_notes')} label="Medical notes" name="medical_notes" defaultValue={v.medical_notes ?? ''} hint={
              <>
                Anything the coaches should know (allergies, conditions, medication).
                <MedicalNotesNotice signedIn />
              </>
            }
            error={errors.medical_notes}
          />
          <fieldset id={fieldId('availability')} tabIndex={-1} aria-describedby={errors.availability ? `${fieldId('availability')}-error` : undefined}>
            <legend className="mb-2 text-sm font-semibold text-ink">Weekly availability</legend>
            <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {WEEKDAYS.map((day) => (
                <Checkbox key={day} label={day} name="availability" value={day} defaultChecked={v.availability.includes(day)} />
              ))}
            </div>
            {errors.availability && (
              <p id={`${fieldId('availability')}-error`} className="mt-1 text-sm font-medium text-danger">
                {errors.availability}
              </p>
            )}
          </fieldset>
          <fieldset>
            <legend className="mb-2 text-sm font-semibold text-ink">Public profile</legend>
            <Checkbox
              label={PERSONAL_DETAILS_LABEL}
              name="show_personal_details"
              defaultChecked={Boolean(v.show_personal_details)}
              aria-describedby="show-personal-details-hint"
            />
            <p id="show-personal-details-hint" className="mt-1 text-sm text-muted">
              {PERSONAL_DETAILS_HINT}
            </p>
          </fieldset>
          <PrivacyNoticeLink />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving…' : 'Save Profile'}
            </Button>
            <ButtonLink to="/players-area/profile" variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </Form>
      </PortalSection>
    );
  }

  return (
    <PortalSection
      title="My Profile"
      action={
        <ButtonLink to="/players-area/profile?edit" variant="secondary" size="sm" preventScrollReset>
          Edit Profile
        </ButtonLink>
      }
    >
      {saved && <FormMessage tone="success">{emailLinkSent ? EMAIL_LINK_SENT : PROFILE_SAVED}</FormMessage>}
      <dl className="divide-y divide-line rounded-2xl bg-white px-5 ring-1 ring-line sm:px-6">
        <Field label="Full name" value={profile.full_name} />
        <Field label="Email" value={profile.email} />
        <Field label="Phone number" value={profile.phone_number} />
        <Field label="Date of birth" value={profile.date_of_birth ? formatDateGB(profile.date_of_birth) : null} />
        <Field
          label="Emergency contact"
          value={[profile.emergency_contact_name, profile.emergency_contact_phone].filter(Boolean).join(' · ') || null}
        />
        <Field label="Preferred position" value={profile.position_preference} />
        <Field label="Address" value={profile.address} />
        <Field label="Medical notes" value={profile.medical_notes} />
        <Field label="Weekly availability" value={profile.availability.join(', ') || null} />
        <Field label="Previous club" value={profile.previous_club} />
        <Field
          label="Public profile"
          value={profile.show_personal_details ? 'Shows your date of birth, height and weight' : 'Shows your age only'}
        />
      </dl>
      <p className="text-sm text-muted">
        Squad details (position, jersey number, team) are managed by the club. Questions? See{' '}
        <Link to="/players-area/messages" className="font-semibold text-brand-800 underline">
          Messages
        </Link>
        .
      </p>
    </PortalSection>
  );
}
