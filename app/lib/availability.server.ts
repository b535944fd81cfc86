import { data } from 'react-router';
import type { SessionUser } from '../../shared/roles';
import { asDomainError, isDomainError } from '../../shared/errors';
import type { AppLoadContext } from 'react-router';

/**
 * The portal's availability form (dashboard and Schedule): `kind`, `id`, `status` and `note`.
 * The answer (or the error, with the event it was about) goes back to the page.
 */
export async function answerAvailability(context: AppLoadContext, user: SessionUser, form: FormData) {
  const kind = String(form.get('kind') ?? '');
  const id = String(form.get('id') ?? '');
  const note = String(form.get('note') ?? '');
  try {
    if (kind !== 'fixture' && kind !== 'training') throw new Error('unknown kind');
    const saved = await context.services.availability.answerMine(user, kind, id, { status: form.get('status'), note: note || undefined });
    return { ok: true as const, event: id, status: saved.status };
  } catch (thrown) {
    const error = asDomainError(thrown);
    if (isDomainError(error)) return data({ ok: false as const, event: id, error: error.detail }, { status: error.status });
    if (thrown instanceof Error && thrown.message === 'unknown kind') return data({ ok: false as const, event: id, error: 'Unknown event.' }, { status: 422 });
    throw thrown;
  }
}
