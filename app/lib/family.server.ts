import { data, type AppLoadContext } from 'react-router';
import { asDomainError, isDomainError } from '../../shared/errors';
import { PHONE_SAVED } from '../../shared/family';
import type { SessionUser } from '../../shared/roles';
import { siteOrigin } from './seo';
import { formError } from './errors.server';

/** The family home's forms (issue 31), each posted with one of these intents to the portal's index page. */
export const FAMILY_INTENTS = { calendar: 'family-calendar', phone: 'family-phone', invite: 'family-invite' } as const;

export const INVITE_SENT = (email: string) => `Invitation sent to ${email}. The link in it works for 7 days; the club can see who you invited.`;

/** A parent answers for a child from the family home: the same answer as on the child's page. */
export async function answerForChild(context: AppLoadContext, user: SessionUser, form: FormData) {
  const kind = String(form.get('kind') ?? '') === 'training' ? 'training' : 'fixture';
  const id = String(form.get('id') ?? '');
  const note = String(form.get('note') ?? '');
  try {
    const saved = await context.services.availability.answerForChild(user, String(form.get('player') ?? ''), kind, id, {
      status: form.get('status'),
      note: note || undefined,
    });
    return { ok: true as const, event: id, status: saved.status };
  } catch (thrown) {
    const error = asDomainError(thrown);
    if (isDomainError(error)) return data({ ok: false as const, event: id, error: error.detail }, { status: error.status });
    throw thrown;
  }
}

/** The family home's own forms: the calendar link, the parent's phone number, inviting the other parent. */
export async function familyAction(context: AppLoadContext, user: SessionUser, form: FormData) {
  const intent = String(form.get('intent') ?? '');
  try {
    if (intent === FAMILY_INTENTS.calendar) {
      const token = await context.services.calendar.issueToken(user);
      return { ok: true as const, intent, calendarUrl: `${siteOrigin(context)}/calendar/me/${token}.ics` };
    }
    if (intent === FAMILY_INTENTS.phone) {
      await context.services.family.setPhone(user, { phone: String(form.get('phone') ?? '') });
      return { ok: true as const, intent, message: PHONE_SAVED };
    }
    const email = String(form.get('email') ?? '').trim();
    await context.services.juniors.invite(user, {
      player_id: String(form.get('player_id') ?? ''),
      email,
      level: String(form.get('level') ?? 'secondary'),
      relationship: String(form.get('relationship') ?? '') || undefined,
    });
    return { ok: true as const, intent, message: INVITE_SENT(email) };
  } catch (error) {
    const response = formError(error);
    return data({ ...response.data, intent, values: Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)])) }, { status: response.init?.status ?? 422 });
  }
}
