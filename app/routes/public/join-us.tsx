import { logPageError } from '../../lib/log.server';
import { useEffect, useRef, useState } from 'react';
import { data, Form, useActionData, useNavigation } from 'react-router';
import { INTEREST_TYPES, JOIN_US_LIMITS, type InterestType } from '../../../shared/content-constants';
import { asDomainError, isDomainError } from '../../../shared/errors';
import { PageHeader } from '../../components/public/empty-state';
import { ParentsOfJuniors } from '../../components/public/parents-of-juniors';
import { Button } from '../../components/ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { TextAreaField, TextField } from '../../components/ui/field';
import { TitledSection } from '../../components/ui/titled-section';
import { PrivacyNoticeLink } from '../../components/privacy-notice-link';
import { noticeVersionFrom } from '../../lib/notice-version';
import { club } from '../../../shared/club';
import { useHydrated } from '../../lib/hydrated';
import { pageMeta, siteOrigin } from '../../lib/seo';
import type { Route } from './+types/join-us';

export const JOIN_US_FALLBACK_ERROR = 'Something went wrong. Please try again.';
export const JOIN_US_HINT = 'Please select at least one area of interest above';
export const JOIN_US_SUCCESS_TITLE = 'Application Submitted!';
export const JOIN_US_SUCCESS_TEXT = 'Thank you for your interest. We will review your application within 24-48 hours and get back to you.';
export const DIRECT_CONTACT_TITLE = 'Prefer to contact us directly?';
export const SUBMIT_ANOTHER = 'Submit Another Application';
/** The form's fields in page order, for the error summary. */
const FIELDS = ['interest_types', 'full_name', 'email', 'phone_number', 'message'] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, notice] = await Promise.all([context.services.settings.get(), context.services.clubPages.notice()]);
  return { clubEmail: settings.club_email, noticeVersion: notice.version, origin: siteOrigin(context) };
}

export const meta: Route.MetaFunction = ({ data: d }) =>
  pageMeta({
    title: 'Join Us',
    description: `Play, volunteer or sponsor: tell ${club().club_name} how you'd like to get involved. All abilities welcome.`,
    origin: d?.origin,
    path: '/join-us',
  });

type ActionResult =
  | { ok: true; whatsapp_url: string | null }
  | { ok: false; error: string; fieldErrors: Record<string, string>; values: Record<string, string | string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const input = {
    full_name: String(form.get('full_name') ?? ''),
    email: String(form.get('email') ?? ''),
    phone_number: String(form.get('phone_number') ?? ''),
    message: String(form.get('message') ?? ''),
    interest_types: form.getAll('interest_types').map(String),
  };
  try {
    const saved = await context.services.joinUs.submit({ ...input, notice_version: noticeVersionFrom(form) }, context.clientAddress);
    return data<ActionResult>({ ok: true, whatsapp_url: saved.whatsapp_url ?? null });
  } catch (thrown) {
    // Bad input, or the database away for a moment (503): said in the form, the values kept.
    const error = asDomainError(thrown);
    if (isDomainError(error)) {
      // A field's first problem is the one to fix first ("is required" before "is not valid").
      const fieldErrors: Record<string, string> = {};
      for (const e of error.extra.errors ?? []) fieldErrors[e.field.split('.')[0]!] ??= e.message;
      return data<ActionResult>({ ok: false, error: error.detail, fieldErrors, values: input }, { status: error.status });
    }
    logPageError('Join-us submission failed', error);
    return data<ActionResult>({ ok: false, error: JOIN_US_FALLBACK_ERROR, fieldErrors: {}, values: input }, { status: 500 });
  }
}


export default function JoinUs({ loaderData }: Route.ComponentProps) {
  const { clubEmail, noticeVersion } = loaderData;
  const result = useActionData<typeof action>();

  if (result?.ok) return <Submitted whatsappUrl={result.whatsapp_url} />;

  // The form is its own component so that coming back from the success view starts it afresh.
  return <JoinUsForm clubEmail={clubEmail} noticeVersion={noticeVersion} failed={result && !result.ok ? result : null} />;
}

function Submitted({ whatsappUrl }: { whatsappUrl: string | null }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that had focus is gone: focus the confirmation so it is read out.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <>
      <PageHeader title="Join Us" />
      <section className="mx-auto max-w-xl px-4 py-14 text-center" aria-live="polite">
        <div className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-line">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto size-14 text-success" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="10" />
            <path d="m8 12 3 3 5-6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-extrabold focus:outline-none">
            {JOIN_US_SUCCESS_TITLE}
          </h2>
          <p className="mt-3 text-muted">{JOIN_US_SUCCESS_TEXT}</p>
          {whatsappUrl && (
            <p className="mt-5">
              <a
                href={whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center justify-center rounded-lg bg-[#128c4a] px-4 font-semibold text-white hover:bg-[#0e7a3f]"
              >
                Message us on WhatsApp
              </a>
            </p>
          )}
          {/* A button that starts again with an empty form (docs/product.md#join-us); a GET form, so it works without JavaScript too. */}
          <Form method="get" action="/join-us" className="mt-6">
            <Button type="submit" variant="secondary">
              {SUBMIT_ANOTHER}
            </Button>
          </Form>
        </div>
      </section>
    </>
  );
}

function JoinUsForm({ clubEmail, noticeVersion, failed }: { clubEmail: string; noticeVersion: number; failed: Extract<ActionResult, { ok: false }> | null }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [interests, setInterests] = useState<InterestType[]>(() => (failed?.values.interest_types as InterestType[] | undefined) ?? []);
  const sending = navigation.state === 'submitting' && navigation.formAction === '/join-us';
  const noneChosen = interests.length === 0;
  // A refused application: the summary lists every problem (and takes focus), each field says its own.
  const summary = summaryOf(FIELDS, failed ? { ...failed, error: failed.error || JOIN_US_FALLBACK_ERROR } : null);
  const fieldErrors = summary.errors;
  const values = (failed?.values ?? {}) as Record<string, string>;

  function toggle(id: InterestType, checked: boolean) {
    setInterests((current) => (checked ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id)));
  }

  return (
    <>
      <PageHeader title="Join Us" intro="Play, volunteer or sponsor: everyone is welcome at the club. Tell us a little about yourself and we'll be in touch." />
      <div className="container-page pt-6">
        <ParentsOfJuniors className="rounded-2xl bg-brand-50 px-4 py-2 text-ink ring-1 ring-line" />
      </div>
      <div className="container-page grid gap-8 py-10 lg:grid-cols-3">
        {/* noValidate: the browser's own bubbles show one problem at a time; the summary shows them all (ADR 026). */}
        <Form method="post" noValidate className="space-y-8 lg:col-span-2" onReset={() => setInterests([])} aria-describedby="consent-notice">
          <ErrorSummary errors={fieldErrors} order={FIELDS} message={summary.message} />

          <fieldset id={fieldId('interest_types')} tabIndex={-1} aria-describedby={fieldErrors.interest_types ? `${fieldId('interest_types')}-error` : undefined}>
            <legend className="text-xl font-extrabold">How would you like to get involved?</legend>
            <p className="mt-1 text-muted">Choose one or more.</p>
            <div className="mt-4 grid gap-4 sm:grid-cols-3">
              {INTEREST_TYPES.map((type) => (
                <label
                  key={type.id}
                  htmlFor={`interest-${type.id}`}
                  className="relative flex cursor-pointer flex-col rounded-2xl bg-white p-5 shadow-sm ring-2 ring-line has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-700 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-500"
                >
                  <span className="flex items-center gap-3">
                    <input
                      id={`interest-${type.id}`}
                      type="checkbox"
                      name="interest_types"
                      value={type.id}
                      checked={hydrated ? interests.includes(type.id) : undefined}
                      defaultChecked={hydrated ? undefined : interests.includes(type.id)}
                      onChange={(e) => toggle(type.id, e.currentTarget.checked)}
                      className="size-5 accent-brand-800"
                    />
                    <span className="text-lg font-bold">{type.label}</span>
                  </span>
                  <span className="mt-2 text-sm text-muted">{type.description}</span>
                </label>
              ))}
            </div>
            {fieldErrors.interest_types && (
              <p id={`${fieldId('interest_types')}-error`} className="mt-2 text-sm font-medium text-danger">
                {fieldErrors.interest_types}
              </p>
            )}
          </fieldset>

          <fieldset className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
            <legend className="sr-only">Your details</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField id={fieldId('full_name')} label="Full name" name="full_name" autoComplete="name" required maxLength={JOIN_US_LIMITS.full_name} defaultValue={values.full_name} error={fieldErrors.full_name} />
              <TextField id={fieldId('email')} label="Email" name="email" type="email" autoComplete="email" required maxLength={JOIN_US_LIMITS.email} defaultValue={values.email} error={fieldErrors.email} />
            </div>
            <TextField id={fieldId('phone_number')} label="Phone number" name="phone_number" type="tel" autoComplete="tel" required maxLength={JOIN_US_LIMITS.phone_number} defaultValue={values.phone_number} error={fieldErrors.phone_number} />
            <TextAreaField
              id={fieldId('message')}
              label="Message"
              name="message"
              required
              rows={5}
              maxLength={JOIN_US_LIMITS.message}
              defaultValue={values.message}
              error={fieldErrors.message}
              hint="Tell us a bit about yourself: your experience, when you're free, or what you'd like to help with."
            />
            <p id="consent-notice" className="rounded-lg bg-surface p-4 text-sm text-muted">
              By submitting this form you agree that {club().club_name} stores and uses the details you give us to answer your
              application. We never share them with anyone else. You can withdraw your consent and ask us to delete your
              details at any time by emailing{' '}
              <a href={`mailto:${clubEmail}`} className="font-semibold text-brand-800 underline">
                {clubEmail}
              </a>
              . Our{' '}
              <a href="/privacy" className="font-semibold text-brand-800 underline">
                privacy notice
              </a>{' '}
              says how we look after them.
            </p>
            <PrivacyNoticeLink version={noticeVersion} />
            <div className="flex flex-wrap items-center gap-3">
              {/* Not disabled while no interest is chosen (ADR 026): a disabled button says nothing; the summary does. */}
              <Button type="submit" size="lg" disabled={sending} aria-describedby={noneChosen ? 'interest-hint' : undefined}>
                {sending ? 'Sending…' : 'Submit Application'}
              </Button>
              <Button type="reset" variant="ghost" size="lg">
                Clear Form
              </Button>
            </div>
            {noneChosen && (
              <p id="interest-hint" className="text-sm font-medium text-gold-700">
                {JOIN_US_HINT}
              </p>
            )}
          </fieldset>
        </Form>

        <JoinUsAside clubEmail={clubEmail} />
      </div>
    </>
  );
}

/** Beside the form: the club's email for a direct reply, and what happens after applying. */
function JoinUsAside({ clubEmail }: { clubEmail: string }) {
  return (
    <aside className="space-y-6">
      <TitledSection id="direct-contact" title={DIRECT_CONTACT_TITLE} className="rounded-2xl bg-brand-800 p-6 text-white" titleClassName="text-xl font-extrabold">
        <p className="mt-2 text-brand-100">Email us and we'll reply within 48 hours.</p>
        <a href={`mailto:${clubEmail}`} className="mt-4 inline-block break-all text-lg font-semibold text-white underline">
          {clubEmail}
        </a>
      </TitledSection>
      <TitledSection id="what-next" title="What happens next?" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line" titleClassName="text-xl font-extrabold">
        <ol className="mt-3 list-decimal space-y-2 pl-5 text-muted">
          <li>We read every application within 24-48 hours.</li>
          <li>Someone from the club gets in touch to say hello.</li>
          <li>Players are invited to a free training session.</li>
        </ol>
      </TitledSection>
    </aside>
  );
}
