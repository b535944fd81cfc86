import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { LOGIN_FAILED, loginSchema, sessionCookie } from '../../../shared/auth';
import { homeFor } from '../../../shared/roles';
import { Button } from '../../components/ui/button';
import { ErrorSummary, fieldId, summaryOf } from '../../components/ui/error-summary';
import { TextField } from '../../components/ui/field';
import { pageTitle } from '../../../shared/club';
import { formError } from '../../lib/errors.server';
import { safeRedirectPath } from '../../lib/guards.server';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Sign in') },
  { name: 'description', content: "Sign in to the Players' Area or the admin panel." },
];

const FIELDS = ['username', 'password'] as const;

export function loader({ context }: Route.LoaderArgs) {
  if (context.user) throw redirect(homeFor(context.user.role));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = loginSchema.safeParse(form);
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    return { ok: false as const, error: 'Please enter your username and password.', fieldErrors };
  }
  try {
    const { access_token, user } = await context.services.accounts.login(parsed.data, context.clientAddress);
    // Admins and staff go to the admin panel, everyone else to the portal (or back where they were).
    const target = safeRedirectPath(form.redirectTo, homeFor(user.role));
    return redirect(target, { headers: { 'Set-Cookie': sessionCookie(access_token, { secure: context.secure }) } });
  } catch (error) {
    return formError(error);
  }
}

export default function Login() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const busy = navigation.state !== 'idle' && navigation.formAction === '/login';
  // Every refusal shows in one summary: missing fields as links, a wrong password as its message.
  const summary = summaryOf(FIELDS, result && !result.ok ? { error: result.error || LOGIN_FAILED, fieldErrors: result.fieldErrors } : null);
  const fieldErrors = summary.errors;

  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-ink">Sign in</h1>
      <p className="mt-2 text-muted">Players, staff and admins sign in here.</p>

      <Form method="post" className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-line" noValidate>
        <ErrorSummary errors={fieldErrors} order={FIELDS} message={summary.message} />
        <input type="hidden" name="redirectTo" value={params.get('redirectTo') ?? ''} />
        <TextField id={fieldId('username')} label="Username or e-mail" name="username" autoComplete="username" required error={fieldErrors.username} autoFocus={!result} />
        <TextField
          id={fieldId('password')}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={fieldErrors.password}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="inline-block py-3 font-semibold text-brand-800 underline">
            Forgot password?
          </Link>
        </p>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>

      <div className="mt-6 space-y-2 text-center text-sm text-muted">
        <p>
          New player?{' '}
          <Link to="/register" className="font-semibold text-brand-800 underline">
            Register here
          </Link>
        </p>
        <p>
          Interested in joining the club?{' '}
          <Link to="/join-us" className="font-semibold text-brand-800 underline">
            Join us
          </Link>
        </p>
      </div>
    </section>
  );
}
