import { type AppLoadContext, data } from 'react-router';
import { PASSWORDS_DO_NOT_MATCH, readSessionCookie } from '../../shared/auth';
import { PASSWORD_CHANGED, changePasswordSchema } from '../../shared/passwords';
import { isDomainError } from '../../shared/errors';
import { requireUser } from './guards.server';

/** The "Change password" form's action, shared by the portal and the admin panel. */
export async function changePasswordAction(context: AppLoadContext, request: Request, form: FormData) {
  const user = requireUser(context, request);
  const current_password = String(form.get('current_password') ?? '');
  const new_password = String(form.get('new_password') ?? '');
  // Every problem at once (ADR 026): the schema's and the confirmation's, in one answer.
  const fieldErrors: Record<string, string> = {};
  const parsed = changePasswordSchema.safeParse({ current_password, new_password });
  if (!parsed.success) for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  if (new_password !== String(form.get('confirm_password') ?? '')) fieldErrors.confirm_password = PASSWORDS_DO_NOT_MATCH;
  if (Object.keys(fieldErrors).length > 0) {
    return data({ ok: false, intent: 'password', error: Object.values(fieldErrors)[0], fieldErrors }, { status: 422 });
  }
  try {
    await context.services.accounts.changePassword(user, readSessionCookie(request.headers.get('cookie')), { current_password, new_password }, context.clientAddress);
    return { ok: true, intent: 'password', message: PASSWORD_CHANGED };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const fieldErrors = Object.fromEntries((error.extra.errors ?? []).map((e) => [e.field, e.message]));
    return data({ ok: false, intent: 'password', error: error.detail, fieldErrors }, { status: error.status });
  }
}

/** The "E-mail address" form's action, shared by the portal and the admin panel. */
export async function changeEmailAction(context: AppLoadContext, request: Request, form: FormData) {
  const user = requireUser(context, request);
  try {
    const { detail } = await context.services.emailAddress.requestChange(
      user,
      { email: String(form.get('email') ?? ''), current_password: String(form.get('current_password') ?? '') || undefined },
      context.clientAddress,
    );
    return { ok: true, intent: 'email', message: detail };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const fieldErrors = Object.fromEntries((error.extra.errors ?? []).map((e) => [e.field, e.message]));
    return data({ ok: false, intent: 'email', error: error.detail, fieldErrors }, { status: error.status });
  }
}
