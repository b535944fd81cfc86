import { type AppLoadContext, data } from 'react-router';
import { PASSWORDS_DO_NOT_MATCH, readSessionCookie } from '../../shared/auth';
import { PASSWORD_CHANGED } from '../../shared/passwords';
import { isDomainError } from '../../server/services/errors';
import { requireUser } from './guards.server';

/** The "Change password" form's action, shared by the portal and the admin panel. */
export async function changePasswordAction(context: AppLoadContext, request: Request, form: FormData) {
  const user = requireUser(context, request);
  const current_password = String(form.get('current_password') ?? '');
  const new_password = String(form.get('new_password') ?? '');
  if (new_password !== String(form.get('confirm_password') ?? '')) {
    return data(
      { ok: false, intent: 'password', error: PASSWORDS_DO_NOT_MATCH, fieldErrors: { confirm_password: PASSWORDS_DO_NOT_MATCH } },
      { status: 422 },
    );
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
