import { Form, Link, data, useActionData, useNavigation } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { FormMessage, TextField } from '../../components/ui/field';
import { pageTitle } from '../../../shared/club';
import { asDomainError, isDomainError } from '../../../shared/errors';
import { SETUP_CODE_FIELD, SETUP_CODE_REQUIRED } from '../../../shared/setup';
import { emailField } from '../../../shared/fields';
import { StartChoice, asksForSample } from '../../components/setup/start-choice';
import { CLUB_NAME_FIELD, CREST_FIELD, ClubNameFields, PRIMARY_COLOUR_FIELD, SECONDARY_COLOUR_FIELD, SHORT_NAME_FIELD, clubNameFrom } from '../../components/setup/club-name-fields';
import { PrivacyNoticeLink } from '../../components/privacy-notice-link';
import { BringClubFile } from '../../components/setup/bring-club-file';
import { useState } from 'react';
import type { Route } from './+types/initialize';

export const STATUS_FAILED = 'Failed to check database status';
export const INITIALIZE_FAILED = 'Failed to initialize database';
export const SETUP_CODE_LABEL = 'Setup code';
export const SETUP_CODE_HINT = 'Three groups of four letters and numbers, like ABCD-EFGH-JKMN. Capitals, spaces and dashes do not matter.';

export const ADMIN_EMAIL_FIELD = 'admin_email';
export const SAMPLE_ADDED = 'Sample products, fixtures, news, sponsors and squad players have been added.';
export const EMPTY_CLUB_STARTED = 'Your club is ready and empty. Sign in: the admin panel’s Today page lists your first steps.';
const FIELDS = [SETUP_CODE_FIELD, CLUB_NAME_FIELD, SHORT_NAME_FIELD, PRIMARY_COLOUR_FIELD, SECONDARY_COLOUR_FIELD, CREST_FIELD, ADMIN_EMAIL_FIELD] as const;
/** The setup code box: typed as it is read, so no autocompletion or correction, in capitals. */
const SETUP_CODE_INPUT = { autoComplete: 'off', autoCapitalize: 'characters', autoCorrect: 'off', spellCheck: false, maxLength: 100 } as const;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Database set-up') },
  { name: 'description', content: 'Check the database and set it up: the admin account, and an empty club or the sample club.' },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { adminUsername } = context.services.setup;
  // A signed-in admin has proved who they are; anyone else proves they own the server with the code.
  const needsSetupCode = context.services.setup.asksSetupCodeOf(context.user ?? null);
  try {
    return { status: await context.services.setup.statusFor(context.user ?? null), adminUsername, needsSetupCode, error: null };
  } catch (error) {
    console.error('[error] database status:', error);
    return { status: null, adminUsername, needsSetupCode, error: STATUS_FAILED };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const code = form.get(SETUP_CODE_FIELD);
  const typedEmail = String(form.get(ADMIN_EMAIL_FIELD) ?? '').trim();
  const sample = asksForSample(form);
  const email = typedEmail ? emailField.safeParse(typedEmail) : undefined;
  const club = clubNameFrom(form, sample);
  const fieldErrors: Record<string, string> = { ...club.errors };
  // With another field to correct, a missing setup code is said at once too (the server says a wrong one).
  if (!String(code ?? '').trim() && context.services.setup.asksSetupCodeOf(context.user ?? null)) fieldErrors[SETUP_CODE_FIELD] = SETUP_CODE_REQUIRED;
  if (email && !email.success) fieldErrors[ADMIN_EMAIL_FIELD] = email.error.issues[0].message;
  const first = FIELDS.map((f) => fieldErrors[f]).find(Boolean);
  if (first) return data({ ok: false as const, error: `${INITIALIZE_FAILED}: ${first}`, fieldErrors }, { status: 422 });
  try {
    const result = await context.services.setup.initialize(context.user, {
      setupCode: typeof code === 'string' ? code : undefined,
      adminEmail: email?.data,
      identity: club.identity,
      crest: club.crest && { bytes: new Uint8Array(await club.crest.arrayBuffer()), name: club.crest.name },
      address: context.clientAddress,
      sample,
    });
    return { ok: true as const, result, sample };
  } catch (thrown) {
    const error = asDomainError(thrown);
    if (!isDomainError(error)) {
      console.error('[error] initialize:', error);
      return { ok: false as const, error: INITIALIZE_FAILED, fieldErrors: {} };
    }
    // A missing or wrong setup code (403, 429) is the field's error, shown beside it.
    const fieldErrors: Record<string, string> = {};
    for (const e of error.extra.errors ?? []) fieldErrors[e.field] ??= e.message;
    return data(
      { ok: false as const, error: `${INITIALIZE_FAILED}: ${error.detail}`, fieldErrors },
      { status: error.status, headers: error.extra.retryAfterSeconds ? { 'Retry-After': String(error.extra.retryAfterSeconds) } : undefined },
    );
  }
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl bg-brand-50 p-4 text-center">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="text-3xl font-extrabold text-brand-800">{value}</dd>
    </div>
  );
}

export default function Initialize({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const { status, adminUsername, needsSetupCode } = loaderData;
  // A club file brought in (issue 36): the club exists now, so the form that starts one goes.
  const [brought, setBrought] = useState(false);
  const summary = summaryOf(FIELDS, result && !result.ok ? result : null);
  const fieldErrors = summary.errors;

  if (result?.ok) return <Initialized done={result.result} sample={result.sample} />;

  return (
    <Shell>
      {loaderData.error && <FormMessage>{loaderData.error}</FormMessage>}
      <ErrorSummary errors={fieldErrors} order={FIELDS} message={summary.message} />

      {status?.needs_initialization && !brought && <NeedsInitialization status={status} needsSetupCode={needsSetupCode} errors={fieldErrors} busy={busy} />}
      {status?.needs_initialization && <BringClubFile onBrought={() => setBrought(true)} />}

      {status && !status.needs_initialization && (
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
          <h2 className="text-2xl font-bold text-success">Database Ready</h2>
          <p className="mt-2 text-muted">The database is set up and the website is running on it.</p>
          {status.users_count !== undefined && (
            <dl className="mt-6 grid grid-cols-2 gap-3">
              <Count label="Users" value={status.users_count} />
              <Count label="Products" value={status.products_count ?? 0} />
            </dl>
          )}
          <div className="mt-6 flex flex-wrap gap-3">
            <ButtonLink to="/admin">Go to the admin panel</ButtonLink>
            <ButtonLink to="/" variant="secondary">
              Go to the website
            </ButtonLink>
          </div>
        </div>
      )}

      <aside className="mt-6 rounded-xl border border-line bg-white p-4 text-sm text-muted">
        <h2 className="font-semibold text-ink">About the admin account</h2>
        <p className="mt-1">
          Initialization creates a seeded admin user with the username <strong className="text-ink">{adminUsername}</strong>{' '}
          (set by ADMIN_USERNAME). Its password is the one in ADMIN_PASSWORD or, when that is not set, a random password shown
          once when initialization finishes and written to the server log. There is no well-known default password.{' '}
          <Link to="/login" className="font-semibold text-brand-800 underline">
            Sign in
          </Link>
        </p>
      </aside>
    </Shell>
  );
}

/** After initialization: the admin account to sign in with (its password shown this once when generated). */
function Initialized({ done, sample }: { done: InitializeResult; sample: boolean }) {
  return (
    <Shell>
      <div role="status" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
        <h2 className="text-2xl font-bold text-success">Database initialized successfully!</h2>
        <p className="mt-2 text-muted">{sample ? SAMPLE_ADDED : EMPTY_CLUB_STARTED}</p>
        <dl className="mt-6 space-y-3 rounded-xl bg-gray-50 p-4">
          <div>
            <dt className="text-sm font-semibold text-muted">Admin username</dt>
            <dd className="font-mono text-lg">{done.admin_username}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-muted">Admin password</dt>
            <dd className="font-mono text-lg">
              {done.admin_password ?? <span className="font-sans text-base">the one set in ADMIN_PASSWORD</span>}
            </dd>
          </div>
        </dl>
        {done.admin_password && (
          <p className="mt-4 rounded-lg border border-gold-500 bg-yellow-50 p-3 text-sm text-ink">
            <strong>Write this password down now.</strong> It is shown only once (it is also in the server log). You can
            sign in and change it later in the admin panel, under My account.
          </p>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/login">Sign in</ButtonLink>
          <ButtonLink to="/" variant="secondary">
            Go to the website
          </ButtonLink>
        </div>
      </div>
    </Shell>
  );
}

/** The counts so far and the form that initializes the database (asking for the setup code when needed). */
function NeedsInitialization({
  status,
  needsSetupCode,
  errors,
  busy,
}: {
  status: SetupStatus;
  needsSetupCode: boolean;
  errors: Record<string, string | undefined>;
  busy: boolean;
}) {
  return (
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line">
        <h2 className="text-2xl font-bold">The database needs initialization</h2>
        <p className="mt-2 text-muted">
          This creates the admin account and starts your club: empty, ready for your own teams, fixtures and kit, or with a
          sample club to look around.
        </p>
        {status.users_count !== undefined && (
          <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Count label="Users" value={status.users_count} />
            <Count label="Products" value={status.products_count ?? 0} />
            <Count label="News" value={status.news_count ?? 0} />
            <Count label="Fixtures" value={status.fixtures_count ?? 0} />
          </dl>
        )}
        {needsSetupCode && (
          <div className="mt-6">
            <h3 className="text-lg font-bold">First, show that this is your server</h3>
            <p className="mt-1 text-muted">
              So that only the person who runs this website can set it up, you need the setup code. The website wrote it
              in its log when it started: look in the terminal window where <code className="text-ink">npm start</code>{' '}
              runs (or your hosting company's log page) for the line that says{' '}
              <q className="text-ink">enter this setup code</q>, and type the code here. It works once.
            </p>
          </div>
        )}
        <Form method="post" encType="multipart/form-data" className="mt-6 space-y-5" noValidate>
          {needsSetupCode && (
            <TextField
              id={fieldId(SETUP_CODE_FIELD)}
              label={SETUP_CODE_LABEL}
              name={SETUP_CODE_FIELD}
              hint={SETUP_CODE_HINT}
              {...SETUP_CODE_INPUT}
              required
              error={errors[SETUP_CODE_FIELD]}
              className="max-w-xs"
            />
          )}
          <ClubNameFields errors={errors} />
          <TextField
            id={fieldId(ADMIN_EMAIL_FIELD)}
            label="Your e-mail address"
            name={ADMIN_EMAIL_FIELD}
            type="email"
            autoComplete="email"
            maxLength={200}
            hint="For the club's notices to you and for Forgot password. You can add or change it later in My account."
            error={errors[ADMIN_EMAIL_FIELD]}
            className="max-w-md"
          />
          <StartChoice />
          <PrivacyNoticeLink />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? 'Initializing…' : 'Initialize Database'}
          </Button>
        </Form>
      </div>
  );
}

type SetupStatus = NonNullable<Route.ComponentProps['loaderData']['status']>;
type InitializeResult = Extract<NonNullable<ReturnType<typeof useActionData<typeof action>>>, { ok: true }>['result'];

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl space-y-4 px-4 py-12">
      <h1 className="text-3xl font-extrabold">Database set-up</h1>
      {children}
    </section>
  );
}
