/**
 * The host's operator's screen (issue 36): on the hosting domain itself only (404 anywhere else).
 * Signed out: the operator's sign-in. Signed in: every club with its figures, a form to create a
 * club, and suspend, resume, export and delete (after a confirming dialog) for each.
 */
import { data, redirect } from 'react-router';
import { clearedSessionCookie, readSessionCookie, sessionCookie } from '../../../shared/auth';
import { unauthenticated } from '../../../shared/errors';
import { OperatorSignIn } from '../../components/operator/sign-in';
import { OperatorClubs } from '../../components/operator/clubs';
import { formError } from '../../lib/errors.server';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [{ title: 'Clubs | Hosting' }, { name: 'robots', content: 'noindex' }];

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.hosting) throw data('Not found', { status: 404 });
  const operator = context.hosting.operator;
  if (!operator) return { signedIn: false as const };
  return { signedIn: true as const, operator: operator.username, clubs: await context.services.hosting.list() };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : undefined;
};

export async function action({ request, context }: Route.ActionArgs) {
  if (!context.hosting) throw data('Not found', { status: 404 });
  const form = await request.formData();
  const intent = text(form, 'intent');
  try {
    if (intent === 'sign-in') {
      const signedIn = await context.services.operators.login(
        { username: text(form, 'username') ?? '', password: text(form, 'password') ?? '' },
        context.clientAddress,
      );
      return redirect('/operator', { headers: { 'Set-Cookie': sessionCookie(signedIn.access_token, { secure: context.secure }) } });
    }
    if (intent === 'sign-out') {
      await context.services.operators.logout(readSessionCookie(request.headers.get('cookie')));
      return redirect('/operator', { headers: { 'Set-Cookie': clearedSessionCookie({ secure: context.secure }) } });
    }
    if (!context.hosting.operator) throw unauthenticated();
    const hosting = context.services.hosting;
    const id = text(form, 'id') ?? '';
    if (intent === 'create') {
      const password = text(form, 'admin_password');
      const made = await hosting.create({
        name: text(form, 'name') ?? '',
        slug: text(form, 'slug') ?? '',
        admin_email: text(form, 'admin_email') ?? '',
        ...(password ? { admin_password: password } : {}),
        sample: form.get('sample') === 'on',
      });
      return {
        ok: true as const,
        intent,
        message: made.invited ? `Club made at ${made.host}. Its admin was invited by e-mail.` : `Club made at ${made.host}.`,
      };
    }
    if (intent === 'suspend') await hosting.suspend(id);
    else if (intent === 'resume') await hosting.resume(id);
    else if (intent === 'delete') await hosting.remove(id);
    else return data({ ok: false as const, intent, error: 'Unknown action.', fieldErrors: {} as Record<string, string> }, { status: 400 });
    const done = { suspend: 'Club suspended.', resume: 'Club active again.', delete: 'Club deleted.' }[intent];
    return { ok: true as const, intent, message: done };
  } catch (error) {
    const refused = formError(error);
    return data({ ...refused.data, intent }, refused.init ?? undefined);
  }
}

export default function OperatorHome({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as { ok: boolean; intent?: string; message?: string; error?: string; fieldErrors?: Record<string, string> } | undefined;
  if (!loaderData.signedIn) return <OperatorSignIn error={result && !result.ok ? result.error : undefined} />;
  return <OperatorClubs operator={loaderData.operator} clubs={loaderData.clubs} result={result} />;
}
